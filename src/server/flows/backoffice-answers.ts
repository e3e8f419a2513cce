import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import {
  FLOW_RESPONSES_PAGE_SIZE,
  type FlowResponsesPage,
  type ResponsesFilter,
  SURVEY_DEFAULT_DAYS,
  SURVEY_MAX_DAYS,
  SURVEY_MEMO_PREFIX,
  type SurveyStats,
  type SurveySummary,
} from '../../domain/flow-admin.js';
import { FLOW_MEMO_PATTERN, type FlowDefinition, type FlowField } from '../../domain/flows.js';
import type { Language } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import { flowDefinitions, flowResponses } from '../db/schema.js';
import { AppError, AppInputError } from '../http/errors.js';
import { responsesCsv } from './backoffice-csv.js';

// The answers to flows as staff see them (issue 16): a page of submitted responses, the CSV export, and the survey
// admin panel's counts. Days are Copenhagen days. Who answered is never given, only whether they were signed in.

/** The most rows one export holds; a bigger one is narrowed by date first. */
const CSV_MAX_ROWS = 50_000;
const DAY = sql`(${flowResponses.submittedAt} at time zone 'Europe/Copenhagen')::date`;

async function definitionsOf(ctx: AppContext, memo: string) {
  if (!FLOW_MEMO_PATTERN.test(memo)) throw new AppError('flow_not_found');
  const rows = await ctx.db
    .select({
      id: flowDefinitions.id,
      version: flowDefinitions.version,
      definition: flowDefinitions.definition,
      status: flowDefinitions.status,
    })
    .from(flowDefinitions)
    .where(eq(flowDefinitions.memo, memo))
    .orderBy(asc(flowDefinitions.version));
  if (rows.length === 0) throw new AppError('flow_not_found');
  return rows.map((r) => ({ ...r, definition: r.definition as FlowDefinition }));
}

function checkRange(filter: ResponsesFilter): void {
  if (filter.from && filter.to && filter.from > filter.to) throw new AppInputError(['querystring', 'to'], 'field_invalid');
  for (const key of ['from', 'to'] as const) {
    const day = filter[key];
    const ms = day ? Date.parse(`${day}T00:00:00Z`) : 0;
    if (day && (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day))
      throw new AppInputError(['querystring', key], 'field_invalid');
  }
}

function filterWhere(memo: string, filter: ResponsesFilter, versionIds: Map<number, string>): SQL | undefined {
  checkRange(filter);
  let versionId: string | undefined;
  if (filter.version !== undefined) {
    versionId = versionIds.get(filter.version);
    if (!versionId) throw new AppInputError(['querystring', 'version'], 'field_invalid');
  }
  return and(
    eq(flowResponses.memo, memo),
    eq(flowResponses.status, 'submitted'),
    versionId ? eq(flowResponses.flowDefinitionId, versionId) : undefined,
    filter.from ? sql`${DAY} >= ${filter.from}::date` : undefined,
    filter.to ? sql`${DAY} <= ${filter.to}::date` : undefined,
  );
}

/** A cursor is the last row's submitted_at as PostgreSQL writes it (to the microsecond) and its id. */
const CURSOR =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)([+-]\d{2})(:\d{2})?\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function readCursor(cursor: string): { at: string; id: string } {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const [, day, time, hours, minutes = ':00', id] = match ?? [];
  const ms = Date.parse(`${day}T${time}${hours}${minutes}`);
  if (!match || !id || Number.isNaN(ms) || new Date(ms + Number(hours) * 3_600_000).toISOString().slice(0, 10) !== day) {
    throw new AppInputError(['querystring', 'cursor'], 'field_invalid');
  }
  return { at: `${day} ${time}${hours}${minutes}`, id };
}

