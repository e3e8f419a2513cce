import { describe, expect, it } from 'vitest';
import { authorisationOf, typedPlateId } from './backoffice-orders.js';

describe('authorisationOf', () => {
  const at = new Date('2026-03-01T12:00:00Z');
  it('counts the whole days left of the 7 an authorisation lasts', () => {
    expect(authorisationOf(at, new Date('2026-03-01T12:00:00Z'))).toEqual({
      lapses_at: '2026-03-08T12:00:00.000Z',
      days_left: 7,
      lapsed: false,
    });
    expect(authorisationOf(at, new Date('2026-03-07T13:00:00Z'))).toMatchObject({ days_left: 0, lapsed: false });
  });
  it('is lapsed from the moment the 7 days are over', () => {
    expect(authorisationOf(at, new Date('2026-03-08T12:00:00Z'))).toMatchObject({ days_left: 0, lapsed: true });
    expect(authorisationOf(at, new Date('2026-04-08T12:00:00Z'))).toMatchObject({ days_left: 0, lapsed: true });
  });
});

describe('typedPlateId', () => {
  it('takes a typed ID in its normal form, or the ID in a scanned sticker address', () => {
    expect(typedPlateId(' ab-cd 1234 ')).toBe('ABCD1234');
    expect(typedPlateId('https://cykelregister.dk/sticker-id/01/05790001234560/21/ACDE3467')).toBe('ACDE3467');
  });
});
