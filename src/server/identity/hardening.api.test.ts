import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { registerAuth } from '../http/auth.js';

// Errors and hardening: every bad request gets a §8-shaped JSON answer, never a 500.
let t: TestApp;
let user: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  user = await signUpUser(t.app);
});
afterAll(() => t.close());

function expectDetailText(res: { headers: Record<string, unknown>; json(): { detail?: unknown } }) {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.json().detail).toEqual(expect.any(String));
  expect(res.json().detail).not.toBe('');
}

describe('malformed requests', () => {
  it('answers malformed JSON with 400 and a detail text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email": "a@b.dk", ',
    });
    expect(res.statusCode).toBe(400);
    expectDetailText(res);
    expect(res.json().detail).toBe('Malformed request');
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/identities/', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expectDetailText(res);
  });

  it('refuses a prototype-polluting body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${uniqueEmail()}","password":"long enough pw","chosen_region":"dk","__proto__":{"role":"admin"}}`,
    });
    expect(res.statusCode).toBe(400);
    expectDetailText(res);
  });

  it.each(['application/xml', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers a %s body with 415',
    async (contentType) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/identities/authentications',
        headers: { 'content-type': contentType },
        payload: 'email=a@b.dk&password=whatever',
      });
      expect(res.statusCode).toBe(415);
      expectDetailText(res);
    },
  );

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(1024 * 1024), chosen_region: 'dk' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The request is too large');
  });

  it('answers a broken escape in the URL and an over-long path parameter in JSON', async () => {
    const badEscape = await t.app.inject({ method: 'POST', url: '/api/identities/authentications/email-verifications/%E0%A4%A/validate' });
    expect(badEscape.statusCode).toBe(400);
    expectDetailText(badEscape);
    const long = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${'a'.repeat(500)}/validate`,
    });
    expect(long.statusCode).toBe(414);
    expectDetailText(long);
  });
});

describe('wrong types and missing fields give 422, never 500', () => {
  const calls: { method: 'POST' | 'PUT'; url: string; withToken: boolean }[] = [
    { method: 'POST', url: '/api/identities/', withToken: false },
    { method: 'POST', url: '/api/identities/authentications', withToken: false },
    { method: 'POST', url: '/api/identities/authentications/password-resets', withToken: false },
    { method: 'POST', url: '/api/identities/authentications/password-resets/some-token/validate', withToken: false },
    { method: 'PUT', url: '/api/identities/me', withToken: true },
    { method: 'PUT', url: '/api/identities/language/', withToken: true },
    { method: 'POST', url: '/api/identities/consents/newsletter/', withToken: true },
  ];
  const bodies: unknown[] = [
    null,
    [],
    'text',
    42,
    true,
    { email: { $ne: null }, password: ['a'] },
    { email: 12345, password: 12345678, chosen_region: ['dk'], new_password: null, action: 7, language: {} },
    { email: 'a'.repeat(300), password: 'p'.repeat(300), chosen_region: 'dk', skip_email: 'yes' },
    { first_name: 5, zip_code: 2100, cpr_number: 101901234, mobile: [], region: null, language: ['en'] },
    { email: '\u0000@\u0000.dk', password: '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000', chosen_region: 'dk' },
  ];

  it('for every identity call that takes a body', async () => {
    for (const call of calls) {
      for (const body of bodies) {
        const options = {
          method: call.method,
          url: call.url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        };
        const res = await t.app.inject(call.withToken ? authed(user.token, options) : options);
        const what = `${call.method} ${call.url} ${JSON.stringify(body).slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        // PUT /language/ normalises any value (§5), the rest must refuse these bodies.
        if (res.statusCode === 200) {
          expect(call.url, what).toBe('/api/identities/language/');
          continue;
        }
        expect([400, 401, 422], what).toContain(res.statusCode);
        if (res.statusCode === 422) {
          for (const d of res.json().detail) {
            expect(d, what).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
            expect(d.loc[0], what).toBe('body');
          }
        } else expectDetailText(res);
      }
    }
  });

  it('names the missing fields in the 422 list', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/identities/', headers: { 'accept-language': 'en' }, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'email'], msg: 'This field is required', type: 'field_required' },
        { loc: ['body', 'password'], msg: 'This field is required', type: 'field_required' },
        { loc: ['body', 'chosen_region'], msg: 'Please select a region', type: 'region_required' },
      ]),
    );
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/identities/no-such-call'],
    ['DELETE', '/api/identities/'],
    ['GET', '/api'],
  ] as const)('%s %s answers a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { 'accept-language': 'en', accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ detail: 'Not found', code: 'not_found' });
  });
});

