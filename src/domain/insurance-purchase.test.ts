import { describe, expect, it } from 'vitest';
import {
  autofilledBike,
  autofilledPrice,
  type BasketItem,
  checkoutSchema,
  fullYearsBetween,
  hasAutofill,
  priceItem,
  quoteBasket,
} from './insurance-purchase.js';

const TODAY = '2026-05-10';
const params = (query: string) => {
  const search = new URLSearchParams(query);
  return (name: string) => search.get(name);
};
const item = (over: Partial<BasketItem> = {}): BasketItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  bikePrice: 10000,
  bikeType: 'city',
  bikeIsElectric: false,
  bikePurchaseDate: TODAY,
  coverage: 'basic',
  ...over,
});

describe('autofill (§3, §5, §9)', () => {
  it('gives the §9 default bike when the link names none', () => {
    expect(autofilledBike(params(''), TODAY)).toEqual({
      bikePrice: 15000,
      bikeType: 'racer',
      bikeIsElectric: false,
      bikePurchaseDate: TODAY,
    });
    expect(hasAutofill(params(''))).toBe(false);
  });

  it('takes every usable value from the link', () => {
    const get = params('bikePrice=8999&bikeType=cargo&bikeIsElectric=true&bikePurchaseDate=2024-03-01');
    expect(hasAutofill(get)).toBe(true);
    expect(autofilledBike(get, TODAY)).toEqual({
      bikePrice: 8999,
      bikeType: 'cargo',
      bikeIsElectric: true,
      bikePurchaseDate: '2024-03-01',
    });
  });

  it.each([['0'], ['-5'], ['abc'], [''], ['NaN'], ['Infinity'], ['200001']])(
    'ignores the price %j (a non-zero number within the limit only)',
    (price) => {
      expect(autofilledPrice(price)).toBeNull();
      expect(autofilledBike(params(`bikePrice=${price}`), TODAY).bikePrice).toBe(15000);
    },
  );

  it('rounds a price with øre to whole kroner', () => {
    expect(autofilledPrice('12499.6')).toBe(12500);
    expect(autofilledPrice(' 500 ')).toBe(500);
  });

  it('ignores an unknown type, a word that is no yes or no, and a date that is not a past date', () => {
    const get = params('bikeType=spaceship&bikeIsElectric=maybe&bikePurchaseDate=2099-01-01');
    expect(autofilledBike(get, TODAY)).toMatchObject({ bikeType: 'racer', bikeIsElectric: false, bikePurchaseDate: TODAY });
    expect(autofilledBike(params('bikePurchaseDate=2024-02-30'), TODAY).bikePurchaseDate).toBe(TODAY);
    expect(autofilledBike(params('bikeIsElectric=1'), TODAY).bikeIsElectric).toBe(true);
    expect(autofilledBike(params('bikeIsElectric=no'), TODAY).bikeIsElectric).toBe(false);
  });
});

describe('the premium rule', () => {
  it('counts full years only', () => {
    expect(fullYearsBetween('2025-05-10', TODAY)).toBe(1);
    expect(fullYearsBetween('2025-05-11', TODAY)).toBe(0);
    expect(fullYearsBetween('2020-01-01', TODAY)).toBe(6);
    expect(fullYearsBetween('2027-01-01', TODAY)).toBe(0);
  });

  it('is 4 % of a new city bike a year for theft, 6 % with damage', () => {
    expect(priceItem(item(), TODAY)).toEqual({ id: item().id, insured_value_ore: 1_000_000, rate_basis_points: 400, premium_ore: 40_000 });
    expect(priceItem(item({ coverage: 'plus' }), TODAY).premium_ore).toBe(60_000);
  });

  it('adds a point for an electric bike and one for the types thieves favour', () => {
    expect(priceItem(item({ bikeIsElectric: true }), TODAY).rate_basis_points).toBe(500);
    expect(priceItem(item({ bikeType: 'racer' }), TODAY).rate_basis_points).toBe(500);
    expect(priceItem(item({ bikeType: 'cargo', bikeIsElectric: true, coverage: 'plus' }), TODAY).premium_ore).toBe(80_000);
  });

  it('insures 10 % less for each full year since the purchase, at most 50 % less', () => {
    expect(priceItem(item({ bikePurchaseDate: '2024-05-10' }), TODAY).insured_value_ore).toBe(800_000);
    expect(priceItem(item({ bikePurchaseDate: '2010-01-01' }), TODAY).insured_value_ore).toBe(500_000);
  });

  it('is at least 300 kr. a bike, and rounds half up to the øre', () => {
    expect(priceItem(item({ bikePrice: 1000 }), TODAY).premium_ore).toBe(30_000);
    // 12 345 kr. × 5 % = 617.25 kr.
    expect(priceItem(item({ bikePrice: 12345, bikeType: 'road' }), TODAY).premium_ore).toBe(61_725);
    // 11 111 kr. × 0.9 × 6 % = 599.994 kr.
    expect(priceItem(item({ bikePrice: 11111, coverage: 'plus', bikePurchaseDate: '2025-01-01' }), TODAY).premium_ore).toBe(59_999);
  });

  it('adds up a basket with the 1.1 % duty and no VAT', () => {
    const quote = quoteBasket([item(), item({ id: '00000000-0000-4000-8000-000000000002', bikePrice: 15000, bikeType: 'racer' })], TODAY);
    expect(quote.items.map((i) => i.premium_ore)).toEqual([40_000, 75_000]);
    expect(quote).toMatchObject({ premium_ore: 115_000, duty_ore: 1_265, total_ore: 116_265 });
  });
});

describe('the checkout fields', () => {
  const valid = {
    name: 'Anna Jensen',
    email: 'Anna@Example.dk',
    social_number: '010190-1234',
    address: 'Nørregade 1',
    zip_code: '8000',
    city: 'Aarhus C',
    mobile: '+45 12345678',
    bank_register: '1234',
    bank_account: '0012345678',
    accept_terms: true,
  };
  const problems = (over: Record<string, unknown>) => {
    const result = checkoutSchema.safeParse({ ...valid, ...over });
    return result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
  };

  it('takes a complete checkout and keeps the CPR number as digits', () => {
    const result = checkoutSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ email: 'anna@example.dk', social_number: '0101901234' });
    expect(problems({ floor: '', side: '', door: '', other_phone: '' })).toEqual([]);
  });

  it('names each bad field with its code', () => {
    expect(problems({ social_number: '320190-1234' })).toEqual(['social_number:cpr_invalid']);
    expect(problems({ social_number: '010190 12345' })).toEqual(['social_number:cpr_invalid']);
    expect(problems({ bank_register: '123' })).toEqual(['bank_register:bank_register_invalid']);
    expect(problems({ bank_account: '12345678901' })).toEqual(['bank_account:bank_account_invalid']);
    expect(problems({ accept_terms: false })).toEqual(['accept_terms:terms_required']);
    expect(problems({ email: 'no-at' })).toEqual(['email:email_invalid']);
    expect(problems({ zip_code: '80' })).toEqual(['zip_code:zip_invalid']);
    expect(problems({ other_phone: '12' })).toEqual(['other_phone:phone_invalid']);
    expect(problems({ name: ' ' })).toEqual(['name:field_required']);
  });
});
