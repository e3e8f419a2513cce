import { and, desc, eq, sql } from 'drizzle-orm';
import { type ErrorCode, isErrorCode } from '../../domain/errors.js';
import type { FlowDetail, FlowSummary, FlowVersion } from '../../domain/flow-admin.js';
import { checkFlowDefinition } from '../../domain/flow-rules.js';
import { FLOW_MEMO_PATTERN, type FlowDefinition, flowDefinitionSchema } from '../../domain/flows.js';
import type { Language } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { flowDefinitions, flowResponses } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError, AppFieldErrors } from '../http/errors.js';
import { errorMessage } from '../i18n/index.js';
import { auditStaffChange } from '../shared/audit.js';

// Staff's upkeep of flow definitions (issue 16): a new flow is version 1 as a draft; the draft is saved only when its
// shape (flowDefinitionSchema) and its graph (checkFlowDefinition) hold; publishing retires the version published
// before in the same transaction; retiring the published version closes the flow. Every change is audited.

/** A definition's problem: its code and where it is (dotted from the definition, e.g. `steps.2.jumps.0.to`). */
export interface DefinitionProblem {
  path: string;
  code: ErrorCode;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function codeOfIssue(issue: { code: string; message: string }, missing: boolean): ErrorCode {
  if (missing) return 'field_required';
  if (isErrorCode(issue.message)) return issue.message;
  if (issue.code === 'too_small') return 'too_short';
  if (issue.code === 'too_big') return 'too_long';
  return 'field_invalid';
}

/** Checks a definition as typed: its shape first (every problem of it), then, when that holds, its graph. */
export function checkDefinition(input: unknown): { definition: FlowDefinition | null; problems: DefinitionProblem[] } {
  const parsed = flowDefinitionSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      code: codeOfIssue(issue, valueAt(input, issue.path) === undefined && issue.code === 'invalid_type'),
    }));
    return { definition: null, problems };
  }
  return { definition: parsed.data, problems: checkFlowDefinition(parsed.data).map((p) => ({ path: p.path, code: p.code })) };
}

/** The problems as the backoffice shows them: path, code and the reason in the caller's language. */
export function wordedProblems(problems: readonly DefinitionProblem[], language: Language) {
  return problems.map((p) => ({ path: p.path, code: p.code, msg: errorMessage(p.code, language) }));
}

/** A definition fit to save for this memo, or a 422 naming every problem at ['body', 'definition', …path]. */
function validDefinition(memo: string, input: unknown): FlowDefinition {
  const { definition, problems } = checkDefinition(input);
  if (definition && definition.memo !== memo) problems.push({ path: 'memo', code: 'flow_memo_mismatch' });
  if (!definition || problems.length > 0) {
    throw new AppFieldErrors(
      problems.map((p) => ({
        field: 'definition',
        code: p.code,
        loc: ['body', 'definition', ...(p.path ? p.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)) : [])],
      })),
    );
  }
  return definition;
}

function knownMemo(memo: string): string {
  if (!FLOW_MEMO_PATTERN.test(memo)) throw new AppError('flow_not_found');
  return memo;
}

type Row = typeof flowDefinitions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function titleOf(definition: unknown, language: Language): string {
  const title = (definition as { title?: Partial<Record<Language, string>> } | null)?.title;
  return title?.[language] ?? title?.da ?? '';
}

async function responseCounts(db: Db, memo?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: flowResponses.flowDefinitionId, n: sql<number>`count(*)::int` })
    .from(flowResponses)
    .where(and(eq(flowResponses.status, 'submitted'), memo ? eq(flowResponses.memo, memo) : undefined))
    .groupBy(flowResponses.flowDefinitionId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

function versionOf(row: Row, counts: Map<string, number>): FlowVersion {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    definition: row.definition as Record<string, unknown>,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
    retired_at: iso(row.retiredAt),
    responses: counts.get(row.id) ?? 0,
  };
}

