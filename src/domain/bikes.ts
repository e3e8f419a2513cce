import * as z from 'zod/mini';
import { FRAME_NUMBER_MIN_LENGTH, PLATE_ID_MIN_LENGTH } from './constants.js';

// Bikes (§3 Bike, Equipment draft, Bike credit; §5; issue 4): the payloads and answers of the bike
// calls, shared by the routes and the forms. Messages are error codes (errors.ts). The rules behind
// frame numbers and plate IDs live in bikes/frame-number.ts and bikes/plate-id.ts.

export const BIKE_TYPES = ['female', 'male', 'unisex'] as const;
export const BIKE_COLORS = [
  'black',
  'gray',
  'blue',
  'green',
  'white',
  'red',
  'special',
  'orange',
  'yellow',
  'brown',
  'purple',
  'multi',
  'pink',
] as const;
export const BIKE_CATEGORIES = ['city', 'mountainTour', 'road', 'racer', 'cargo', 'hybrid', 'cruiser', 'folding', 'bmx'] as const;
export const LOCK_TYPES = ['padlock', 'folding', 'ring', 'chain', 'click'] as const;
export const EQUIPMENT_TYPES = ['battery', 'lock', 'accessory'] as const;
export const PICTURE_KINDS = ['frame_number', 'plate', 'public', 'receipt', 'lock_proof'] as const;
export const DOCUMENT_KINDS = ['receipt', 'form', 'lock_certificate', 'other'] as const;
export const PLAN_TYPES = ['SINGLE', 'FAMILY', 'ORGANISATION'] as const;

export type BikeType = (typeof BIKE_TYPES)[number];
export type BikeColor = (typeof BIKE_COLORS)[number];
export type BikeCategory = (typeof BIKE_CATEGORIES)[number];
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];
export type PictureKind = (typeof PICTURE_KINDS)[number];
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export type PlanType = (typeof PLAN_TYPES)[number];

/** Largest upload: pictures and documents alike. */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/** Runs `fn` on the raw input before `schema` (zod's preprocess). */
const before = <T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(fn), schema);
/** In a form, an empty field means "not given" (null clears it on update). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, { error: 'too_long' }));
const optionalText = (max: number) => z.optional(before(blankToNull, z.nullable(text(max))));

/** §5: at least 5 characters (spaces and dashes not counted); the owner's spelling is kept. */
export const frameNumberSchema = z.string({ error: 'field_required' }).check(
  z.trim(),
  z.maxLength(40, { error: 'too_long' }),
  z.refine((v) => v.replace(/[\s-]/g, '').length >= FRAME_NUMBER_MIN_LENGTH, { error: 'frame_number_too_short' }),
);

/** §5: a plate ID is at least 5 characters; stored upper case without spaces. */
export const plateIdSchema = z.pipe(
  z.string({ error: 'field_required' }).check(z.trim()),
  z.pipe(
    z.transform((v: string) => v.replace(/\s/g, '').toUpperCase()),
    z.string().check(z.minLength(PLATE_ID_MIN_LENGTH, { error: 'plate_id_too_short' }), z.maxLength(32, { error: 'too_long' })),
  ),
);

/** ISO date, not in the future (§5 "please select a date in the past"); `today` is the caller's date. */
export function isPastIsoDate(value: string, today: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value <= today.toISOString().slice(0, 10);
}

export const purchaseDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field_invalid' }),
  z.refine((v) => isPastIsoDate(v), { error: 'purchase_date_future' }),
);

const thisYear = () => new Date().getUTCFullYear();

/** The editable fields of a bike (§3 Bike). Every field optional: an update sends what changed, null clears. */
export const bikeFieldsSchema = z.object({
  nickname: optionalText(60),
  normal_price_dkk: z.optional(
    before(
      blankToNull,
      z.nullable(
        z.coerce
          .number({ error: 'field_invalid' })
          .check(
            z.int({ error: 'field_invalid' }),
            z.minimum(0, { error: 'field_invalid' }),
            z.maximum(10_000_000, { error: 'field_invalid' }),
          ),
      ),
    ),
  ),
  purchase_date: z.optional(before(blankToNull, z.nullable(purchaseDateSchema))),
  type_id: z.optional(before(blankToNull, z.nullable(z.enum(BIKE_TYPES, { error: 'field_invalid' })))),
  color_id: z.optional(before(blankToNull, z.nullable(z.enum(BIKE_COLORS, { error: 'field_invalid' })))),
  is_electric: z.optional(z.boolean({ error: 'field_invalid' })),
  model: optionalText(80),
  category_id: z.optional(before(blankToNull, z.nullable(z.enum(BIKE_CATEGORIES, { error: 'field_invalid' })))),
  /** An id of the brand table (bikes/brands.ts), or null. */
  brand_id: optionalText(40),
  /** The brand as typed when it is not in the table. */
  brand_name: optionalText(60),
  production_year: z.optional(
    before(
      blankToNull,
      z.nullable(
        z.coerce.number({ error: 'field_invalid' }).check(
          z.int({ error: 'field_invalid' }),
          z.minimum(1900, { error: 'field_invalid' }),
          z.refine((y) => y <= thisYear() + 1, { error: 'field_invalid' }),
        ),
      ),
    ),
  ),
  /** Shown in public search and on plate scans (a stolen bike always is). */
  searchable: z.optional(z.boolean({ error: 'field_invalid' })),
});

