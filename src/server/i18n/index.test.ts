import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorStatus } from '../../domain/errors.js';
import { LANGUAGES } from '../../domain/locale.js';
import daErrors from '../../i18n/da/errors.json' with { type: 'json' };
import { errorMessage, getFixedT, t } from './index.js';

// Every error code answers a real HTTP status and has its text in every language the server answers in;
// the errors catalog holds no text for a code that does not exist.
describe('error codes', () => {
  it.each(ERROR_CODES)('%s has a status and a text in da, en and no', (code) => {
    const status = errorStatus(code);
    expect(Number.isInteger(status) && status >= 200 && status <= 599).toBe(true);
    for (const language of LANGUAGES) {
      const text = errorMessage(code, language);
      expect(text.trim(), `${language} ${code}`).not.toBe('');
      expect(text).not.toBe(code);
    }
  });

  it('the errors catalog has no text without a code', () => {
    expect(Object.keys(daErrors).filter((key) => !(ERROR_CODES as string[]).includes(key))).toEqual([]);
  });

  it('answers in the language asked for', () => {
    expect(errorMessage('not_found', 'da')).toBe('Findes ikke');
    expect(errorMessage('not_found', 'en')).toBe('Not found');
    expect(errorMessage('not_found', 'no')).toBe('Finnes ikke');
    expect(t('en', 'errors:not_found')).toBe('Not found');
    expect(getFixedT('no', 'errors')('not_found')).toBe('Finnes ikke');
  });

  it('says "Invalid NAF number" in the spec\'s words (§5)', () => {
    expect(errorMessage('naf_number_invalid', 'en')).toBe('Invalid NAF number');
    expect(errorMessage('naf_number_invalid', 'da')).toBe('Ugyldigt NAF-nummer');
    expect(errorMessage('naf_number_invalid', 'no')).toBe('Ugyldig NAF-nummer');
  });
});
