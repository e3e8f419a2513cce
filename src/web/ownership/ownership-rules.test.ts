import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '../../domain/ownership';
import { canStillConfirm } from './transfer-confirm';
import { transferPayloadOf } from './transfer-form-schema';

// The transfer pages' own rules: prices as people type them, and when a party may still confirm with national ID.

beforeAll(() => i18n.init({ lng: 'da', defaultNS: 'common', resources: { da: { common: {} }, en: { common: {} } } }));

describe('the transfer form', () => {
  const payload = (price_dkk: string) =>
    transferPayloadOf({ email: 'a@b.dk', hand_over_pictures: false, hand_over_documents: false, price_dkk });

  it('reads the price as typed in Danish: a dot or a space groups thousands', async () => {
    await i18n.changeLanguage('da');
    expect(payload('4.500').price_dkk).toBe(4500);
    expect(payload('4 500').price_dkk).toBe(4500);
    expect(payload('1.250.000').price_dkk).toBe(1250000);
    expect(payload('').price_dkk).toBeNull();
  });

  it('reads the price as typed in English: a comma groups thousands', async () => {
    await i18n.changeLanguage('en');
    expect(payload('4,500').price_dkk).toBe(4500);
    expect(payload('4500').price_dkk).toBe(4500);
  });

  it('leaves what is no number as typed, for the schema to refuse on the field', async () => {
    await i18n.changeLanguage('da');
    expect(payload('abc').price_dkk).toBe('abc');
    expect(payload('45.00').price_dkk).toBe('45.00');
  });

  it('makes the payload of the form, checkboxes as booleans', () => {
    expect(transferPayloadOf({ email: 'a@b.dk', hand_over_pictures: true, hand_over_documents: false, price_dkk: '' })).toEqual({
      email: 'a@b.dk',
      hand_over_pictures: true,
      hand_over_documents: false,
      price_dkk: null,
    });
  });
});

const base: Transfer = {
  id: 't-1',
  bike_id: 'b-1',
  status: 'pending',
  my_side: 'seller',
  to_email: 'buyer@example.com',
  seller_first_name: null,
  bike: {
    id: 'b-1',
    brand_id: null,
    brand_name: null,
    model: null,
    color_id: null,
    category_id: null,
    type_id: null,
    is_electric: false,
    production_year: null,
    reported_stolen: false,
    picture_url: null,
    thumbnail_url: null,
    frame_number: null,
    bikekey_id: null,
  },
  hand_over_pictures: false,
  hand_over_documents: false,
  price_dkk: null,
  seller_confirmed_at: null,
  buyer_confirmed_at: null,
  has_bill_of_sale: false,
  request_chat_id: null,
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-11-15T10:00:00.000Z',
  decided_at: null,
};
const day = 24 * 3600 * 1000;
const accepted = Date.parse('2026-11-02T10:00:00.000Z');

describe('canStillConfirm', () => {
  it('lets either side confirm a pending transfer once', () => {
    expect(canStillConfirm(base)).toBe(true);
    expect(canStillConfirm({ ...base, seller_confirmed_at: '2026-11-01T11:00:00.000Z' })).toBe(false);
    expect(canStillConfirm({ ...base, my_side: 'buyer', seller_confirmed_at: '2026-11-01T11:00:00.000Z' })).toBe(true);
  });

  it('allows it for 30 days after the bike was taken over, and never for a transfer that ended otherwise', () => {
    const taken = { ...base, status: 'accepted' as const, decided_at: new Date(accepted).toISOString() };
    expect(canStillConfirm(taken, accepted + 29 * day)).toBe(true);
    expect(canStillConfirm(taken, accepted + 31 * day)).toBe(false);
    for (const status of ['declined', 'cancelled', 'expired'] as const) {
      expect(canStillConfirm({ ...base, status, decided_at: new Date(accepted).toISOString() }, accepted)).toBe(false);
    }
  });
});