/** POST /api/bikes/: register a bike. Needs a frame number or a plate (or both); consumes a credit. */
export const createBikeSchema = z.extend(bikeFieldsSchema, {
  frame_number: z.optional(before(blankToNull, z.nullable(frameNumberSchema))),
  bikekey_id: z.optional(before(blankToNull, z.nullable(plateIdSchema))),
});
export type CreateBike = z.infer<typeof createBikeSchema>;

/** PATCH /api/bikes/{bikeId}/: the fields, and frame number or plate when they are added or corrected. */
export const updateBikeSchema = createBikeSchema;
export type UpdateBike = z.infer<typeof updateBikeSchema>;

/** A frame-number plausibility hint (§5 codes), non-blocking. */
export const frameNumberHintSchema = z.object({
  code: z.enum([
    'invalid_production_year_letter_combination',
    'invalid_year_letter',
    'invalid_year_letter_format',
    'invalid_production_year',
    'bike_not_found',
    'invalid_frame_number_format',
    'brand_prefix_mismatch',
    'brand_requires_specific_prefix',
    'missing_frame_number_for_brand_with_prefix',
  ]),
  /** Values for the hint's text, e.g. { prefix: 'WBK', year: 2023 }. */
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export type FrameNumberHint = z.infer<typeof frameNumberHintSchema>;

export const pictureSchema = z.object({
  id: z.string(),
  kind: z.enum(PICTURE_KINDS),
  /** Short-lived signed addresses (private pictures) or plain ones (the public picture). */
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number(),
  height: z.number(),
  created_on: z.string(),
});
export type Picture = z.infer<typeof pictureSchema>;

export const documentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  equipment_id: z.nullable(z.string()),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  /** A short-lived signed download address. */
  url: z.string(),
  created_on: z.string(),
});
export type BikeDocument = z.infer<typeof documentSchema>;

/** §3 Equipment draft (without documents, which are sent as files). */
export const equipmentFieldsSchema = z.object({
  item_type_memo: z._default(z.enum(EQUIPMENT_TYPES, { error: 'field_invalid' }), 'battery'),
  note: optionalText(500),
  plate_ids: z.optional(z.array(plateIdSchema).check(z.maxLength(10, { error: 'too_long' }))),
  serial_numbers: z.optional(
    z.array(text(60).check(z.minLength(1, { error: 'field_required' }))).check(z.maxLength(10, { error: 'too_long' })),
  ),
  dna_paste_ids: z.optional(
    z.array(text(60).check(z.minLength(1, { error: 'field_required' }))).check(z.maxLength(10, { error: 'too_long' })),
  ),
  manufacturer_name: optionalText(80),
  product_name: optionalText(80),
  frame_number_match: z.optional(z.nullable(z.boolean({ error: 'field_invalid' }))),
  has_signature: z.optional(z.nullable(z.boolean({ error: 'field_invalid' }))),
  varefakta_number: optionalText(40),
  lock_date: z.optional(before(blankToNull, z.nullable(purchaseDateSchema))),
  physical_key_number: optionalText(40),
  lock_type_memo: z.optional(before(blankToNull, z.nullable(z.enum(LOCK_TYPES, { error: 'field_invalid' })))),
  accessory_type: optionalText(60),
});
export type EquipmentFields = z.infer<typeof equipmentFieldsSchema>;

