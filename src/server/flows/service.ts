import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { checkFlowAnswers, checkFlowDefinition } from '../../domain/flow-rules.js';
import {
  type FlowAnswers,
  type FlowDefinition,
  type FlowDefinitionInput,
  type FlowResult,
  flowDefinitionSchema,
} from '../../domain/flows.js';
import type { Language } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, flowDefinitions, flowResponses } from '../db/schema.js';
import { AppError, AppFieldErrors } from '../http/errors.js';
import { detectFileType, encodePicture, PICTURE_TYPES } from '../shared/files/image.js';
import { flowResultRules } from './results.js';

// Flows (issue 16): the published version of a definition by its memo, a signed-in person's draft of their answers
// (one per person and memo, so it can be finished on another device), and the submission, checked again here.

export interface PublishedFlow {
  id: string;
  memo: string;
  version: number;
  definition: FlowDefinition;
}

export interface FlowDraft {
  /** The version the answers were given to, and the one published now: when they differ, fields may have changed. */
  version: number;
  published_version: number;
  answers: FlowAnswers;
  current_step: string | null;
  updated_at: string;
}

/** The published version of a memo; 404 flow_not_found for an unknown memo, one only drafted, or one retired. */
export async function publishedFlow(db: Db, memo: string): Promise<PublishedFlow> {
  const [row] = await db
    .select()
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.memo, memo), eq(flowDefinitions.status, 'published')));
  if (!row) throw new AppError('flow_not_found');
  return { id: row.id, memo: row.memo, version: row.version, definition: flowDefinitionSchema.parse(row.definition) };
}

/** The signed-in person's draft of a memo, or 404 not_found. */
export async function readDraft(db: Db, partyId: string, memo: string): Promise<FlowDraft> {
  const published = await publishedFlow(db, memo);
  const [row] = await db
    .select({ response: flowResponses, version: flowDefinitions.version })
    .from(flowResponses)
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowResponses.flowDefinitionId))
    .where(and(eq(flowResponses.partyId, partyId), eq(flowResponses.memo, memo), eq(flowResponses.status, 'draft')));
  if (!row) throw new AppError('not_found');
  return {
    version: row.version,
    published_version: published.version,
    answers: row.response.answers as FlowAnswers,
    current_step: row.response.currentStep,
    updated_at: row.response.updatedAt.toISOString(),
  };
}

function assertVersion(published: PublishedFlow, version: number): void {
  if (version !== published.version) throw new AppError('flow_version_changed');
}

function fieldErrors(problems: Record<string, string>): void {
  const list = Object.entries(problems).map(([field, code]) => ({ field, code: code as 'field_invalid' }));
  if (list.length > 0) throw new AppFieldErrors(list);
}

/** Keeps a signed-in person's answers so far (shape checked only: a draft may be incomplete), for the published version. */
export async function saveDraft(
  db: Db,
  partyId: string,
  memo: string,
  input: { version: number; answers: FlowAnswers; current_step: string | null; language: Language },
): Promise<FlowDraft> {
  const published = await publishedFlow(db, memo);
  assertVersion(published, input.version);
  fieldErrors(checkFlowAnswers(published.definition, input.answers, { mode: 'draft' }));
  const step = input.current_step;
  if (step !== null && step !== 'end' && !published.definition.steps.some((s) => s.memo === step)) {
    throw new AppError('field_invalid', 'current_step');
  }
  const now = new Date();
  const values = {
    flowDefinitionId: published.id,
    answers: input.answers,
    currentStep: step,
    language: input.language,
    updatedAt: now,
  };
  await db
    .insert(flowResponses)
    .values({ ...values, memo, partyId, status: 'draft' })
    .onConflictDoUpdate({
      target: [flowResponses.partyId, flowResponses.memo],
      targetWhere: eq(flowResponses.status, 'draft'),
      set: values,
    });
  return readDraft(db, partyId, memo);
}

export async function deleteDraft(db: Db, partyId: string, memo: string): Promise<void> {
  const deleted = await db
    .delete(flowResponses)
    .where(and(eq(flowResponses.partyId, partyId), eq(flowResponses.memo, memo), eq(flowResponses.status, 'draft')))
    .returning({ id: flowResponses.id });
  if (deleted.length === 0) throw new AppError('not_found');
}

export interface SubmittedFlow {
  id: string;
  version: number;
  result: FlowResult | null;
}

/**
 * A submission: to the published version only (409 flow_version_changed otherwise), every answer checked against
 * the walk it takes (422 naming each field), a bike one of the caller's own, a picture one uploaded here. Stored with
 * the language; the person's server draft goes; the end's result, if it names one with a rule, is computed and kept.
 */
