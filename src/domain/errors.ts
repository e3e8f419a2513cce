import { da } from './error-texts/da.js';
import { en } from './error-texts/en.js';
import { no } from './error-texts/no.js';
import type { Language } from './locale.js';

// Error codes shared by server and web, with their user messages (§8): one catalog per language in
// error-texts/, so a page loads only its own language's texts. The server answers with the message in
// the caller's language; forms show the same texts through the web's `errors` namespace.
const TEXTS: Record<Language, Record<ErrorCode, string>> = { da, en, no };

export type ErrorCode = keyof typeof da;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(da, value);
}

export function errorMessage(code: ErrorCode, language: Language): string {
  return TEXTS[language][code];
}

/** Every code with its texts, for tests and tools. */
export function errorCatalog(language: Language): Readonly<Record<ErrorCode, string>> {
  return TEXTS[language];
}