export const equipmentSchema = z.object({
  id: z.string(),
  item_type_memo: z.enum(EQUIPMENT_TYPES),
  note: z.nullable(z.string()),
  plate_ids: z.array(z.string()),
  serial_numbers: z.array(z.string()),
  dna_paste_ids: z.array(z.string()),
  manufacturer_name: z.nullable(z.string()),
  product_name: z.nullable(z.string()),
  frame_number_match: z.nullable(z.boolean()),
  has_signature: z.nullable(z.boolean()),
  varefakta_number: z.nullable(z.string()),
  lock_date: z.nullable(z.string()),
  physical_key_number: z.nullable(z.string()),
  lock_type_memo: z.nullable(z.enum(LOCK_TYPES)),
  accessory_type: z.nullable(z.string()),
  documents: z.array(documentSchema),
});
export type Equipment = z.infer<typeof equipmentSchema>;

/** The flags shown as labels (§3). */
export const bikeFlagsSchema = z.object({
  /** The current ownership has a credit assigned (a paid registration). */
  active: z.boolean(),
  /** Registered to a private person (not an organisation). */
  private: z.boolean(),
  searchable: z.boolean(),
  reported_stolen: z.boolean(),
});

/** A bike as its owner (or staff) sees it. */
export const bikeSchema = z.object({
  id: z.string(),
  bike_ownership_id: z.string(),
  bikekey_id: z.nullable(z.string()),
  frame_number: z.nullable(z.string()),
  nickname: z.nullable(z.string()),
  normal_price_dkk: z.nullable(z.number()),
  purchase_date: z.nullable(z.string()),
  type_id: z.nullable(z.enum(BIKE_TYPES)),
  color_id: z.nullable(z.enum(BIKE_COLORS)),
  is_electric: z.boolean(),
  model: z.nullable(z.string()),
  category_id: z.nullable(z.enum(BIKE_CATEGORIES)),
  brand_id: z.nullable(z.string()),
  brand_name: z.nullable(z.string()),
  production_year: z.nullable(z.number()),
  flags: bikeFlagsSchema,
  /** The public picture's thumbnail, if there is one. */
  picture_url: z.nullable(z.string()),
  registered_on: z.string(),
  /** Plausibility hints on the frame number (§5), for the owner. */
  hints: z.array(frameNumberHintSchema),
});
export type Bike = z.infer<typeof bikeSchema>;

/** GET /api/bikes/{bikeId}/: the bike with its pictures, documents and equipment (details, documents, equipment tabs). */
export const bikeDetailSchema = z.extend(bikeSchema, {
  pictures: z.array(pictureSchema),
  documents: z.array(documentSchema),
  equipment: z.array(equipmentSchema),
});
export type BikeDetail = z.infer<typeof bikeDetailSchema>;

/** What anyone may see of a bike (search, plate scans, §1): never the owner. */
export const publicBikeSchema = z.object({
  id: z.string(),
  brand_id: z.nullable(z.string()),
  brand_name: z.nullable(z.string()),
  model: z.nullable(z.string()),
  color_id: z.nullable(z.enum(BIKE_COLORS)),
  category_id: z.nullable(z.enum(BIKE_CATEGORIES)),
  type_id: z.nullable(z.enum(BIKE_TYPES)),
  is_electric: z.boolean(),
  production_year: z.nullable(z.number()),
  reported_stolen: z.boolean(),
  /** The public picture only. */
  picture_url: z.nullable(z.string()),
  thumbnail_url: z.nullable(z.string()),
  /** The frame number and plate as registered, so a searcher can compare them with the bike in front of them. */
  frame_number: z.nullable(z.string()),
  bikekey_id: z.nullable(z.string()),
});
export type PublicBike = z.infer<typeof publicBikeSchema>;

/** GET /api/search/bikes?q=: exact matches on the normalised form first, then close ones ("did you mean"). */
export const bikeSearchAnswerSchema = z.object({
  query: z.string(),
  /** How the query matched: a frame number, a plate ID, or nothing. */
  exact: z.array(publicBikeSchema),
  similar: z.array(publicBikeSchema),
});
export type BikeSearchAnswer = z.infer<typeof bikeSearchAnswerSchema>;

/** §4 Plate check: valid (free to use), invalid, already registered, or belongs to equipment. */
export const plateCheckSchema = z.object({
  bikekey_id: z.string(),
  status: z.enum(['valid', 'invalid', 'already_registered', 'equipment']),
  /** The message in the caller's language, with the ID inserted where the spec says so. */
  message: z.string(),
});
export type PlateCheck = z.infer<typeof plateCheckSchema>;

/** GET /api/stickers/{stickerId}: what a scanned plate leads to (§2 Stickers). */
export const stickerAnswerSchema = z.object({
  sticker_id: z.string(),
  status: z.enum(['registered', 'unregistered', 'insurance', 'equipment', 'unknown']),
  /** The bike's public card when registered (and searchable, or stolen). */
  bike: z.nullable(publicBikeSchema),
  /** The insurer of an insurance plate. */
  insurer_party_id: z.nullable(z.string()),
});
export type StickerAnswer = z.infer<typeof stickerAnswerSchema>;

