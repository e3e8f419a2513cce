import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import da from '../i18n/da/stolen-map.json';
import en from '../i18n/en/stolen-map.json';
import no from '../i18n/no/stolen-map.json';
import { formatDay } from './map-format';

async function tFor(language: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { da: { 'stolen-map': da }, en: { 'stolen-map': en }, no: { 'stolen-map': no } },
    defaultNS: 'stolen-map',
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, 'stolen-map');
}

describe('formatDay', () => {
  // Noon UTC: the same day in every time zone the tests may run in.
  const day = '2026-11-24T12:00:00.000Z';

  it('writes the day as Intl would, with the catalog’s month names', async () => {
    expect(formatDay(day, await tFor('en'))).toBe('24 November 2026');
    expect(formatDay(day, await tFor('da'))).toBe('24. november 2026');
    expect(formatDay('2026-03-02T12:00:00.000Z', await tFor('no'))).toBe('2. mars 2026');
    expect(formatDay(day, await tFor('en'))).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(day)));
    expect(formatDay(day, await tFor('da'))).toBe(new Intl.DateTimeFormat('da-DK', { dateStyle: 'long' }).format(new Date(day)));
  });

  it('gives back what is not a date', async () => {
    expect(formatDay('not a date', await tFor('en'))).toBe('not a date');
  });
});
