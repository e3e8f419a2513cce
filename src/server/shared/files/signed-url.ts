import { createHmac, timingSafeEqual } from 'node:crypto';

// Private files (every picture but the public one, every document, chat photos) are served only on a signed,
// short-lived address made for the owner: an HMAC-SHA256 over what is served (kind, id, size) and
// until when. The key is derived from JWT_SECRET, so every instance accepts the addresses of the
// others and nothing new needs configuring; a different purpose string keeps it apart from tokens.

export type SignedFile =
  | { kind: 'picture'; id: string; size: 'full' | 'thumb' }
  | { kind: 'document'; id: string; size: 'file' }
  /** A photo sent with a chat message (id: the message's). */
  | { kind: 'chat_photo'; id: string; size: 'full' | 'thumb' };

/** How long an address is valid at least. */
export const SIGNED_URL_LIFE_SECONDS = 15 * 60;
/** Expiry is rounded up to this step, so the same file has the same address for a while and the browser's cache works. */
const ROUND_SECONDS = 5 * 60;

const keys = new WeakMap<Uint8Array, Buffer>();
function signingKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('bike-register/file-url/v1').digest();
    keys.set(secret, key);
  }
  return key;
}

function mac(secret: Uint8Array, file: SignedFile, exp: number): Buffer {
  return createHmac('sha256', signingKey(secret)).update(`${file.kind}\n${file.id}\n${file.size}\n${exp}`).digest();
}

/** The expiry and signature for a file, valid between SIGNED_URL_LIFE_SECONDS and that plus 5 minutes. */
export function signFile(secret: Uint8Array, file: SignedFile, now: Date = new Date()): { exp: number; sig: string } {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const exp = Math.ceil((nowSeconds + SIGNED_URL_LIFE_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
  return { exp, sig: mac(secret, file, exp).toString('base64url') };
}

/**
 * Whether `sig` signs the file until `exp` and `exp` has not passed. Compared in constant time; an
 * expiry further ahead than we ever issue is refused too.
 */
export function verifyFileSignature(secret: Uint8Array, file: SignedFile, exp: number, sig: string, now: Date = new Date()): boolean {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!Number.isSafeInteger(exp) || exp <= nowSeconds || exp > nowSeconds + SIGNED_URL_LIFE_SECONDS + ROUND_SECONDS) return false;
  if (!/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, file, exp);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Seconds the address stays valid: the most a cache may keep what it fetched. */
export function secondsLeft(exp: number, now: Date = new Date()): number {
  return Math.max(0, exp - Math.floor(now.getTime() / 1000));
}

/** The owner's address of a picture (full size or thumbnail). */
export function signedPictureUrl(secret: Uint8Array, pictureId: string, size: 'full' | 'thumb', now?: Date): string {
  const { exp, sig } = signFile(secret, { kind: 'picture', id: pictureId, size }, now);
  return `/api/files/pictures/${pictureId}/${size}?exp=${exp}&sig=${sig}`;
}

/** The owner's download address of a document. */
export function signedDocumentUrl(secret: Uint8Array, documentId: string, now?: Date): string {
  const { exp, sig } = signFile(secret, { kind: 'document', id: documentId, size: 'file' }, now);
  return `/api/files/documents/${documentId}?exp=${exp}&sig=${sig}`;
}

/** The address of a bike's public picture, for anyone (served only while the bike is searchable or stolen). */
export function publicPictureUrl(pictureId: string, size: 'full' | 'thumb'): string {
  return `/api/public/pictures/${pictureId}/${size}`;
}