/** §3 Bike credit as GET /api/webshop/bike-activations lists it. */
export const bikeCreditSchema = z.object({
  id: z.string(),
  bike_ownership_id: z.nullable(z.string()),
  created_on: z.string(),
  modified_on: z.string(),
  party_id: z.string(),
  plan_type: z.enum(PLAN_TYPES),
  subscription_id: z.nullable(z.string()),
});
export type BikeCredit = z.infer<typeof bikeCreditSchema>;

export const activateCreditSchema = z.object({ bike_ownership_id: z.string().check(z.uuid({ error: 'field_invalid' })) });

/** GET /api/webshop/bike-ownership-credits/overview (§3 Credits response, polled every 30 s). */
export const creditsOverviewSchema = z.object({
  /** Unused credits. */
  credits: z.number(),
  current_period_end: z.nullable(z.string()),
  /** §4 subscription state, computed by bikes/subscription.ts. */
  active: z.boolean(),
  vip: z.boolean(),
  plan_type: z.nullable(z.enum(PLAN_TYPES)),
  /** The party's subscription (issue 12), null without one: its plan, state and the bikes it still takes. */
  subscription: z.nullable(
    z.object({
      plan_type: z.enum(PLAN_TYPES),
      /** The provider's status (active, past_due, canceled, …); null for one made by staff. */
      status: z.nullable(z.string()),
      /** Cancelled in the portal: it runs to current_period_end, then ends. */
      cancel_at_period_end: z.boolean(),
      current_period_end: z.nullable(z.string()),
      /** Bikes are added on it while its paid period runs; a lapsed one's bikes stay registered. */
      active: z.boolean(),
      /** Bikes the plan covers (SINGLE 1, FAMILY 5, ORGANISATION the bikes paid for), on it now, and still free. */
      bikes_limit: z.number(),
      bikes_used: z.number(),
      bikes_remaining: z.number(),
    }),
  ),
});
export type CreditsOverview = z.infer<typeof creditsOverviewSchema>;

export const redeemVoucherSchema = z.object({
  code: z.pipe(
    z
      .string({ error: 'field_required' })
      .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(40, { error: 'too_long' })),
    z.transform((v: string) => v.replace(/\s/g, '').toUpperCase()),
  ),
});
export const redeemVoucherAnswerSchema = z.object({ credits_added: z.number(), overview: creditsOverviewSchema });

/** GET /api/plates/mine: the plates on the caller's bikes and their equipment, and those sent to them not yet on a bike (for /app/qr-id). */
export const myPlateSchema = z.object({
  bikekey_id: z.string(),
  /** Null for a plate sent to the caller (a webshop order, an insurance policy) not yet put on a bike. */
  bike_id: z.nullable(z.string()),
  /** Set when the plate is on a piece of equipment of the bike. */
  equipment_id: z.nullable(z.string()),
  /** The bike's nickname (or brand and model), or the equipment's product name or type. */
  label: z.nullable(z.string()),
  /** The path the plate's QR code leads to (plateUrlPath). */
  url_path: z.string(),
});
export type MyPlate = z.infer<typeof myPlateSchema>;

/** A bike as an organisation's search sees it (GET /api/search/org-bikes): the public card and the registration's state, never the owner. */
export const orgPublicBikeSchema = z.extend(publicBikeSchema, {
  registered_on: z.string(),
  /** The current ownership has a credit (a paid registration). */
  active: z.boolean(),
  /** The owner's identity is verified through national ID. */
  owner_verified: z.boolean(),
});
export type OrgPublicBike = z.infer<typeof orgPublicBikeSchema>;

export const orgBikeSearchAnswerSchema = z.object({
  query: z.string(),
  exact: z.array(orgPublicBikeSchema),
  similar: z.array(orgPublicBikeSchema),
});
export type OrgBikeSearchAnswer = z.infer<typeof orgBikeSearchAnswerSchema>;

/**
 * PATCH /api/bikes/{bikeId}/equipment/{equipmentId}/: the fields that change (no default type, so a
 * partial update never turns a lock into a battery); plate_ids, when sent, is the whole new list.
 */
export const updateEquipmentSchema = z.partial(
  z.extend(equipmentFieldsSchema, { item_type_memo: z.optional(z.enum(EQUIPMENT_TYPES, { error: 'field_invalid' })) }),
);
