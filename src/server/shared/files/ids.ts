const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are compared with uuid columns: anything else would be a database error, so it is "not found" before any query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
