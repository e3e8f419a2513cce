import * as z from 'zod/mini';
import { creditsOverviewSchema, PLAN_TYPES } from './bikes.js';
import { businessNumberSchema } from './organisations.js';
import { IDENTITY_ROLES, ORGANISATION_MEMBER_ROLES } from './roles.js';
import { ORGANISATION_TYPES } from './session.js';

// The backoffice's organisations, voucher batches, a person's detail and the frame-number lookup (issue 14):
// the contracts of /api/backoffice/… shared by the routes and the web pages. Messages are error codes (errors.ts).

export const ORGANISATIONS_PAGE_SIZE = 25;
export const VOUCHER_BATCHES_PAGE_SIZE = 20;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const offsetSchema = z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0);
const emailSchema = z
  .string({ error: 'field_required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'field_required' }),
    z.maxLength(254, { error: 'too_long' }),
    z.email({ error: 'email_invalid' }),
  );
const nameSchema = z
  .string({ error: 'field_required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'field_required' }),
    z.minLength(2, { error: 'too_short' }),
    z.maxLength(120, { error: 'too_long' }),
  );

/** GET /api/backoffice/organisations?q=&type=&offset= : by name, a page at a time. */
export const organisationListQuerySchema = z.object({
  /** Part of the name, or the CVR / organisation number. */
  q: z._default(z.string().check(z.trim(), z.maxLength(120, { error: 'too_long' })), ''),
  type: z.pipe(z.transform(blankToUndefined), z.optional(z.enum(ORGANISATION_TYPES, { error: 'field_invalid' }))),
  offset: offsetSchema,
});

export const backofficeOrganisationSchema = z.object({
  party_id: z.string(),
  name: z.string(),
  organisation_type: z.enum(ORGANISATION_TYPES),
  cvr_number: z.nullable(z.string()),
  created_at: z.string(),
  members: z.number(),
});

export const organisationPageSchema = z.object({
  items: z.array(backofficeOrganisationSchema),
  total: z.number(),
  offset: z.number(),
  page_size: z.number(),
});
export type OrganisationPage = z.infer<typeof organisationPageSchema>;

/** POST /api/backoffice/organisations: an organisation of any type, with its first admin (never one without). */
export const createBackofficeOrganisationSchema = z.object({
  name: nameSchema,
  organisation_type: z.enum(ORGANISATION_TYPES, { error: 'field_required' }),
  cvr_number: z.pipe(z.transform(blankToUndefined), z.optional(businessNumberSchema)),
  admin_email: emailSchema,
});
export type CreateBackofficeOrganisation = z.output<typeof createBackofficeOrganisationSchema>;

/** PATCH /api/backoffice/organisations/{partyId}: the fields given change; an empty CVR number clears it. */
export const updateOrganisationSchema = z.object({
  name: z.optional(nameSchema),
  organisation_type: z.optional(z.enum(ORGANISATION_TYPES, { error: 'field_invalid' })),
  cvr_number: z.pipe(z.transform(blankToNull), z.optional(z.nullable(businessNumberSchema))),
});
export type UpdateOrganisation = z.output<typeof updateOrganisationSchema>;

export const addMemberSchema = z.object({
  email: emailSchema,
  role: z._default(z.enum(ORGANISATION_MEMBER_ROLES, { error: 'field_invalid' }), 'member'),
});

export const memberRoleSchema = z.object({ role: z.enum(ORGANISATION_MEMBER_ROLES, { error: 'field_invalid' }) });

/** POST /api/backoffice/organisations/{partyId}/credits: staff give credits, always with a reason (audited). */
export const grantCreditsSchema = z.object({
  count: z.coerce
    .number({ error: 'field_invalid' })
    .check(z.int({ error: 'field_invalid' }), z.minimum(1, { error: 'field_invalid' }), z.maximum(1000, { error: 'field_invalid' })),
  plan_type: z._default(z.enum(PLAN_TYPES, { error: 'field_invalid' }), 'ORGANISATION'),
  reason: z
    .string({ error: 'field_required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'field_required' }),
      z.minLength(3, { error: 'too_short' }),
      z.maxLength(500, { error: 'too_long' }),
    ),
});

export const organisationMemberSchema = z.object({
  party_id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: z.enum(ORGANISATION_MEMBER_ROLES),
  added_at: z.string(),
});
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;

export const organisationDetailSchema = z.object({
  ...backofficeOrganisationSchema.shape,
  members_list: z.array(organisationMemberSchema),
  /** The plan and credits as the organisation's own overview shows them (§3, §4). */
  credits: creditsOverviewSchema,
  /** Credits it holds in all, and how many are on bikes. */
  credits_total: z.number(),
  credits_used: z.number(),
});
export type OrganisationDetail = z.infer<typeof organisationDetailSchema>;

/** POST /api/backoffice/voucher-batches: `count` single-use codes, each giving `credits` credits of a plan, until `expires_on`. */
export const createVoucherBatchSchema = z.object({
  label: z
    .string({ error: 'field_required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'field_required' }),
      z.minLength(2, { error: 'too_short' }),
      z.maxLength(80, { error: 'too_long' }),
    ),
  count: z.coerce
    .number({ error: 'field_invalid' })
    .check(z.int({ error: 'field_invalid' }), z.minimum(1, { error: 'field_invalid' }), z.maximum(500, { error: 'field_invalid' })),
  credits: z._default(
    z.coerce
      .number({ error: 'field_invalid' })
      .check(z.int({ error: 'field_invalid' }), z.minimum(1, { error: 'field_invalid' }), z.maximum(100, { error: 'field_invalid' })),
    1,
  ),
  plan_type: z._default(z.enum(PLAN_TYPES, { error: 'field_invalid' }), 'SINGLE'),
  /** The last day a code may be redeemed (YYYY-MM-DD, after today); none: no expiry. */
  expires_on: z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field_invalid' }))),
  ),
});
export type CreateVoucherBatch = z.output<typeof createVoucherBatchSchema>;

export const voucherBatchListQuerySchema = z.object({ offset: offsetSchema });

export const voucherBatchSchema = z.object({
  id: z.string(),
  label: z.string(),
  count: z.number(),
  credits: z.number(),
  plan_type: z.enum(PLAN_TYPES),
  expires_at: z.nullable(z.string()),
  created_at: z.string(),
  created_by_email: z.nullable(z.string()),
  redeemed: z.number(),
});
export type VoucherBatch = z.infer<typeof voucherBatchSchema>;

export const voucherBatchPageSchema = z.object({
  items: z.array(voucherBatchSchema),
  total: z.number(),
  offset: z.number(),
  page_size: z.number(),
});

export const voucherRedemptionSchema = z.object({
  code: z.string(),
  party_id: z.string(),
  /** The person's email, or the organisation's name (null once deleted). */
  who: z.nullable(z.string()),
  /** Whether the party is an organisation (else a person). */
  organisation: z.boolean(),
  redeemed_at: z.string(),
  /** The bikes the code's credits were used on. */
  bikes: z.array(z.object({ bike_id: z.string(), frame_number: z.nullable(z.string()) })),
});

export const voucherBatchDetailSchema = z.object({
  ...voucherBatchSchema.shape,
  codes: z.array(z.object({ code: z.string(), redeemed: z.boolean() })),
  redemptions: z.array(voucherRedemptionSchema),
});
export type VoucherBatchDetail = z.infer<typeof voucherBatchDetailSchema>;

/** GET /api/backoffice/identities/{partyId}: a person as staff see them. */
export const identityDetailSchema = z.object({
  party_id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: z.enum(IDENTITY_ROLES),
  region: z.enum(['dk', 'no']),
  language: z.enum(['da', 'en', 'no']),
  signed_up_at: z.string(),
  email_verified_at: z.nullable(z.string()),
  /** National ID (§4): when, through which provider, the name it vouches for. */
  verified_on: z.nullable(z.string()),
  eid_provider: z.nullable(z.string()),
  verified_name: z.nullable(z.string()),
  organisations: z.array(
    z.object({
      party_id: z.string(),
      name: z.string(),
      organisation_type: z.enum(ORGANISATION_TYPES),
      role: z.enum(ORGANISATION_MEMBER_ROLES),
    }),
  ),
  bikes: z.array(
    z.object({
      bike_id: z.string(),
      frame_number: z.nullable(z.string()),
      brand: z.nullable(z.string()),
      model: z.nullable(z.string()),
      reported_stolen: z.boolean(),
      owned_since: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      family: z.string(),
      gross_ore: z.number(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Conversations this person reported (tickets). */
  tickets: z.array(z.object({ id: z.string(), reason: z.string(), status: z.string(), created_at: z.string() })),
  credits: creditsOverviewSchema,
});
export type IdentityDetail = z.infer<typeof identityDetailSchema>;

/** GET /api/backoffice/frame-lookup?frame_number= : a frame number across bikes and stolen reports. */
export const frameLookupQuerySchema = z.object({
  frame_number: z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(5, { error: 'frame_number_too_short' }), z.maxLength(60, { error: 'too_long' })),
});

export const frameLookupSchema = z.object({
  normalised: z.string(),
  bikes: z.array(
    z.object({
      bike_id: z.string(),
      frame_number: z.nullable(z.string()),
      brand: z.nullable(z.string()),
      model: z.nullable(z.string()),
      reported_stolen: z.boolean(),
      /** The current owner: a person's email or an organisation's name, and its party id. */
      owner_party_id: z.nullable(z.string()),
      owner: z.nullable(z.string()),
    }),
  ),
  /** The stolen reports of those bikes, open or found (frame_number as the owner typed it in the report). */
  reports: z.array(
    z.object({ id: z.string(), bike_id: z.string(), frame_number: z.string(), created_at: z.string(), found_at: z.nullable(z.string()) }),
  ),
});
export type FrameLookup = z.infer<typeof frameLookupSchema>;
