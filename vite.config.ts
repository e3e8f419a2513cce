import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// One id per build: baked into the client and written to build.json for the server, so the client
// can tell when the site it runs has been replaced (§2: reload once when the site version changes).
const buildVersion =
  process.env.BUILD_VERSION ??
  new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14);

function buildInfo(): Plugin {
  return {
    name: 'build-info',
    apply: 'build',
    writeBundle(options) {
      writeFileSync(path.join(options.dir ?? 'dist/web', 'build.json'), JSON.stringify({ version: buildVersion }));
    },
  };
}

/**
 * The text catalogs as plain files (i18n/<language>/<namespace>.json, minified): the web fetches them by
 * name with the build version, so the entry carries no map of every catalog (it grew with each
 * namespace, on every public page's first load). They live in src/i18n, shared with the server, which
 * also keeps its own namespaces there (mail and PDF texts, not shipped to the browser). In development
 * a middleware of the dev server answers the same paths from that folder.
 */
const CATALOG_ROOT = path.resolve('src/i18n');
const SERVER_ONLY_NAMESPACES = new Set(['mail.json', 'pdf.json', 'dev-idp.json']);

function catalogFiles(): Plugin {
  return {
    name: 'catalog-files',
    configureServer(server) {
      server.middlewares.use('/i18n', (request, response, next) => {
        const match = /^\/([a-z]{2})\/([a-z-]+\.json)(?:\?|$)/.exec(request.url ?? '');
        if (!match?.[1] || !match[2] || SERVER_ONLY_NAMESPACES.has(match[2])) return next();
        try {
          const source = readFileSync(path.join(CATALOG_ROOT, match[1], match[2]), 'utf8');
          response.setHeader('content-type', 'application/json; charset=utf-8');
          response.end(source);
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const language of readdirSync(CATALOG_ROOT, { withFileTypes: true }).filter((d) => d.isDirectory())) {
        const files = readdirSync(path.join(CATALOG_ROOT, language.name)).filter(
          (f) => f.endsWith('.json') && !SERVER_ONLY_NAMESPACES.has(f),
        );
        for (const file of files) {
          const source = JSON.stringify(JSON.parse(readFileSync(path.join(CATALOG_ROOT, language.name, file), 'utf8')));
          this.emitFile({ type: 'asset', fileName: `i18n/${language.name}/${file}`, source });
        }
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/web',
  // Not 'public': src/web/public is the public-pages area, whose sources must not be copied into the build.
  publicDir: 'static',
  plugins: [react(), buildInfo(), catalogFiles()],
  // react-router's package exports only its development build (warnings, invariant messages); the production
  // build beside it is smaller, and the first load of a public page counts every KB.
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: path.resolve('node_modules/react-router/dist/production/index.mjs') }] }
      : undefined,
  define: { __APP_VERSION__: JSON.stringify(command === 'build' ? buildVersion : 'dev') },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // The design system is used by nearly every page: one chunk rather than a dozen tiny ones, each
        // of which would cost a request and its own compression overhead on a page's first load.
        manualChunks(id) {
          if (id.includes('/src/web/ui/') || id.endsWith('/src/web/lib/errors.ts')) return 'ui';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    // ws: the chats' live channel (/api/chats/live) is a WebSocket on the same path. A lock page's live channel is the
    // page's own address (/app/docks/{dockId}/locks/{lockId}/websocket): its upgrade goes to the server, while a plain
    // GET of it (bypass) stays with Vite, which serves the page.
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '^/app/docks/[^/]+/locks/[^/]+/websocket$': {
        target: 'http://localhost:3000',
        ws: true,
        // Vite asks bypass for upgrades too: those go on to the server.
        bypass: (request) => (request.headers.upgrade ? undefined : request.url),
      },
    },
  },
}));
