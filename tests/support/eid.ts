import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { authed } from './test-app.js';

// Drives the development identity provider through app.inject as a browser would: follows the
// verification URL, picks a test person on the provider's page (or cancels), follows the redirects
// back and answers what the provider sent to the app's redirect page.

const HOST = 'localhost:3000';

/** The cookies a browser would keep for the provider, by name (paths are all under /dev-idp). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: { cookies: { name: string; value: string; expires?: Date; maxAge?: number }[] }) {
    for (const cookie of response.cookies) {
      const gone = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function pathOf(url: string): string {
  const parsed = new URL(url, `http://${HOST}`);
  return parsed.pathname + parsed.search;
}

export interface ProviderVisit {
  /** The HTML of the provider's page where the person is chosen. */
  page: string;
  /** The query the provider sent to the app's redirect page. */
  callback: URLSearchParams;
}

export async function throughDevProvider(
  app: FastifyInstance,
  verificationUrl: string,
  choice: { identity: string } | { cancel: true } = { identity: 'mitid-test-anna' },
  headers: Record<string, string> = {},
  /** Where the provider sends the browser back: the verification page, or /login/social/callback for social sign-in. */
  callbackPath = '/app/redirects/verification-complete-redirect',
): Promise<ProviderVisit> {
  const jar = new CookieJar();
  const request = async (options: InjectOptions) => {
    const response = await app.inject({ ...options, headers: { host: HOST, cookie: jar.header(), ...headers, ...options.headers } });
    jar.take(response);
    return response;
  };
  const start = await request({ method: 'GET', url: pathOf(verificationUrl) });
  expect(start.statusCode, start.body).toBe(303);
  const interaction = pathOf(String(start.headers.location));
  expect(interaction).toMatch(/^\/dev-idp\/interaction\/[\w-]+$/);
  const page = await request({ method: 'GET', url: interaction });
  expect(page.statusCode, page.body).toBe(200);
  const submitted =
    'cancel' in choice
      ? await request({
          method: 'POST',
          url: `${interaction}/abort`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        })
      : await request({
          method: 'POST',
          url: `${interaction}/login`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ identity: choice.identity }).toString(),
        });
  expect(submitted.statusCode, submitted.body).toBe(303);
  let location = String(submitted.headers.location);
  // The provider resumes the authorisation, then sends the browser back to the app.
  for (let hops = 0; hops < 5 && pathOf(location).startsWith('/dev-idp/'); hops += 1) {
    const next = await request({ method: 'GET', url: pathOf(location) });
    expect([302, 303], next.body).toContain(next.statusCode);
    location = String(next.headers.location);
  }
  const back = new URL(location, `http://${HOST}`);
  expect(back.origin + back.pathname).toBe(`http://${HOST}${callbackPath}`);
  return { page: page.body, callback: back.searchParams };
}

export interface Started {
  verification_url: string;
  session_id: string;
}

export async function startVerification(app: FastifyInstance, token: string, body: Record<string, unknown>): Promise<Started> {
  const response = await app.inject(
    authed(token, {
      method: 'POST',
      url: '/api/identities/verifications/',
      payload: { success_url: '/app/settings', failure_url: '/app/settings', ...body },
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function complete(app: FastifyInstance, token: string, body: Record<string, unknown>, language = 'en') {
  return app.inject(
    authed(token, {
      method: 'POST',
      url: '/api/identities/verifications/complete/',
      headers: { 'accept-language': language },
      payload: body,
    }),
  );
}

/** The callback's parameters as the redirect page sends them, with the session id from the start. */
export function callbackBody(callback: URLSearchParams, sessionId?: string): Record<string, string> {
  const body: Record<string, string> = {};
  for (const key of ['code', 'state', 'iss']) {
    const value = callback.get(key);
    if (value) body[key] = value;
  }
  if (sessionId) body.session_id = sessionId;
  return body;
}

/** Verifies (or approves) through the provider as `identity`; answers the complete call's JSON. */
export async function verifyThroughProvider(
  app: FastifyInstance,
  token: string,
  identity: string,
  start: Record<string, unknown> = { verification_session_type: 'verify' },
) {
  const started = await startVerification(app, token, start);
  const { callback } = await throughDevProvider(app, started.verification_url, { identity });
  const response = await complete(app, token, callbackBody(callback, started.session_id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    authentication_token: string;
    session_id: string;
    session_task_result: {
      status: string;
      act: string | null;
      subject_id?: string;
      approval_id: string | null;
      success_url: string | null;
    };
  };
}

/** An approval of `act` by the user, given through the provider as `identity` (which also verifies an unverified user). */
export async function approveThroughProvider(
  app: FastifyInstance,
  token: string,
  identity: string,
  act = 'delete_account',
  /** The subject of an act bound to one (delete_bike: the bike's id). */
  subjectId?: string,
): Promise<string> {
  const answer = await verifyThroughProvider(app, token, identity, {
    verification_session_type: 'approve',
    act,
    ...(subjectId ? { subject_id: subjectId } : {}),
  });
  const id = answer.session_task_result.approval_id;
  if (!id) throw new Error('no approval id');
  return id;
}

export interface SocialTrip {
  flow: string;
  page: string;
  callback: URLSearchParams;
}

/** Starts social sign-in (or sign-up) with the development provider and picks `identity` (or cancels) on its page. */
export async function throughSocialProvider(
  app: FastifyInstance,
  identity: string | { cancel: true },
  start: Record<string, unknown> = { intent: 'login' },
  headers: Record<string, string> = {},
): Promise<SocialTrip> {
  const started = await app.inject({ method: 'POST', url: '/api/identities/social/dev/start', headers, payload: start });
  expect(started.statusCode, started.body).toBe(200);
  const { authorization_url, flow } = started.json() as { authorization_url: string; flow: string };
  const choice = typeof identity === 'string' ? { identity } : identity;
  const { page, callback } = await throughDevProvider(app, authorization_url, choice, headers, '/login/social/callback');
  return { flow, page, callback };
}

/** The body the callback page posts: the provider's code, state and iss, and the flow. */
export function socialBody(trip: SocialTrip, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...callbackBody(trip.callback), flow: trip.flow, ...extra };
}
