import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Theme, UiLanguage } from '../../domain/locale.js';

/**
 * The chosen language, kept in a cookie so the server renders the first page in it (§1 preloaded state). It may be
 * Icelandic, the pages' partial language; the API reads it as §5 does (Icelandic is da).
 */
export const LANGUAGE_COOKIE = 'lang';

export function setLanguageCookie(reply: FastifyReply, language: UiLanguage): void {
  reply.header('set-cookie', `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`);
}

/**
 * The theme (§1), kept for the browser session so the server renders every page in it; a signed-in person's is
 * also on their profile (identity/profile.ts setTheme).
 */
export const THEME_COOKIE = 'theme';

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; SameSite=Lax`;
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const match = request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    // A malformed escape (a cookie the client made up) counts as no cookie, never as a server error.
    return undefined;
  }
}
