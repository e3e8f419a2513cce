import * as z from 'zod/mini';
import { FLOW_STATUSES, flowMemoSchema } from './flows.js';

// Staff's side of flows (issue 16): the backoffice's calls to create, edit, publish and retire flow definitions
// (/api/backoffice/flows), to read and export their answers, and the survey admin panel's figures
// (/api/backoffice/surveys). A definition travels as JSON; the server checks it (flowDefinitionSchema, then
// checkFlowDefinition) and refuses a broken one with a 422 whose detail names every problem by its JSON path.

/** Survey flows are those whose memo starts with this (e.g. `survey.pendler-travel`). */
export const SURVEY_MEMO_PREFIX = 'survey.';
export const FLOW_RESPONSES_PAGE_SIZE = 50;
/** The longest date range the survey panel counts per day. */
export const SURVEY_MAX_DAYS = 366;
export const SURVEY_DEFAULT_DAYS = 30;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field_invalid' }));
const version = z.coerce.number({ error: 'field_invalid' }).check(z.int({ error: 'field_invalid' }), z.minimum(1), z.maximum(100_000));

export const flowMemoParamsSchema = z.object({ memo: z.string().check(z.maxLength(100, { error: 'too_long' })) });

/** POST /api/backoffice/flows: a new flow, version 1 as a draft. The definition's own memo must be the same. */
export const createFlowSchema = z.object({ memo: flowMemoSchema, definition: z.unknown() });
/** PUT /api/backoffice/flows/{memo}/draft and POST /api/backoffice/flows/check: a definition as typed (checked by the server). */
export const flowDefinitionBodySchema = z.object({ definition: z.unknown() });

/** One problem of a definition as the server words it: where (the JSON path from the definition), why, and the code. */
export const flowProblemSchema = z.object({ path: z.string(), code: z.string(), msg: z.string() });
export type FlowProblem = z.infer<typeof flowProblemSchema>;
export const flowCheckAnswerSchema = z.object({ problems: z.array(flowProblemSchema) });

const definitionJson = z.record(z.string(), z.unknown());

export const flowVersionSchema = z.object({
  id: z.string(),
  version: z.number(),
  status: z.enum(FLOW_STATUSES),
  definition: definitionJson,
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.nullable(z.string()),
  retired_at: z.nullable(z.string()),
  /** Submitted answers to this version. */
  responses: z.number(),
});
export type FlowVersion = z.infer<typeof flowVersionSchema>;

/** GET /api/backoffice/flows/{memo}: every version, newest first. */
export const flowDetailSchema = z.object({ memo: z.string(), versions: z.array(flowVersionSchema) });
export type FlowDetail = z.infer<typeof flowDetailSchema>;

/** GET /api/backoffice/flows: one line per memo. */
export const flowSummarySchema = z.object({
  memo: z.string(),
  /** The title in the caller's language, of the newest version. */
  title: z.string(),
  published_version: z.nullable(z.number()),
  draft_version: z.nullable(z.number()),
  retired_versions: z.array(z.number()),
  responses: z.number(),
  updated_at: z.string(),
});
export type FlowSummary = z.infer<typeof flowSummarySchema>;
export const flowListSchema = z.object({ items: z.array(flowSummarySchema) });

/** Filters of the answers: one version, the day submitted from/to (inclusive, Copenhagen time). */
export const responsesFilterSchema = z.object({
  version: z.optional(version),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type ResponsesFilter = z.infer<typeof responsesFilterSchema>;

/** GET /api/backoffice/flows/{memo}/responses: newest first, a page at a time from the cursor the previous page gave. */
export const responsesQuerySchema = z.object({
  ...responsesFilterSchema.shape,
  cursor: z.optional(z.string().check(z.maxLength(200, { error: 'field_invalid' }))),
});

export const flowResponseRowSchema = z.object({
  id: z.string(),
  version: z.number(),
  submitted_at: z.string(),
  language: z.string(),
  /** Whether a signed-in person answered; who it was is never shown. */
  signed_in: z.boolean(),
  answers: z.record(z.string(), z.unknown()),
  result: z.nullable(z.unknown()),
});
export const flowResponsesPageSchema = z.object({
  items: z.array(flowResponseRowSchema),
  total: z.number(),
  next_cursor: z.nullable(z.string()),
});
export type FlowResponsesPage = z.infer<typeof flowResponsesPageSchema>;

/** GET /api/backoffice/surveys: the survey flows, with their answers so far. */
export const surveySummarySchema = z.object({
  memo: z.string(),
  title: z.string(),
  published_version: z.nullable(z.number()),
  versions: z.array(z.number()),
  responses: z.number(),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;
export const surveyListSchema = z.object({ items: z.array(surveySummarySchema) });

/** GET /api/backoffice/surveys/{memo}/stats?from=&to=&version=: counts per day (default the last 30 days) and per choice. */
export const surveyStatsSchema = z.object({
  memo: z.string(),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  total: z.number(),
  per_day: z.array(z.object({ day: z.string(), count: z.number() })),
  choices: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      multiple: z.boolean(),
      /** Answers that named this field at all. */
      answered: z.number(),
      options: z.array(z.object({ value: z.string(), label: z.string(), count: z.number() })),
    }),
  ),
});
export type SurveyStats = z.infer<typeof surveyStatsSchema>;
