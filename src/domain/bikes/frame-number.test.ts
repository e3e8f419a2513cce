import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.js';
import { frameNumberHints, normaliseFrameNumber, productionYearFromFrameNumber, YEAR_LETTERS } from './frame-number.js';

/** Any text, lone surrogates included (cheaper than fast-check's 'binary' unit, which is slow to set up). */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)), maxLength: 24 });

const SPEC_CODES = [
  'invalid_production_year_letter_combination',
  'invalid_year_letter',
  'invalid_year_letter_format',
  'invalid_production_year',
  'bike_not_found',
  'invalid_frame_number_format',
  'brand_prefix_mismatch',
  'brand_requires_specific_prefix',
  'missing_frame_number_for_brand_with_prefix',
];
const in2024 = new Date('2024-06-01T12:00:00Z');
const in2025 = new Date('2025-06-01T12:00:00Z');
const codes = (...args: Parameters<typeof frameNumberHints>) => frameNumberHints(...args).map((h) => h.code);

/** Frame-number-like text: marks, digits, look-alikes and separators. */
const frameish = fc.string({ unit: fc.constantFrom(...'ABCOIZSQWÆØÅabcoiz0123456789 -./_'.split('')), maxLength: 16 });
const alnum = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')), maxLength: 16 });

describe('YEAR_LETTERS', () => {
  it('is the alphabet without I, O, Q, W, Y, Æ, Ø, Å', () => {
    expect(YEAR_LETTERS).toHaveLength(21);
    for (const letter of 'IOQWYÆØÅ') expect(YEAR_LETTERS).not.toContain(letter);
    expect([...YEAR_LETTERS].sort().join('')).toBe(YEAR_LETTERS);
  });
});

describe('normaliseFrameNumber', () => {
  it.each([
    ['wbk 123-456 z', 'WBK123456Z'],
    ['WBK.123/456_z', 'WBK123456Z'],
    ['WBK12O456Z', 'WBK120456Z'],
    ['WBK1234I6Z', 'WBK123416Z'],
    ['WBK12OI56Z', 'WBK120156Z'],
    ['wbk1234560', 'WBK1234560'],
    ['æøå12345a', 'ÆØÅ12345A'],
    ['a\u030A12345b', 'Å12345B'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseFrameNumber(raw)).toBe(expected);
  });
  it.each([
    ['WBK12345O', 'a final letter stays a letter'],
    ['OC12345A', 'the mark stays letters'],
    ['IO12345A', 'the mark stays letters'],
    ['WTU123G1234Z', 'letters inside the running number stay'],
    ['WTU123GO1234Z', 'a letter group with other letters stays'],
    ['WBK12S45B', 'S, B and Z are not read as digits'],
  ])('keeps %s (%s)', (raw) => {
    expect(normaliseFrameNumber(raw)).toBe(raw);
  });
  it('keeps a character whose upper case is longer', () => {
    expect(normaliseFrameNumber('straße12345')).toBe('STRAßE12345');
  });
  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(frameish, anyText), (raw) => {
        const once = normaliseFrameNumber(raw);
        expect(normaliseFrameNumber(once)).toBe(once);
      }),
    );
  });
  it('ignores case, spaces and dashes', () => {
    fc.assert(
      fc.property(alnum, fc.array(fc.constantFrom('', ' ', '-', '  ', ' - '), { maxLength: 17 }), (raw, separators) => {
        const spaced = [...raw.toLowerCase()].map((ch, i) => (separators[i] ?? '') + ch).join('');
        expect(normaliseFrameNumber(spaced)).toBe(normaliseFrameNumber(raw));
      }),
    );
  });
  it('keeps a final letter', () => {
    fc.assert(
      fc.property(alnum, fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ'.split('')), (raw, letter) => {
        expect(normaliseFrameNumber(raw + letter).endsWith(letter)).toBe(true);
      }),
    );
  });
  it('never grows and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(frameish, anyText), (raw) => {
        expect(normaliseFrameNumber(raw).length).toBeLessThanOrEqual(raw.length);
      }),
    );
  });
});

describe('productionYearFromFrameNumber', () => {
  it.each([
    ['WBK123456Z', in2024, 2005],
    ['WBK123456Z', in2025, 2026],
    ['WBK123456A', in2024, 2006],
    ['WBK123456F', in2024, 2011],
    ['WBK123456V', in2024, 2024],
    ['WBK123456X', in2024, 2025],
    ['WSP12345P', in2024, 2019],
    ['wbk 123456 v', in2024, 2024],
  ] as const)('%s in %s → %s', (raw, today, year) => {
    expect(productionYearFromFrameNumber(raw, today)).toBe(year);
  });
  it.each([
    'WBK1234567',
    'WBK123456O',
    'WBK123456I',
    'WBK123456Q',
    'WBK123456W',
    'WBK123456Y',
    'WBK123456Æ',
    'WBK123456Ø',
    'WBK123456Å',
    '',
  ])('%s → null', (raw) => {
    expect(productionYearFromFrameNumber(raw, in2024)).toBeNull();
  });
  it('is never later than next year and within one cycle of it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...YEAR_LETTERS.split('')), fc.integer({ min: 1990, max: 2200 }), (letter, year) => {
        const found = productionYearFromFrameNumber(`WBK123${letter}`, new Date(Date.UTC(year, 5, 1)))!;
        expect(found).toBeLessThanOrEqual(year + 1);
        expect(found).toBeGreaterThan(year + 1 - 21);
      }),
    );
  });
});

