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
  action: z.string(),
  target_party_id: z.nullable(z.string()),
  data: z.unknown(),
  created_at: z.string(),
});
