import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../shared/files/ids.js';

// A visitor's support conversation (issue 14) is reached with an access key: the ticket's id and an HMAC of it under
// the server's secret. Nothing to store, so the unread-answer mail can carry the link again; without the secret nobody
// can make a key, so another visitor's conversation cannot be found by trying ids. The link puts the key after '#',
// which browsers never send to a server, so it stays out of access logs.

const mac = (secret: Uint8Array, ticketId: string) =>
  createHmac('sha256', secret).update(`support-visitor:${ticketId}`).digest('base64url');

export function supportAccessKey(secret: Uint8Array, ticketId: string): string {
  return `${ticketId}.${mac(secret, ticketId)}`;
}

/** The ticket a key opens, or null for anything that is not a key we made. */
export function ticketOfAccessKey(secret: Uint8Array, key: string): string | null {
  const [ticketId = '', signature = ''] = key.split('.');
  if (!isUuid(ticketId)) return null;
  const expected = Buffer.from(mac(secret, ticketId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? ticketId : null;
}

/** The visitor's page of their conversation. */
export function supportVisitorUrl(publicUrl: string, key: string): string {
  return `${publicUrl}/support/chat#key=${encodeURIComponent(key)}`;
}
