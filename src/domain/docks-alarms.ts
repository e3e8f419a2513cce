import * as z from 'zod/mini';
import { stolenReportInputSchema } from './theft.js';

// A tamper alarm from a lock holding someone's bike (issue 16), offered to them as a one-tap stolen report with the
// dock's place and the alarm's time filled in. GET /api/docks/alarms/, POST …/{alarmId}/stolen-report, …/dismiss.

export const dockAlarmSchema = z.object({
  id: z.string(),
  dock_id: z.string(),
  dock_name: z.string(),
  dock_address: z.string(),
  lock_id: z.string(),
  lock_label: z.string(),
  bike_id: z.nullable(z.string()),
  bike_label: z.nullable(z.string()),
  raised_at: z.string(),
  theft_report_id: z.nullable(z.string()),
});
export type DockAlarm = z.infer<typeof dockAlarmSchema>;

/**
 * The answers the tap cannot know (whether the bike is insured, its price, a profile field that is empty …), any of
 * the stolen report's fields but the bike and the place, which are the alarm's.
 */
export const alarmReportAnswersSchema = z.optional(
  z.nullable(z.omit(stolenReportInputSchema, { bike_id: true, latitude: true, longitude: true, location_id: true, place: true })),
);
export type AlarmReportAnswers = NonNullable<z.infer<typeof alarmReportAnswersSchema>>;

/**
 * filed: the report is filed (or was already: a second tap answers the same report). needs_answers: what the
 * profile, the bike and the dock filled in (`draft`, the wizard's shape) and the questions left (`problems`); asked
 * again with them as answers, it files.
 */
export const alarmReportOutcomeSchema = z.union([
  z.object({ status: z.literal('filed'), alarm_id: z.string(), bike_id: z.string(), theft_report_id: z.string() }),
  z.object({
    status: z.literal('needs_answers'),
    alarm_id: z.string(),
    draft: z.record(z.string(), z.unknown()),
    problems: z.array(z.object({ field: z.string(), code: z.string() })),
  }),
]);
export type AlarmReportOutcome = z.infer<typeof alarmReportOutcomeSchema>;
