import { describe, expect, it } from 'vitest';
import { amountFromInput, parseLocaleNumber } from './amounts.js';

describe('parseLocaleNumber', () => {
  it('reads Danish amounts: a dot or a space groups thousands, a comma starts decimals', () => {
    expect(parseLocaleNumber('7.000', 'da')).toBe(7000);
    expect(parseLocaleNumber('7 000', 'da')).toBe(7000);
    expect(parseLocaleNumber('12.500,50', 'da')).toBe(12500.5);
    expect(parseLocaleNumber('7000 kr.', 'da')).toBe(7000);
    expect(parseLocaleNumber('7.000,-', 'da')).toBe(7000);
    expect(parseLocaleNumber('1.234.567', 'da')).toBe(1234567);
  });

  it('reads Norwegian amounts the same way', () => {
    expect(parseLocaleNumber('7 000', 'no')).toBe(7000);
    expect(parseLocaleNumber('7\u00A0000', 'no')).toBe(7000);
    expect(parseLocaleNumber('7.000', 'no')).toBe(7000);
    expect(parseLocaleNumber('15 000,75 kr', 'no')).toBe(15000.75);
  });

  it('reads English amounts: a comma or a space groups thousands, a dot starts decimals', () => {
    expect(parseLocaleNumber('7,000', 'en')).toBe(7000);
    expect(parseLocaleNumber('7 000', 'en')).toBe(7000);
    expect(parseLocaleNumber('7,000.50', 'en')).toBe(7000.5);
    expect(parseLocaleNumber('DKK 7000', 'en')).toBe(7000);
  });

  it('refuses text that is not a number rather than misread it', () => {
    for (const text of ['7.00', '7.0000', 'seven', '7.000.00', '1,2,3', '', '  ', '.000', '1 23']) {
      expect(parseLocaleNumber(text, 'da')).toBeNull();
    }
    expect(parseLocaleNumber('7.000,50', 'en')).toBeNull();
  });
});

describe('amountFromInput', () => {
  it('gives the payload a number, null for blank, and the text as typed when it is no number', () => {
    expect(amountFromInput('7.000', 'da')).toBe(7000);
    expect(amountFromInput(' ', 'da')).toBeNull();
    expect(amountFromInput('abc', 'en')).toBe('abc');
    expect(amountFromInput(5000, 'en')).toBe(5000);
  });
});
