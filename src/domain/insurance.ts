import * as z from 'zod/mini';
import { CLAIM_STATUSES } from './insurance-claims.js';
import { BATTERY_LOCATIONS, insurerSchema, LOCK_STATUSES } from './theft.js';

// The insurance company's area (§2 /insurance/{insurerPartyId}/admin), for the company's members: its home (open
// claims by state, pending possession checks and lock tests, policies), the claims — a stolen report whose owner
// chose the company and acknowledged the data share arrives as one — with their dossier and steps, and an insured
// bike; and the owner's own claims (/insurance/self/admin/reports). The insurer's pages name the owner and their
// contact as given in the report, never the personal ID number (only the police-report PDF holds it, audited).

export const CLAIMS_PAGE_SIZE = 20;

/** Whether the bike is still stolen, or was reported found after the claim arrived (the report is then kept, marked found). */
export const CLAIM_REPORT_STATUSES = ['stolen', 'found'] as const;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field_invalid' }));

/** GET /api/insurance/{insurerPartyId}/claims/?status=&from=&to=&q=&bike_id=&offset= (from/to: the claim's arrival date, inclusive). */
export const claimsQuerySchema = z.object({
  status: z.optional(z.enum(CLAIM_STATUSES, { error: 'field_invalid' })),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  /** Part of the frame number, or of the owner's name. */
  q: z.optional(z.string().check(z.maxLength(100, { error: 'field_invalid' }))),
  /** One bike's claims (the owner's bike page tells the state of its newest). */
  bike_id: z.optional(z.uuid({ error: 'field_invalid' })),
  offset: z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
});
export type ClaimsQuery = z.infer<typeof claimsQuerySchema>;

const ownerContactSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  telephone: z.nullable(z.string()),
});

/** A claim in a list. */
export const claimSummarySchema = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  /** When the claim arrived (the report was shared), and its last step (ISO). */
  created_at: z.string(),
  updated_at: z.string(),
  insurer: insurerSchema,
  report_id: z.nullable(z.string()),
  bike_id: z.nullable(z.string()),
  /** When the owner noticed the theft (ISO). */
  stolen_at: z.string(),
  report_status: z.enum(CLAIM_REPORT_STATUSES),
  region: z.enum(['dk', 'no']),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  /** As given in the report. */
  frame_number: z.string(),
  /** The value the owner reported, in whole kroner. */
  bike_price: z.number(),
  owner: ownerContactSchema,
  ownership_transfer_agreed: z.boolean(),
  /** Why the insurer rejected it (only when rejected): the owner reads it in their own list too. */
  rejection_reason: z.nullable(z.string()),
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;

export const claimsAnswerSchema = z.object({
  items: z.array(claimSummarySchema),
  total: z.number(),
  next_offset: z.nullable(z.number()),
});
export type ClaimsAnswer = z.infer<typeof claimsAnswerSchema>;

export const FRAUD_SIGNALS = ['registered_shortly_before_theft', 'frame_number_elsewhere', 'picture_reused', 'owner_not_verified'] as const;

/** A fraud signal computed by the server; `days` (registration to theft), `count` (other reports, claims or bikes). */
export const fraudSignalSchema = z.object({
  code: z.enum(FRAUD_SIGNALS),
  days: z.optional(z.number()),
  count: z.optional(z.number()),
});
export type FraudSignal = z.infer<typeof fraudSignalSchema>;

const EVIDENCE_STATUSES = ['missing', 'submitted', 'approved', 'rejected'] as const;

