import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { events } from '../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function storedEvent(eventId: string) {
  const rows = await t.database.db.select().from(events).where(eq(events.eventId, eventId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('POST /api/actions/{category}/{action} (§7 events)', () => {
  it('stores a valid event without any token, as the beacon sends it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/actions/navigation/route-change?installed=false',
      headers: { 'content-type': 'application/json' },
      payload: { event_name: 'route-change', event_id: 'evt-valid-1', source_url: 'http://localhost:3000/login' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const row = await storedEvent('evt-valid-1');
    expect(row).toMatchObject({
      category: 'navigation',
      action: 'route-change',
      name: 'route-change',
      sourceUrl: 'http://localhost:3000/login',
      installed: false,
      data: null,
      partyId: null,
    });
  });

  it('keeps a web-vitals value and its data together', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/actions/web-vitals/CLS?installed=false',
      payload: { event_name: 'CLS', event_id: 'evt-cls-1', value: 120, data: { rating: 'needs-improvement' } },
    });
    expect(res.statusCode).toBe(202);
    expect((await storedEvent('evt-cls-1')).data).toEqual({ rating: 'needs-improvement', value: 120 });
  });

  it('records the installed flag, and false when it is left out', async () => {
    const installed = await t.app.inject({
      method: 'POST',
      url: '/api/actions/navigation/route-change?installed=true',
      payload: { event_id: 'evt-installed' },
    });
    expect(installed.statusCode).toBe(202);
    expect((await storedEvent('evt-installed')).installed).toBe(true);
    const unset = await t.app.inject({ method: 'POST', url: '/api/actions/navigation/route-change', payload: { event_id: 'evt-unset' } });
    expect(unset.statusCode).toBe(202);
    expect((await storedEvent('evt-unset')).installed).toBe(false);
  });

  it('refuses an installed flag that is neither true nor false', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/actions/navigation/route-change?installed=maybe', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['querystring', 'installed']);
  });

  it('refuses a bad category or action with a 422 naming the path parameter', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/actions/bad%20category!/route-change', payload: {} });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['params', 'category']);
    const long = await t.app.inject({ method: 'POST', url: `/api/actions/navigation/${'a'.repeat(65)}`, payload: {} });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0].loc).toEqual(['params', 'action']);
  });

  it('refuses a body field of the wrong type with a 422', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/actions/web-vitals/LCP', payload: { value: 'fast' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'value']);
  });

  it('refuses a body over 16 KB with a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/actions/navigation/route-change',
      payload: { event_id: 'evt-too-large', data: { note: 'x'.repeat(17 * 1024) } },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    const rows = await t.database.db.select().from(events).where(eq(events.eventId, 'evt-too-large'));
    expect(rows).toHaveLength(0);
  });

  it('links the event to the caller when a token is sent anyway', async () => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject(
      authed(user.token, {
        method: 'POST',
        url: '/api/actions/navigation/route-change?installed=false',
        headers: { 'x-session-id': 'tab-1' },
        payload: { event_id: 'evt-authed' },
      }),
    );
    expect(res.statusCode).toBe(202);
    expect(await storedEvent('evt-authed')).toMatchObject({ partyId: user.partyId, sessionId: 'tab-1' });
  });
});
