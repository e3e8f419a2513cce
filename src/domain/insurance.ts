import * as z from 'zod/mini';
import { BATTERY_LOCATIONS, insurerSchema, LOCK_STATUSES } from './theft.js';

// The insurance company's area (§2 /insurance/{insurerPartyId}/admin): for now the stolen reports the owners
// shared with the company (the report's insurer, acknowledged by the owner), read-only, for the company's
// members. The list names the owner and their contact as given in the report, never the personal ID number.

export const INSURER_REPORTS_PAGE_SIZE = 20;

/** Still stolen, or found again (today reporting found deletes the report, so a listed report is stolen). */
export const INSURER_REPORT_STATUSES = ['stolen', 'found'] as const;

/** GET /api/insurance/{insurerPartyId}/stolen-reports/?offset= */
export const insurerReportsQuerySchema = z.object({
  offset: z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
});

const ownerContactSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  telephone: z.nullable(z.string()),
});

/** A shared report in the insurer's list. */
export const insurerReportSummarySchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  /** When the owner filed the report (ISO). */
  reported_at: z.string(),
  /** When it was shared with the insurer (ISO). */
  shared_at: z.string(),
  /** When the owner noticed the theft (ISO). */
  stolen_at: z.string(),
  /** Zip code and town of the place of the theft (stolen-map.ts areaOfPlace), null when the place names none. */
  stolen_area: z.nullable(z.string()),
  region: z.enum(['dk', 'no']),
  status: z.enum(INSURER_REPORT_STATUSES),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  /** As given in the report. */
  frame_number: z.string(),
  bike_color: z.string(),
  bike_category: z.string(),
  is_electric: z.boolean(),
  /** The value the owner reported, in whole kroner. */
  bike_price: z.number(),
  owner: ownerContactSchema,
});
export type InsurerReportSummary = z.infer<typeof insurerReportSummarySchema>;

export const insurerReportsAnswerSchema = z.object({
  insurer: insurerSchema,
  items: z.array(insurerReportSummarySchema),
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type InsurerReportsAnswer = z.infer<typeof insurerReportsAnswerSchema>;

/** GET /api/insurance/{insurerPartyId}/stolen-reports/{reportId}: the whole shared report, without the personal ID number. */
export const insurerReportSchema = z.extend(insurerReportSummarySchema, {
  insurer: insurerSchema,
  owner: z.extend(ownerContactSchema, {
    street_address: z.string(),
    zip_code: z.string(),
    city: z.string(),
    floor: z.nullable(z.string()),
    side: z.nullable(z.string()),
    door: z.nullable(z.string()),
  }),
  time_last_seen: z.string(),
  /** The exact place, as the owner gave it and pinned it. */
  place: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  lock_status: z.enum(LOCK_STATUSES),
  battery_location: z.nullable(z.enum(BATTERY_LOCATIONS)),
  is_culprit_known: z.boolean(),
  is_culprit_recognizable: z.boolean(),
  culprit_info: z.nullable(z.string()),
  has_witness: z.boolean(),
  witnesses: z.nullable(z.string()),
  police_report_requested: z.boolean(),
});
export type InsurerReport = z.infer<typeof insurerReportSchema>;
