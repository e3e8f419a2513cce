import type { Db } from '../db/client.js';
import { flowDefinitions } from '../db/schema.js';
import { SURVEY_DEFINITIONS } from './definitions.js';

/**
 * The commuter surveys as published version 1 of their memo, written at every start (app.ts, onReady) like the
 * webshop's catalogue: they are the product's content, not demo data. A memo that has any version already (staff's
 * later versions, or this one from an earlier start) is left as it is, so staff's changes are never overwritten.
 */
export async function seedSurveys(db: Db): Promise<void> {
  const now = new Date();
  for (const definition of SURVEY_DEFINITIONS) {
    // Version 1 exists as soon as the memo has any version; any unique conflict means there is nothing to do.
    await db
      .insert(flowDefinitions)
      .values({ memo: definition.memo, version: 1, status: 'published', definition, publishedAt: now })
      .onConflictDoNothing();
  }
}
