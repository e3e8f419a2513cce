import type { Language } from '../../../domain/locale.js';

// Social sign-in (§3, §7): one OpenID Connect provider (e.g. Google) named by SOCIAL_PROVIDER, or the
// development provider's second client under the name `dev`. The app trusts only what the provider's
// signed answer says: subject, email, whether the provider verified the email, and the name.

/** What the provider vouches for. */
export interface SocialPerson {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** The secrets of one trip through the provider, carried in the sealed flow until the user returns. */
export interface SocialRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  language: Language;
}

export interface SocialCallback {
  code: string;
  state: string;
  iss?: string;
}

export interface SocialPort {
  /** The provider's name in the API path (`/identities/{provider}`). */
  readonly id: string;
  /** How the button names it. */
  readonly name: string;
  /** The provider's authorisation URL; null when it cannot be reached (discovery failed). */
  authorizationUrl(request: SocialRequest): Promise<string | null>;
  /** Redeems the code, checking state, nonce, PKCE, issuer and signature; throws SocialError if anything fails. */
  exchange(callback: SocialCallback, expected: SocialRequest): Promise<SocialPerson>;
}

/** A refusal by the provider or a failed check; `reason` is safe to log. */
export class SocialError extends Error {
  constructor(readonly reason: string) {
    super(`social sign-in: ${reason}`);
  }
}

/** Scopes asked for: the subject, the email (and whether it is verified) and the name. */
export const SOCIAL_SCOPE = 'openid email profile';
