import { claimText, createRelyingParty, OidcError, type RelyingPartyOptions } from '../oidc/relying-party.js';
import { SOCIAL_SCOPE, SocialError, type SocialPerson, type SocialPort } from './port.js';

// Social sign-in over OpenID Connect (oidc/relying-party.ts): the person's email, whether the provider
// verified it, and their name, taken from the verified claims.

export interface OidcSocialOptions extends Omit<RelyingPartyOptions, 'label'> {
  id: string;
  name: string;
}

export function createOidcSocial({ id, name, ...options }: OidcSocialOptions): SocialPort {
  const party = createRelyingParty({ ...options, label: 'social sign-in provider' });
  return {
    id,
    name,
    authorizationUrl: (request) => party.authorizationUrl(request, { scope: SOCIAL_SCOPE, ui_locales: request.language }),
    async exchange(callback, expected) {
      try {
        const { subject, claims } = await party.exchange(callback, expected);
        return personOf(subject, claims);
      } catch (err) {
        if (err instanceof OidcError) throw new SocialError(err.reason);
        throw err;
      }
    },
  };
}

function personOf(subject: string, claims: Record<string, unknown>): SocialPerson {
  const givenName = claimText(claims.given_name);
  const familyName = claimText(claims.family_name);
  const email = claimText(claims.email)?.toLowerCase() ?? null;
  return {
    subject,
    email,
    // Only a provider's explicit true counts (some send the string "true").
    emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
    name: claimText(claims.name) ?? ([givenName, familyName].filter(Boolean).join(' ') || null),
    givenName,
    familyName,
  };
}
