import * as z from 'zod/mini';
import { IDENTITY_ROLES } from './roles.js';

// The backoffice's identities list and switch-user (§6), shared by the routes and the web page.

export const identitySearchSchema = z.object({
  /** Part of an email or a name; empty lists the newest. */
  q: z._default(z.string().check(z.trim(), z.maxLength(254, { error: 'too_long' })), ''),
});

export const backofficeIdentitySchema = z.object({
  party_id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: z.enum(IDENTITY_ROLES),
  signed_up_at: z.string(),
  /** Whether the caller may switch to this user (§6). */
  can_switch: z.boolean(),
});
export type BackofficeIdentity = z.infer<typeof backofficeIdentitySchema>;

export const roleChangeSchema = z.object({ role: z.enum(IDENTITY_ROLES) });

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_party_id: z.nullable(z.string()),
  actor_email: z.nullable(z.string()),
  action: z.string(),
  target_party_id: z.nullable(z.string()),
  target_email: z.nullable(z.string()),
  /** The record a staff change touched, and its fields before and after (§6: every staff change is logged). */
  record_type: z.nullable(z.string()),
  record_id: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  data: z.unknown(),
  created_at: z.string(),
});

export const auditQuerySchema = z.object({
  party_id: z.optional(z.uuid()),
  record_type: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
  record_id: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

/** The work waiting in the backoffice, queue by queue (its home, and the counts beside its menu). */
export const backofficeWorkSchema = z.object({
  /** Possession checks submitted by owners, not yet reviewed. */
  possession_checks: z.number(),
  /** Of those, the ones with a receipt to check against the bike's purchase date and price. */
  receipts_to_verify: z.number(),
  /** Plate shipments paid for (or owed under a policy) and not yet sent. */
  plates_to_ship: z.number(),
  /** Support tickets open. */
  open_tickets: z.number(),
  /** New stolen reports waiting for staff's review before the public map shows them (issue 14). */
  stolen_reports_to_review: z.number(),
});
export type BackofficeWork = z.infer<typeof backofficeWorkSchema>;