describe('frameNumberHints', () => {
  it.each([
    ['WBK123456Z', 'dbs'],
    ['wbk 123 456-z', 'dbs'],
    ['WSP12345P', 'babboe'],
    ['WTU123G1234Z', 'trek'],
    ['WBK123456Z', null],
    ['12345678', 'jopo'],
    ['A1B2C3D4E5', null],
    ['WB', 'dbs'],
  ])('no hints for %s (brand %s)', (raw, brandId) => {
    expect(frameNumberHints(raw, { brandId, today: in2024 })).toEqual([]);
  });

  it('invalid_year_letter: ends with a letter that is never a year letter', () => {
    expect(frameNumberHints('WBK123456O', { brandId: 'dbs', today: in2024 })).toEqual([
      { code: 'invalid_year_letter', params: { letter: 'O' } },
    ]);
    expect(codes('WBK123456Å', { today: in2024 })).toEqual(['invalid_year_letter']);
  });
  it('invalid_year_letter_format: a dk brand and no final letter', () => {
    expect(frameNumberHints('WBK1234567', { brandId: 'dbs', today: in2024 })).toEqual([
      { code: 'invalid_year_letter_format', params: { brand: 'DBS' } },
    ]);
  });
  it('invalid_production_year: a letter of next year', () => {
    expect(frameNumberHints('WBK123456Z', { brandId: 'dbs', today: in2025 })).toEqual([
      { code: 'invalid_production_year', params: { letter: 'Z', year: 2026 } },
    ]);
  });
  it('invalid_production_year: the letter does not fit the given year', () => {
    expect(frameNumberHints('WBK123456Z', { brandId: 'dbs', productionYear: 2010, today: in2024 })).toEqual([
      { code: 'invalid_production_year', params: { letter: 'Z', year: 2010, expected: 2005 } },
    ]);
  });
  it('a given year that fits the letter settles which cycle it is', () => {
    expect(codes('WBK123456Z', { brandId: 'dbs', productionYear: 2005, today: in2025 })).toEqual([]);
  });
  it('invalid_production_year_letter_combination: the mark is younger than the letter', () => {
    expect(frameNumberHints('LH12345A', { brandId: 'larry-vs-harry', today: in2024 })).toEqual([
      {
        code: 'invalid_production_year_letter_combination',
        params: { prefix: 'LH', letter: 'A', year: 2006, since: 2007, brand: 'Larry vs Harry (Bullitt)' },
      },
    ]);
    expect(codes('LH12345A', { today: in2024 })).toEqual(['invalid_production_year_letter_combination']);
    expect(codes('LH12345H', { brandId: 'larry-vs-harry', today: in2024 })).toEqual([]);
  });
  it('invalid_frame_number_format: characters outside A-Z, 0-9, ÆØÅ', () => {
    expect(codes('WBK#123456Z', { today: in2024 })).toEqual(['invalid_frame_number_format']);
  });
  it('invalid_frame_number_format: not the Danish form for a dk brand', () => {
    expect(codes('WBK12345ZZ', { brandId: 'dbs', today: in2024 })).toEqual(['invalid_frame_number_format']);
  });
  it('brand_prefix_mismatch: the mark of another brand', () => {
    expect(frameNumberHints('WC12345Z', { brandId: 'dbs', today: in2024 })).toEqual([
      { code: 'brand_prefix_mismatch', params: { prefix: 'WC', expected: 'WBK', brand: 'DBS', other: 'Merida' } },
    ]);
  });
  it('brand_requires_specific_prefix: an unknown mark or none', () => {
    expect(frameNumberHints('XYZ12345Z', { brandId: 'dbs', today: in2024 })).toEqual([
      { code: 'brand_requires_specific_prefix', params: { expected: 'WBK', brand: 'DBS', prefix: 'XYZ' } },
    ]);
    expect(codes('12345678Z', { brandId: 'trek', today: in2024 })).toEqual([
      'invalid_frame_number_format',
      'brand_requires_specific_prefix',
    ]);
  });
  it('missing_frame_number_for_brand_with_prefix: only before anything is typed', () => {
    expect(frameNumberHints('  ', { brandId: 'dbs' })).toEqual([
      { code: 'missing_frame_number_for_brand_with_prefix', params: { brand: 'DBS', prefix: 'WBK' } },
    ]);
    expect(codes('', {})).toEqual([]);
    expect(codes('', { brandId: 'jopo' })).toEqual([]);
    expect(codes('WBK1', { brandId: 'dbs' })).toEqual([]);
  });
  it('leaves brands without the Danish scheme alone', () => {
    expect(codes('SN12345O', { brandId: 'jopo', today: in2024 })).toEqual([]);
  });
  it('never throws and answers only §5 codes (never bike_not_found)', () => {
    fc.assert(
      fc.property(
        fc.oneof(frameish, anyText),
        fc.constantFrom(null, undefined, 'unknown-brand', ...BRANDS.map((b) => b.id)),
        fc.option(fc.integer({ min: 1900, max: 2030 })),
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (raw, brandId, productionYear, today) => {
          for (const hint of frameNumberHints(raw, { brandId, productionYear, today })) {
            expect(SPEC_CODES).toContain(hint.code);
            expect(hint.code).not.toBe('bike_not_found');
          }
        },
      ),
    );
  });
});
