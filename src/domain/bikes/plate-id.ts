import { PLATE_ID_MIN_LENGTH } from '../constants.js';

// Plate IDs (§2 Stickers, §5): the ID printed on a QR sticker. The QR code carries a GS1 Digital
// Link style address, /sticker-id/01/{GTIN}/21/{ID} (AI 01 the product, AI 21 the serial), so a
// generic scanner opens the register's page for the plate; the short /sticker-id/{ID} works too.

/** The longest ID accepted (as plateIdSchema). */
const PLATE_ID_MAX_LENGTH = 32;

/**
 * The characters of generated IDs: upper case letters and digits without the pairs people misread
 * on a small sticker (O/0, Q/0, I/1, S/5, B/8, Z/2), so that every character typed back is the one
 * printed. 25 characters, 8 per ID: about 1.5 × 10¹¹ IDs.
 */
export const PLATE_ID_ALPHABET = 'ACDEFGHJKLMNPRTUVWXY34679';
const GENERATED_LENGTH = 8;

/**
 * The product number on every plate: GS1 Denmark's prefix 57, a company and item number, and the
 * check digit (a fixed value of the register's plate product; its check digit is tested).
 */
export const PLATE_GTIN = '05790001234560';

/** Upper case, without spaces and dashes: the stored and compared form. */
export function normalisePlateId(raw: string): string {
  return raw.replace(/[\s\-\u2010-\u2015]/gu, '').toUpperCase();
}

/** An unbiased random integer in [0, max), from the platform's cryptographic source (browser and Node 20+). */
function secureRandomInt(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return value % max;
  }
}

/** A fresh ID: the prefix (a batch's, may be empty) and 8 random characters; uniqueness against stored plates is the caller's check. */
export function generatePlateId(randomInt: (max: number) => number = secureRandomInt, prefix = ''): string {
  let id = prefix;
  for (let i = 0; i < GENERATED_LENGTH; i++) id += PLATE_ID_ALPHABET[randomInt(PLATE_ID_ALPHABET.length)] ?? PLATE_ID_ALPHABET[0];
  return id;
}

/**
 * The GS1 check digit of a GTIN body (13 digits for a GTIN-14; shorter bodies of GTIN-8/12/13 work
 * the same): weights 3 and 1 alternating from the right, the digit that rounds the sum up to ten.
 */
export function gtinCheckDigit(digits13: string): number {
  if (!/^\d+$/.test(digits13)) throw new RangeError('A GTIN body is digits only');
  let sum = 0;
  for (let i = 0; i < digits13.length; i++) {
    sum += Number(digits13[digits13.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The path printed in a plate's QR code. */
export function plateUrlPath(plateId: string): string {
  return `/sticker-id/01/${PLATE_GTIN}/21/${plateId}`;
}

/** Pages under /sticker-id/ that are not plate IDs (§2). */
const STICKER_PAGES = new Set(['insurance-plate', 'no-registration']);

/** A bare ID: letters, digits, spaces and dashes, at least the minimum once normalised. */
function bareId(text: string): string | null {
  if (!/^[A-Za-z0-9 -]+$/.test(text)) return null;
  const id = normalisePlateId(text);
  return id.length >= PLATE_ID_MIN_LENGTH && id.length <= PLATE_ID_MAX_LENGTH ? id : null;
}

/**
 * The plate ID in what a scanner read: a URL on any host with the path /sticker-id/01/{14 digits}/21/{ID}
 * or /sticker-id/{ID}, or a bare ID. Null for anything else. Never throws.
 */
export function parsePlateQr(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.includes('/')) return bareId(trimmed);
  let path: string;
  try {
    path = new URL(trimmed, 'https://placeholder.invalid').pathname;
  } catch {
    return null;
  }
  const match = /^\/sticker-id\/(?:01\/\d{14}\/21\/)?([^/]+)\/?$/.exec(path);
  if (!match || STICKER_PAGES.has(match[1]!)) return null;
  try {
    return bareId(decodeURIComponent(match[1]!));
  } catch {
    return null;
  }
}