export async function submitFlow(
  ctx: AppContext,
  caller: { partyId: string; actingPartyId: string } | null,
  memo: string,
  input: { version: number; answers: FlowAnswers; language: Language },
): Promise<SubmittedFlow> {
  const published = await publishedFlow(ctx.db, memo);
  const { definition } = published;
  if (definition.audience === 'signed_in' && !caller) throw new AppError('flow_sign_in_required');
  assertVersion(published, input.version);
  const problems: Record<string, string> = checkFlowAnswers(definition, input.answers, { mode: 'submit' });
  const fields = definition.steps.flatMap((s) => s.fields);
  const bikeAnswers = fields.filter((f) => f.kind === 'bike' && !problems[f.memo] && typeof input.answers[f.memo] === 'string');
  if (bikeAnswers.length > 0) {
    if (!caller) for (const f of bikeAnswers) problems[f.memo] = 'flow_sign_in_required';
    else {
      const ids = bikeAnswers.map((f) => input.answers[f.memo] as string);
      const own = await ctx.db
        .select({ bikeId: bikeOwnerships.bikeId })
        .from(bikeOwnerships)
        .where(
          and(
            inArray(bikeOwnerships.bikeId, ids),
            inArray(bikeOwnerships.partyId, [caller.partyId, caller.actingPartyId]),
            isNull(bikeOwnerships.endedAt),
          ),
        );
      const mine = new Set(own.map((o) => o.bikeId));
      for (const f of bikeAnswers) if (!mine.has(input.answers[f.memo] as string)) problems[f.memo] = 'field_invalid';
    }
  }
  for (const f of fields) {
    const id = input.answers[f.memo];
    if (f.kind !== 'picture' || problems[f.memo] || typeof id !== 'string' || id === '') continue;
    if (!(await ctx.storage.get(flowPictureKey(id, 'thumb')))) problems[f.memo] = 'field_invalid';
  }
  fieldErrors(problems);

  let result: FlowResult | null = null;
  const rule = definition.end.result ? flowResultRules[definition.end.result] : undefined;
  if (rule) {
    result = await rule(input.answers, { language: input.language, partyId: caller?.partyId ?? null, memo, version: published.version });
  }
  const now = new Date();
  const id = await ctx.db.transaction(async (tx) => {
    if (caller) {
      await tx
        .delete(flowResponses)
        .where(and(eq(flowResponses.partyId, caller.partyId), eq(flowResponses.memo, memo), eq(flowResponses.status, 'draft')));
    }
    const [row] = await tx
      .insert(flowResponses)
      .values({
        flowDefinitionId: published.id,
        memo,
        partyId: caller?.partyId ?? null,
        status: 'submitted',
        answers: input.answers,
        result,
        language: input.language,
        submittedAt: now,
        updatedAt: now,
      })
      .returning({ id: flowResponses.id });
    if (!row) throw new Error('flow response insert failed');
    return row.id;
  });
  return { id, version: published.version, result };
}

/** Where a flow picture lives: its re-encoded picture and thumbnail, by the id the answer names. */
export function flowPictureKey(id: string, size: 'full' | 'thumb'): string {
  return `flows/pictures/${id}${size === 'thumb' ? '-thumb' : ''}.webp`;
}

/** A picture for a flow's picture field: judged by its bytes and re-encoded without metadata; its id goes in the answer. */
export async function storeFlowPicture(ctx: AppContext, body: Buffer): Promise<{ id: string }> {
  await detectFileType(body, PICTURE_TYPES);
  const { full, thumb } = await encodePicture(body);
  const id = randomUUID();
  await ctx.storage.put(flowPictureKey(id, 'full'), full.body, full.contentType);
  await ctx.storage.put(flowPictureKey(id, 'thumb'), thumb.body, thumb.contentType);
  return { id };
}

/**
 * Inserts each definition as published version 1 when its memo has no version yet (the demo's and the product's own
 * flows at start). A definition that does not pass checkFlowDefinition is a programming error and stops the start.
 */
export async function ensurePublishedFlows(db: Db, definitions: readonly FlowDefinitionInput[]): Promise<number> {
  let added = 0;
  for (const given of definitions) {
    const definition = flowDefinitionSchema.parse(given);
    const problems = checkFlowDefinition(definition);
    if (problems.length > 0) throw new Error(`flow ${definition.memo}: ${JSON.stringify(problems)}`);
    const [existing] = await db
      .select({ id: flowDefinitions.id })
      .from(flowDefinitions)
      .where(eq(flowDefinitions.memo, definition.memo))
      .limit(1);
    if (existing) continue;
    const now = new Date();
    await db
      .insert(flowDefinitions)
      .values({ memo: definition.memo, version: 1, status: 'published', definition, publishedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    added += 1;
  }
  return added;
}