/** GET /backoffice/flows: one line per memo, by memo. */
export async function listFlows(ctx: AppContext, language: Language): Promise<FlowSummary[]> {
  const rows = await ctx.db.select().from(flowDefinitions).orderBy(flowDefinitions.memo, desc(flowDefinitions.version));
  const counts = await responseCounts(ctx.db);
  const byMemo = new Map<string, Row[]>();
  for (const row of rows) byMemo.set(row.memo, [...(byMemo.get(row.memo) ?? []), row]);
  return [...byMemo.entries()].map(([memo, versions]) => {
    const newest = versions[0] as Row;
    return {
      memo,
      title: titleOf(newest.definition, language),
      published_version: versions.find((v) => v.status === 'published')?.version ?? null,
      draft_version: versions.find((v) => v.status === 'draft')?.version ?? null,
      retired_versions: versions.filter((v) => v.status === 'retired').map((v) => v.version),
      responses: versions.reduce((sum, v) => sum + (counts.get(v.id) ?? 0), 0),
      updated_at: new Date(Math.max(...versions.map((v) => v.updatedAt.getTime()))).toISOString(),
    };
  });
}

async function versionRows(db: Db, memo: string): Promise<Row[]> {
  return db.select().from(flowDefinitions).where(eq(flowDefinitions.memo, memo)).orderBy(desc(flowDefinitions.version));
}

/** GET /backoffice/flows/{memo}: every version, newest first. */
export async function flowDetail(ctx: AppContext, memo: string): Promise<FlowDetail> {
  const rows = await versionRows(ctx.db, knownMemo(memo));
  if (rows.length === 0) throw new AppError('flow_not_found');
  const counts = await responseCounts(ctx.db, memo);
  return { memo, versions: rows.map((r) => versionOf(r, counts)) };
}

/** Runs a change in a transaction with the memo's versions locked, mapping a lost race on the unique indexes to a 409. */
async function change<T>(ctx: AppContext, memo: string, conflict: ErrorCode, work: (tx: Db, rows: Row[]) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(flowDefinitions)
        .where(eq(flowDefinitions.memo, memo))
        .orderBy(desc(flowDefinitions.version))
        .for('update');
      return work(tx, rows);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(conflict);
    throw err;
  }
}

/** POST /backoffice/flows: version 1 of a new memo, as a draft. */
export async function createFlow(ctx: AppContext, caller: Caller, memo: string, input: unknown): Promise<FlowDetail> {
  const definition = validDefinition(memo, input);
  await change(ctx, memo, 'flow_exists', async (tx, rows) => {
    if (rows.length > 0) throw new AppError('flow_exists');
    const [row] = await tx
      .insert(flowDefinitions)
      .values({ memo, version: 1, status: 'draft', definition, createdByPartyId: caller.partyId })
      .returning();
    if (!row) throw new Error('flow_definition insert returned nothing');
    await auditStaffChange(tx, caller, {
      action: 'flow.create',
      record: { type: 'flow_definition', id: row.id },
      before: null,
      after: { memo, version: 1, status: 'draft', definition },
    });
  });
  return flowDetail(ctx, memo);
}

/** PUT /backoffice/flows/{memo}/draft: the draft's new definition. */
export async function saveDraft(ctx: AppContext, caller: Caller, memo: string, input: unknown): Promise<FlowDetail> {
  knownMemo(memo);
  await change(ctx, memo, 'flow_no_draft', async (tx, rows) => {
    if (rows.length === 0) throw new AppError('flow_not_found');
    const draft = rows.find((r) => r.status === 'draft');
    if (!draft) throw new AppError('flow_no_draft');
    const definition = validDefinition(memo, input);
    await tx.update(flowDefinitions).set({ definition, updatedAt: new Date() }).where(eq(flowDefinitions.id, draft.id));
    await auditStaffChange(tx, caller, {
      action: 'flow.save_draft',
      record: { type: 'flow_definition', id: draft.id },
      before: { definition: draft.definition },
      after: { definition },
      data: { memo, version: draft.version },
    });
  });
  return flowDetail(ctx, memo);
}

