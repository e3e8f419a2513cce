import * as z from 'zod/mini';
import { localizedTextSchema } from './flows.js';

// The commuter surveys (issue 16, §2 /survey): published flows whose memo starts with `survey.`. The three the
// product ships have their own addresses (/survey/addresses, …); one staff add later is filled in at /flows/{memo}.

/** The product's surveys, in the order a commuter answers them; each one's end suggests the next. */
export const SURVEY_MEMOS = ['survey.addresses', 'survey.commuting-days', 'survey.pendler-travel'] as const;
export type SurveyMemo = (typeof SURVEY_MEMOS)[number];
export const SURVEY_MEMO_PREFIX = 'survey.';

/** Where a survey is filled in: /survey/<name> for the product's own, else the flow engine's /flows/<memo>. */
export function surveyPath(memo: string): string {
  return (SURVEY_MEMOS as readonly string[]).includes(memo) ? `/survey/${memo.slice(SURVEY_MEMO_PREFIX.length)}` : `/flows/${memo}`;
}

/** The survey after this one in SURVEY_MEMOS, or null after the last. */
export function nextSurveyMemo(memo: string): SurveyMemo | null {
  const index = (SURVEY_MEMOS as readonly string[]).indexOf(memo);
  return index < 0 ? null : (SURVEY_MEMOS[index + 1] ?? null);
}

export const surveySummarySchema = z.object({
  memo: z.string(),
  path: z.string(),
  title: localizedTextSchema,
  description: z.nullable(localizedTextSchema),
  steps: z.number(),
  /** Whether the signed-in caller has submitted an answer to it (any version); null for a visitor. */
  answered: z.nullable(z.boolean()),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;
export const surveyListSchema = z.object({ items: z.array(surveySummarySchema) });
export type SurveyList = z.infer<typeof surveyListSchema>;
