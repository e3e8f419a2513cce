import type { FastifyInstance } from 'fastify';
import { AppInputError } from './errors.js';

// Control characters and lone surrogates are refused at the edge, before any route sees them: PostgreSQL
// cannot store a NUL or a lone surrogate in text (a 500 in 21 operations, several open to visitors), and none
// belongs in a frame number, a name or a message. Text in a body may keep tab, line feed and carriage return
// (messages, descriptions); a path or query parameter may not.

/** Whether a text holds a control character (tab, line feed and carriage return allowed in `text`) or a lone surrogate. */
function hasForbidden(value: string, allowLineBreaks: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      if (allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
      return true;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i += 1; // a whole pair
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}

const IN_TEXT = (value: string) => hasForbidden(value, true);
const IN_PARAMETER = (value: string) => hasForbidden(value, false);

/** Deeper than any payload of the API; anything deeper is left to the route's schema, which refuses it. */
const MAX_DEPTH = 8;

/** Where in a parsed value a forbidden character is (a path of keys and indexes), or null. */
export function findControlCharacter(
  value: unknown,
  forbidden: (text: string) => boolean = IN_TEXT,
  depth = 0,
): (string | number)[] | null {
  if (typeof value === 'string') return forbidden(value) ? [] : null;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && forbidden(key)) return [key];
    const inner = findControlCharacter(item, forbidden, depth + 1);
    if (inner) return [key, ...inner];
  }
  return null;
}

export function registerControlCharacterCheck(app: FastifyInstance): void {
  // A callback hook: most requests carry no parameters or body to look at, and pass without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const params = findControlCharacter(request.params, IN_PARAMETER);
    if (params) return done(new AppInputError(['path', ...params], 'control_character'));
    const query = findControlCharacter(request.query, IN_PARAMETER);
    if (query) return done(new AppInputError(['query', ...query], 'control_character'));
    // Multipart bodies are files, read by their own routes; only parsed JSON (objects, arrays, strings) is text.
    if (request.body !== undefined && !Buffer.isBuffer(request.body)) {
      const body = findControlCharacter(request.body);
      if (body) return done(new AppInputError(['body', ...body], 'control_character'));
    }
    done();
  });
}
