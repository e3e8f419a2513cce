import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  normaliseLanguage,
  normaliseRegion,
  normaliseTheme,
  normaliseUiLanguage,
  type Theme,
  type UiLanguage,
  uiLanguageFromAcceptLanguage,
} from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import { t } from '../i18n/index.js';
import { LANGUAGE_COOKIE, readCookie, THEME_COOKIE, themeCookie } from './cookies.js';
import { bootErrorFallback, escapeHtml } from './error-page.js';

/** What the server tells the web app before its first render (§1: preloaded from server-rendered state). */
export interface ServerState {
  /** The page's language: a §5 language or Icelandic (partial, §1); the API still answers in the §5 one. */
  language: string;
  region: string;
  theme: string;
  siteVersion: string;
  embedded: boolean;
  devMailbox: boolean;
  /** Map tiles for the stolen-bike map and place pickers (null: the bundled outline only). */
  mapTileUrl: string | null;
  mapTileAttribution: string;
  /** The tag manager container (TAG_MANAGER_ID), loaded only after the visitor consents to statistics; null: none. */
  tagManagerId: string | null;
}

export function readBuildVersion(webDir: string): string {
  try {
    return JSON.parse(readFileSync(path.join(webDir, 'build.json'), 'utf8')).version ?? 'dev';
  } catch {
    return 'dev';
  }
}

/** The language a page is shown in: the one chosen last (cookie), else the browser's; Icelandic too (§1, partial). */
export function pageLanguage(request: FastifyRequest): UiLanguage {
  const language = readCookie(request, LANGUAGE_COOKIE);
  return language ? normaliseUiLanguage(language) : uiLanguageFromAcceptLanguage(request.headers['accept-language']);
}

/** §1: the theme a link names (?theme=, a partner's way in), else the one this browser session keeps. */
export function pageTheme(request: FastifyRequest): Theme {
  const query = request.query as Record<string, unknown> | undefined;
  return normaliseTheme(query?.theme ?? readCookie(request, THEME_COOKIE));
}

export function serverState(ctx: AppContext, request: FastifyRequest, siteVersion: string): ServerState {
  return {
    language: pageLanguage(request),
    region: normaliseRegion(readCookie(request, 'region')),
    theme: pageTheme(request),
    siteVersion,
    embedded: ctx.config.embedded,
    devMailbox: ctx.config.env !== 'production' && !ctx.mailer.delivers,
    mapTileUrl: ctx.config.map.tileUrl,
    mapTileAttribution: ctx.config.map.tileAttribution,
    tagManagerId: ctx.config.tagManagerId,
  };
}

/**
 * JSON in a script tag the browser does not run, so the strict CSP stays strict; `<` is escaped against injection.
 * The page's language goes into <html lang> and the default meta description, for those who read the HTML without
 * running it (search engines, link previews); a page may set its own once it runs (PageTitle).
 */
export function injectState(html: string, state: ServerState, url = '/'): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const language = normaliseLanguage(state.language);
  return html
    .replace('<!--app-state-->', `<script id="app-state" type="application/json">${json}</script>`)
    .replace('<!--boot-error-->', bootErrorFallback(language, normaliseTheme(state.theme), url))
    .replace(/<html lang="[^"]*"/, `<html lang="${state.language}"`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeHtml(t(language, 'common:meta.description'))}"`,
    );
}

/** Answers smaller than this are not compressed (@fastify/compress's threshold, set in app.ts). */
export const COMPRESS_THRESHOLD = 1024;

/** Content types of the files a web build holds; text is UTF-8. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A file of the build, read once at start with its precompressed copies (npm run build writes .br and .gz). */
interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  lastModified: string;
  headers: Record<string, string>;
}

function readStaticFiles(webDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(webDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = statSync(file);
    const variant = (suffix: string) => (existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined);
    const br = variant('.br');
    const gzip = variant('.gz');
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    const lastModified = stat.mtime.toUTCString();
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      etag,
      'last-modified': lastModified,
    };
    if (br || gzip) headers.vary = 'accept-encoding';
    const url = `/${path.relative(webDir, file).split(path.sep).map(encodeURIComponent).join('/')}`;
    files.set(url, { body: readFileSync(file), br, gzip, etag, lastModified, headers });
  }
  return files;
}

/** Whether Accept-Encoding admits an encoding (named, or `*`, with a q above 0). */
export function acceptsEncoding(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const token = name.trim().toLowerCase();
    if (token !== encoding && token !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

function notModified(request: FastifyRequest, file: StaticFile): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, '');
    return match.trim() === '*' || match.split(',').some((tag) => bare(tag) === bare(file.etag));
  }
  return request.headers['if-modified-since'] === file.lastModified;
}

function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.headers(file.headers);
  if (notModified(request, file)) return reply.code(304).send();
  const accepted = request.headers['accept-encoding'];
  if (file.br && acceptsEncoding(accepted, 'br')) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && acceptsEncoding(accepted, 'gzip')) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

/**
 * Serves the built web app: every file of the build from memory (read once at start, with its precompressed
 * copies; hashed assets with a year's cache), and returns the renderer of the app shell (with the server state)
 * that answers every other page request. Null when the web app is not built.
 */
export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
  webDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => string) | null> {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    ctx.log.warn({ webDir }, 'web app not built: serving the API only (run npm run build)');
    return null;
  }
  const shell = readFileSync(indexFile, 'utf8');
  const version = readBuildVersion(webDir);
  for (const [url, file] of readStaticFiles(webDir)) {
    // Only a file without precompressed copies, and big enough (@fastify/compress's threshold), is compressed as
    // it is sent; the others skip the compression hooks. None of them takes a body to decompress.
    const compressed = file.br === undefined && file.gzip === undefined && file.body.length >= COMPRESS_THRESHOLD;
    app.get(url, { ...(compressed ? {} : { compress: false }), decompress: false }, (request, reply) =>
      sendStaticFile(request, reply, file),
    );
  }
  return (request, reply) => {
    const state = serverState(ctx, request, version);
    // A theme named in the address is kept for the rest of the browser session (§1).
    if ((request.query as Record<string, unknown> | undefined)?.theme !== undefined)
      reply.header('set-cookie', themeCookie(pageTheme(request)));
    return injectState(shell, state, request.url);
  };
}
