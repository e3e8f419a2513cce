import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generatePlateId,
  gtinCheckDigit,
  normalisePlateId,
  PLATE_GTIN,
  PLATE_ID_ALPHABET,
  parsePlateQr,
  plateUrlPath,
} from './plate-id.js';

/** Any text, lone surrogates included (cheaper than fast-check's 'binary' unit, which is slow to set up). */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)), maxLength: 24 });

/** Scanner-like addresses: hosts, sticker paths, IDs and junk segments. */
const urlish = fc
  .tuple(
    fc.constantFrom('https://', 'http://', ''),
    fc.constantFrom('x.dk', 'localhost:3000', '[bad', ''),
    fc.array(
      fc.constantFrom('sticker-id', '01', '21', PLATE_GTIN, '123', 'ACD3E4FG', 'ab cd', '%20', '%E0%A4%A', 'insurance-plate', '', '..'),
      {
        maxLength: 6,
      },
    ),
    fc.constantFrom('', '/', '?q=1', '#x'),
  )
  .map(([scheme, host, segments, tail]) => `${scheme}${host}/${segments.join('/')}${tail}`);

/** Generated IDs, driven by fast-check's randomness. */
const plateIds = fc
  .array(fc.integer({ min: 0, max: PLATE_ID_ALPHABET.length - 1 }), { minLength: 8, maxLength: 8 })
  .map((picks) => generatePlateId(() => picks.shift() ?? 0));

describe('normalisePlateId', () => {
  it('upper-cases and drops spaces and dashes', () => {
    expect(normalisePlateId(' ab-cd 3e4 ')).toBe('ABCD3E4');
  });
});

describe('PLATE_ID_ALPHABET', () => {
  it('has no look-alikes and no repeats', () => {
    for (const ch of 'O0QI1S5B8Z2') expect(PLATE_ID_ALPHABET).not.toContain(ch);
    expect(new Set(PLATE_ID_ALPHABET).size).toBe(PLATE_ID_ALPHABET.length);
    expect(PLATE_ID_ALPHABET).toMatch(/^[A-Z0-9]+$/);
  });
});

describe('generatePlateId', () => {
  it('makes 8 characters of the alphabet from the given randomness', () => {
    expect(generatePlateId(() => 0)).toBe('AAAAAAAA');
    expect(generatePlateId((max) => max - 1)).toBe('99999999');
  });
  it('uses the platform randomness by default', () => {
    const ids = Array.from({ length: 200 }, () => generatePlateId());
    for (const id of ids) expect(id).toMatch(new RegExp(`^[${PLATE_ID_ALPHABET}]{8}$`));
    expect(new Set(ids).size).toBeGreaterThan(190);
  });
});

describe('gtinCheckDigit', () => {
  it.each([
    ['400638133393', 1], // EAN-13 4006381333931
    ['590123412345', 7], // GS1's EAN-13 example 5901234123457
    ['978030640615', 7], // ISBN 978-0-306-40615-7
    ['0001234560001', 2], // GS1's GTIN-14 example 00012345600012
    ['9638507', 4], // EAN-8 96385074
  ])('%s → %i', (body, digit) => {
    expect(gtinCheckDigit(body)).toBe(digit);
  });
  it('refuses anything but digits', () => {
    expect(() => gtinCheckDigit('12a')).toThrow(RangeError);
  });
  it('holds for the plate GTIN', () => {
    expect(PLATE_GTIN).toMatch(/^\d{14}$/);
    expect(gtinCheckDigit(PLATE_GTIN.slice(0, 13))).toBe(Number(PLATE_GTIN[13]));
  });
});

describe('plateUrlPath', () => {
  it('is the GS1 Digital Link style path', () => {
    expect(plateUrlPath('ACD3E4FG')).toBe(`/sticker-id/01/${PLATE_GTIN}/21/ACD3E4FG`);
  });
});

describe('parsePlateQr', () => {
  it.each([
    [`https://cykelregistret.dk/sticker-id/01/${PLATE_GTIN}/21/ACD3E4FG`, 'ACD3E4FG'],
    ['http://localhost:3000/sticker-id/01/12345678901234/21/acd3e4fg/', 'ACD3E4FG'],
    ['https://any.host/sticker-id/ACD3E4FG?utm=x', 'ACD3E4FG'],
    ['https://any.host/sticker-id/acd%2013e', 'ACD13E'],
    ['acd 3e-4fg', 'ACD3E4FG'],
    ['  ABCDE  ', 'ABCDE'],
  ])('%s → %s', (text, id) => {
    expect(parsePlateQr(text)).toBe(id);
  });
  it.each([
    '',
    '   ',
    'ABCD',
    'ABC_DEF',
    'https://any.host/other/ACD3E4FG',
    'https://any.host/sticker-id/insurance-plate',
    'https://any.host/sticker-id/no-registration',
    'https://any.host/sticker-id/01/123/21/ACD3E4FG',
    'https://any.host/sticker-id/AB',
    'https://any.host/sticker-id/%E0%A4%A',
    'http://[bad',
    'ÆØÅÆØÅ',
  ])('%j → null', (text) => {
    expect(parsePlateQr(text)).toBeNull();
  });
  it('reads back every generated ID from its QR address', () => {
    fc.assert(
      fc.property(plateIds, (id) => {
        expect(parsePlateQr(`https://x.dk${plateUrlPath(id)}`)).toBe(id);
      }),
    );
  });
  it('never throws, and answers null or a normalised ID of at least 5 characters', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, urlish), (text) => {
        const id = parsePlateQr(text);
        if (id !== null) {
          expect(id).toBe(normalisePlateId(id));
          expect(id.length).toBeGreaterThanOrEqual(5);
        }
      }),
    );
  });
});
