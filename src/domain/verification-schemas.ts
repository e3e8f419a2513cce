import * as z from 'zod/mini';
import { APPROVAL_ACTS, EID_PROVIDERS, VERIFICATION_SESSION_TYPES } from './verification.js';

// §7 Identity: the payloads of POST /identities/verifications/ and /identities/verifications/complete/.

/** Where the app sends the user after the provider: a path on this site (others are refused). */
const returnUrl = z
  .string({ error: 'field_required' })
  .check(z.minLength(1, { error: 'field_required' }), z.maxLength(500, { error: 'too_long' }));

export const verificationStartSchema = z.object({
  verification_session_type: z.enum(VERIFICATION_SESSION_TYPES),
  /** Required when approving: the act the approval is for. */
  act: z.optional(z.enum(APPROVAL_ACTS)),
  /** Required with an act bound to one subject (delete_bike: the bike's id). */
  subject_id: z.optional(z.uuid({ error: 'field_invalid' })),
  success_url: returnUrl,
  failure_url: returnUrl,
});
export type VerificationStart = z.input<typeof verificationStartSchema>;

export const verificationStartAnswerSchema = z.object({
  verification_url: z.string(),
  session_id: z.string(),
});
export type VerificationStartAnswer = z.infer<typeof verificationStartAnswerSchema>;

const param = (max: number) => z.optional(z.string().check(z.minLength(1), z.maxLength(max)));

/**
 * Either what the provider sent back to the redirect page (code and state, and iss where the provider
 * names itself), with the session it belongs to; or, for an autotest account (§6), the kind of session
 * and verification_type, which completes at once without the provider.
 */
export const verificationCompleteSchema = z.object({
  code: param(2000),
  state: param(500),
  iss: param(500),
  session_id: z.optional(z.uuid()),
  verification_session_type: z.optional(z.enum(VERIFICATION_SESSION_TYPES)),
  act: z.optional(z.enum(APPROVAL_ACTS)),
  subject_id: z.optional(z.uuid({ error: 'field_invalid' })),
  verification_type: z.optional(z.enum(EID_PROVIDERS)),
});
export type VerificationComplete = z.input<typeof verificationCompleteSchema>;

export const sessionTaskResultSchema = z.object({
  status: z.enum(['verified', 'approved']),
  act: z.nullable(z.enum(APPROVAL_ACTS)),
  /** The subject of an act bound to one (delete_bike: the bike's id); absent otherwise. */
  subject_id: z.optional(z.string()),
  approval_id: z.nullable(z.string()),
  success_url: z.nullable(z.string()),
});
export type SessionTaskResult = z.infer<typeof sessionTaskResultSchema>;

export const verificationCompleteAnswerSchema = z.object({
  authentication_token: z.string(),
  session_id: z.string(),
  session_task_result: sessionTaskResultSchema,
});
export type VerificationCompleteAnswer = z.infer<typeof verificationCompleteAnswerSchema>;
