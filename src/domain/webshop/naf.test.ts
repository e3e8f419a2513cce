import { describe, expect, it } from 'vitest';
import { nafNumberProblem, nafNumberSchema } from './naf.js';

// §5: a NAF membership number has 6-8 characters, otherwise "Invalid NAF number".

describe('NAF membership number', () => {
  it('accepts 6 to 8 letters or digits, with spaces around them trimmed', () => {
    for (const value of ['123456', '1234567', '12345678', 'AB12CD', ' 1234567 ', 'naf12345']) {
      expect(nafNumberProblem(value), value).toBeNull();
      expect(nafNumberSchema.safeParse(value).success, value).toBe(true);
    }
    expect(nafNumberSchema.parse(' 1234567 ')).toBe('1234567');
  });

  it('refuses anything shorter or longer, other characters, and what is not a string', () => {
    for (const value of ['', '12345', '123456789', '      ', '1234 56', '12345-6', '12345\u00006', 'ÆØÅ123', 42, null, undefined]) {
      expect(nafNumberProblem(value), String(value)).toBe('naf_number_invalid');
      const parsed = nafNumberSchema.safeParse(value);
      expect(parsed.success, String(value)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('naf_number_invalid');
    }
  });
});
