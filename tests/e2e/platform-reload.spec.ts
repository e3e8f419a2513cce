import { expect, test } from '@playwright/test';
import daCommon from '../../src/i18n/da/common.json' with { type: 'json' };

// §2: when the site version changes the client reloads once; a page whose code fails to load falls
// back to a full page load (once), and then says it could not be shown.

test('a newer site version on an API answer reloads the page once, not again', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('**/api/identities/language/', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-site-version': 'a-newer-build' } });
  });
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.getByLabel('Sprog').selectOption('en');
  await expect.poll(() => loads).toBe(1);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('reloaded-for-version'))).toBe('a-newer-build');

  // The same newer version again (e.g. a stale cache): no second reload.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Wait for the routed answer too: a route still fetching when the test ends fails the next test.
  const saved = page.waitForResponse('**/api/identities/language/');
  await page.getByLabel('Language').selectOption('da');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await saved;
  expect(loads).toBe(1);
});

test.describe('without the service worker (it would answer the chunk from its cache)', () => {
  test('a page whose code cannot be fetched falls back to a full page load, once', async ({ page }) => {
    // Before the first page: §9 prefetch would otherwise fetch the login page's code ahead of the click.
    await page.route('**/assets/login-page-*.js', (route) => route.abort());
    await page.goto('/');
    const documentLoads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads.push(new URL(request.url()).pathname);
    });
    const reload = page.waitForRequest((request) => request.resourceType() === 'document');
    await page.getByRole('link', { name: 'Log ind' }).first().click();
    expect(new URL((await reload).url()).pathname).toBe('/login');
    // After the one reload the file still fails: the page says so instead of reloading again.
    await expect(page.getByRole('heading', { name: daCommon.pageError.title })).toBeVisible();
    expect(documentLoads).toEqual(['/login']);
  });
});