describe('OpenAPI and headers', () => {
  it('publishes an OpenAPI document listing the identity calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/identities/',
        '/api/identities/authentications',
        '/api/identities/authentications/refresh',
        '/api/identities/authentications/password-resets',
        '/api/identities/authentications/password-resets/{token}/validate',
        '/api/identities/authentications/email-verifications',
        '/api/identities/authentications/email-verifications/{code}/validate',
        '/api/identities/me',
        '/api/identities/{partyIdToDelete}/',
        '/api/identities/consents/',
        '/api/identities/consents/{type}/',
        '/api/identities/language/',
        '/api/identities/region/',
      ]),
    );
    // The request schema is documented from the same zod schema that validates it.
    const signup = doc.paths['/api/identities/'].post;
    const body = signup.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password', 'chosen_region']));
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['email', 'password', 'chosen_language', 'friend_ref']));
    // The reference page itself is served too.
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });

  it('sends the security headers on API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/identities/me']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});

describe('every /api route declares who may call it', () => {
  it('refuses to register a route without config.access', () => {
    const app = Fastify({ logger: false });
    registerAuth(app, { db: t.database.db, jwtSecret: t.config.jwtSecret });
    expect(() => app.get('/api/undeclared', async () => ({ ok: true }))).toThrow(/does not declare config\.access/);
    expect(() => app.get('/api/declared', { config: { access: 'public' } }, async () => ({ ok: true }))).not.toThrow();
    // Outside /api (the web pages) nothing needs declaring.
    expect(() => app.get('/about', async () => 'page')).not.toThrow();
    return app.close();
  });

  it('refuses one registered inside an /api plugin too', async () => {
    const app = Fastify({ logger: false });
    registerAuth(app, { db: t.database.db, jwtSecret: t.config.jwtSecret });
    const start = async () => {
      await app.register(
        async (api) => {
          api.post('/identities/backdoor', async () => ({ ok: true }));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/POST \/api\/identities\/backdoor does not declare config\.access/);
    await app.close();
  });
});

describe('rate limits on the identity calls', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  const logIn = (headers: Record<string, string> = {}) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      headers: { 'accept-language': 'en', ...headers },
      payload: { email: 'someone@example.dk', password: 'guess number n' },
    });

  it('answers the 4th login in a minute with 429 and a detail text', async () => {
    for (let i = 0; i < 3; i++) expect((await logIn()).statusCode).toBe(401);
    const res = await logIn();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: 'Too many attempts. Wait a moment and try again.', code: 'too_many_requests' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // A forged X-Forwarded-For does not buy a fresh allowance.
    expect((await logIn({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(429);
    // Calls that are not guarded stay open.
    expect((await limited.app.inject({ method: 'GET', url: '/api/identities/language/' })).statusCode).toBe(200);
  });

  it('counts another client separately', async () => {
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      remoteAddress: '198.51.100.9',
      payload: { email: 'someone@example.dk', password: 'guess' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('guards the reset and verification calls as well', async () => {
    const resetLimited = async () => {
      let last = 0;
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/identities/authentications/password-resets',
          remoteAddress: '198.51.100.20',
          payload: { email: 'nobody@example.dk' },
        });
        last = res.statusCode;
      }
      return last;
    };
    expect(await resetLimited()).toBe(429);
    let last = 0;
    for (let i = 0; i < 4; i++) {
      last = (
        await limited.app.inject({
          method: 'POST',
          url: '/api/identities/authentications/email-verifications/not-a-code/validate',
          remoteAddress: '198.51.100.21',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
