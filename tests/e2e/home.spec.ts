import { expect, test } from '@playwright/test';
import home from '../../src/i18n/da/home.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { apiSignUp, seedToken } from './support/session';

test('the front page is served in the browser language with the server state, and is accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  const state = JSON.parse((await page.locator('#app-state').textContent()) ?? '{}');
  expect(state).toMatchObject({ language: 'da', region: 'dk', theme: 'main', embedded: true });
  await expectNoAxeViolations(page);
});

test('the 404 page is open to visitors and accessible, and shows for any unknown path without a detour through login', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Siden findes ikke');
  await expectNoAxeViolations(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Siden findes ikke');
  await expect(page).toHaveURL(/\/no-such-page$/);
  // Under the signed-in trees a visitor still signs in first (§2).
  await page.goto('/app/no-such-page');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in user at an unknown path under /app or /backoffice sees the 404 page, not an empty one', async ({ page, request }) => {
  const { token } = await apiSignUp(request);
  await seedToken(page, token);
  for (const path of ['/app/no-such-page', '/app/no-such-page/deeper', '/backoffice/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Siden findes ikke');
  }
});

test('a theme named in the address is applied, and an unknown one falls back to main', async ({ page }) => {
  await page.goto('/?theme=dcu');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dcu');
  await page.goto('/?theme=nonsense');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'main');
});

test('an unknown API path answers JSON 404, never the app shell', async ({ request }) => {
  const response = await request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'not_found' });
});

test('on a phone the header links fold into a menu that opens, leads on and closes behind it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
  await expect(nav.getByRole('link', { name: 'Søg' })).toBeHidden();
  // Nothing sticks out sideways: the header fits a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'Søg' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log ind' })).toBeVisible();
  await expectNoAxeViolations(page);
  await nav.getByRole('link', { name: 'Søg' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(nav.getByRole('link', { name: 'Søg' })).toBeHidden();
  // On a wide screen the same links sit in the header, with no menu button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav.getByRole('link', { name: 'Log ind' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
});
