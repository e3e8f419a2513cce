import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogin, DEMO, storedSession, tokenClaims } from './support/session';

// Social sign-in (§3, §7) with the development provider's social client ("Dev social login"), which the
// app serves at /dev-idp in place of a provider such as Google: sign up, log out, log in; linking to a
// password account with the same verified email; the callback page's other states.

async function chooseAtProvider(page: Page, person: RegExp, title = 'Dev social login (test)') {
  await expect(page).toHaveURL(/\/dev-idp\/interaction\/[\w-]+$/);
  await expect(page).toHaveTitle(title);
  await page.getByRole('button', { name: person }).click();
}

test('sign up with the social provider from /signup, log out, then log in with it', async ({ page }) => {
  await page.goto('/signup');
  const social = page.getByRole('region', { name: 'Eller opret dig med' });
  const button = social.getByRole('button', { name: 'Fortsæt med Dev social login' });
  await expect(button).toBeVisible();
  // The account needs a region and the terms accepted first, as with a password.
  await button.click();
  await expect(social.getByRole('alert')).toHaveText(/vælge din region og bekræfte vores betingelser/);
  await expectNoAxeViolations(page);

  await page.getByLabel('Region').selectOption({ label: 'Danmark' });
  await page.getByLabel('Jeg accepterer Cykelregistrets betingelser og privatlivspolitik').check();
  await button.click();

  await expect(page).toHaveURL(/\/dev-idp\/interaction\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind med Dev social login (test)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Emma Larsen/ })).toContainText('emma.larsen@social.example');
  await expect(page.getByRole('button', { name: /Nora Dahl/ })).toContainText('E-mail ikke bekræftet');
  // No national ID test people here.
  await expect(page.getByRole('button', { name: /Anna Jensen/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /Emma Larsen/ }).click();

  await expect(page).toHaveURL(/\/app\/redirects\/signup-complete\?region=dk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Cykelregistret' })).toBeVisible();
  // The provider vouched for the address: no mail to wait for, nothing to resend.
  await expect(page.getByText('Din e-mail emma.larsen@social.example er bekræftet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send e-mailen igen' })).toHaveCount(0);
  const { token } = await storedSession(page);
  const partyId = tokenClaims(token ?? '').party_id;
  expect(tokenClaims(token ?? '').email).toBe('emma.larsen@social.example');
  expect(await page.evaluate(() => sessionStorage.getItem('social-flow'))).toBeNull();

  await page.goto('/app');
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The provider remembers who logged in there (as a real one does): straight back, signed in.
  await page.getByRole('button', { name: 'Fortsæt med Dev social login' }).click();
  await expect(page).toHaveURL(/\/app$/);
  const again = await storedSession(page);
  expect(tokenClaims(again.token ?? '').party_id).toBe(partyId);
});

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('the demo owner logs in with the social provider: linked to the password account, not duplicated', async ({ page, request }) => {
    const ownerToken = await apiLogin(request, DEMO.owner.email, DEMO.owner.password);
    await page.goto('/login?post_login_redirect=%2Fapp%2Fsettings');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue with Dev social login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in with Dev social login (test)' })).toBeVisible();
    await chooseAtProvider(page, /Ole Ejer/);

    await expect(page).toHaveURL(/\/app\/settings$/);
    const { token } = await storedSession(page);
    expect(tokenClaims(token ?? '').party_id).toBe(tokenClaims(ownerToken).party_id);
    // The password still works too.
    expect(await apiLogin(request, DEMO.owner.email, DEMO.owner.password)).toEqual(expect.any(String));
  });

  test('a login no account has offers to create one', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Dev social login' }).click();
    await chooseAtProvider(page, /Jonas Berg/);
    await expect(page).toHaveURL(/\/login\/social\/callback\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'No user yet' })).toBeVisible();
    await expect(page.getByText('There is no user with this login yet. Create a user to continue.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Create a user' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect((await storedSession(page)).token).toBeNull();
  });
});

test('cancelling at the provider says so and leads back; the callback alone has nothing to do', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Fortsæt med Dev social login' }).click();
  await expect(page).toHaveTitle('Dev social login (test)');
  await page.getByRole('button', { name: 'Annullér og gå tilbage' }).click();

  await expect(page).toHaveURL(/\/login\/social\/callback\?.*error=access_denied/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login annulleret' })).toBeVisible();
  await expect(page.getByText('Du annullerede login med Dev social login. Intet er ændret.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Tilbage til log ind' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/login/social/callback');
  await expect(page.getByRole('heading', { level: 1, name: 'Intet at gennemføre' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A code without the flow the page started with is not redeemed.
  await page.goto('/login/social/callback?code=forged&state=forged');
  await expect(page.getByRole('heading', { level: 1, name: 'Intet at gennemføre' })).toBeVisible();
});
