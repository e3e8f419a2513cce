// Request bodies as the Stripe SDK writes them: application/x-www-form-urlencoded, nested objects and arrays in
// bracket notation (line_items[0][price_data][currency]=dkk). Read by the development payment provider only.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export class FormError extends Error {}

const MAX_DEPTH = 6;
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** The nested value of a form body; throws FormError on keys it cannot place safely. */
export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) {
    const match = KEY.exec(key);
    if (!match) throw new FormError(`unreadable key: ${key}`);
    const path = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
    if (path.length > MAX_DEPTH) throw new FormError(`too deep: ${key}`);
    place(root, path, value, key);
  }
  return toPlain(root) as Record<string, FormValue>;
}

function place(container: Record<string, FormValue> | FormValue[], path: string[], value: string, key: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '__proto__' || head === 'constructor' || head === 'prototype') throw new FormError(`forbidden key: ${key}`);
  let slot: string | number = head;
  if (Array.isArray(container)) {
    if (!/^\d{1,4}$/.test(head)) throw new FormError(`not an index: ${key}`);
    slot = Number(head);
    // Indexes come in order from the SDK: a gap means a body it did not write.
    if (slot > container.length) throw new FormError(`gap in array: ${key}`);
  }
  const target = container as Record<string | number, FormValue>;
  if (rest.length === 0) {
    if (target[slot] !== undefined) throw new FormError(`given twice: ${key}`);
    target[slot] = value;
    return;
  }
  const wantArray = /^\d+$/.test(rest[0] as string);
  let next = target[slot];
  if (next === undefined) {
    next = wantArray ? [] : (Object.create(null) as Record<string, FormValue>);
    target[slot] = next;
  } else if (typeof next === 'string' || Array.isArray(next) !== wantArray) {
    throw new FormError(`clashing keys: ${key}`);
  }
  place(next as Record<string, FormValue> | FormValue[], rest, value, key);
}

/** Null-prototype objects (safe while building) as plain ones. */
function toPlain(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(toPlain);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
}
