import * as z from 'zod/mini';
import { languageSchema, regionSchema } from './identity.js';

// Social sign-in payloads (§3 "Social sign-up sends name, email and a provider token", §7), shared by the
// routes and the web. The server never trusts who the person is from these: it redeems the provider's
// code and reads the provider's signed answer.

export const SOCIAL_INTENTS = ['login', 'signup'] as const;
export type SocialIntent = (typeof SOCIAL_INTENTS)[number];

/** A provider as the login and sign-up pages offer it. */
export const socialProviderSchema = z.object({ id: z.string(), name: z.string() });
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const socialStartSchema = z.object({
  intent: z.enum(SOCIAL_INTENTS),
  /** Sign-up only: the region and language of the new account, and the acceptance of the terms. */
  chosen_region: z.optional(regionSchema),
  chosen_language: z.optional(languageSchema),
  accept_terms: z.optional(z.boolean()),
  /** Sign-up only: the referral code of the link that brought the visitor (§3 friend_ref). */
  friend_ref: z.optional(z.string().check(z.maxLength(100))),
});
export type SocialStart = z.input<typeof socialStartSchema>;

export const socialStartAnswerSchema = z.object({
  authorization_url: z.string(),
  /** Sealed by the server (10 minutes, single use): the page keeps it and sends it back with the code. */
  flow: z.string(),
});
export type SocialStartAnswer = z.infer<typeof socialStartAnswerSchema>;

/** What the provider sent back to /login/social/callback, with the flow from the start. */
export const socialCallbackSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(2000)),
  state: z.string().check(z.minLength(1), z.maxLength(500)),
  iss: z.optional(z.string().check(z.maxLength(500))),
  flow: z.string().check(z.minLength(1), z.maxLength(8000)),
});

/**
 * Sign-up: the callback plus the §3 fields name, email and token (the provider's id). They are hints
 * only, as the page shows them; the account is made from the provider's verified claims.
 */
export const socialSignupSchema = z.extend(socialCallbackSchema, {
  name: z.optional(z.string().check(z.maxLength(200))),
  email: z.optional(z.string().check(z.maxLength(254))),
  token: z.optional(z.string().check(z.maxLength(2000))),
});

/** created: a new account; linked: an account with the same verified email got this login; signed_in: known login. */
export const SOCIAL_OUTCOMES = ['created', 'linked', 'signed_in'] as const;
export type SocialOutcome = (typeof SOCIAL_OUTCOMES)[number];

export const socialAnswerSchema = z.object({ authentication_token: z.string(), outcome: z.enum(SOCIAL_OUTCOMES) });
export type SocialAnswer = z.infer<typeof socialAnswerSchema>;
