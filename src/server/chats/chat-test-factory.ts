import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SignedUpUser, TestApp } from '../../../tests/support/test-app.js';
import { signUpUser } from '../../../tests/support/test-app.js';
import type { ChatMessage, ChatSummary } from '../../domain/chats.js';
import { api } from '../bikes/bike-test-factory.js';
import { identities } from '../db/schema.js';
import { insertBike } from '../pictures/test-factory.js';

// Helpers of the chat API tests: people with a name and phone (so a leak would show), bikes inserted
// directly, and the chat calls that must succeed.

/** A signed-up person with a first and last name and phones, all of which must stay hidden from the other side. */
export async function person(t: TestApp, first: string): Promise<SignedUpUser & { first: string; last: string; mobile: string }> {
  const user = await signUpUser(t.app);
  const last = `${first}sen`;
  const mobile = `+45 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '2')}`;
  await t.database.db
    .update(identities)
    .set({ firstName: first, lastName: last, mobile, phone: '+45 70000000', city: 'Aarhus' })
    .where(eq(identities.partyId, user.partyId));
  return { ...user, first, last, mobile };
}

/** A registered bike (searchable unless told otherwise) of `ownerPartyId`. */
export async function bikeOf(t: TestApp, ownerPartyId: string, overrides: Parameters<typeof insertBike>[2] = {}): Promise<string> {
  return (await insertBike(t.database.db, ownerPartyId, { brandName: 'Kildemoes', model: 'Logic', ...overrides })).bikeId;
}

export async function startChat(
  t: TestApp,
  token: string,
  bikeId: string,
  content = 'Hej, jeg har fundet din cykel',
  extra: Record<string, unknown> = {},
) {
  const res = await api(t.app, token, 'POST', '/api/chats/', { subject_id: bikeId, content, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatSummary;
}

export async function send(t: TestApp, token: string, chatId: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await api(t.app, token, 'POST', `/api/chats/${chatId}/messages`, { content, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage;
}

export async function inbox(t: TestApp, token: string, q?: string) {
  const res = await api(t.app, token, 'GET', q === undefined ? '/api/chats/' : `/api/chats/?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatSummary[];
}

export async function messages(t: TestApp, token: string, chatId: string, query = '') {
  const res = await api(t.app, token, 'GET', `/api/chats/${chatId}/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatMessage[];
}
