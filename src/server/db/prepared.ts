import type { Db } from './client.js';

/**
 * A query built once per database and prepared (`.prepare(name)`): PostgreSQL then plans it once per
 * connection instead of on every request. For the lookups in the performance budget.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
