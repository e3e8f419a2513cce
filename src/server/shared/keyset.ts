import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { isUuid } from './files/ids.js';

// Keyset ("cursor") pages of a long list: a page is the next `size` entries of an index after (or before) the last
// (first) row seen, so a deep page costs what the first does, where an offset would skip every row before it. The
// cursor is opaque to clients: base64url JSON naming the list, the direction, the row's key as PostgreSQL writes it
// (timestamptz::text keeps the microseconds a JavaScript Date would lose) and the position of the page it leads to
// (for "26–50 of …"; only shown, never trusted for the rows).

/** A list's order: the key's parts (each an indexed column or expression, and its type) and its direction. */
export interface KeysetOrder {
  /** Names the list the cursor belongs to: a cursor of another list is refused. */
  list: string;
  keys: { sql: SQL; type: 'timestamptz' | 'uuid' }[];
  direction: 'asc' | 'desc';
}

interface Cursor {
  list: string;
  before: boolean;
  key: string[];
  position: number;
}

export interface KeysetPage {
  ids: string[];
  /** How many rows come before the page (as the cursor says; 0 on the first page). */
  position: number;
  next_cursor: string | null;
  previous_cursor: string | null;
}

const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replaceAll('-', '+').replaceAll('_', '/'));

function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify({ l: cursor.list, b: cursor.before ? 1 : 0, k: cursor.key, p: cursor.position }));
}

/** timestamptz as PostgreSQL writes it (`2026-11-25 06:35:12.123456+00`), or infinity; a real date, so the cast cannot fail. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::?\d{2}){0,2}$/;

function isTimestamp(text: string): boolean {
  if (text === 'infinity') return true;
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/** A cursor of this list, or 400 page_cursor_invalid (altered, cut short, or another list's). */
function decodeCursor(text: string, order: KeysetOrder): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(fromBase64Url(text));
  } catch {
    throw new AppError('page_cursor_invalid', 'cursor');
  }
  const v = value as { l?: unknown; b?: unknown; k?: unknown; p?: unknown } | null;
  const key = Array.isArray(v?.k) ? (v.k as unknown[]) : [];
  const fits =
    v?.l === order.list &&
    (v.b === 0 || v.b === 1) &&
    Number.isInteger(v.p) &&
    (v.p as number) >= 0 &&
    key.length === order.keys.length &&
    key.every((part, i) => typeof part === 'string' && (order.keys[i]?.type === 'uuid' ? isUuid(part) : isTimestamp(part)));
  if (!fits) throw new AppError('page_cursor_invalid', 'cursor');
  return { list: order.list, before: v?.b === 1, key: key as string[], position: v?.p as number };
}

/** `(k1, k2, …) > (v1, v2, …)` (or `<`): one row comparison, which a btree index on the key walks from. */
function beyond(order: KeysetOrder, key: string[], operator: '<' | '>'): SQL {
  const columns = sql.join(
    order.keys.map((k) => k.sql),
    sql`, `,
  );
  const values = sql.join(
    order.keys.map((k, i) => (k.type === 'uuid' ? sql`${key[i]}::uuid` : sql`${key[i]}::timestamptz`)),
    sql`, `,
  );
  return sql`(${columns}) ${sql.raw(operator)} (${values})`;
}

/**
 * One page of `table`'s ids matching `where`, in `order`, from `cursorText` on (the first page without one). A cursor
 * "before" a page reads backwards from its first row; when that reaches the list's start, the first page is answered.
 */
export async function keysetPage(
  db: Db,
  list: { table: PgTable; id: AnyPgColumn; where: SQL | undefined; order: KeysetOrder; size: number },
  cursorText: string | undefined,
): Promise<KeysetPage> {
  const { table, id, where, order, size } = list;
  const cursor = cursorText ? decodeCursor(cursorText, order) : undefined;
  const forward = !cursor?.before;
  const ascending = (order.direction === 'asc') === forward;
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const rows = (await db
    .select({
      id: sql<string>`${id}`,
      key: sql<string[]>`array[${sql.join(
        order.keys.map((k) => sql`${k.sql}::text`),
        sql`, `,
      )}]`,
    })
    .from(table)
    .where(and(where, cursor ? beyond(order, cursor.key, ascending ? '>' : '<') : undefined))
    .orderBy(...order.keys.map((k) => sql`${k.sql} ${direction}`))
    .limit(size + 1)) as { id: string; key: string[] }[];
  if (!forward && rows.length <= size) return keysetPage(db, list, undefined);
  const page = forward ? rows.slice(0, size) : rows.slice(0, size).reverse();
  const position = cursor?.position ?? 0;
  const first = page[0];
  const last = page.at(-1);
  const hasNext = forward ? rows.length > size : true;
  const hasPrevious = forward ? cursor !== undefined : true;
  return {
    ids: page.map((r) => r.id),
    position,
    next_cursor:
      hasNext && last ? encodeCursor({ list: order.list, before: false, key: last.key, position: position + page.length }) : null,
    previous_cursor:
      hasPrevious && first
        ? encodeCursor({ list: order.list, before: true, key: first.key, position: Math.max(0, position - size) })
        : null,
  };
}
