import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

// Logging in through the API, not the form (except in the tests of the form itself).

export const DEMO = {
  owner: { email: 'owner@demo.cykelregister.dk', password: 'demo-owner-2026' },
  staff: { email: 'staff@demo.cykelregister.dk', password: 'demo-staff-2026' },
  admin: { email: 'admin@demo.cykelregister.dk', password: 'demo-admin-2026' },
  insurer: { email: 'insurer@demo.cykelregister.dk', password: 'demo-insurer-2026' },
  /** Only the journey that switches languages logs in as them: a shared account's language would reach other journeys. */
  claimsHandler: { email: 'claims@demo.cykelregister.dk', password: 'demo-claims-2026' },
} as const;

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/identities/authentications', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { authentication_token: string }).authentication_token;
}

export interface SignedUp {
  email: string;
  password: string;
  token: string;
}

/** A new user made through the API; `overrides` change the signup payload. */
export async function apiSignUp(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const email = typeof overrides.email === 'string' ? overrides.email : uniqueEmail();
  const password = typeof overrides.password === 'string' ? overrides.password : 'e2e-password-1';
  const response = await request.post('/api/identities/', {
    data: { email, password, chosen_region: 'dk', chosen_language: 'da', ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password, token: ((await response.json()) as { authentication_token: string }).authentication_token };
}

/** A new user (signed up through the API, in `language`) whom the demo admin gives a backoffice role. */
export async function apiSignUpWithRole(
  request: APIRequestContext,
  role: 'staff' | 'revisor' | 'admin',
  language: 'da' | 'en' | 'no' = 'da',
): Promise<SignedUp & { partyId: string }> {
  const user = await apiSignUp(request, { chosen_language: language });
  const partyId = String(tokenClaims(user.token).identity_party_id);
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const changed = await request.put(`/api/backoffice/identities/${partyId}/role`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { role },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { ...user, partyId };
}

/** The session store as zustand persists it (app/session-store.ts). */
export function sessionJson(token: string | null, returnPath: string | null = null): string {
  return JSON.stringify({ state: { token, returnPath }, version: 1 });
}

/** Puts the token in the tab's session store before the app first loads; later loads keep whatever the app stored. */
export async function seedToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    try {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      localStorage.setItem('session', value);
      sessionStorage.setItem('e2e-session-seeded', '1');
    } catch {
      // about:blank has no storage; the first real page load seeds it.
    }
  }, sessionJson(token));
}

export async function loginAs(page: Page, request: APIRequestContext, email: string, password: string): Promise<string> {
  const token = await apiLogin(request, email, password);
  await seedToken(page, token);
  return token;
}

export interface StoredSession {
  token: string | null;
  returnPath: string | null;
}

export async function storedSession(page: Page): Promise<StoredSession> {
  const raw = await page.evaluate(() => localStorage.getItem('session'));
  if (!raw) return { token: null, returnPath: null };
  return (JSON.parse(raw) as { state: StoredSession }).state;
}

/** The claims of a token (unchecked: the server checks the signature). */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
