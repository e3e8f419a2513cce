import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogin, apiSignUp, seedToken } from './support/session';

test('a language chosen in the header is kept after a reload and on the account', async ({ page, request, browser, baseURL }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);

  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Indstillinger' })).toBeVisible();
  await page.getByRole('banner').getByLabel('Sprog').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The form shows the same choice, so saving it does not undo the switch.
  await expect(page.getByLabel('System language')).toHaveValue('en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNoAxeViolations(page);

  // The choice is on the account: a fresh browser, logged in, gets it too.
  const token = await apiLogin(request, user.email, user.password);
  const answer = await request.get('/api/identities/language/', { headers: { authorization: `Bearer ${token}` } });
  expect(await answer.json()).toEqual({ language: 'en' });

  const fresh = await browser.newContext({ baseURL, locale: 'da-DK' });
  const other = await fresh.newPage();
  await seedToken(other, token);
  await other.goto('/app');
  await expect(other.getByRole('heading', { level: 1, name: `Hello, ${user.email}` })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await fresh.close();
});

test('the system language in the profile form switches the interface when saved', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/settings');

  await page.getByLabel('Systemsprog').selectOption('no');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Innstillinger' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'no');
  await expect(page.getByText('Endringene dine er lagret.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Innstillinger' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'no');
});
