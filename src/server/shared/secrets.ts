import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Password hashing (argon2id), one-time link tokens (only their hash is stored) and CPR encryption at rest.

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id with OWASP-recommended cost.
  return hash(password);
}

/** A hash of a random password, verified against when the email is unknown, so timing does not tell. */
const decoyHash = hash(randomBytes(16).toString('hex'));

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}

export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** AES-256-GCM: iv.tag.ciphertext, base64url. */
export function encryptField(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptField(key: Buffer, sealed: string): string | null {
  try {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !data) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
