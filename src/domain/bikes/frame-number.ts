import type { FrameNumberHint } from '../bikes.js';
import { FRAME_NUMBER_MIN_LENGTH } from '../constants.js';
import { type Brand, brandByPrefix, findBrand } from './brands.js';

// Frame numbers (§5). Danish law gives every frame a maker or importer mark (1-5 letters, W for an
// importer), a running number and a year letter: WBK123456Z is a DBS frame imported by Øglænd,
// number 123456, made in a "Z" year. The owner's spelling is stored; the normalised form is what
// matching, uniqueness and search compare.

/**
 * The year letters in order: the alphabet without I, O, Q, W, Y, Æ, Ø, Å (21 letters), repeating
 * every 21 years. I, O and Y look like 1, 0 and V; W marks importers; Q was used once, in 1956, and
 * dropped, which is why A stood for 1942, 1964 and 1985 (published tables of the Danish scheme:
 * A 1985, F 1990, Z 2005, F again 2011). The anchor is therefore A = 1985.
 */
export const YEAR_LETTERS = 'ABCDEFGHJKLMNPRSTUVXZ';
const YEAR_LETTER_ANCHOR = 1985;
const CYCLE = YEAR_LETTERS.length;

const LETTER = /^\p{L}$/u;
/** Letters that may be mistyped for digits inside the running number (see normaliseFrameNumber). */
const LOOK_ALIKE_DIGITS: ReadonlyMap<string, string> = new Map([
  ['O', '0'],
  ['I', '1'],
]);
/** The Danish legal form: mark, running number (digits, with the odd letter, e.g. Trek's WTU123G1234Z), year letter. */
const DK_FORMAT = /^([A-ZÆØÅ]{1,5})([0-9](?:[0-9A-ZÆØÅ]*[0-9])?)([A-ZÆØÅ])$/;
const ALLOWED = /^[A-Z0-9ÆØÅ]*$/;

/**
 * The form two spellings of one frame number share: upper case, without spaces, dashes, dots,
 * slashes and underscores, and with O and I read as 0 and 1 where they can only be digits.
 *
 * Only O→0 and I→1 are mapped, because the legal scheme itself avoids those letters for being
 * confused with digits. S/5, B/8, Z/2, G/6 and L/1 are left alone: B, S and Z are year letters and
 * marks, and letters do occur inside real running numbers, so mapping them would merge different
 * frames (search's "did you mean" covers those slips instead). Even O and I are only mapped inside
 * the running number: the leading letters (the mark) and a final letter (the year letter) stay as
 * typed, and inside, only a run of letters made of O and I alone is read as digits (so a letter
 * group such as "GO" is kept). Never longer than the input; idempotent.
 */
