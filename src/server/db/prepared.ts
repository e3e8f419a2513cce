import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

import type { Db } from './client.js';

/** The SQL of every query built by preparedQuery; on PGlite these run as named statements (runPreparedOnPglite). */
const preparedTexts = new Set<string>();

/**
 * A query built once per database and prepared (`.prepare(name)`): PostgreSQL then plans it once per
 * connection instead of on every request. For the lookups in the performance budget (reads).
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      const text = (query as { getQuery?: () => { sql: string } }).getQuery?.().sql;
      if (text) preparedTexts.add(text);
      built.set(db, query);
    }
    return query;
  };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** PostgreSQL's code for "prepared statement does not exist". */
const UNDEFINED_STATEMENT = '26000';

/**
 * drizzle's PGlite driver ignores `.prepare(name)`, and PGlite's `query` sends each query as six protocol
 * calls (parse, describe, bind, describe, execute, sync) with an unnamed statement, so PostgreSQL parses and
 * plans it every time: most of a search on PGlite. This makes the client run the queries of preparedQuery as
 * named statements instead: parsed (and their plan cached by PostgreSQL) once, then each run is one call of
 * bind, execute and sync, under the same locks as `query` (so never inside another caller's
 * transaction). Other queries, and every query inside a transaction, go through PGlite's `query` as before.
 */
export function runPreparedOnPglite(client: PGlite): void {
  const query = client.query.bind(client);
  const statements = new Map<string, { name: string; paramTypes: number[]; rowDescription: BackendMessage | undefined }>();
  /** drizzle's parsers merged with the client's once per query config (parseResults would merge them on every call). */
  const merged = new WeakMap<QueryOptions, { parsers: Parameters<typeof parse.parseResults>[1]; options: QueryOptions }>();

  const execute = async (text: string, params: unknown[], options: QueryOptions | undefined) => {
    let statement = statements.get(text);
    if (!statement) {
      const name = `prepared_${statements.size + 1}`;
      const { serialize } = protocol;
      const described = await client.execProtocol(
        concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
        {
          syncToFs: false,
        },
      );
      // The statement's row description is the same for every run: kept, so a run need not describe its portal.
      const rowDescription = described.messages.find((message) => message.name === 'rowDescription');
      statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages), rowDescription };
      statements.set(text, statement);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { serialize } = protocol;
    const { messages } = await client.execProtocol(
      concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()),
      { syncToFs: false },
    );
    let parsing = options ? merged.get(options) : undefined;
    if (options && !parsing) {
      const { parsers, ...rest } = options;
      parsing = { parsers: { ...client.parsers, ...parsers }, options: rest };
      merged.set(options, parsing);
    }
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, parsing?.parsers ?? client.parsers, parsing?.options)[0] as Results;
  };

  const run = (text: string, params: unknown[], options: QueryOptions | undefined) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await execute(text, params, options);
        } catch (error) {
          // A statement the session no longer has (DISCARD, DEALLOCATE): prepared again, once.
          if ((error as { code?: unknown }).code !== UNDEFINED_STATEMENT) throw error;
          statements.delete(text);
          return await execute(text, params, options);
        }
      }),
    );

  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    preparedTexts.has(text) ? run(text, params ?? [], options) : query(text, params, options)) as PGlite['query'];
}
