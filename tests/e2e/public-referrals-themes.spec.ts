import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken, uniqueEmail } from './support/session';

// Issue 15: the referral link, the partner themes (dcu, nafBrand) kept for the session and for the person, and
// the 500 page.

const themeOf = (page: Page) => page.locator('html').getAttribute('data-theme');

test('a user copies their referral link; a friend who signs up through it is counted, never named', async ({
  page,
  context,
  request,
  browser,
}) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/app');
  await page.getByRole('link', { name: 'Invitér venner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitér venner' })).toBeVisible();
  await expect(page.getByTestId('friends-signed-up')).toHaveText('0');
  await expect(page.getByText('Ingen belønning')).toBeVisible();
  await page.getByRole('button', { name: 'Kopiér linket' }).click();
  await expect(page.getByText('Linket er kopieret.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/signup\?friend_ref=[0-9A-Z]{8}$/);
  await expect(page.getByRole('textbox', { name: 'Dit link' })).toHaveValue(link);

  // The friend opens the link, looks at the login page first, and signs up: the code came along.
  const friendContext = await browser.newContext({ locale: 'da-DK' });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(link);
  await expect(friendPage.getByRole('heading', { level: 1, name: 'Opret bruger' })).toBeVisible();
  await friendPage.getByRole('link', { name: 'Log ind' }).last().click();
  await friendPage.getByRole('link', { name: 'Opret bruger', exact: true }).last().click();
  const friend = { email: uniqueEmail('friend') };
  await friendPage.getByLabel('E-mail').fill(friend.email);
  await friendPage.getByLabel('Adgangskode', { exact: true }).fill('friend-password-1');
  await friendPage.getByLabel('Region').selectOption({ label: 'Danmark' });
  await friendPage.getByLabel('Jeg accepterer Cykelregistrets betingelser og privatlivspolitik').check();
  await friendPage.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(friendPage).toHaveURL(/\/app\/redirects\/signup-complete/);
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('friends-signed-up')).toHaveText('1');
  await expect(page.getByTestId('friends-verified')).toHaveText('0');
  await expect(page.getByText(friend.email)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'referrals');
});

test('each theme is shown on the front page and the sign-up, kept after a reload, and follows the person to another device', async ({
  page,
  request,
  browser,
}) => {
  for (const theme of ['dcu', 'nafBrand', 'main'] as const) {
    await page.goto(`/?theme=${theme}`);
    await expect(page.locator('.logo')).toHaveAttribute('data-theme-logo', theme);
    expect(await themeOf(page)).toBe(theme);
    await expect(page.getByTestId('theme-welcome')).toHaveCount(theme === 'main' ? 0 : 1);
    await expectNoAxeViolations(page);
    await screenshots(page, `theme-${theme}-front`);
    // No parameter any more: the session keeps the theme, also after a reload.
    await page.getByRole('link', { name: 'Opret bruger' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Opret bruger' })).toBeVisible();
    if (theme !== 'main') await page.reload();
    await expect(page.locator('.logo')).toHaveAttribute('data-theme-logo', theme);
    expect(await themeOf(page)).toBe(theme);
    // The sign-up uses the same colours as the front page; NAF's, the furthest from main, is checked here too.
    if (theme === 'nafBrand') await expectNoAxeViolations(page);
    await screenshots(page, `theme-${theme}-signup`);
  }
  await expect(page.getByRole('link', { name: 'Cykelregistret, til forsiden' })).toBeVisible();

  // Signed in, a DCU link makes dcu the person's theme …
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/identities/theme/') && r.request().method() === 'PUT');
  await page.goto('/app?theme=dcu');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Cykelregistret × DCU, til forsiden' })).toBeVisible();

  // … which they find again when they log in on another device.
  const elsewhere = await browser.newContext({ locale: 'da-DK' });
  const other = await elsewhere.newPage();
  await other.goto('/login');
  expect(await themeOf(other)).toBe('main');
  await other.getByLabel('E-mail').fill(user.email);
  await other.getByLabel('Adgangskode', { exact: true }).fill(user.password);
  await other.getByRole('button', { name: 'Log ind' }).click();
  await expect(other.getByRole('heading', { level: 1, name: `Hej, ${user.email}` })).toBeVisible();
  await expect(other.locator('.logo')).toHaveAttribute('data-theme-logo', 'dcu');
  await other.reload();
  await expect(other.getByRole('heading', { level: 1, name: `Hej, ${user.email}` })).toBeVisible();
  expect(await themeOf(other)).toBe('dcu');
  await elsewhere.close();
});

test('a page whose data the server fails to give shows the 500 page with a reference, a retry and a way home', async ({
  page,
  request,
}) => {
  // The 404 and the goodbye after deleting an account are there for visitors too.
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Siden findes ikke' })).toBeVisible();
  await page.goto('/successfully-deleted');
  await expect(page.getByRole('heading', { level: 1, name: 'Din konto er slettet' })).toBeVisible();

  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.route('**/api/identities/me', (route) =>
    route.fulfill({ status: 500, json: { detail: 'Serveren svarede ikke korrekt.', code: 'server_error', request_id: 'req-e2e-500' } }),
  );
  // The page's data is tried three times (§8), a second, two and four apart, before the page gives up: the
  // page's clock is run on through the waits.
  await page.clock.install();
  await page.goto('/app');
  const heading = page.getByRole('heading', { level: 1, name: 'Der gik noget galt hos os' });
  await expect(async () => {
    await page.clock.runFor(2_000);
    await expect(heading).toBeVisible({ timeout: 250 });
  }).toPass();
  await expect(page.getByText('req-e2e-500')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Til forsiden', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'page-error');

  await page.unroute('**/api/identities/me');
  await page.getByRole('button', { name: 'Prøv igen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hej, ${user.email}` })).toBeVisible();
});