/** GET /backoffice/flows/{memo}/responses: submitted answers newest first, a page from the cursor. */
export async function responsesPage(
  ctx: AppContext,
  memo: string,
  filter: ResponsesFilter & { cursor?: string | undefined },
): Promise<FlowResponsesPage> {
  const versions = await definitionsOf(ctx, memo);
  const versionIds = new Map(versions.map((v) => [v.version, v.id]));
  const versionOf = new Map(versions.map((v) => [v.id, v.version]));
  const where = filterWhere(memo, filter, versionIds);
  const after = filter.cursor ? readCursor(filter.cursor) : null;
  const rows = await ctx.db
    .select({
      id: flowResponses.id,
      definitionId: flowResponses.flowDefinitionId,
      at: sql<string>`${flowResponses.submittedAt}::text`,
      submittedAt: flowResponses.submittedAt,
      language: flowResponses.language,
      partyId: flowResponses.partyId,
      answers: flowResponses.answers,
      result: flowResponses.result,
    })
    .from(flowResponses)
    .where(
      and(
        where,
        after ? sql`(${flowResponses.submittedAt}, ${flowResponses.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(flowResponses.submittedAt), desc(flowResponses.id))
    .limit(FLOW_RESPONSES_PAGE_SIZE + 1);
  const [{ n = 0 } = {}] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(flowResponses).where(where);
  const page = rows.slice(0, FLOW_RESPONSES_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      version: versionOf.get(r.definitionId) ?? 0,
      submitted_at: (r.submittedAt as Date).toISOString(),
      language: r.language,
      signed_in: r.partyId !== null,
      answers: r.answers as Record<string, unknown>,
      result: r.result ?? null,
    })),
    total: n,
    next_cursor: rows.length > FLOW_RESPONSES_PAGE_SIZE && last ? Buffer.from(`${last.at}|${last.id}`).toString('base64url') : null,
  };
}

/** The CSV of a flow's submitted answers (the filters as for the page), oldest first, and its file name. */
export async function responsesExport(ctx: AppContext, memo: string, filter: ResponsesFilter): Promise<{ fileName: string; text: string }> {
  const versions = await definitionsOf(ctx, memo);
  const versionIds = new Map(versions.map((v) => [v.version, v.id]));
  const versionOf = new Map(versions.map((v) => [v.id, v.version]));
  const rows = await ctx.db
    .select({
      definitionId: flowResponses.flowDefinitionId,
      submittedAt: flowResponses.submittedAt,
      language: flowResponses.language,
      partyId: flowResponses.partyId,
      answers: flowResponses.answers,
      result: flowResponses.result,
    })
    .from(flowResponses)
    .where(filterWhere(memo, filter, versionIds))
    .orderBy(asc(flowResponses.submittedAt), asc(flowResponses.id))
    .limit(CSV_MAX_ROWS);
  const shown = filter.version === undefined ? versions : versions.filter((v) => v.version === filter.version);
  const text = responsesCsv(
    shown.map((v) => v.definition),
    rows.map((r) => ({
      submittedAt: (r.submittedAt as Date).toISOString(),
      version: versionOf.get(r.definitionId) ?? 0,
      language: r.language,
      signedIn: r.partyId !== null,
      answers: r.answers as Record<string, unknown>,
      result: r.result,
    })),
  );
  const day = new Date().toISOString().slice(0, 10);
  return { fileName: `${memo}-${day}.csv`, text };
}

const titleIn = (definition: FlowDefinition, language: Language) => definition.title?.[language] ?? definition.title?.da ?? '';

/** GET /backoffice/surveys: the survey flows (memo `survey.…`), by memo. */
export async function listSurveys(ctx: AppContext, language: Language): Promise<SurveySummary[]> {
  const rows = await ctx.db
    .select({
      id: flowDefinitions.id,
      memo: flowDefinitions.memo,
      version: flowDefinitions.version,
      status: flowDefinitions.status,
      definition: flowDefinitions.definition,
    })
    .from(flowDefinitions)
    .where(like(flowDefinitions.memo, `${SURVEY_MEMO_PREFIX}%`))
    .orderBy(asc(flowDefinitions.memo), desc(flowDefinitions.version));
  const counts = await ctx.db
    .select({ memo: flowResponses.memo, n: sql<number>`count(*)::int` })
    .from(flowResponses)
    .where(and(eq(flowResponses.status, 'submitted'), like(flowResponses.memo, `${SURVEY_MEMO_PREFIX}%`)))
    .groupBy(flowResponses.memo);
  const countOf = new Map(counts.map((c) => [c.memo, c.n]));
  const surveys = new Map<string, SurveySummary>();
  for (const row of rows) {
    const known = surveys.get(row.memo);
    if (known) {
      known.versions.push(row.version);
      if (row.status === 'published') known.published_version = row.version;
      continue;
    }
    surveys.set(row.memo, {
      memo: row.memo,
      title: titleIn(row.definition as FlowDefinition, language),
      published_version: row.status === 'published' ? row.version : null,
      versions: [row.version],
      responses: countOf.get(row.memo) ?? 0,
    });
  }
  return [...surveys.values()];
}

function surveyMemo(memo: string): string {
  if (!memo.startsWith(SURVEY_MEMO_PREFIX)) throw new AppError('flow_not_found');
  return memo;
}

function copenhagenToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(new Date());
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The survey's CSV: the flows' export, for survey memos only. */
export async function surveyExport(ctx: AppContext, memo: string, filter: ResponsesFilter) {
  return responsesExport(ctx, surveyMemo(memo), filter);
}

/** GET /backoffice/surveys/{memo}/stats: counts per day (every day of the range, 0 too) and per option of each choice. */
export async function surveyStats(ctx: AppContext, memo: string, filter: ResponsesFilter, language: Language): Promise<SurveyStats> {
  const versions = await definitionsOf(ctx, surveyMemo(memo));
  checkRange(filter);
  const to = filter.to ?? (filter.from ? addDays(filter.from, SURVEY_DEFAULT_DAYS - 1) : copenhagenToday());
  const from = filter.from ?? addDays(to, -(SURVEY_DEFAULT_DAYS - 1));
  checkRange({ ...filter, from, to });
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  if (days > SURVEY_MAX_DAYS) throw new AppInputError(['querystring', 'from'], 'field_invalid');
  const range = { ...filter, from, to };
  const where = filterWhere(memo, range, new Map(versions.map((v) => [v.version, v.id])));

  const perDay = await ctx.db
    .select({ day: sql<string>`${DAY}::text`, n: sql<number>`count(*)::int` })
    .from(flowResponses)
    .where(where)
    .groupBy(DAY);
  const countOf = new Map(perDay.map((d) => [d.day, d.n]));
  const per_day = Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    return { day, count: countOf.get(day) ?? 0 };
  });

  // The choice fields of the versions counted, newest version's wording first.
  const shown = [...(filter.version === undefined ? versions : versions.filter((v) => v.version === filter.version))].reverse();
  const fields = new Map<string, FlowField>();
  for (const v of shown)
    for (const step of v.definition.steps)
      for (const f of step.fields) if (f.kind === 'choice' && !fields.has(f.memo)) fields.set(f.memo, f);
  const answers = await ctx.db.select({ answers: flowResponses.answers }).from(flowResponses).where(where).limit(CSV_MAX_ROWS);
  const choices = [...fields.values()].map((field) => {
    const counts = new Map<string, number>((field.options ?? []).map((o) => [o.value, 0]));
    let answered = 0;
    for (const { answers: given } of answers) {
      const answer = (given as Record<string, unknown>)[field.memo];
      const values = Array.isArray(answer) ? answer.map(String) : typeof answer === 'string' && answer !== '' ? [answer] : [];
      if (values.length > 0) answered += 1;
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const labels = new Map((field.options ?? []).map((o) => [o.value, o.label[language] ?? o.label.da]));
    return {
      field: field.memo,
      label: field.label[language] ?? field.label.da,
      multiple: field.multiple === true,
      answered,
      options: [...counts.entries()].map(([value, count]) => ({ value, label: labels.get(value) ?? value, count })),
    };
  });
  const newest = versions[versions.length - 1];
  return {
    memo,
    title: newest ? titleIn(newest.definition, language) : memo,
    from,
    to,
    total: per_day.reduce((sum, d) => sum + d.count, 0),
    per_day,
    choices,
  };
}
