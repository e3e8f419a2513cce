import * as z from 'zod/mini';
import { normalisePlateId, PLATE_ID_ALPHABET } from './bikes/plate-id.js';

// The backoffice's plates (issue 14): batches of printed plates, their print sheet, ranges given to an organisation,
// and any plate found by its ID with its state and history. Shared by the routes and the web pages.

/** The most plates one batch made in the backoffice (the command line allows more). */
export const PLATE_BATCH_MAX = 5000;
/** An ID prefix a batch's plates begin with: at most this many characters of the plate alphabet. */
export const PLATE_PREFIX_MAX = 4;
export const PLATE_BATCHES_PAGE_SIZE = 20;
export const PLATES_PAGE_SIZE = 50;

/** What a batch is sold as: an ordinary plate, a plate with a registration included, an insurer's plate. */
export const PLATE_BATCH_KINDS = ['standard', 'registration', 'insurance'] as const;
export type PlateBatchKind = (typeof PLATE_BATCH_KINDS)[number];

/**
 * A plate's state: on a bike or equipment (in use), given to an organisation, shipped to a buyer, or free. In use wins
 * over the others (an organisation's plate put on a bike is in use).
 */
export const PLATE_STATES = ['free', 'organisation', 'shipped', 'in_use'] as const;
export type PlateState = (typeof PLATE_STATES)[number];

/** Upper case letters and digits of the plate alphabet; empty for none. */
const prefixSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(PLATE_PREFIX_MAX, { error: 'too_long' })),
  z.transform((text) => normalisePlateId(text)),
);

/** A batch's ID prefix as given (already upper case): at most 4 characters, all of the plate alphabet. */
export function isPlatePrefix(text: string): boolean {
  return text.length <= PLATE_PREFIX_MAX && [...text].every((c) => PLATE_ID_ALPHABET.includes(c));
}

/** POST /api/backoffice/plates/batches */
export const plateBatchCreateSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(100, { error: 'too_long' })),
  prefix: z._default(prefixSchema.check(z.refine(isPlatePrefix, { error: 'plate_prefix_invalid' })), ''),
  kind: z.enum(PLATE_BATCH_KINDS, { error: 'field_invalid' }),
  count: z
    .number({ error: 'plate_count_invalid' })
    .check(
      z.int({ error: 'plate_count_invalid' }),
      z.minimum(1, { error: 'plate_count_invalid' }),
      z.maximum(PLATE_BATCH_MAX, { error: 'plate_count_invalid' }),
    ),
  /** The insurance company whose plates these are: required for kind insurance, refused otherwise. */
  insurer_party_id: z.optional(z.nullable(z.uuid({ error: 'field_invalid' }))),
});
export type PlateBatchCreate = z.input<typeof plateBatchCreateSchema>;

export const plateBatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PLATE_BATCH_KINDS),
  insurer: z.nullable(z.object({ party_id: z.string(), name: z.string() })),
  created_at: z.string(),
  /** The first and last ID in the batch's order (by ID, as printed). */
  first_id: z.nullable(z.string()),
  last_id: z.nullable(z.string()),
  counts: z.object({ total: z.number(), free: z.number(), organisation: z.number(), shipped: z.number(), in_use: z.number() }),
});
export type PlateBatch = z.infer<typeof plateBatchSchema>;

const offsetSchema = z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0);

/** GET /api/backoffice/plates/batches?offset= (newest first). */
export const plateBatchesQuerySchema = z.object({ offset: offsetSchema });

