import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatMoment, localeOf, numberFormat } from './intl';

describe('intl', () => {
  it('maps our languages to their locales, Danish when unknown', () => {
    expect([localeOf('da'), localeOf('en'), localeOf('no'), localeOf(undefined), localeOf('xx')]).toEqual([
      'da-DK',
      'en-GB',
      'nb-NO',
      'da-DK',
      'da-DK',
    ]);
  });

  it('keeps one formatter per language and options', () => {
    expect(dateTimeFormat('en', { dateStyle: 'long' })).toBe(dateTimeFormat('en', { dateStyle: 'long' }));
    expect(dateTimeFormat('en', { dateStyle: 'long' })).not.toBe(dateTimeFormat('da', { dateStyle: 'long' }));
    expect(numberFormat('no', { maximumFractionDigits: 0 })).toBe(numberFormat('no', { maximumFractionDigits: 0 }));
  });

  it('formats a moment in the language, and nothing for what is not a date', () => {
    expect(formatMoment('2026-03-05T12:00:00Z', 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 March 2026');
    expect(formatMoment('2026-03-05T12:00:00Z', 'da', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5. marts 2026');
    expect(formatMoment('not a date', 'en', { dateStyle: 'long' })).toBeNull();
    expect(formatMoment(null, 'en', { dateStyle: 'long' })).toBeNull();
  });
});
