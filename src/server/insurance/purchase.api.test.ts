import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { isoToday } from '../../domain/insurance-purchase.js';
import { api } from '../bikes/bike-test-factory.js';
import { insurancePolicies, insurancePurchases, outbox } from '../db/schema.js';
import { decryptField } from '../shared/secrets.js';
import { makeOrganisation } from '../theft/theft-test-factory.js';

// The Danish insurance sign-up (§2 /forsikrings-indtegning, §3 Insurance purchase): the server prices every
// basket, stores the order with the CPR number sealed (never answered in full), makes a signed-in buyer's
// policy with the register's partner insurer, and mails the order confirmation.

let t: TestApp;
let buyer: SignedUpUser;

const today = isoToday();
const bike = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  bikePrice: 15000,
  bikeType: 'racer',
  bikeIsElectric: false,
  bikePurchaseDate: today,
  coverage: 'basic',
  ...over,
});
const checkout = (over: Record<string, unknown> = {}) => ({
  name: 'Anna Jensen',
  email: 'anna.jensen@example.dk',
  social_number: '010190-1234',
  address: 'Nørregade 1',
  zip_code: '8000',
  city: 'Aarhus C',
  floor: '2',
  side: 'tv',
  door: '',
  mobile: '+45 12345678',
  other_phone: '',
  bank_register: '1234',
  bank_account: '0012345678',
  accept_terms: true,
  ...over,
});

const quote = (items: unknown) => api(t.app, null, 'POST', '/api/insurance/purchases/quote', { items });
const purchase = (token: string | null, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(t.app, token, 'POST', '/api/insurance/purchases/', { items: [bike()], checkout: checkout(), ...body }, headers);

/** The first field error of a 422: where and which code. */
function fieldError(res: { statusCode: number; body: string; json(): { detail: { loc: unknown[]; type: string }[] } }) {
  expect(res.statusCode, res.body).toBe(422);
  const [first] = res.json().detail;
  return { loc: first?.loc, type: first?.type };
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  buyer = await signUpUser(t.app);
});
afterAll(() => t.close());

describe('POST /api/insurance/purchases/quote', () => {
  it('prices each bike by the rule and adds the duty, no VAT', async () => {
    const a = bike({ bikePrice: 10000, bikeType: 'city' });
    const b = bike({ bikeIsElectric: true, coverage: 'plus' });
    const res = await quote([a, b]);
    expect(res.statusCode, res.body).toBe(200);
    // 10 000 kr. × 4 % = 400 kr.; 15 000 kr. × (6 + 1 + 1) % = 1 200 kr.; duty 1.1 % of 1 600 kr. = 17.60 kr.
    expect(res.json()).toEqual({
      items: [
        { id: a.id, insured_value_ore: 1_000_000, rate_basis_points: 400, premium_ore: 40_000 },
        { id: b.id, insured_value_ore: 1_500_000, rate_basis_points: 800, premium_ore: 120_000 },
      ],
      premium_ore: 160_000,
      duty_ore: 1_760,
      total_ore: 161_760,
    });
  });

  it.each([
    [{ bikePrice: 0 }, 'bikePrice', 'insurance_bike_price_invalid'],
    [{ bikePrice: 1.5 }, 'bikePrice', 'insurance_bike_price_invalid'],
    [{ bikePrice: '15000' }, 'bikePrice', 'insurance_bike_price_invalid'],
    [{ bikePrice: 200_001 }, 'bikePrice', 'insurance_bike_price_invalid'],
    [{ bikeType: 'spaceship' }, 'bikeType', 'field_invalid'],
    [{ bikeIsElectric: 'yes' }, 'bikeIsElectric', 'field_invalid'],
    [{ bikePurchaseDate: '2999-01-01' }, 'bikePurchaseDate', 'purchase_date_future'],
    [{ bikePurchaseDate: 'yesterday' }, 'bikePurchaseDate', 'field_invalid'],
    [{ coverage: 'gold' }, 'coverage', 'field_invalid'],
    [{ id: 'item-1' }, 'id', 'field_invalid'],
  ])('refuses the item %j with 422 on its field', async (over, field, code) => {
    expect(fieldError(await quote([bike(over)]))).toEqual({ loc: ['body', 'items', '0', field], type: code });
  });

  it('refuses an empty basket, one of more than 10, two items with one id, and no basket', async () => {
    expect(fieldError(await quote([]))).toMatchObject({ type: 'insurance_basket_empty' });
    expect(fieldError(await quote(Array.from({ length: 11 }, () => bike())))).toMatchObject({ type: 'too_long' });
    const twin = bike();
    expect(fieldError(await quote([twin, { ...twin }]))).toMatchObject({ type: 'field_invalid' });
    expect(fieldError(await quote(undefined))).toMatchObject({ loc: ['body', 'items'], type: 'insurance_basket_empty' });
  });
});

