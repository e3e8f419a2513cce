import { and, eq, inArray, like } from 'drizzle-orm';
import type { FlowDefinition } from '../../domain/flows.js';
import { SURVEY_MEMO_PREFIX, SURVEY_MEMOS, type SurveyList, surveyPath } from '../../domain/surveys.js';
import type { Db } from '../db/client.js';
import { flowDefinitions, flowResponses } from '../db/schema.js';

/** The product's surveys first, in the order a commuter answers them; others after, by memo. */
function order(memo: string): number {
  const index = (SURVEY_MEMOS as readonly string[]).indexOf(memo);
  return index < 0 ? SURVEY_MEMOS.length : index;
}

/**
 * The open surveys (§2 /survey): the published flows whose memo starts with `survey.`, with their texts in every
 * language and their number of steps, and for a signed-in person whether they have submitted an answer to each.
 */
export async function listSurveys(db: Db, partyId: string | null): Promise<SurveyList> {
  const rows = await db
    .select({ memo: flowDefinitions.memo, definition: flowDefinitions.definition })
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.status, 'published'), like(flowDefinitions.memo, `${SURVEY_MEMO_PREFIX}%`)));
  const answered = new Set<string>();
  if (partyId && rows.length) {
    const submitted = await db
      .selectDistinct({ memo: flowResponses.memo })
      .from(flowResponses)
      .where(
        and(
          eq(flowResponses.partyId, partyId),
          eq(flowResponses.status, 'submitted'),
          inArray(
            flowResponses.memo,
            rows.map((r) => r.memo),
          ),
        ),
      );
    for (const row of submitted) answered.add(row.memo);
  }
  const items = rows
    .map((row) => {
      const definition = row.definition as FlowDefinition;
      return {
        memo: row.memo,
        path: surveyPath(row.memo),
        title: definition.title,
        description: definition.description ?? null,
        steps: definition.steps.length,
        answered: partyId ? answered.has(row.memo) : null,
      };
    })
    .sort((a, b) => order(a.memo) - order(b.memo) || a.memo.localeCompare(b.memo));
  return { items };
}
