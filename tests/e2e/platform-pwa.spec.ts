import { expect, type Page, test } from '@playwright/test';

// §1 installable app: a valid manifest with the product's colours and icons, and a service worker
// that activates, controls the page and serves the app shell offline.

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): string {
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

// The other specs block service workers (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

async function waitForControllingWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('the page links a valid Danish manifest with the app colours and icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Cykelregistret',
    short_name: 'Cykelregistret',
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    theme_color: '#004568',
    background_color: '#004568',
    lang: 'da',
  });
  expect(manifest.description).toMatch(/cykel/i);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#004568');

  const icons: ManifestIcon[] = manifest.icons;
  const pngs = icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
  for (const icon of icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toContain(icon.type);
    if (icon.type === 'image/png') expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
});

test('the service worker activates and controls the page, scoped to the whole site', async ({ page }) => {
  await page.goto('/');
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const active = registration.active;
    if (active && active.state !== 'activated') {
      await new Promise<void>((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
    }
    return { scope: registration.scope, script: active?.scriptURL ?? '', state: active?.state };
  });
  expect(worker.state).toBe('activated');
  expect(new URL(worker.scope).pathname).toBe('/');
  expect(new URL(worker.script).pathname).toBe('/sw.js');
  // Each build has its own worker URL, so a deploy installs a new worker and cache.
  expect(new URL(worker.script).searchParams.get('v')).toBeTruthy();
  await waitForControllingWorker(page);
});

test('once visited, the site opens offline from the cache, but API calls are never cached', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForControllingWorker(page);
  // Every hashed file of this first visit is in the cache (the page hands their names to the worker).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const assets = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.startsWith('/assets/'));
        const cached = await Promise.all(assets.map((url) => caches.match(url)));
        return assets.length > 0 && cached.every(Boolean);
      }),
    )
    .toBe(true);
  const apiCached = await page.evaluate(async () => {
    await fetch('/api/health');
    return Boolean(await caches.match('/api/health'));
  });
  expect(apiCached).toBe(false);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
