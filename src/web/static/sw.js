// Service worker of the installable app (§1). Registered as /sw.js?v=<build version>, so each deploy
// installs a new worker with its own cache, and the old caches are deleted when it activates.
//   /assets/*     cache first: the file names carry a content hash, so a cached file never goes stale.
//   /i18n/*       cache first too: the text catalogs are fetched with the build version in their address.
//   navigations   network first, so a deploy is seen at once (§2 reload rules); offline, the cached app shell.
//   /api/*        never touched: answers are private and live.
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const PREFIX = 'bike-register-';
const CACHE = `${PREFIX}${VERSION}`;
const SHELL = '/__app-shell';
const STATIC_FILES = ['/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'];

/** The app shell and the entry files it names (scripts, styles, preloads), fetched fresh. */
async function precache() {
  const cache = await caches.open(CACHE);
  const response = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL, response);
  const entries = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.addAll([...new Set([...entries, ...STATIC_FILES])]);
}

self.addEventListener('install', (event) => {
  // A failed precache must not block the app: the worker still installs and caches as pages load.
  event.waitUntil(precache().catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// The page names the files it loaded before this worker controlled it (its first visit), so that page
// works offline too. Only hashed files of this site are taken.
self.addEventListener('message', (event) => {
  const urls = event.data && event.data.type === 'cache-assets' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const assets = urls.filter((url) => {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin && (parsed.pathname.startsWith('/assets/') || parsed.pathname.startsWith('/i18n/'));
  });
  event.waitUntil(Promise.all(assets.map((url) => cacheFirst(new Request(url)).catch(() => undefined))));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // Every page is the same shell with the server state; keep the newest one for offline use.
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
      await cache.put(SHELL, response.clone());
    }
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request));
  } else if (url.pathname.startsWith('/assets/') || (url.pathname.startsWith('/i18n/') && url.searchParams.has('v'))) {
    event.respondWith(cacheFirst(request));
  }
});
