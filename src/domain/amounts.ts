import type { Language } from './locale.js';

// Amounts and numbers as people type them (hardening: "7.000" typed the Danish way was stored as 7 kr and went
// to the police and the insurer). Danish and Norwegian group thousands with a dot or a space and write decimals
// after a comma; English groups with a comma or a space and writes decimals after a dot. A currency word
// around the number is allowed.

const GROUPING: Record<Language, RegExp> = { da: /[.\s\u00A0\u202F]/g, no: /[.\s\u00A0\u202F]/g, en: /[,\s\u00A0\u202F]/g };
const DECIMAL: Record<Language, string> = { da: ',', no: ',', en: '.' };
const CURRENCY = /^(?:kr\.?|dkk|nok)\s*|\s*(?:kr\.?|,-|\.-|dkk|nok)$/gi;

/**
 * The number a person typed in their language, or null when the text is not one (so the caller can say
 * "invalid value" rather than store a misread number). Blank text is null too.
 */
export function parseLocaleNumber(text: string, language: Language): number | null {
  const bare = text.trim().replace(CURRENCY, '').trim();
  if (bare === '') return null;
  const decimal = DECIMAL[language];
  const [whole = '', fraction, extra] = bare.split(decimal);
  if (extra !== undefined) return null;
  // Groups of three after the first group, if grouped at all: "7.000" and "70 000", never "7.00" or "7.0000".
  const groups = whole.split(GROUPING[language]);
  if (
    groups.length > 1 &&
    (groups.slice(1).some((g) => g.length !== 3) || (groups[0] ?? '').length === 0 || (groups[0] ?? '').length > 3)
  ) {
    return null;
  }
  const digits = groups.join('');
  if (!/^-?\d+$/.test(digits) || (fraction !== undefined && !/^\d+$/.test(fraction))) return null;
  return Number(fraction === undefined ? digits : `${digits}.${fraction}`);
}

/** A form's amount field for its payload: the number, null when blank, or the text as typed when it is not a number (the schema then says so). */
export function amountFromInput(value: unknown, language: Language): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  return parseLocaleNumber(value, language) ?? value;
}
