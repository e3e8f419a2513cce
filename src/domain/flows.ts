import * as z from 'zod/mini';
import { LANGUAGES } from './locale.js';

// Flows (§2 Flows, issue 16): multi-step forms that staff define as data and anyone may fill in, addressed by a
// fully qualified memo (/flows/{memo}, /flows/{memo}/{stepMemo}, the top-level /{memo}). A definition is JSON,
// validated by flowDefinitionSchema (its shape) and then checkFlowDefinition (its graph: jump targets exist, every
// step is reachable, every memo is unique, conditions name earlier fields). Its texts are its own, in every language
// of the product, because staff write them, not the catalogs. Answers are stored per version of the definition.

/**
 * A flow's fully qualified address: a namespace and a name, lower-case words joined by dashes, with at least one dot,
 * e.g. `survey.pendler-travel`. The dot keeps it apart from every page of the product (none has one), so the top-level
 * /{memo} never shadows a page and a mistyped page address stays the ordinary 404.
 */
export const FLOW_MEMO_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
export const FLOW_MEMO_MAX_LENGTH = 80;
/** A step's or a field's name inside a flow, e.g. `home-address`; `end` is the end and never a step. */
export const STEP_MEMO_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
export const FLOW_END = 'end';
export const FLOW_MAX_STEPS = 50;
export const FLOW_MAX_FIELDS_PER_STEP = 30;
export const FLOW_TEXT_MAX_LENGTH = 2000;
export const FLOW_ANSWER_TEXT_MAX_LENGTH = 5000;

export const FLOW_FIELD_KINDS = ['text', 'number', 'choice', 'date', 'address', 'bike', 'picture', 'consent'] as const;

/** A definition's lifecycle: one draft being edited, at most one published version per memo, retired ones kept for their answers. */
export const FLOW_STATUSES = ['draft', 'published', 'retired'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** What a flow's end may compute from the answers, by name; the server holds the rule of each (issue 16's surveys). */
export const FLOW_RESULTS = ['dk_commuting_deduction'] as const;
export type FlowResultName = (typeof FLOW_RESULTS)[number];

const memoText = (pattern: RegExp, max: number) =>
  z.string({ error: 'field_required' }).check(z.regex(pattern, { error: 'field_invalid' }), z.maxLength(max, { error: 'too_long' }));

export const flowMemoSchema = memoText(FLOW_MEMO_PATTERN, FLOW_MEMO_MAX_LENGTH);
const stepMemo = memoText(STEP_MEMO_PATTERN, 60);

const oneText = z
  .string({ error: 'field_required' })
  .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(FLOW_TEXT_MAX_LENGTH, { error: 'too_long' }));
/** A text in every language of the product (da, en, no); Icelandic pages fall back to Danish. */
export const localizedTextSchema = z.object(
  Object.fromEntries(LANGUAGES.map((l) => [l, oneText])) as Record<(typeof LANGUAGES)[number], typeof oneText>,
);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/**
 * A condition on an earlier answer: `answered` (anything given), `equals` / `not_equals` (one value; for a choice of
 * several, whether it is among those chosen), `in` (one of several values), `gt` / `lt` (numbers and dates).
 */
export const flowConditionSchema = z.object({
  field: stepMemo,
  op: z.enum(['answered', 'equals', 'not_equals', 'in', 'gt', 'lt']),
  value: z.optional(z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
});
export type FlowCondition = z.infer<typeof flowConditionSchema>;

const choiceOption = z.object({ value: stepMemo, label: localizedTextSchema });

export const flowFieldSchema = z.object({
  memo: stepMemo,
  kind: z.enum(FLOW_FIELD_KINDS),
  label: localizedTextSchema,
  help: z.optional(localizedTextSchema),
  required: z._default(z.boolean(), false),
  /** Shown only when this holds; a hidden field's answer is dropped and never required. */
  show_if: z.optional(flowConditionSchema),
  /** choice: the options, and whether several may be chosen. */
  options: z.optional(z.array(choiceOption).check(z.minLength(1), z.maxLength(50))),
  multiple: z.optional(z.boolean()),
  /** number: bounds, decimals allowed, and the unit after it (km, minutes). */
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  integer: z.optional(z.boolean()),
  unit: z.optional(localizedTextSchema),
  /** text: several lines, and the longest answer. */
  multiline: z.optional(z.boolean()),
  max_length: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(FLOW_ANSWER_TEXT_MAX_LENGTH))),
  /** date: only dates up to today (e.g. when something happened). */
  past_only: z.optional(z.boolean()),
});
export type FlowField = z.infer<typeof flowFieldSchema>;

/** Where to go after a step: the first jump whose condition holds, else `next`, else the following step (or the end after the last). */
export const flowJumpSchema = z.object({ when: flowConditionSchema, to: stepMemo });

export const flowStepSchema = z.object({
  memo: stepMemo,
  title: localizedTextSchema,
  intro: z.optional(localizedTextSchema),
  fields: z.array(flowFieldSchema).check(z.maxLength(FLOW_MAX_FIELDS_PER_STEP)),
  jumps: z.optional(z.array(flowJumpSchema).check(z.maxLength(20))),
  /** A step memo or `end`. */
  next: z.optional(stepMemo),
});
export type FlowStep = z.infer<typeof flowStepSchema>;

export const flowDefinitionSchema = z.object({
  memo: flowMemoSchema,
  title: localizedTextSchema,
  description: z.optional(localizedTextSchema),
  /** Who may fill it in: anyone (visitors too, §2) or only the signed in (e.g. a field of kind bike). */
  audience: z._default(z.enum(['anyone', 'signed_in']), 'anyone'),
  steps: z.array(flowStepSchema).check(z.minLength(1), z.maxLength(FLOW_MAX_STEPS)),
  end: z.object({
    title: localizedTextSchema,
    body: z.optional(localizedTextSchema),
    result: z.optional(z.enum(FLOW_RESULTS)),
  }),
});
export type FlowDefinition = z.infer<typeof flowDefinitionSchema>;
/** A definition as written (defaults such as `required: false` may be left out). */
export type FlowDefinitionInput = z.input<typeof flowDefinitionSchema>;

/** An address answer: what was typed or picked, and where it is on the map. */
export const flowAddressAnswerSchema = z.object({
  label: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  latitude: z.number().check(z.minimum(-90), z.maximum(90)),
  longitude: z.number().check(z.minimum(-180), z.maximum(180)),
});

/**
 * One answer: text, a choice value, a date (YYYY-MM-DD), a bike id or a picture id as a string; a number; several choices;
 * a consent as true; an address. The field's kind decides which (checkFlowAnswers in flow-rules.ts).
 */
export const flowAnswerSchema = z.union([
  z.string().check(z.maxLength(FLOW_ANSWER_TEXT_MAX_LENGTH)),
  z.number(),
  z.boolean(),
  z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50)),
  flowAddressAnswerSchema,
]);
export type FlowAnswer = z.infer<typeof flowAnswerSchema>;
export const flowAnswersSchema = z.record(stepMemo, flowAnswerSchema);
export type FlowAnswers = z.infer<typeof flowAnswersSchema>;

/** A line of a flow's computed result, in the caller's language. */
export interface FlowResultLine {
  label: string;
  value: string;
}
/** What a flow's end computed (FLOW_RESULTS), written by the server in the caller's language, with where the rule comes from. */
export interface FlowResult {
  name: FlowResultName;
  heading: string;
  summary: string;
  lines: FlowResultLine[];
  source: { label: string; url: string; year: number };
}
