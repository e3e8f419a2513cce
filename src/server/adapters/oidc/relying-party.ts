import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';

// One OpenID Connect relying party (openid-client): authorisation code flow with PKCE (S256), state and
// nonce; the ID token is checked (issuer, audience, signature, nonce), then the userinfo endpoint adds
// the claims a provider keeps out of the ID token. The national ID (adapters/eid) and social sign-in
// (adapters/social) adapters each map its claims to what they need.

export interface RelyingPartyOptions {
  /** Names the provider in log lines. */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the user back. */
  redirectUri: string;
  /** Plain-http issuers are allowed only outside production (the development provider on localhost). */
  allowInsecureRequests: boolean;
  /** The provider's metadata when known beforehand (the development provider); otherwise discovered on first use. */
  metadata?: client.ServerMetadata;
  /** Client metadata beyond id and secret, e.g. the signing algorithm of the ID token. */
  clientMetadata?: Partial<client.ClientMetadata>;
  /** How the client reaches the provider; by default the network. */
  fetch?: client.CustomFetch;
  log: FastifyBaseLogger;
}

/** The secrets of one trip through the provider. */
export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the provider sent back to the redirect page. */
export interface AuthorizationCallback {
  code: string;
  state: string;
  iss?: string;
}

/** A refusal by the provider or a failed check; `reason` is safe to log (it never holds personal data). */
export class OidcError extends Error {
  constructor(readonly reason: string) {
    super(`OpenID Connect: ${reason}`);
  }
}

export interface RelyingParty {
  /** The authorisation URL with these extra parameters (scope, prompt …); null when the provider cannot be reached. */
  authorizationUrl(request: AuthorizationRequest, parameters: Record<string, string>): Promise<string | null>;
  /** Redeems the code, checking state, nonce, PKCE, issuer and signature; throws OidcError if anything fails. */
  exchange(callback: AuthorizationCallback, expected: AuthorizationRequest): Promise<{ subject: string; claims: Record<string, unknown> }>;
}

export function createRelyingParty(options: RelyingPartyOptions): RelyingParty {
  let configuration: Promise<client.Configuration> | null = null;

  const configure = async (): Promise<client.Configuration> => {
    const metadata = { client_secret: options.clientSecret, ...options.clientMetadata };
    const auth = client.ClientSecretBasic(options.clientSecret);
    const config = options.metadata
      ? new client.Configuration(options.metadata, options.clientId, metadata, auth)
      : await client.discovery(new URL(options.issuer), options.clientId, metadata, auth, {
          execute: options.allowInsecureRequests ? [client.allowInsecureRequests] : [],
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
        });
    if (options.allowInsecureRequests) client.allowInsecureRequests(config);
    if (options.fetch) config[client.customFetch] = options.fetch;
    return config;
  };

  /** Discovered once; a failure is not kept, so the next call tries again. */
  const getConfiguration = (): Promise<client.Configuration> => {
    configuration ??= configure().catch((err: unknown) => {
      configuration = null;
      throw err;
    });
    return configuration;
  };

  return {
    async authorizationUrl(request, parameters) {
      let config: client.Configuration;
      try {
        config = await getConfiguration();
      } catch (err) {
        options.log.warn({ reason: reasonOf(err) }, `${options.label} discovery failed`);
        return null;
      }
      const url = client.buildAuthorizationUrl(config, {
        ...parameters,
        redirect_uri: options.redirectUri,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    async exchange(callback, expected) {
      try {
        const config = await getConfiguration();
        const currentUrl = new URL(options.redirectUri);
        currentUrl.searchParams.set('code', callback.code);
        currentUrl.searchParams.set('state', callback.state);
        // The issuer the provider named in its answer must be ours when it is given; with one provider
        // configured, an answer without it cannot come from another one.
        currentUrl.searchParams.set('iss', callback.iss ?? config.serverMetadata().issuer);
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new OidcError('no ID token');
        let claims: Record<string, unknown> = { ...idToken };
        if (config.serverMetadata().userinfo_endpoint) {
          // The subject of the userinfo answer must be the ID token's (checked by fetchUserInfo).
          claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
        }
        return { subject: idToken.sub, claims };
      } catch (err) {
        if (err instanceof OidcError) throw err;
        throw new OidcError(reasonOf(err));
      }
    },
  };
}

/** A claim's text, trimmed; null when absent or blank. */
export const claimText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * What went wrong, fit for a log line: the error's name and code and the provider's OAuth error code.
 * Never the message or cause of a response error, which may quote a token or a claim.
 */
function reasonOf(err: unknown): string {
  if (err instanceof client.ResponseBodyError) return `${err.name}: ${err.error}`;
  if (err instanceof client.AuthorizationResponseError) return `${err.name}: ${err.error}`;
  if (err instanceof client.ClientError) return `${err.name}: ${err.code ?? 'unknown'}`;
  if (err instanceof Error) return `${err.name}: ${err.message.slice(0, 200)}`;
  return 'unknown error';
}
