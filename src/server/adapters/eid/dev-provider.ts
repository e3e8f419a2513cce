import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Adapter, AdapterPayload, default as OidcProvider } from 'oidc-provider';
import type { CustomFetch, ServerMetadata } from 'openid-client';
import { LANGUAGES, type Language, languageFromAcceptLanguage, type Region } from '../../../domain/locale.js';
import { findSocialTestPerson, findTestIdentity, fullName, SOCIAL_TEST_PEOPLE, TEST_IDENTITIES } from './dev-identities.js';
import { renderErrorPage, renderLoginPage, renderSocialLoginPage, STYLESHEET } from './dev-pages.js';
import { EID_ACR, NATIONAL_ID_CLAIM } from './port.js';

// The development identity provider (design.md, embedded default): oidc-provider, mounted under
// /dev-idp of this app, with test identities instead of MitID and BankID. It speaks the same protocol as
// a broker, so the app's OpenID Connect client runs against it unchanged. Outside production only,
// unless OIDC_DEV_PROVIDER=true; never together with a real OIDC_ISSUER.

export const DEV_IDP_PATH = '/dev-idp';

export interface DevProviderOptions {
  /** `${PUBLIC_URL}/dev-idp` */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /**
   * A second client standing in for a social sign-in provider: it gets sub, email, email_verified and
   * name of the social test people, never a national ID.
   */
  social?: { clientId: string; clientSecret: string; redirectUri: string };
  /** Behind a proxy the provider reads the protocol and host from X-Forwarded-* like the app does. */
  trustProxy: boolean;
}

export interface DevProvider {
  /** The provider's metadata, known without discovery. */
  metadata: ServerMetadata;
  /** The app's client reaches the provider in-process (the server need not be listening, nor reach its own PUBLIC_URL). */
  fetch: CustomFetch;
}

