import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';

// design.md "responses ≥ 500 in a schema-driven fuzz of every API operation: 0". Every operation of the
// OpenAPI document is called with inputs built from its own schemas and then broken: missing and extra
// fields, wrong types, 100 KB strings, NUL and other control characters, lone surrogates and other odd
// unicode, malformed JSON, odd path and query parameters — anonymous and signed in. None may answer 5xx.

interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const BIG = 'x'.repeat(100_000);
/** Values that broke, or could break, a service or the database: each replaces one field at a time. */
const ODD_VALUES: unknown[] = [
  null,
  12345,
  -1e308,
  true,
  [],
  {},
  '',
  BIG,
  'a\u0000b',
  '\u0000',
  'x\u0007\u001b[31m',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil\u202C',
  '𝕏̸̢̛̖͎😀',
  '\uFEFF',
  '../../etc/passwd',
  "'; drop table party; --",
  '2026-13-45',
  '9'.repeat(400),
];
const ODD_PATH_SEGMENTS = [
  '..',
  '%00',
  'a%00b',
  '%F0%9F%98%80',
  '%uD800',
  'x'.repeat(3000),
  randomUUID(),
  '00000000-0000-0000-0000-000000000000',
  '%2F%2Fevil.example',
  '-1',
];
const ODD_QUERY_VALUES = ['a%00b', '%00', 'x'.repeat(20_000), '%uD800', '%FF%FE', '[]', '-1', '1e400', '%E2%80%AE'];
const MALFORMED_BODIES = ['{"a":', '[', 'null', '"just a string"', '{"__proto__":{"x":1}}', '\u0000', '{"a":"\\ud800"}'];

/** A plausible value for a schema: enough to reach past validation into the service, where 500s hide. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `fuzz-${randomUUID()}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2024-01-01';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 5));
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, depth + 1)]));
    default:
      return 'x';
  }
}

/** The requests one operation is called with (before the caller's token is added). */
function fuzzRequests(path: string, method: string, operation: Operation): InjectOptions[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const fill = (segments: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? 'x');
  const validPath = fill(Object.fromEntries(pathParams.map((p) => [p.name, String(sample(p.schema))])));
  const validQuery = Object.fromEntries(queryParams.map((p) => [p.name, String(sample(p.schema))]));
  const body = sample(bodySchema) as Record<string, unknown> | undefined;
  const verb = method.toUpperCase() as InjectOptions['method'];
  const json = (payload: unknown, url = validPath, query = validQuery): InjectOptions => ({
    method: verb,
    url,
    query,
    headers: { 'content-type': 'application/json', 'accept-language': 'da' },
    payload: JSON.stringify(payload),
  });
  const requests: InjectOptions[] = [];

  if (bodySchema) {
    requests.push(json(body));
    requests.push(json({}));
    const fields = Object.keys(bodySchema.properties ?? {});
    for (const field of fields) {
      const without = { ...body };
      delete without[field];
      requests.push(json(without));
      for (const odd of ODD_VALUES) requests.push(json({ ...body, [field]: odd }));
      // A value that passes the field's own checks (length, format) but for one control character at its end.
      const plausible = body?.[field];
      if (typeof plausible === 'string') {
        for (const control of ['\u0000', '\u0008', '\uD800']) requests.push(json({ ...body, [field]: `${plausible}${control}` }));
      }
    }
    requests.push(json({ ...body, unexpected_field: BIG }));
    for (const malformed of MALFORMED_BODIES) {
      requests.push({
        method: verb,
        url: validPath,
        query: validQuery,
        headers: { 'content-type': 'application/json' },
        payload: malformed,
      });
    }
    requests.push({
      method: verb,
      url: validPath,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nbroken',
    });
    requests.push({ method: verb, url: validPath, headers: { 'content-type': 'text/plain' }, payload: 'a\u0000b' });
  } else {
    requests.push({ method: verb, url: validPath, query: validQuery, headers: { 'accept-language': 'da' } });
  }
  for (const param of pathParams) {
    for (const odd of [...ODD_PATH_SEGMENTS, `${String(sample(param.schema))}%00`, 'DEMOREG01%00', 'WBK0921435F%0A']) {
      const url = fill({ ...Object.fromEntries(pathParams.map((p) => [p.name, String(sample(p.schema))])), [param.name]: odd });
      requests.push(bodySchema ? json(body, url) : { method: verb, url, query: validQuery });
    }
  }
  for (const param of queryParams) {
    for (const odd of [...ODD_QUERY_VALUES, `${String(sample(param.schema))}%00`, 'WBK0921435F%00', 'DEMOREG01%00x']) {
      const url = `${validPath}?${new URLSearchParams({ ...validQuery, [param.name]: '' }).toString().replace(`${param.name}=`, `${param.name}=${odd}`)}`;
      requests.push(bodySchema ? json(body, url, {}) : { method: verb, url });
    }
  }
  return requests;
}

let t: TestApp;
let operations: [path: string, method: string, operation: Operation][];
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
    PLATE_CHECK_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  token = (await signUpUser(t.app)).token;
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      // Deleting the fuzzing user itself would only turn the rest into 401s.
      .map(([method, operation]) => [path, method, operation] as [string, string, Operation]),
  );
});
afterAll(() => t.close());

describe('a schema-driven fuzz of every API operation', () => {
  it('covers the operations of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const caller of ['anonymous', 'signed in'] as const) {
    it(`answers no 5xx, ${caller}`, async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const [path, method, operation] of operations) {
        for (const request of fuzzRequests(path, method, operation)) {
          const response = await t.app.inject(caller === 'signed in' ? authed(token, request) : request);
          sent += 1;
          if (response.statusCode >= 500) {
            failures.push(
              `${response.statusCode} ${method.toUpperCase()} ${String(request.url).slice(0, 120)} ${String(request.payload ?? '').slice(0, 80)}`,
            );
          }
        }
      }
      expect(sent).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    }, 600_000);
  }
});