/** GET /api/insurance/{insurerPartyId}/claims/{claimId}: the claim's dossier. */
export const claimDossierSchema = z.extend(claimSummarySchema, {
  ownership_transferred_at: z.nullable(z.string()),
  /** The steps the insurer may take now (domain/insurance-claims.ts). */
  next_statuses: z.array(z.enum(CLAIM_STATUSES)),
  events: z.array(z.object({ status: z.enum(CLAIM_STATUSES), note: z.nullable(z.string()), created_at: z.string() })),
  report: z.object({
    reported_at: z.string(),
    found_at: z.nullable(z.string()),
    time_last_seen: z.string(),
    place: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    lock_status: z.enum(LOCK_STATUSES),
    battery_location: z.nullable(z.enum(BATTERY_LOCATIONS)),
    bike_color: z.string(),
    bike_category: z.string(),
    is_electric: z.boolean(),
    culprit_info: z.nullable(z.string()),
    witnesses: z.nullable(z.string()),
    owner_address: z.object({
      street_address: z.string(),
      zip_code: z.string(),
      city: z.string(),
      floor: z.nullable(z.string()),
      side: z.nullable(z.string()),
      door: z.nullable(z.string()),
    }),
    /** The police report (PDF, holds the personal ID number: each download is audited). */
    police_report_url: z.string(),
  }),
  bike: z.nullable(
    z.object({
      registered_at: z.string(),
      frame_number: z.nullable(z.string()),
      /** The report's frame number is the registered one (in the frame-number normal form). */
      frame_number_matches: z.boolean(),
      plates: z.array(z.string()),
      /** The owner's proof of possession for this insurer (frame number and plate pictures, the receipt). */
      possession_status: z.enum(EVIDENCE_STATUSES),
      /** The owner's lock test for this insurer. */
      lock_test_status: z.enum(EVIDENCE_STATUSES),
      /**
       * Receipts and lock certificates (documents of the bike, the proof of possession's receipt and the lock test's
       * certificate among them), and receipt pictures; each opens on its short-lived signed address (url).
       */
      documents: z.array(
        z.object({
          kind: z.enum(['receipt', 'lock_certificate', 'receipt_picture']),
          name: z.string(),
          added_at: z.string(),
          url: z.string(),
        }),
      ),
      ownerships: z.array(
        z.object({
          started_at: z.string(),
          ended_at: z.nullable(z.string()),
          end_reason: z.nullable(z.enum(['transferred', 'deleted', 'compensated'])),
          /** The ownership the report was filed under; the owner is otherwise not named. */
          claimant: z.boolean(),
          insurer: z.boolean(),
        }),
      ),
    }),
  ),
  /** Other stolen reports on the same frame number (any bike), newest first. */
  earlier_reports: z.array(z.object({ reported_at: z.string(), stolen_at: z.string(), found: z.boolean(), same_bike: z.boolean() })),
  owner_national_id_verified: z.boolean(),
  fraud_signals: z.array(fraudSignalSchema),
});
export type ClaimDossier = z.infer<typeof claimDossierSchema>;

/** POST /api/insurance/{insurerPartyId}/claims/{claimId}/events/: the next step (a rejection needs its reason). */
export const claimMoveSchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: 'field_invalid' }),
  reason: z.optional(z.nullable(z.string().check(z.maxLength(1000, { error: 'field_invalid' })))),
});
export type ClaimMove = z.infer<typeof claimMoveSchema>;

/** GET /api/insurance/{insurerPartyId}/admin/overview: the insurer's home. */
export const insurerOverviewSchema = z.object({
  insurer: insurerSchema,
  claims: z.record(z.enum(CLAIM_STATUSES), z.number()),
  pending_possession_checks: z.number(),
  pending_lock_tests: z.number(),
  policies: z.number(),
});
export type InsurerOverview = z.infer<typeof insurerOverviewSchema>;

/** GET /api/insurance/{insurerPartyId}/admin/policies/{policyId}/bikes/{bikeId}: a bike under one of the insurer's policies. */
export const insuredBikeSchema = z.object({
  policy: z.object({
    id: z.string(),
    insurer_policy_id: z.string(),
    type: z.enum(['bike', 'contents']),
    coverage: z.string(),
    status: z.enum(['pre_registered', 'active', 'cancelled']),
  }),
  bike: z.object({
    id: z.string(),
    brand: z.nullable(z.string()),
    model: z.nullable(z.string()),
    frame_number: z.nullable(z.string()),
    registered_at: z.string(),
    reported_stolen: z.boolean(),
  }),
  possession_status: z.enum(EVIDENCE_STATUSES),
  lock_status: z.enum(EVIDENCE_STATUSES),
  claims: z.array(claimSummarySchema),
});
export type InsuredBike = z.infer<typeof insuredBikeSchema>;
