import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogin, apiSignUp, DEMO, loginAs, storedSession, tokenClaims } from './support/session';

/** A page that needs a session, and exists. */
const PROTECTED = '/app/settings';

async function logInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log ind' }).click();
}

test('the login form names a wrong password, keeps what was typed, and links onwards', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Opret bruger' }).last()).toHaveAttribute('href', '/signup');
  await expectNoAxeViolations(page);

  await logInWithForm(page, DEMO.owner.email, 'forkert-kode');
  await expect(page.getByRole('alert')).toHaveText(/Forkert e-mail eller adgangskode/);
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.owner.email);
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.owner.email);
});

test('log out, then log in again and land on the path that was asked for', async ({ page }) => {
  await page.goto('/login');
  await logInWithForm(page, DEMO.owner.email, DEMO.owner.password);
  await expect(page).toHaveURL(/\/app$/);

  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedSession(page)).token).toBeNull();

  await page.goto(`${PROTECTED}?fane=1`);
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedSession(page)).returnPath).toBe(`${PROTECTED}?fane=1`);
  await logInWithForm(page, DEMO.owner.email, DEMO.owner.password);
  await expect(page).toHaveURL(new RegExp(`${PROTECTED}\\?fane=1$`));
  // Followed once: the stored path is cleared.
  expect((await storedSession(page)).returnPath).toBeNull();
});

test('post_login_redirect overrides the stored path', async ({ page }) => {
  await page.goto(PROTECTED);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`/login?post_login_redirect=${encodeURIComponent('/app/redirects/signup-complete?region=no')}`);
  await logInWithForm(page, DEMO.owner.email, DEMO.owner.password);
  await expect(page).toHaveURL(/\/app\/redirects\/signup-complete\?region=no$/);
});

test('a post_login_redirect or next= that resolves off the site is not followed', async ({ page }) => {
  // /.//evil.example resolves to //evil.example, which a browser reads as another host.
  await page.goto(`/login?post_login_redirect=${encodeURIComponent('/.//evil.example')}`);
  await logInWithForm(page, DEMO.owner.email, DEMO.owner.password);
  await expect(page).toHaveURL(/\/app$/);

  await page.goto(`/app/redirects/signup-complete?region=dk&next=${encodeURIComponent('/app/../..//evil.example')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Cykelregistret' })).toBeVisible();
  // No link leads off the site (the shell's "try again" may name this very page, its query and all).
  const hosts = await page.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).host));
  expect(hosts.filter((host) => host !== new URL(page.url()).host)).toEqual([]);
  // A next= on this site is still offered.
  await page.goto(`/app/redirects/signup-complete?region=dk&next=${encodeURIComponent('/app/settings')}`);
  await expect(page.getByRole('link', { name: 'Fortsæt, hvor du var' })).toHaveAttribute('href', '/app/settings');
});

test('/app without a session goes to login without storing a path, and login then opens /app', async ({ page }) => {
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login$/);
  expect((await storedSession(page)).returnPath).toBeNull();
  await logInWithForm(page, DEMO.owner.email, DEMO.owner.password);
  await expect(page).toHaveURL(/\/app$/);
});

test('an auth_token query parameter logs in, and is taken out of the address', async ({ page, request }) => {
  const token = await apiLogin(request, DEMO.owner.email, DEMO.owner.password);
  await page.goto(`${PROTECTED}?auth_token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(new RegExp(`${PROTECTED}$`));
  expect((await storedSession(page)).token).toBe(token);

  // A token that is not valid is ignored: the visitor still goes to login.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${PROTECTED}?auth_token=not-a-token`);
  await expect(page).toHaveURL(/\/login$/);
});

test('login switches to the language of the account', async ({ page, request }) => {
  const user = await apiSignUp(request, { chosen_language: 'en' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await logInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('a visitor may open the public pages, and is sent to login from the rest', async ({ page }) => {
  const open = [
    '/login',
    '/signup',
    '/signup/newsletter',
    '/signup/newsletter-sleek',
    '/signup/from-scan',
    '/reset-password',
    '/reset-password-succes',
    '/forgot-passw-check-mail',
    '/forgot-password',
    '/flows/some-flow',
    '/verify-email',
  ];
  for (const path of open) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page, `${path} stays`).toHaveURL(new RegExp(`${path}$`));
  }
  for (const path of ['/signup/from-scan/create-bikes-loop', '/signup/from-scan/create-bikes-loop/b1', PROTECTED]) {
    await page.goto(path);
    await expect(page, `${path} goes to login`).toHaveURL(/\/login$/);
  }
});

test('an insurance company user going to /app is sent to the insurance admin of their party', async ({ page, request }) => {
  const token = await loginAs(page, request, DEMO.insurer.email, DEMO.insurer.password);
  const claims = tokenClaims(token);
  expect(claims.organisation_type).toBe('insurance_company');
  await page.goto('/app');
  await expect(page).toHaveURL(new RegExp(`/insurance/${String(claims.party_id)}/admin$`));
});
