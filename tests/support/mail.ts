import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { outbox } from '../../src/server/db/schema.js';

export type OutboxMail = typeof outbox.$inferSelect;

/** Every mail in the outbox to an address, newest first. */
export async function mailsTo(db: Db, to: string, subject?: string): Promise<OutboxMail[]> {
  const byAddress = sql`lower(${outbox.to}) = ${to.toLowerCase()}`;
  return db
    .select()
    .from(outbox)
    .where(subject ? and(byAddress, eq(outbox.subject, subject)) : byAddress)
    .orderBy(desc(outbox.createdAt));
}

/** The newest mail to an address (optionally with a subject); fails the test when there is none. */
export async function latestMailTo(db: Db, to: string, subject?: string): Promise<OutboxMail> {
  const [mail] = await mailsTo(db, to, subject);
  if (!mail) throw new Error(`no mail to ${to}${subject ? ` with subject "${subject}"` : ''}`);
  return mail;
}

/** The value of a query parameter of the first link in a mail text, e.g. the token of a reset link. */
export function linkParam(text: string, param: string): string {
  const url = text.match(/https?:\/\/\S+/)?.[0];
  const value = url ? new URL(url).searchParams.get(param) : null;
  if (!value) throw new Error(`no link with ?${param}= in mail:\n${text}`);
  return value;
}

/** Polls until `check` answers something other than undefined/false, for at most `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
