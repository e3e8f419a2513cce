import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { isErrorCode } from './errors.js';
import {
  consentActionSchema,
  cprSchema,
  emailSchema,
  formatCpr,
  languageSchema,
  loginSchema,
  maskCpr,
  passwordSchema,
  phoneSchema,
  profileUpdateSchema,
  signupSchema,
  zipCodeSchema,
} from './identity.js';

type Parser = { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } };

/** The error codes a schema answers for a value (messages are codes, see errors.ts). */
function codes(schema: Parser, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}
function fieldCodes(schema: Parser, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const validSignup = { email: 'ole@example.dk', password: 'long enough', chosen_region: 'dk' };

describe('emailSchema', () => {
  it.each(['ole@example.dk', 'o.l+e@sub.example.co.uk', 'x@y.no'])('accepts %s', (email) => {
    expect(codes(emailSchema, email)).toEqual([]);
  });
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Ole@Example.DK ')).toBe('ole@example.dk');
  });
  it.each([
    ['', 'field_required'],
    ['   ', 'field_required'],
    [undefined, 'field_required'],
    [42, 'field_required'],
    ['ole', 'email_invalid'],
    ['ole@', 'email_invalid'],
    ['@example.dk', 'email_invalid'],
    ['ole@example', 'email_invalid'],
    ['o le@example.dk', 'email_invalid'],
  ])('refuses %j with %s', (value, code) => {
    expect(codes(emailSchema, value)[0]).toBe(code);
  });
  it('refuses an address over 254 characters', () => {
    expect(codes(emailSchema, `${'a'.repeat(250)}@example.dk`)).toContain('too_long');
  });
});

describe('passwordSchema', () => {
  it('needs at least the minimum length, and allows up to the maximum', () => {
    expect(codes(passwordSchema, 'x'.repeat(PASSWORD_MIN_LENGTH - 1))).toEqual(['password_too_short']);
    expect(codes(passwordSchema, 'x'.repeat(PASSWORD_MIN_LENGTH))).toEqual([]);
    expect(codes(passwordSchema, 'x'.repeat(PASSWORD_MAX_LENGTH))).toEqual([]);
    expect(codes(passwordSchema, 'x'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual(['too_long']);
    expect(codes(passwordSchema, undefined)).toEqual(['field_required']);
  });
  it('keeps the password exactly as typed (spaces included)', () => {
    expect(passwordSchema.parse('  spaced out  ')).toBe('  spaced out  ');
  });
  it('accepts any text of an allowed length', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
        (pw) => codes(passwordSchema, pw).length === 0,
      ),
    );
  });
});

describe('zipCodeSchema (four digits in dk and no)', () => {
  it.each(['2100', '0150', ' 8000 '])('accepts %j', (zip) => expect(codes(zipCodeSchema, zip)).toEqual([]));
  it.each(['210', '21000', 'abcd', '21 00', ''])('refuses %j', (zip) => expect(codes(zipCodeSchema, zip)).toEqual(['zip_invalid']));
  it('accepts every four-digit string', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9999 }), (n) => codes(zipCodeSchema, String(n).padStart(4, '0')).length === 0));
  });
});

describe('phoneSchema', () => {
  it.each(['12345678', '+4512345678', '+45 12 34 56 78', '004712345678'])('accepts %j', (phone) => {
    expect(codes(phoneSchema, phone)).toEqual([]);
  });
  it.each(['1234567', '12-34-56-78', 'call me', '++4512345678', '1'.repeat(16)])('refuses %j', (phone) => {
    expect(codes(phoneSchema, phone)).toEqual(['phone_invalid']);
  });
});

describe('cprSchema', () => {
  it.each([
    ['0101901234', '0101901234'],
    ['010190-1234', '0101901234'],
    ['010190 1234', '0101901234'],
    [' 010190-1234 ', '0101901234'],
    // Norwegian fødselsnummer: 11 digits.
    ['17038512345', '17038512345'],
    ['170385 12345', '17038512345'],
    // D-numbers add 4 to the first digit of the day.
    ['4101901234', '4101901234'],
  ])('accepts %j as %s', (input, stored) => {
    expect(cprSchema.parse(input)).toBe(stored);
  });
  it.each(['', '123', '010190123', '010190123456', '0001901234', '3201901234', '0113901234', '0100901234', '01019O1234', '010190/1234'])(
    'refuses %j',
    (value) => {
      expect(codes(cprSchema, value)).toEqual(['cpr_invalid']);
    },
  );
  it('accepts every valid date with any serial, with or without a dash', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.boolean(),
        (day, month, year, serial, dash) => {
          const date = [day, month, year].map((n) => String(n).padStart(2, '0')).join('');
          const digits = `${date}${String(serial).padStart(4, '0')}`;
          return cprSchema.parse(dash ? `${date}-${digits.slice(6)}` : digits) === digits;
        },
      ),
    );
  });
  it('masks everything but the birth date', () => {
    expect(maskCpr('0101901234')).toBe('010190-••••');
    expect(maskCpr('17038512345')).toBe('170385-•••••');
  });
  it('writes a CPR number as DDMMYY-XXXX and a fødselsnummer as DDMMYY XXXXX', () => {
    expect(formatCpr('0101901234')).toBe('010190-1234');
    expect(formatCpr('010190-1234')).toBe('010190-1234');
    expect(formatCpr('19038112349')).toBe('190381 12349');
    expect(formatCpr(' 190381 12349 ')).toBe('190381 12349');
    // Anything else is written as it was given.
    expect(formatCpr('12345')).toBe('12345');
  });
  it('never shows the serial in a mask', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10,11}$/), (cpr) => {
        const masked = maskCpr(cpr);
        return masked.startsWith(cpr.slice(0, 6)) && !/\d/.test(masked.slice(6));
      }),
    );
  });
});

