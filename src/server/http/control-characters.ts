import type { FastifyInstance } from 'fastify';
import { AppInputError } from './errors.js';

// Control characters and lone surrogates are refused at the edge, before any route sees them: PostgreSQL
// cannot store a NUL or a lone surrogate in text (a 500 in 21 operations, several open to visitors), and none
// belongs in a frame number, a name or a message. Text in a body may keep tab, line feed and carriage return
// (messages, descriptions); a path or query parameter may not.

const IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const IN_PARAMETER = /[\u0000-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any payload of the API; anything deeper is left to the route's schema, which refuses it. */
const MAX_DEPTH = 8;

/** Where in a parsed value a forbidden character is (a path of keys and indexes), or null. */
export function findControlCharacter(value: unknown, pattern: RegExp = IN_TEXT, depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return pattern.test(value) ? [] : null;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && pattern.test(key)) return [key];
    const inner = findControlCharacter(item, pattern, depth + 1);
    if (inner) return [key, ...inner];
  }
  return null;
}

export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const params = findControlCharacter(request.params, IN_PARAMETER);
    if (params) throw new AppInputError(['path', ...params], 'control_character');
    const query = findControlCharacter(request.query, IN_PARAMETER);
    if (query) throw new AppInputError(['query', ...query], 'control_character');
    // Multipart bodies are files, read by their own routes; only parsed JSON (objects, arrays, strings) is text.
    if (request.body !== undefined && !Buffer.isBuffer(request.body)) {
      const body = findControlCharacter(request.body);
      if (body) throw new AppInputError(['body', ...body], 'control_character');
    }
  });
}
