import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber, registered } from '../bikes/bike-test-factory.js';

// §1, §5, §7 NAF calls: a person records their membership number, sees member prices, and claims the membership's
// one extra bike registration.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const naf = (token: string | null) => api(t.app, token, 'GET', '/api/webshop/naf/');
const register = (token: string | null, member_number: unknown) => api(t.app, token, 'POST', '/api/webshop/naf/', { member_number });
const claim = (token: string | null) => api(t.app, token, 'POST', '/api/webshop/naf/extra-bike-registration');
const applyDiscount = (token: string | null, id: string) =>
  api(t.app, token, 'POST', `/api/webshop/naf/apply-member-discount/${encodeURIComponent(id)}`);

async function asOrganisation(token: string): Promise<string> {
  const res = await api(t.app, token, 'POST', '/api/organisations/', { name: 'Cykler ApS' });
  return res.json().authentication_token;
}

describe('GET and POST /api/webshop/naf/', () => {
  it('no membership at first; a recorded number answers with the discount and the extra registration', async () => {
    const user = await signUpUser(t.app);
    expect((await naf(user.token)).json()).toEqual({ member_number: null, discount_percent: 20, extra_registration_available: false });
    const res = await register(user.token, ' ab12345 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ member_number: 'AB12345', discount_percent: 20, extra_registration_available: true });
    expect((await naf(user.token)).json()).toEqual(res.json());
    // A new number replaces the old one.
    expect((await register(user.token, '7654321')).json().member_number).toBe('7654321');
  });

  it('refuses a number of the wrong form with "Invalid NAF number" on member_number', async () => {
    const user = await signUpUser(t.app);
    for (const value of ['12345', '123456789', '12 3456', '', 42, null]) {
      const res = await register(user.token, value);
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'member_number'], msg: 'Invalid NAF number', type: 'naf_number_invalid' });
    }
    expect((await naf(user.token)).json().member_number).toBeNull();
  });

  it('is a person’s: refused while acting as an organisation; needs a login', async () => {
    const user = await signUpUser(t.app);
    const org = await asOrganisation(user.token);
    const res = await register(org, '1234567');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'person_required' });
    expect((await naf(org)).json().member_number).toBeNull();
    expect((await register(null, '1234567')).statusCode).toBe(401);
    expect((await naf(null)).statusCode).toBe(401);
  });
});

describe('POST /api/webshop/naf/extra-bike-registration', () => {
  it('gives a member one credit, once, which registers a bike', async () => {
    const user = await signUpUser(t.app);
    await register(user.token, 'NAF1001');
    const res = await claim(user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ credits_added: 1, overview: { credits: 1, active: true } });
    expect((await naf(user.token)).json().extra_registration_available).toBe(false);
    const again = await claim(user.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'naf_extra_registration_claimed' });
    // Changing the number does not give another.
    await register(user.token, 'NAF1002');
    expect((await claim(user.token)).statusCode).toBe(409);
    await registered(t, user.token, { frame_number: frameNumber() });
  });

  it('two claims at once give one credit', async () => {
    const user = await signUpUser(t.app);
    await register(user.token, 'NAF2001');
    const results = await Promise.all([claim(user.token), claim(user.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await api(t.app, user.token, 'GET', '/api/webshop/bike-ownership-credits/overview')).json().credits).toBe(1);
  });

  it('once per number: another account with the same number gets none', async () => {
    const [a, b] = [await signUpUser(t.app), await signUpUser(t.app)];
    await register(a.token, 'NAF3001');
    await register(b.token, 'naf3001');
    expect((await claim(a.token)).statusCode).toBe(200);
    expect((await claim(b.token)).statusCode).toBe(409);
  });

  it('404 without a membership, 403 as an organisation, 401 without a login', async () => {
    const user = await signUpUser(t.app);
    const res = await claim(user.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'naf_membership_not_found' });
    expect((await claim(await asOrganisation(user.token))).statusCode).toBe(403);
    expect((await claim(null)).statusCode).toBe(401);
  });
});

describe('POST /api/webshop/naf/apply-member-discount/{naf_member_id}', () => {
  it('records the membership and answers the products at member prices', async () => {
    const user = await signUpUser(t.app);
    const res = await applyDiscount(user.token, 'NAF4001');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ member_number: 'NAF4001', discount_percent: 20 });
    const single = body.products.find((p: { code: string }) => p.code === 'subscription_single');
    expect(single).toMatchObject({ price: { unit_amount_ore: 9900 }, member_price: { unit_amount_ore: 7900, discount_percent: 20 } });
    expect(body.products.find((p: { code: string }) => p.code === 'extra_plate').member_price).toBeNull();
    expect((await naf(user.token)).json().member_number).toBe('NAF4001');
  });

  it('422 naf_number_invalid for a number of the wrong form; 403 as an organisation', async () => {
    const user = await signUpUser(t.app);
    const res = await applyDiscount(user.token, '12-34');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ type: 'naf_number_invalid', msg: 'Invalid NAF number' });
    expect((await applyDiscount(await asOrganisation(user.token), '1234567')).statusCode).toBe(403);
  });
});