describe('languageSchema (§5)', () => {
  it('keeps da, en and no and turns anything else into da', () => {
    expect(languageSchema.parse('en')).toBe('en');
    expect(languageSchema.parse('no')).toBe('no');
    fc.assert(
      fc.property(
        fc.anything().filter((v) => v !== 'en' && v !== 'no'),
        (value) => languageSchema.parse(value) === 'da',
      ),
    );
  });
});

describe('signupSchema', () => {
  it('accepts the minimal payload with defaults', () => {
    expect(signupSchema.parse(validSignup)).toEqual({
      email: 'ole@example.dk',
      password: 'long enough',
      chosen_region: 'dk',
      chosen_language: 'da',
      skip_email: false,
    });
  });

  it('needs a region (§5: a region must be chosen)', () => {
    expect(fieldCodes(signupSchema, { ...validSignup, chosen_region: undefined })).toEqual({ chosen_region: 'region_required' });
    expect(fieldCodes(signupSchema, { ...validSignup, chosen_region: 'se' })).toEqual({ chosen_region: 'region_required' });
    expect(fieldCodes(signupSchema, { ...validSignup, chosen_region: '' })).toEqual({ chosen_region: 'region_required' });
  });

  it('normalises the language instead of refusing it', () => {
    expect(signupSchema.parse({ ...validSignup, chosen_language: 'sv' }).chosen_language).toBe('da');
    expect(signupSchema.parse({ ...validSignup, chosen_language: 'no' }).chosen_language).toBe('no');
  });

  it('treats blank optional fields as not given', () => {
    const parsed = signupSchema.parse({ ...validSignup, phone: '', zip_code: ' ', friend_ref: '', user_ref: '  ' });
    expect(parsed).not.toHaveProperty('phone', expect.anything());
    expect(parsed.zip_code).toBeUndefined();
    expect(parsed.friend_ref).toBeUndefined();
    expect(parsed.user_ref).toBeUndefined();
  });

  it('names each bad field', () => {
    expect(fieldCodes(signupSchema, { email: 'x', password: 'short', chosen_region: 'dk', phone: 'abc', zip_code: '1' })).toEqual({
      email: 'email_invalid',
      password: 'password_too_short',
      phone: 'phone_invalid',
      zip_code: 'zip_invalid',
    });
  });

  it('answers known error codes for any text a form can send', () => {
    const field = fc.constantFrom('email', 'password', 'chosen_region', 'phone', 'zip_code', 'chosen_language', 'friend_ref');
    fc.assert(fc.property(fc.dictionary(field, fc.string({ maxLength: 300 })), (body) => codes(signupSchema, body).every(isErrorCode)));
  });
});

describe('loginSchema', () => {
  it('needs a password, but does not judge its length (old passwords still log in)', () => {
    expect(codes(loginSchema, { email: 'ole@example.dk', password: 'short' })).toEqual([]);
    expect(fieldCodes(loginSchema, { email: 'ole@example.dk', password: '' })).toEqual({ password: 'field_required' });
  });
});

describe('profileUpdateSchema', () => {
  it('keeps omitted fields out, and turns emptied ones into null', () => {
    const parsed = profileUpdateSchema.parse({ first_name: ' Ole ', street: '', cpr_number: '  ', city: null });
    expect(parsed).toEqual({ first_name: 'Ole', street: null, cpr_number: null, city: null });
    expect('last_name' in parsed && parsed.last_name !== undefined).toBe(false);
  });
  it('validates the fields it is given', () => {
    expect(fieldCodes(profileUpdateSchema, { zip_code: '1', mobile: 'x', cpr_number: '1', email: 'nope', region: 'se' })).toEqual({
      zip_code: 'zip_invalid',
      mobile: 'phone_invalid',
      cpr_number: 'cpr_invalid',
      email: 'email_invalid',
      region: 'region_required',
    });
  });
  it('drops fields a user may not set', () => {
    expect(profileUpdateSchema.parse({ role: 'admin', party_id: 'x', email_verified: true })).toEqual({});
  });
});

describe('consentActionSchema', () => {
  it('knows add and remove only', () => {
    expect(consentActionSchema.parse({ action: 'add' })).toEqual({ action: 'add' });
    expect(codes(consentActionSchema, { action: 'toggle' })).toHaveLength(1);
  });
});
