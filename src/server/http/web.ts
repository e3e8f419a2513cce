import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, normaliseLanguage, normaliseRegion, normaliseTheme } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import { LANGUAGE_COOKIE, readCookie } from './cookies.js';

/** What the server tells the web app before its first render (§1: preloaded from server-rendered state). */
export interface ServerState {
  language: string;
  region: string;
  theme: string;
  siteVersion: string;
  embedded: boolean;
  devMailbox: boolean;
  /** Map tiles for the stolen-bike map and place pickers (null: the bundled outline only). */
  mapTileUrl: string | null;
  mapTileAttribution: string;
}

export function readBuildVersion(webDir: string): string {
  try {
    return JSON.parse(readFileSync(path.join(webDir, 'build.json'), 'utf8')).version ?? 'dev';
  } catch {
    return 'dev';
  }
}

export function serverState(ctx: AppContext, request: FastifyRequest, siteVersion: string): ServerState {
  const query = request.query as Record<string, unknown> | undefined;
  const language = readCookie(request, LANGUAGE_COOKIE);
  return {
    language: language ? normaliseLanguage(language) : languageFromAcceptLanguage(request.headers['accept-language']),
    region: normaliseRegion(readCookie(request, 'region')),
    theme: normaliseTheme(query?.theme ?? readCookie(request, 'theme')),
    siteVersion,
    embedded: ctx.config.embedded,
    devMailbox: ctx.config.env !== 'production' && !ctx.mailer.delivers,
    mapTileUrl: ctx.config.map.tileUrl,
    mapTileAttribution: ctx.config.map.tileAttribution,
  };
}

/** JSON in a script tag the browser does not run, so the strict CSP stays strict; `<` is escaped against injection. */
export function injectState(html: string, state: ServerState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return html
    .replace('<!--app-state-->', `<script id="app-state" type="application/json">${json}</script>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${state.language}"`);
}

/**
 * Serves the built web app: hashed assets with a long cache, and returns the renderer of the app shell
 * (with the server state) that answers every other page request. Null when the web app is not built.
 */
export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
  webDir: string,
): Promise<((request: FastifyRequest) => string) | null> {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    ctx.log.warn({ webDir }, 'web app not built: serving the API only (run npm run build)');
    return null;
  }
  const shell = readFileSync(indexFile, 'utf8');
  const version = readBuildVersion(webDir);
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    // npm run build writes .br and .gz beside each asset (scripts/compress-web.mjs), at the highest levels.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
    },
  });
  return (request) => injectState(shell, serverState(ctx, request, version));
}