/** POST /backoffice/flows/{memo}/draft: a new draft, a copy of the published version (else of the newest one). */
export async function startDraft(ctx: AppContext, caller: Caller, memo: string): Promise<FlowDetail> {
  knownMemo(memo);
  await change(ctx, memo, 'flow_draft_exists', async (tx, rows) => {
    const newest = rows[0];
    if (!newest) throw new AppError('flow_not_found');
    if (rows.some((r) => r.status === 'draft')) throw new AppError('flow_draft_exists');
    const from = rows.find((r) => r.status === 'published') ?? newest;
    const [row] = await tx
      .insert(flowDefinitions)
      .values({ memo, version: newest.version + 1, status: 'draft', definition: from.definition, createdByPartyId: caller.partyId })
      .returning();
    if (!row) throw new Error('flow_definition insert returned nothing');
    await auditStaffChange(tx, caller, {
      action: 'flow.start_draft',
      record: { type: 'flow_definition', id: row.id },
      before: null,
      after: { memo, version: row.version, status: 'draft' },
      data: { from_version: from.version },
    });
  });
  return flowDetail(ctx, memo);
}

/** POST /backoffice/flows/{memo}/publish: the draft becomes the published version; the one before it is retired. */
export async function publishDraft(ctx: AppContext, caller: Caller, memo: string): Promise<FlowDetail> {
  knownMemo(memo);
  await change(ctx, memo, 'flow_no_draft', async (tx, rows) => {
    if (rows.length === 0) throw new AppError('flow_not_found');
    const draft = rows.find((r) => r.status === 'draft');
    if (!draft) throw new AppError('flow_no_draft');
    // Saved drafts were checked; the rules may have grown since, so the draft is checked again before it goes out.
    validDefinition(memo, draft.definition);
    const now = new Date();
    const published = rows.find((r) => r.status === 'published');
    if (published) {
      await tx
        .update(flowDefinitions)
        .set({ status: 'retired', retiredAt: now, updatedAt: now })
        .where(eq(flowDefinitions.id, published.id));
      await auditStaffChange(tx, caller, {
        action: 'flow.retire',
        record: { type: 'flow_definition', id: published.id },
        before: { status: 'published' },
        after: { status: 'retired' },
        data: { memo, version: published.version, replaced_by: draft.version },
      });
    }
    await tx.update(flowDefinitions).set({ status: 'published', publishedAt: now, updatedAt: now }).where(eq(flowDefinitions.id, draft.id));
    await auditStaffChange(tx, caller, {
      action: 'flow.publish',
      record: { type: 'flow_definition', id: draft.id },
      before: { status: 'draft' },
      after: { status: 'published' },
      data: { memo, version: draft.version },
    });
  });
  return flowDetail(ctx, memo);
}

/** POST /backoffice/flows/{memo}/retire: the published version is retired and the flow closes. */
export async function retireFlow(ctx: AppContext, caller: Caller, memo: string): Promise<FlowDetail> {
  knownMemo(memo);
  await change(ctx, memo, 'flow_not_published', async (tx, rows) => {
    if (rows.length === 0) throw new AppError('flow_not_found');
    const published = rows.find((r) => r.status === 'published');
    if (!published) throw new AppError('flow_not_published');
    const now = new Date();
    await tx.update(flowDefinitions).set({ status: 'retired', retiredAt: now, updatedAt: now }).where(eq(flowDefinitions.id, published.id));
    await auditStaffChange(tx, caller, {
      action: 'flow.retire',
      record: { type: 'flow_definition', id: published.id },
      before: { status: 'published' },
      after: { status: 'retired' },
      data: { memo, version: published.version },
    });
  });
  return flowDetail(ctx, memo);
}