export function normaliseFrameNumber(raw: string): string {
  const cleaned = raw.replace(/[\s\-\u2010-\u2015./\\_]/gu, '');
  // Upper case character by character, keeping characters whose upper case is longer (ß → SS).
  let upper = '';
  for (const ch of cleaned) {
    const u = ch.toUpperCase();
    upper += u.length === ch.length ? u : ch;
  }
  // Å and Ø typed with a combining mark become the single letters.
  const chars = Array.from(upper.replace(/A\u030A/g, 'Å').replace(/O\u0338/g, 'Ø'));

  let start = 0;
  while (start < chars.length && LETTER.test(chars[start]!)) start++;
  const end = chars.length > start && LETTER.test(chars[chars.length - 1]!) ? chars.length - 1 : chars.length;
  for (let i = start; i < end; ) {
    if (!LETTER.test(chars[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < end && LETTER.test(chars[j]!)) j++;
    if (chars.slice(i, j).every((ch) => LOOK_ALIKE_DIGITS.has(ch))) {
      for (let k = i; k < j; k++) chars[k] = LOOK_ALIKE_DIGITS.get(chars[k]!)!;
    }
    i = j;
  }
  return chars.join('');
}

/** The most recent year ≤ `latest` that `letter` stands for, or null for a letter that never does. */
function yearOfLetter(letter: string, latest: number): number | null {
  const index = YEAR_LETTERS.indexOf(letter);
  if (letter.length !== 1 || index < 0) return null;
  const first = YEAR_LETTER_ANCHOR + index;
  return first + CYCLE * Math.floor((latest - first) / CYCLE);
}

/** Whether `year` is one of the years `letter` stands for. */
function letterFitsYear(letter: string, year: number): boolean {
  const index = YEAR_LETTERS.indexOf(letter);
  return index >= 0 && (((year - YEAR_LETTER_ANCHOR - index) % CYCLE) + CYCLE) % CYCLE === 0;
}

/**
 * The production year from the final year letter: the most recent year the letter stands for, up to
 * next year (the letter repeats every 21 years; a frame stamped late in a year may carry next year's
 * letter, which the hints then point out). Null without a final year letter.
 */
export function productionYearFromFrameNumber(raw: string, today: Date = new Date()): number | null {
  const chars = Array.from(normaliseFrameNumber(raw));
  const last = chars[chars.length - 1];
  return last === undefined ? null : yearOfLetter(last, today.getUTCFullYear() + 1);
}

/**
 * Plausibility hints while typing (§5), never blocking. The codes are the §5 list; `bike_not_found`
 * is reserved for the server's lookup and never produced here. Numbers shorter than the minimum
 * produce none (the required-length error speaks for them), except that choosing a brand with a
 * mark before typing anything asks for the number.
 */
export function frameNumberHints(
  raw: string,
  options: { brandId?: string | null; productionYear?: number | null; today?: Date } = {},
): FrameNumberHint[] {
  const brand = findBrand(options.brandId);
  const brandPrefix = brand?.prefixes.join('/') ?? '';
  if (raw.trim() === '') {
    return brand && brandPrefix
      ? [{ code: 'missing_frame_number_for_brand_with_prefix', params: { brand: brand.name, prefix: brandPrefix } }]
      : [];
  }
  const number = normaliseFrameNumber(raw);
  if (Array.from(number).length < FRAME_NUMBER_MIN_LENGTH) return [];
  if (!ALLOWED.test(number)) return [{ code: 'invalid_frame_number_format', params: brand ? { brand: brand.name } : {} }];

  const hints: FrameNumberHint[] = [];
  const mark = /^[A-ZÆØÅ]*/.exec(number)?.[0] ?? '';
  const last = number.slice(-1);
  const endsWithLetter = /[A-ZÆØÅ]/.test(last);
  // Without a brand, the year letter is only read when the number looks Danish.
  const danish = brand ? brand.yearLetterScheme === 'dk' : DK_FORMAT.test(number);
  const thisYear = (options.today ?? new Date()).getUTCFullYear();
  let year: number | null = null;

  if (brand?.yearLetterScheme === 'dk') {
    if (!endsWithLetter) hints.push({ code: 'invalid_year_letter_format', params: { brand: brand.name } });
    else if (!DK_FORMAT.test(number)) hints.push({ code: 'invalid_frame_number_format', params: { brand: brand.name } });
  }

  if (danish && endsWithLetter) {
    if (!YEAR_LETTERS.includes(last)) {
      hints.push({ code: 'invalid_year_letter', params: { letter: last } });
    } else if (options.productionYear != null) {
      // The owner's year picks one of the letter's years, if it is one of them at all.
      year = options.productionYear;
      if (!letterFitsYear(last, year)) {
        const expected = yearOfLetter(last, thisYear + 1)!;
        hints.push({ code: 'invalid_production_year', params: { letter: last, year, expected } });
        year = expected;
      }
    } else {
      year = yearOfLetter(last, thisYear + 1)!;
      if (year > thisYear) hints.push({ code: 'invalid_production_year', params: { letter: last, year } });
    }
  }

  if (brand && brand.prefixes.length > 0 && !brand.prefixes.includes(mark)) {
    const other = mark ? brandByPrefix(mark) : undefined;
    if (other && other.id !== brand.id) {
      hints.push({ code: 'brand_prefix_mismatch', params: { prefix: mark, expected: brandPrefix, brand: brand.name, other: other.name } });
    } else if (brand.requiresPrefix) {
      hints.push({
        code: 'brand_requires_specific_prefix',
        params: { expected: brandPrefix, brand: brand.name, ...(mark ? { prefix: mark } : {}) },
      });
    }
  }

  // A mark first used after the letter's year cannot have been stamped with it.
  const markBrand: Brand | undefined = brand?.prefixes.includes(mark) ? brand : brand ? undefined : brandByPrefix(mark);
  const since = markBrand?.prefixSince?.[mark];
  if (year !== null && since !== undefined && year < since) {
    hints.push({
      code: 'invalid_production_year_letter_combination',
      params: { prefix: mark, letter: last, year, since, brand: markBrand!.name },
    });
  }
  return hints;
}