export const plateBatchesAnswerSchema = z.object({
  items: z.array(plateBatchSchema),
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type PlateBatchesAnswer = z.infer<typeof plateBatchesAnswerSchema>;

/** A search text for plate IDs: normalised as plate IDs are; only the plate alphabet's letters and digits. */
const idTextSchema = z.pipe(
  z.string().check(z.maxLength(64, { error: 'too_long' })),
  z.transform((text) => normalisePlateId(text)),
);

/** GET /api/backoffice/plates?batch_id=&state=&q=&after= : plates by ID, a page at a time (after: the last ID seen). */
export const platesQuerySchema = z.object({
  batch_id: z.optional(z.uuid({ error: 'field_invalid' })),
  state: z.optional(z.enum(PLATE_STATES, { error: 'field_invalid' })),
  /** The beginning of the ID. */
  q: z.optional(idTextSchema.check(z.refine((text) => /^[A-Z0-9]*$/.test(text), { error: 'plate_id_not_valid' }))),
  after: z.optional(idTextSchema),
});
export type PlatesQuery = z.infer<typeof platesQuerySchema>;

export const plateRowSchema = z.object({
  id: z.string(),
  batch_id: z.string(),
  state: z.enum(PLATE_STATES),
  organisation: z.nullable(z.object({ party_id: z.string(), name: z.string() })),
  bike_id: z.nullable(z.string()),
  equipment_id: z.nullable(z.string()),
});
export type PlateRow = z.infer<typeof plateRowSchema>;

export const platesAnswerSchema = z.object({
  items: z.array(plateRowSchema),
  /** Give it as `after` for the next page; null on the last. */
  next_after: z.nullable(z.string()),
});
export type PlatesAnswer = z.infer<typeof platesAnswerSchema>;

export const PLATE_HISTORY_KINDS = [
  'batch_created',
  'organisation_assigned',
  'shipped',
  'on_bike',
  'off_bike',
  'on_equipment',
  'off_equipment',
  'staff_change',
] as const;

export const plateHistoryEntrySchema = z.object({
  kind: z.enum(PLATE_HISTORY_KINDS),
  at: z.string(),
  /** The staff member, for the entries of the audit log. */
  actor_email: z.nullable(z.string()),
  /** The audit log's action (e.g. plate.assign_range), for staff changes. */
  action: z.nullable(z.string()),
  bike_id: z.nullable(z.string()),
  organisation_name: z.nullable(z.string()),
});
export type PlateHistoryEntry = z.infer<typeof plateHistoryEntrySchema>;

/** GET /api/backoffice/plates/{plateId}: a plate, where it is and what happened to it (oldest first). */
export const plateDetailSchema = z.object({
  ...plateRowSchema.shape,
  batch: z.object({ id: z.string(), name: z.string(), kind: z.enum(PLATE_BATCH_KINDS), created_at: z.string() }),
  url_path: z.string(),
  /** The bike it is on (directly, or through its equipment) and its owner's email. */
  bike: z.nullable(
    z.object({ id: z.string(), brand: z.nullable(z.string()), model: z.nullable(z.string()), owner_email: z.nullable(z.string()) }),
  ),
  /** The buyer a shipment sent it to. */
  shipped_to: z.nullable(z.object({ party_id: z.string(), email: z.nullable(z.string()), shipped_at: z.nullable(z.string()) })),
  history: z.array(plateHistoryEntrySchema),
});
export type PlateDetail = z.infer<typeof plateDetailSchema>;

/** POST /api/backoffice/plates/batches/{batchId}/assignments: from ID to ID (inclusive, in the batch's order), or the whole batch. */
export const plateAssignSchema = z.object({
  organisation_party_id: z.uuid({ error: 'field_invalid' }),
  from_id: z.optional(idTextSchema),
  to_id: z.optional(idTextSchema),
});
export type PlateAssign = z.input<typeof plateAssignSchema>;

export const plateAssignAnswerSchema = z.object({ assigned: z.number(), from_id: z.string(), to_id: z.string() });
export type PlateAssignAnswer = z.infer<typeof plateAssignAnswerSchema>;

/** GET /api/backoffice/plates/organisations?q=&type= : organisations to give plates to (or an insurer of a batch). */
export const plateOrganisationsQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(100, { error: 'too_long' })), ''),
  type: z.optional(z.enum(['insurance_company'], { error: 'field_invalid' })),
});

export const plateOrganisationSchema = z.object({ party_id: z.string(), name: z.string(), type: z.string() });
export type PlateOrganisation = z.infer<typeof plateOrganisationSchema>;
