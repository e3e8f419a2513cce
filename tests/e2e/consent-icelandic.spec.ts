import { expect, type Page, type Request, test } from '@playwright/test';
import daCommon from '../../src/i18n/da/common.json' with { type: 'json' };
import daConsent from '../../src/i18n/da/consent.json' with { type: 'json' };
import daErrors from '../../src/i18n/da/errors.json' with { type: 'json' };
import daHome from '../../src/i18n/da/home.json' with { type: 'json' };
import daIdentity from '../../src/i18n/da/identity.json' with { type: 'json' };
import daSettings from '../../src/i18n/da/settings.json' with { type: 'json' };
import isCommon from '../../src/i18n/is/common.json' with { type: 'json' };
import isHome from '../../src/i18n/is/home.json' with { type: 'json' };
import { securityHeaders } from '../../src/server/http/security-headers';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// The tag manager is never really loaded here: every request to its hosts is answered by page.route with a tiny
// script that counts its runs.
const TAG_MANAGER = /^https:\/\/[^/]*googletagmanager\.com\//;
const CONTAINER = 'GTM-TEST123';

async function countTagManagerRequests(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(TAG_MANAGER, (route) => {
    requests.push(route.request());
    return route.fulfill({ contentType: 'application/javascript', body: 'window.tagManagerRuns = (window.tagManagerRuns || 0) + 1;' });
  });
  return requests;
}

/**
 * The server of these journeys runs without TAG_MANAGER_ID (so the other journeys see no banner); this one serves
 * its pages as a server with a container would: the container id in the page state, and the CSP the server
 * builds with it. The rest of each page is the server's own.
 */
async function serveWithTagManager(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      const config = {
        map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileAttribution: '' },
        publicUrl: 'http://localhost',
      };
      // What the server sends today is what it builds without a container: so the one sent here is what it builds with one.
      expect(response.headers()['content-security-policy']).toBe(
        securityHeaders({ ...config, tagManagerId: null })['content-security-policy'],
      );
      expect(html).toContain('"tagManagerId":null');
      await route.fulfill({
        response,
        body: html.replace('"tagManagerId":null', `"tagManagerId":"${CONTAINER}"`),
        headers: {
          ...response.headers(),
          'content-security-policy': securityHeaders({ ...config, tagManagerId: CONTAINER })['content-security-policy'] ?? '',
        },
      });
    },
  );
}

const dataLayerEvents = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((entry) => entry.event ?? ''));

test('without a tag manager nothing third-party loads, no banner shows, and the next pages are fetched ahead', async ({ page }) => {
  const tagManager = await countTagManagerRequests(page);
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/')) chunks.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(daHome.hero.title);
  // §9 prefetch: after the page is idle, the code of the pages its menu leads to (search, login …) arrives unasked.
  await expect.poll(() => chunks.some((url) => /\/assets\/search-page-[^/]+\.js$/.test(url))).toBe(true);
  await expect(page.getByRole('region', { name: daConsent.title })).toHaveCount(0);
  await expect(page.getByRole('button', { name: daConsent.settingsLink })).toHaveCount(0);
  expect(tagManager).toEqual([]);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
});

test('with a tag manager, it loads only after consent to statistics, gets the events, and the choice can be changed', async ({
  page,
  request,
}) => {
  const { token } = await apiSignUp(request);
  await seedToken(page, token);
  const tagManager = await countTagManagerRequests(page);
  await serveWithTagManager(page);

  await page.goto('/');
  const banner = page.getByRole('region', { name: daConsent.title });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: daConsent.privacyLink })).toHaveAttribute('href', '/privacy');
  await expectNoAxeViolations(page);
  await screenshots(page, 'consent-banner');
  expect(tagManager).toEqual([]);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

  // By keyboard: the banner comes right after the skip link.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: daCommon.nav.skipToContent })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('link', { name: daConsent.privacyLink })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: daConsent.acceptStatistics })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect.poll(() => tagManager.length).toBe(1);
  expect(tagManager[0]?.url()).toBe(`https://www.googletagmanager.com/gtm.js?id=${CONTAINER}`);
  await expect.poll(() => page.evaluate(() => (window as { tagManagerRuns?: number }).tagManagerRuns)).toBe(1);

  // The app's own §7 events now reach the dataLayer too.
  await page.getByRole('navigation', { name: daCommon.nav.main }).getByRole('link', { name: daCommon.nav.search }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect.poll(() => dataLayerEvents(page)).toEqual(expect.arrayContaining(['gtm.js', 'navigation.route-change']));

  // The choice is remembered: no banner, and the tag manager loads at once.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => tagManager.length).toBe(2);
  await expect(banner).toHaveCount(0);

  // Changed later from the settings: only necessary, and the tag manager is gone from then on.
  await page.goto('/app/settings');
  const cookies = page.getByRole('region', { name: daConsent.sectionTitle });
  await expect(cookies).toContainText(daConsent.currentStatistics);
  await expect.poll(() => tagManager.length).toBe(3);
  await cookies.getByRole('button', { name: daConsent.settingsLink }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading', { name: daConsent.title })).toBeFocused();
  await expect(banner).toContainText(daConsent.currentStatistics);
  await screenshots(page, 'cookie-settings');
  await banner.getByRole('button', { name: daConsent.onlyNecessary }).click();
  // The page starts again without the script, which cannot be unloaded.
  await expect(page.getByRole('heading', { level: 1, name: daSettings.title })).toBeVisible();
  await expect(cookies).toContainText(daConsent.currentNecessary);
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  expect(tagManager).toHaveLength(3);
});

test('Icelandic is offered in the switcher; what it lacks shows in Danish, and the server answers in Danish', async ({ page }) => {
  await page.goto('/');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/identities/language/') && r.request().method() === 'PUT');
  await page.getByRole('combobox', { name: daCommon.nav.language }).selectOption('is');
  expect(await (await saved).headerValue('set-cookie')).toMatch(/^lang=is;/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(isHome.hero.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  // Kept in the cookie: the server renders the next page in Icelandic.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(isHome.hero.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  const nav = page.getByRole('navigation', { name: isCommon.nav.main });
  await expect(nav.getByRole('link', { name: isCommon.nav.logIn })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'icelandic-home');

  // The login page has no Icelandic texts yet: they come in Danish, around an Icelandic header.
  await nav.getByRole('link', { name: isCommon.nav.logIn }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(daIdentity.login.title);
  await expect(nav.getByRole('link', { name: isCommon.nav.signUp })).toBeVisible();
  await page.getByLabel(daIdentity.email).fill('nobody-at-all@example.com');
  await page.getByLabel(daIdentity.login.password, { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: daIdentity.login.submit }).click();
  // §5: the server's answer is in Danish.
  await expect(page.getByRole('alert')).toContainText(daErrors.password_wrong);
  await expect(page.getByLabel(daIdentity.email)).toHaveValue('nobody-at-all@example.com');
  await screenshots(page, 'icelandic-login');
});

test('a page whose data takes more than a second gets a polite notice that goes when it arrives', async ({ page, request }) => {
  const { token } = await apiSignUp(request);
  await seedToken(page, token);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/identities/me', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/app/settings');
  const notice = page.locator('.slow-route-notice[aria-live="polite"]');
  await expect(notice).toHaveText(daCommon.slowRoute);
  release();
  await expect(page.getByRole('heading', { level: 2, name: daSettings.profile.title })).toBeVisible();
  await expect(notice).toHaveText('');
});
