import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { createOidcSocial } from '../social/oidc-social.js';
import type { SocialPort } from '../social/port.js';
import { DEV_IDP_PATH, type DevProvider, type DevProviderOptions, registerDevProvider } from './dev-provider.js';
import { createOidcEid } from './oidc-client.js';
import { type EidPort, noEid } from './port.js';

/** The page the provider sends the user back to (§2 /app/redirects/verification-complete-redirect). */
export const VERIFICATION_COMPLETE_PATH = '/app/redirects/verification-complete-redirect';

/** Where the social sign-in provider sends the user back (under /login, so visitors may open it, §2). */
export const SOCIAL_CALLBACK_PATH = '/login/social/callback';

/** How a provider's name reads on a button: `google` → Google. */
const displayName = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

export interface IdentityProviders {
  eid: EidPort;
  /** Null when no social sign-in provider is configured. */
  social: SocialPort | null;
}

/**
 * National digital ID and social sign-in as configured. The development provider, when they use it,
 * is mounted on `app` once, with a client for each.
 */
export async function createIdentityProviders(app: FastifyInstance, config: Config): Promise<IdentityProviders> {
  const socialRedirectUri = `${config.publicUrl}${SOCIAL_CALLBACK_PATH}`;
  const social = config.social;
  const devSocial =
    social.kind === 'dev'
      ? { clientId: 'social-dev', clientSecret: randomBytes(32).toString('base64url'), redirectUri: socialRedirectUri }
      : undefined;
  const { eid, dev } = await createEidWith(app, config, devSocial);
  if (social.kind === 'oidc') {
    return {
      eid,
      social: createOidcSocial({
        id: social.provider,
        name: displayName(social.provider),
        issuer: social.issuer,
        clientId: social.clientId,
        clientSecret: social.clientSecret,
        redirectUri: socialRedirectUri,
        allowInsecureRequests: config.env !== 'production' && social.issuer.startsWith('http:'),
        log: app.log,
      }),
    };
  }
  if (!devSocial || !dev) return { eid, social: null };
  const issuer = `${config.publicUrl}${DEV_IDP_PATH}`;
  return {
    eid,
    social: createOidcSocial({
      id: 'dev',
      name: 'Dev social login',
      issuer,
      clientId: devSocial.clientId,
      clientSecret: devSocial.clientSecret,
      redirectUri: devSocial.redirectUri,
      metadata: dev.metadata,
      clientMetadata: { id_token_signed_response_alg: 'ES256' },
      fetch: dev.fetch,
      allowInsecureRequests: issuer.startsWith('http:'),
      log: app.log,
    }),
  };
}

/**
 * National digital ID as configured: the broker named by OIDC_ISSUER, or the development provider,
 * which is mounted on `app` here (with the social client too, when given), or none (verification then
 * cannot start).
 */
async function createEidWith(
  app: FastifyInstance,
  config: Config,
  social?: DevProviderOptions['social'],
): Promise<{ eid: EidPort; dev: DevProvider | null }> {
  const redirectUri = `${config.publicUrl}${VERIFICATION_COMPLETE_PATH}`;
  const eid = config.eid;
  if (eid.kind === 'oidc') {
    const port = createOidcEid({
      issuer: eid.issuer,
      clientId: eid.clientId,
      clientSecret: eid.clientSecret,
      redirectUri,
      allowInsecureRequests: config.env !== 'production' && eid.issuer.startsWith('http:'),
      log: app.log,
    });
    return { eid: port, dev: null };
  }
  if (eid.kind === 'none') return { eid: noEid, dev: null };
  const issuer = `${config.publicUrl}${DEV_IDP_PATH}`;
  // Client and provider live in this process: a secret made at start is all they need to share.
  const clientId = 'bike-register-dev';
  const clientSecret = randomBytes(32).toString('base64url');
  const dev = await registerDevProvider(app, {
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    trustProxy: config.trustProxy !== false,
    ...(social ? { social } : {}),
  });
  const port = createOidcEid({
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    metadata: dev.metadata,
    clientMetadata: { id_token_signed_response_alg: 'ES256' },
    fetch: dev.fetch,
    // The requests never leave the process; on a plain-http PUBLIC_URL the issuer is http.
    allowInsecureRequests: issuer.startsWith('http:'),
    log: app.log,
  });
  return { eid: port, dev };
}
