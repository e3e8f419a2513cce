import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { auditLog } from '../db/schema.js';

// Distributors (issue 15): the public search by postcode or city, and staff's audited upkeep.

let t: TestApp;
let staff: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpWithRole(t, 'staff');
  for (const d of [
    shop('Testcykler Tromsø', '9008', 'Tromsø', 'no'),
    shop('Testcykler Aarhus C', '8000', 'Aarhus C', 'dk'),
    shop('Testcykler Aarhus N', '8200', 'Aarhus N', 'dk'),
    shop('Testcykler København', '2200', 'København N', 'dk'),
  ]) {
    expect((await t.app.inject(authed(staff.token, { method: 'POST', url: '/api/backoffice/distributors', payload: d }))).statusCode).toBe(
      201,
    );
  }
});
afterAll(() => t.close());

function shop(name: string, postcode: string, city: string, region: 'dk' | 'no') {
  return { name, street: 'Storgata 1', postcode, city, region, latitude: 60, longitude: 10, phone: '', website: '', offers: ['plates'] };
}
const find = (query: string) => t.app.inject({ method: 'GET', url: `/api/distributors?${query}` });
const names = async (query: string) => ((await find(query)).json().items as { name: string }[]).map((d) => d.name);

describe('GET /api/distributors', () => {
  it('finds by the start of a postcode, and by a city whatever its case and diacritics', async () => {
    expect(await names('q=82')).toEqual(['Testcykler Aarhus N']);
    expect(await names('q=8')).toEqual(['Testcykler Aarhus C', 'Testcykler Aarhus N']);
    expect(await names('q=TROMSO')).toEqual(['Testcykler Tromsø']);
    expect(await names('q=tromsø')).toEqual(['Testcykler Tromsø']);
    expect(await names(`q=${encodeURIComponent('kobenhavn')}`)).toEqual(['Testcykler København']);
    expect(await names(`q=${encodeURIComponent('KØBEN')}`)).toEqual(['Testcykler København']);
  });

  it('filters by region, pages, and answers an empty list for no match', async () => {
    const all = await find('');
    expect(all.json()).toMatchObject({ total: 4, offset: 0, page_size: 20 });
    expect(await names('region=no')).toEqual(['Testcykler Tromsø']);
    expect(await names('region=no&q=aarhus')).toEqual([]);
    expect((await find('q=%25')).json().items).toEqual([]);
    expect((await find('offset=3')).json().items).toHaveLength(1);
    expect((await find('region=se')).statusCode).toBe(422);
  });

  it('answers public fields only', async () => {
    const [first] = (await find('q=9008')).json().items;
    expect(Object.keys(first).sort()).toEqual(
      ['city', 'id', 'latitude', 'longitude', 'name', 'offers', 'phone', 'postcode', 'region', 'street', 'website'].sort(),
    );
    expect(first).toMatchObject({ phone: null, website: null, offers: ['plates'] });
  });
});

describe('staff keep the distributors', () => {
  it('add, change and remove one, each audited with before and after', async () => {
    const created = await t.app.inject(
      authed(staff.token, {
        method: 'POST',
        url: '/api/backoffice/distributors',
        payload: { ...shop('Ny Cykelbutik', '5000', 'Odense C', 'dk'), phone: '+45 12 34 56 78', website: 'https://example.dk' },
      }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const changed = await t.app.inject(
      authed(staff.token, {
        method: 'PUT',
        url: `/api/backoffice/distributors/${id}`,
        payload: { ...shop('Ny Cykelbutik Odense', '5000', 'Odense C', 'dk'), offers: ['plates', 'fitting'] },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Ny Cykelbutik Odense', offers: ['plates', 'fitting'], phone: null });
    expect(await names('q=5000')).toEqual(['Ny Cykelbutik Odense']);

    expect((await t.app.inject(authed(staff.token, { method: 'DELETE', url: `/api/backoffice/distributors/${id}` }))).statusCode).toBe(204);
    expect(await names('q=5000')).toEqual([]);
    expect((await t.app.inject(authed(staff.token, { method: 'DELETE', url: `/api/backoffice/distributors/${id}` }))).statusCode).toBe(404);

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(entries.map((e) => e.action).sort()).toEqual(['distributor.create', 'distributor.delete', 'distributor.update']);
    const update = entries.find((e) => e.action === 'distributor.update');
    expect(update).toMatchObject({
      actorPartyId: staff.partyId,
      before: { name: 'Ny Cykelbutik' },
      after: { name: 'Ny Cykelbutik Odense' },
    });
  });

  it('refuses bad input field by field, in the caller’s language', async () => {
    const res = await t.app.inject(
      authed(staff.token, {
        method: 'POST',
        url: '/api/backoffice/distributors',
        headers: { 'accept-language': 'en' },
        payload: { ...shop('X', '12', 'Odense', 'dk'), latitude: 'north', offers: [] },
      }),
    );
    expect(res.statusCode).toBe(422);
    const fields = (res.json().detail as { loc: string[] }[]).map((d) => d.loc[1]);
    expect(fields).toEqual(expect.arrayContaining(['postcode']));
  });

  it('are for staff to change, and for nobody else', async () => {
    const revisor = await signUpWithRole(t, 'revisor');
    const user = await signUpUser(t.app);
    expect((await t.app.inject(authed(revisor.token, { method: 'GET', url: '/api/backoffice/distributors' }))).statusCode).toBe(200);
    for (const who of [revisor, user]) {
      const res = await t.app.inject(
        authed(who.token, { method: 'POST', url: '/api/backoffice/distributors', payload: shop('Nope', '1000', 'København K', 'dk') }),
      );
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/distributors' })).statusCode).toBe(401);
  });
});
