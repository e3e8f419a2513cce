import type { Language, Region } from '../../../domain/locale.js';
import type { EidProvider } from '../../../domain/verification.js';

// The national digital ID port (§4, design.md: MitID in dk, BankID in no through a broker). One
// implementation speaks OpenID Connect (oidc-client.ts); it runs against the broker named by OIDC_ISSUER
// or against the development provider the app serves itself (dev-provider.ts).

/** What the provider vouches for. The national ID number is sensitive: store it encrypted, never log it. */
export interface EidPerson {
  /** The provider's stable identifier of the person. */
  subject: string;
  provider: EidProvider;
  name: string;
  givenName: string | null;
  familyName: string | null;
  birthdate: string | null;
  /** CPR (dk) or fødselsnummer (no), digits only; null when the provider did not release it. */
  nationalId: string | null;
}

/** The secrets of one trip through the provider, kept in verification_session until the user returns. */
export interface EidRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  region: Region;
  language: Language;
}

/** What the provider sent back to the redirect page. */
export interface EidCallback {
  code: string;
  state: string;
  iss?: string;
}

export interface EidPort {
  /** The provider's authorisation URL for this request; null when no provider is configured (§7: start fails). */
  authorizationUrl(request: EidRequest): Promise<string | null>;
  /** Redeems the code, checking state, nonce, PKCE, issuer and signature; throws EidError if anything fails. */
  exchange(callback: EidCallback, expected: EidRequest): Promise<EidPerson>;
}

/** A refusal by the provider or a failed check; `reason` is safe to log (it never holds personal data). */
export class EidError extends Error {
  constructor(readonly reason: string) {
    super(`national ID: ${reason}`);
  }
}

/**
 * Which method the broker should offer, as acr_values (the broker's names for MitID and BankID);
 * the development provider shows MitID or BankID test identities by the same values.
 */
export const EID_ACR: Record<Region, string> = {
  dk: 'urn:grn:authn:dk:mitid:substantial',
  no: 'urn:grn:authn:no:bankid',
};

/** Scopes asked for: the person's name and birth date, and their national ID number. */
export const EID_SCOPE = 'openid profile national_id';
/** The claim that carries the CPR number or fødselsnummer. */
export const NATIONAL_ID_CLAIM = 'national_id';

/** No provider configured (production without OIDC_ISSUER): starting a verification fails (§7). */
export const noEid: EidPort = {
  authorizationUrl: async () => null,
  exchange: async () => {
    throw new EidError('no provider configured');
  },
};