/** Registers the provider's routes on `app` and answers how the app's client reaches it. */
export async function registerDevProvider(app: FastifyInstance, options: DevProviderOptions): Promise<DevProvider> {
  const Provider = await importProvider();
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const provider = new Provider(options.issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
      ...(options.social
        ? [
            {
              client_id: options.social.clientId,
              client_secret: options.social.clientSecret,
              redirect_uris: [options.social.redirectUri],
              response_types: ['code' as const],
              grant_types: ['authorization_code'],
              token_endpoint_auth_method: 'client_secret_basic' as const,
              id_token_signed_response_alg: 'ES256' as const,
              scope: 'openid email profile',
            },
          ]
        : []),
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: `dev-${randomBytes(4).toString('hex')}`, use: 'sig', alg: 'ES256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    acrValues: Object.values(EID_ACR),
    scopes: ['openid', 'profile', 'email', NATIONAL_ID_CLAIM],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'birthdate'],
      [NATIONAL_ID_CLAIM]: [NATIONAL_ID_CLAIM],
    },
    async findAccount(_ctx, sub) {
      const social = findSocialTestPerson(sub);
      if (social) {
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            name: `${social.givenName} ${social.familyName}`,
            given_name: social.givenName,
            family_name: social.familyName,
            email: social.email,
            email_verified: social.emailVerified,
          }),
        };
      }
      const person = findTestIdentity(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: fullName(person),
          given_name: person.givenName,
          family_name: person.familyName,
          birthdate: person.birthdate,
          [NATIONAL_ID_CLAIM]: person.nationalId,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
    },
    ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 600, Session: 600, Grant: 600 },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderErrorPage(languageOf(ctx.get('accept-language'), undefined), '/app/settings', out.error);
    },
  });
  provider.proxy = options.trustProxy;
  const handle = provider.callback();
  /** Whether an interaction is the social client's (its own page and people). */
  const isSocial = (details: Interaction) => options.social !== undefined && details.params.client_id === options.social.clientId;

  await app.register(
    async (scope) => {
      // The provider reads request bodies itself: nothing here may consume the stream first.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all('/*', async (request, reply) => {
        reply.hijack();
        // Headers the app set on the way in (helmet's CSP and friends) apply to the provider's answers too.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
        const raw: IncomingMessage & { originalUrl?: string } = request.raw;
        // Mounted like an Express sub-app: the provider routes on the rest of the path and builds its URLs
        // with the mount path it finds in originalUrl.
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(DEV_IDP_PATH.length) || '/';
        await handle(raw, reply.raw);
      });
    },
    { prefix: DEV_IDP_PATH },
  );

  await app.register(
    async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });

      scope.get('/assets/style.css', async (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
      );

      scope.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
        const details = await interactionOf(provider, request, reply);
        if (!details) return errorPage(request, reply);
        if (isSocial(details)) {
          const language = languageOf(request.headers['accept-language'], details.params.ui_locales);
          const html = renderSocialLoginPage({ uid: details.uid, language, people: SOCIAL_TEST_PEOPLE });
          return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
        }
        const region = regionOf(details.params.acr_values);
        const html = renderLoginPage({
          uid: details.uid,
          language: languageOf(request.headers['accept-language'], details.params.ui_locales),
          region,
          people: TEST_IDENTITIES.filter((person) => region === 'any' || person.region === region),
        });
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
      });

      scope.post<{ Params: { uid: string }; Body: { identity?: string } }>('/interaction/:uid/login', async (request, reply) => {
        const details = await interactionOf(provider, request, reply);
        if (details && isSocial(details)) {
          // The social client's page offers the social test people, and only them.
          const social = findSocialTestPerson(typeof request.body?.identity === 'string' ? request.body.identity : '');
          if (!social) return errorPage(request, reply);
          const grant = new provider.Grant({ accountId: social.sub, clientId: String(details.params.client_id) });
          grant.addOIDCScope(String(details.params.scope ?? 'openid'));
          const grantId = await grant.save();
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId: social.sub, amr: ['test'] }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(returnTo, 303);
        }
        const person = findTestIdentity(typeof request.body?.identity === 'string' ? request.body.identity : '');
        const region = details ? regionOf(details.params.acr_values) : 'any';
        // Only the people the page offered: MitID knows no Norwegians, BankID no Danes.
        if (!details || !person || (region !== 'any' && person.region !== region)) return errorPage(request, reply);
        const clientId = String(details.params.client_id);
        // Logging in and consenting are one step here: the test person releases what the app asked for.
        const grant = new provider.Grant({ accountId: person.sub, clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: person.sub, acr: EID_ACR[person.region], amr: ['test'] }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      });

      scope.post<{ Params: { uid: string } }>('/interaction/:uid/abort', async (request, reply) => {
        const details = await interactionOf(provider, request, reply);
        if (!details) return errorPage(request, reply);
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The person cancelled' },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      });
    },
    { prefix: DEV_IDP_PATH },
  );

  const issuer = options.issuer;
  return {
    metadata: {
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/me`,
      jwks_uri: `${issuer}/jwks`,
      authorization_response_iss_parameter_supported: true,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['ES256'],
    },
    fetch: async (url, init) => {
      const target = new URL(url);
      if (!url.startsWith(`${issuer}/`)) throw new Error('the development provider client reaches only its provider');
      const body = init.body;
      const payload =
        typeof body === 'string' || body instanceof Uint8Array ? body : body instanceof URLSearchParams ? body.toString() : undefined;
      const response = await app.inject({
        method: init.method === 'POST' ? 'POST' : 'GET',
        url: target.pathname + target.search,
        headers: { ...init.headers, host: target.host },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : Buffer.from(payload) }),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else if (value !== undefined) headers.set(name, String(value));
      }
      const noBody = response.statusCode === 204 || response.statusCode === 304;
      return new Response(noBody ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
    },
  };
}

type Interaction = Awaited<ReturnType<OidcProvider['interactionDetails']>>;

/** The interaction the cookie names, if it is the one in the URL. */
async function interactionOf(
  provider: OidcProvider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<Interaction | null> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    return details.uid === request.params.uid ? details : null;
  } catch {
    return null;
  }
}

function errorPage(request: FastifyRequest, reply: FastifyReply) {
  const html = renderErrorPage(languageOf(request.headers['accept-language'], undefined), '/app/settings', null);
  return reply.status(400).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function regionOf(acrValues: unknown): Region | 'any' {
  const values = typeof acrValues === 'string' ? acrValues.split(' ') : [];
  if (values.includes(EID_ACR.dk)) return 'dk';
  if (values.includes(EID_ACR.no)) return 'no';
  return 'any';
}

/** ui_locales first (the app asks in the user's language), then the browser's languages. */
function languageOf(acceptLanguage: string | undefined, uiLocales: unknown): Language {
  const asked =
    typeof uiLocales === 'string'
      ? uiLocales.split(' ').find((l): l is Language => (LANGUAGES as readonly string[]).includes(l))
      : undefined;
  return asked ?? languageFromAcceptLanguage(acceptLanguage);
}

/**
 * oidc-provider 9 prints a warning on Node 20 when it is loaded (it runs there; the project supports
 * Node 20). It is loaded only when the development provider is used, and that one line is held back.
 */
async function importProvider(): Promise<typeof OidcProvider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

/** The provider's state (interactions, codes, tokens, sessions) in this process, with expiry. */
function memoryAdapter(): (model: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const index = new Map<string, string>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
        if (payload.uid) index.set(`${model}:uid:${payload.uid}`, id);
        if (payload.userCode) index.set(`${model}:userCode:${payload.userCode}`, id);
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const id = index.get(`${model}:uid:${uid}`);
        return id ? live(key(id)) : undefined;
      },
      async findByUserCode(userCode) {
        const id = index.get(`${model}:userCode:${userCode}`);
        return id ? live(key(id)) : undefined;
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, entry] of store) if (entry.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}
