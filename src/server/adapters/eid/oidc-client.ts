import { eidProviderOf } from '../../../domain/verification.js';
import { claimText, createRelyingParty, OidcError, type RelyingPartyOptions } from '../oidc/relying-party.js';
import { EID_ACR, EID_SCOPE, EidError, type EidPerson, type EidPort, type EidRequest, NATIONAL_ID_CLAIM } from './port.js';

// National digital ID over OpenID Connect (oidc/relying-party.ts), a fresh login every time (prompt=login),
// MitID or BankID chosen by acr_values, and the person's name, birth date and national ID number taken
// from the verified claims.

export type OidcEidOptions = Omit<RelyingPartyOptions, 'label'>;

export function createOidcEid(options: OidcEidOptions): EidPort {
  const party = createRelyingParty({ ...options, label: 'national ID provider' });
  return {
    authorizationUrl: (request) =>
      party.authorizationUrl(request, {
        scope: EID_SCOPE,
        // Every trip is a fresh authentication: an approval must come from the person now, not from a
        // session the browser kept at the provider.
        prompt: 'login',
        ui_locales: request.language,
        acr_values: EID_ACR[request.region],
      }),
    async exchange(callback, expected) {
      try {
        const { subject, claims } = await party.exchange(callback, expected);
        return personOf(subject, claims, expected);
      } catch (err) {
        if (err instanceof OidcError) throw new EidError(err.reason);
        throw err;
      }
    },
  };
}

function personOf(subject: string, claims: Record<string, unknown>, expected: EidRequest): EidPerson {
  const name = claimText(claims.name) ?? ([claimText(claims.given_name), claimText(claims.family_name)].filter(Boolean).join(' ') || null);
  if (!name) throw new EidError('the provider released no name');
  const nationalId = claimText(claims[NATIONAL_ID_CLAIM])?.replace(/[\s-]/g, '') ?? null;
  return {
    subject,
    provider: eidProviderOf(expected.region),
    name,
    givenName: claimText(claims.given_name),
    familyName: claimText(claims.family_name),
    birthdate: claimText(claims.birthdate),
    nationalId: nationalId && /^\d{10,11}$/.test(nationalId) ? nationalId : null,
  };
}
