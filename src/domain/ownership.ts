import * as z from 'zod/mini';
import { publicBikeSchema } from './bikes.js';

// Ownership (§2 Contact and ownership, Own bikes, Per bike; issue 5): handing a bike over to a new owner,
// asking an owner for a bike one holds, proving one holds one's own bike, a public proof for a sales ad,
// and the bike's history. The payloads and answers of those calls, shared by the routes and the pages.

/** A pending transfer expires after this many days. */
export const TRANSFER_VALID_DAYS = 14;
/** A sales link lasts at most this many days (the owner picks 1 … this). */
export const SALES_LINK_MAX_DAYS = 30;
export const SALES_LINK_DEFAULT_DAYS = 14;

export const TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export const REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export const VERIFICATION_STATUSES = ['none', 'frame_pending', 'owner_pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

const email = z
  .string({ error: 'field_required' })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'field_required' }),
    z.maxLength(254, { error: 'too_long' }),
    z.email({ error: 'email_invalid' }),
  );

/** POST /api/bikes/{bikeId}/transfers: hand the bike over to the owner of an email address. */
export const startTransferSchema = z.object({
  email,
  /** Hand over my private pictures / documents too (else they are deleted when the bike moves). */
  hand_over_pictures: z.optional(z.boolean({ error: 'field_invalid' })),
  hand_over_documents: z.optional(z.boolean({ error: 'field_invalid' })),
  /** The agreed price, for the bill of sale. */
  price_dkk: z.optional(
    z.nullable(
      z
        .number({ error: 'field_invalid' })
        .check(
          z.int({ error: 'field_invalid' }),
          z.minimum(0, { error: 'field_invalid' }),
          z.maximum(10_000_000, { error: 'field_invalid' }),
        ),
    ),
  ),
});
export type StartTransfer = z.infer<typeof startTransferSchema>;

/** POST /api/ownership-transfers/{id}/accept and /decline: the secret of the email link, unless the transfer is addressed to the caller's email. */
export const transferDecisionSchema = z.object({ token: z.optional(z.string().check(z.maxLength(200, { error: 'too_long' }))) });

/** A transfer as its seller sees it (on the bike) or its recipient sees it (on receive-bike). */
export const transferSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  /** The caller's side. */
  my_side: z.enum(['seller', 'buyer']),
  /** The recipient's address (the seller typed it; the buyer knows it). */
  to_email: z.string(),
  /** The seller's first name as registered (the recipient should know whom they deal with); null for the seller. */
  seller_first_name: z.nullable(z.string()),
  /** The bike as the recipient will get it. */
  bike: publicBikeSchema,
  hand_over_pictures: z.boolean(),
  hand_over_documents: z.boolean(),
  price_dkk: z.nullable(z.number()),
  seller_confirmed_at: z.nullable(z.string()),
  buyer_confirmed_at: z.nullable(z.string()),
  /** Both confirmed through national ID: GET /api/ownership-transfers/{id}/bill-of-sale serves the PDF. */
  has_bill_of_sale: z.boolean(),
  /** From an ownership request: its conversation. */
  request_chat_id: z.nullable(z.string()),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.nullable(z.string()),
});
export type Transfer = z.infer<typeof transferSchema>;

/** POST /api/bikes/{bikeId}/ownership-requests: ask the owner of a bike one holds to hand it over. */
export const requestOwnershipSchema = z.object({
  content: z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(2000, { error: 'too_long' })),
});

/** GET /api/ownership-requests/lookup?q=: a registered bike by its exact frame number or plate ID, to ask for it. */
export const ownershipLookupSchema = z.object({
  /** The bike's card (the public picture only when the bike is searchable). */
  bike: z.nullable(publicBikeSchema),
  /** The caller already owns it. */
  mine: z.boolean(),
});
export type OwnershipLookup = z.infer<typeof ownershipLookupSchema>;

export const ownershipRequestSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  chat_id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  my_side: z.enum(['owner', 'requester']),
  bike: publicBikeSchema,
  /** When accepted: the transfer it became. */
  transfer_id: z.nullable(z.string()),
  created_at: z.string(),
  decided_at: z.nullable(z.string()),
});
export type OwnershipRequest = z.infer<typeof ownershipRequestSchema>;

/** GET /api/bikes/{bikeId}/ownership-verification: the owner's proof of holding the bike. */
export const ownershipVerificationSchema = z.object({
  bike_id: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  /** The frame-number picture given as proof (signed addresses, owner only). */
  frame_picture_url: z.nullable(z.string()),
  frame_picture_thumbnail_url: z.nullable(z.string()),
  verified_at: z.nullable(z.string()),
  /** Why staff rejected it. */
  reject_reason: z.nullable(z.string()),
});
export type OwnershipVerification = z.infer<typeof ownershipVerificationSchema>;

/** POST /api/bikes/{bikeId}/sales-links */
export const createSalesLinkSchema = z.object({
  days: z.optional(
    z
      .number({ error: 'field_invalid' })
      .check(
        z.int({ error: 'field_invalid' }),
        z.minimum(1, { error: 'field_invalid' }),
        z.maximum(SALES_LINK_MAX_DAYS, { error: 'field_invalid' }),
      ),
  ),
});

export const salesLinkSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  /** The public address (PUBLIC_URL + /for-sale/{id}). */
  url: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Still shows the proof: not expired, not revoked, same owner, not reported stolen. */
  active: z.boolean(),
});
export type SalesLink = z.infer<typeof salesLinkSchema>;

/** GET /api/sales-links/{id} (public): the proof for a sales ad, as of now; 410 sales_link_expired when it no longer holds. */
export const salesProofSchema = z.object({
  bike: publicBikeSchema,
  /** The current owner verified their identity through national ID. */
  owner_id_verified: z.boolean(),
  /** The owner proved holding this bike (frame picture + national ID). */
  ownership_verified: z.boolean(),
  /** Always false here: a stolen bike's link stops working. */
  reported_stolen: z.boolean(),
  registered_since: z.string(),
  checked_at: z.string(),
  expires_at: z.string(),
});
export type SalesProof = z.infer<typeof salesProofSchema>;

export const BIKE_EVENT_KINDS = [
  'registered',
  'updated',
  'transfer_started',
  'transfer_cancelled',
  'transfer_declined',
  'transfer_expired',
  'transferred_out',
  'transferred_in',
  'ownership_requested',
  'ownership_request_accepted',
  'ownership_request_declined',
  'ownership_request_withdrawn',
  'ownership_verified',
  'ownership_verification_rejected',
  'sales_link_created',
  'sales_link_revoked',
  'reported_stolen',
  'reported_found',
  'transferred_to_insurer',
] as const;
export type BikeEventKind = (typeof BIKE_EVENT_KINDS)[number];

/** GET /api/bikes/{bikeId}/history: what happened to the bike, newest first, as the owner may see it. */
export const bikeEventSchema = z.object({
  id: z.string(),
  kind: z.enum(BIKE_EVENT_KINDS),
  /** Who did it, from the caller's point of view; never another person's name. */
  actor: z.enum(['you', 'previous_owner', 'new_owner', 'requester', 'staff', 'system']),
  created_at: z.string(),
  /** Details safe to show the owner (e.g. changed field names, price). */
  data: z.nullable(z.record(z.string(), z.unknown())),
});
export type BikeEvent = z.infer<typeof bikeEventSchema>;