describe('POST /api/insurance/purchases/', () => {
  let first: string;
  let second: string;

  it('has no insurer to sell for while the register has none', async () => {
    expect(fieldError(await purchase(null, {}))).toEqual({ loc: ['body', 'insurer_party_id'], type: 'insurer_not_found' });
  });

  describe('with insurers in the register', () => {
    beforeAll(async () => {
      first = await makeOrganisation(t, 'Første Forsikring');
      second = await makeOrganisation(t, 'Anden Forsikring');
    });

    it('takes a visitor’s order: no policy, the CPR number sealed and only masked in the answer, the confirmation mailed', async () => {
      const items = [bike({ bikePrice: 8000, bikeType: 'city' }), bike({ bikeType: 'cargo', bikeIsElectric: true, coverage: 'plus' })];
      const res = await purchase(null, { items }, { 'accept-language': 'da' });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json();
      expect(answer).toMatchObject({
        // The first insurance company of the register, though another sorts before it by name.
        insurer: { party_id: first, name: 'Første Forsikring' },
        items,
        name: 'Anna Jensen',
        email: 'anna.jensen@example.dk',
        social_number_masked: '010190-••••',
        policy: null,
        // 8 000 kr. × 4 % = 320 kr.; 15 000 kr. × 8 % = 1 200 kr.; duty 16.72 kr.
        quote: { premium_ore: 152_000, duty_ore: 1_672, total_ore: 153_672 },
      });
      expect(res.body).not.toContain('0101901234');
      expect(res.body).not.toContain('1234"');

      const [row] = await t.database.db.select().from(insurancePurchases).where(eq(insurancePurchases.id, answer.id));
      expect(row).toMatchObject({ partyId: null, insurerPartyId: first, premiumOre: 153_672, policyId: null });
      expect(row?.cprEncrypted).not.toContain('0101901234');
      expect(decryptField(t.config.dataKey, row?.cprEncrypted ?? '')).toBe('0101901234');
      expect(JSON.stringify(row?.checkout)).not.toContain('0101901234');
      expect(row?.basket).toEqual([
        { ...items[0], premiumOre: 32_000 },
        { ...items[1], premiumOre: 120_000 },
      ]);

      const [mail] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, 'anna.jensen@example.dk'))
        .orderBy(desc(outbox.createdAt));
      expect(mail?.subject).toBe('Din bestilling af cykelforsikring hos Første Forsikring');
      // Intl writes a no-break space before "kr.".
      const text = mail?.text.replaceAll('\u00a0', ' ');
      expect(text).toContain('Ladcykel (el), 15.000,00 kr., købt ');
      expect(text).toContain('tyveri og skade: 1.200,00 kr. om året');
      expect(text).toContain('1.536,72 kr. om året');
      expect(text).not.toContain('0101901234');
    });

    it('makes a signed-in buyer an active policy with the insurer a link named', async () => {
      const res = await purchase(buyer.token, { insurer_party_id: second, items: [bike(), bike({ coverage: 'plus' })] });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json();
      expect(answer.insurer).toEqual({ party_id: second, name: 'Anden Forsikring' });
      expect(answer.policy).toEqual({ id: expect.any(String), insurer_policy_id: expect.stringMatching(/^DK-[A-Z2-9]{10}$/) });
      const [policy] = await t.database.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, answer.policy.id));
      expect(policy).toMatchObject({
        insurerPartyId: second,
        holderPartyId: buyer.partyId,
        type: 'bike',
        coverage: 'basic, plus',
        numberOfBikes: 2,
        status: 'active',
        source: 'purchase',
      });
      const [row] = await t.database.db.select().from(insurancePurchases).where(eq(insurancePurchases.id, answer.id));
      expect(row).toMatchObject({ partyId: buyer.partyId, policyId: policy?.id });
      const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.partyId, buyer.partyId)).orderBy(desc(outbox.createdAt));
      // The buyer's account language (da).
      expect(mail?.text).toContain(answer.policy.insurer_policy_id);
    });

    it('refuses an insurer that is not an insurance company of the register', async () => {
      const business = await makeOrganisation(t, 'Cykelbutik ApS', 'business');
      for (const named of [business, randomUUID(), 'not-an-id']) {
        expect(fieldError(await purchase(null, { insurer_party_id: named }))).toEqual({
          loc: ['body', 'insurer_party_id'],
          type: 'insurer_not_found',
        });
      }
    });

    it.each([
      ['name', '', 'field_required'],
      ['email', 'anna@', 'email_invalid'],
      ['social_number', '010190-123', 'cpr_invalid'],
      ['social_number', '320190-1234', 'cpr_invalid'],
      ['social_number', '010190 12345', 'cpr_invalid'],
      ['address', '', 'field_required'],
      ['zip_code', '800', 'zip_invalid'],
      ['city', '', 'field_required'],
      ['floor', 'x'.repeat(21), 'too_long'],
      ['side', 'x'.repeat(21), 'too_long'],
      ['door', 'x'.repeat(21), 'too_long'],
      ['mobile', '123', 'phone_invalid'],
      ['other_phone', 'call me', 'phone_invalid'],
      ['bank_register', '12345', 'bank_register_invalid'],
      ['bank_account', '12345678901', 'bank_account_invalid'],
      ['bank_account', '12-34', 'bank_account_invalid'],
      ['accept_terms', false, 'terms_required'],
    ])('refuses the checkout’s %s %j with 422 %s, storing nothing', async (field, value, code) => {
      const before = await t.database.db.$count(insurancePurchases);
      const res = await purchase(null, { checkout: checkout({ [field]: value }) });
      expect(fieldError(res)).toEqual({ loc: ['body', 'checkout', field], type: code });
      expect(await t.database.db.$count(insurancePurchases)).toBe(before);
    });

    it('refuses a missing checkout field and a bad basket', async () => {
      for (const field of ['name', 'email', 'social_number', 'address', 'zip_code', 'city', 'mobile', 'bank_register', 'bank_account']) {
        const { [field]: _, ...without } = checkout() as Record<string, unknown>;
        expect(fieldError(await purchase(null, { checkout: without }))).toEqual({
          loc: ['body', 'checkout', field],
          type: 'field_required',
        });
      }
      expect(fieldError(await purchase(null, { checkout: undefined }))).toMatchObject({ loc: ['body', 'checkout'] });
      expect(fieldError(await purchase(null, { items: [] }))).toMatchObject({ type: 'insurance_basket_empty' });
      expect(fieldError(await purchase(null, { items: [bike({ bikePrice: -1 })] }))).toMatchObject({
        loc: ['body', 'items', '0', 'bikePrice'],
      });
    });
  });
});
