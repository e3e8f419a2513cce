import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isRegion,
  LANGUAGES,
  languageFromAcceptLanguage,
  normaliseLanguage,
  normaliseRegion,
  normaliseTheme,
  normaliseUiLanguage,
  THEMES,
  uiLanguageFromAcceptLanguage,
} from './locale.js';

describe('normaliseLanguage (§5: da, en or no, otherwise da)', () => {
  it.each(['da', 'en', 'no'])('keeps %s', (language) => {
    expect(normaliseLanguage(language)).toBe(language);
  });

  it.each([['is'], ['DA'], ['en-GB'], ['nb'], [''], [' da'], [null], [undefined], [42], [{}], [['da']]])('turns %j into da', (value) => {
    expect(normaliseLanguage(value)).toBe('da');
  });

  it('always answers a supported language', () => {
    fc.assert(fc.property(fc.anything(), (value) => LANGUAGES.includes(normaliseLanguage(value))));
  });
});

describe('normaliseTheme (§5: main, dcu or nafBrand, otherwise main)', () => {
  it.each(THEMES)('keeps %s', (theme) => {
    expect(normaliseTheme(theme)).toBe(theme);
  });
  it.each([['nafbrand'], ['DCU'], ['dark'], [''], [undefined], [3]])('turns %j into main', (value) => {
    expect(normaliseTheme(value)).toBe('main');
  });
});

describe('regions', () => {
  it('knows dk and no and defaults to dk', () => {
    expect(isRegion('dk')).toBe(true);
    expect(isRegion('no')).toBe(true);
    expect(isRegion('se')).toBe(false);
    expect(normaliseRegion('no')).toBe('no');
    expect(normaliseRegion('NO')).toBe('dk');
    expect(normaliseRegion(undefined)).toBe('dk');
  });
  it('isLanguage is exact', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('En')).toBe(false);
    expect(isLanguage('is')).toBe(false);
  });
});

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, 'da'],
    ['', 'da'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['da-DK,da;q=0.9,en;q=0.8', 'da'],
    ['no', 'no'],
    ['nb-NO,nb;q=0.9', 'no'],
    ['nn', 'no'],
    ['de-DE,de;q=0.9,en;q=0.5', 'en'],
    ['de,fr', 'da'],
    ['*', 'da'],
    // Quality decides, not order.
    ['en;q=0.3,no;q=0.8', 'no'],
    ['da;q=0.1, en', 'en'],
    ['EN-us', 'en'],
    // A bad quality counts as zero, and still beats nothing.
    ['en;q=abc', 'en'],
    ['fr;q=1,en;q=abc', 'en'],
    [';;;,,,', 'da'],
  ])('%j → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it('always answers a supported language and never throws', () => {
    fc.assert(fc.property(fc.string(), (header) => LANGUAGES.includes(languageFromAcceptLanguage(header))));
  });

  it('answers the default when no tag is supported', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('de', 'fr', 'sv', 'fi', 'pl', 'is'), { minLength: 1 }), (tags) => {
        expect(languageFromAcceptLanguage(tags.join(','))).toBe(DEFAULT_LANGUAGE);
      }),
    );
  });
});

describe('the page languages (Icelandic too, partial texts, §1)', () => {
  it('shows a page in Icelandic when asked, while §5 still reads is as da', () => {
    expect(normaliseUiLanguage('is')).toBe('is');
    expect(normaliseUiLanguage('no')).toBe('no');
    expect(normaliseUiLanguage('sv')).toBe('da');
    expect(normaliseUiLanguage(undefined)).toBe('da');
    expect(normaliseLanguage('is')).toBe('da');
  });

  it('takes Icelandic from the browser for the page, but never for an API answer', () => {
    expect(uiLanguageFromAcceptLanguage('is-IS,is;q=0.9,en;q=0.8')).toBe('is');
    expect(uiLanguageFromAcceptLanguage('nb-NO,is;q=0.5')).toBe('no');
    expect(uiLanguageFromAcceptLanguage(undefined)).toBe('da');
    expect(languageFromAcceptLanguage('is-IS,is;q=0.9')).toBe('da');
    expect(languageFromAcceptLanguage('is-IS,en;q=0.8')).toBe('en');
  });
});
