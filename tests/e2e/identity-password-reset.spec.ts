import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { newestLink } from './support/mailbox';
import { apiSignUp, storedSession, uniqueEmail } from './support/session';

const NEW_PASSWORD = 'nyt-kodeord-2026';

test('forgot password: ask, resend, follow the newest link, choose a new password, log in with it', async ({ page, request }) => {
  const user = await apiSignUp(request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Glemt adgangskode?' })).toBeVisible();
  await expectNoAxeViolations(page);

  // §5: for a reset the user must exist; the server's message is shown on the field.
  await page.getByLabel('E-mail').fill(uniqueEmail('ukendt'));
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Der findes ingen bruger med den e-mail')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeFocused();

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page).toHaveURL(/\/forgot-passw-check-mail\?email=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tjek din e-mail' })).toBeVisible();
  await expect(page.getByText(`Vi har sendt et link til ${user.email}.`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  const firstLink = await newestLink(request, user.email, '/reset-password');

  await page.getByRole('button', { name: 'Send igen' }).click();
  await expect(page.getByText('Vi har sendt e-mailen igen.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  const link = await newestLink(request, user.email, '/reset-password', [firstLink]);

  // Only the newest link works.
  await page.goto(firstLink);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Gentag ny adgangskode').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await expect(page.getByRole('alert')).toContainText('Adgangskoden kunne ikke nulstilles');
  await expect(page.getByRole('link', { name: 'Bed om et nyt link' })).toHaveAttribute('href', '/forgot-password');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg ny adgangskode' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Gentag ny adgangskode').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await expect(page.getByText('De to adgangskoder er ikke ens')).toBeVisible();
  await page.getByLabel('Gentag ny adgangskode').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();

  await expect(page).toHaveURL(/\/reset-password-succes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Din adgangskode er ændret' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gå til appen' })).toHaveAttribute('href', '/app');
  expect((await storedSession(page)).token).toBeTruthy();
  await expectNoAxeViolations(page);

  // A used link does not work twice.
  await page.goto(link);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('endnu-et-kodeord');
  await page.getByLabel('Gentag ny adgangskode').fill('endnu-et-kodeord');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await expect(page.getByRole('alert')).toContainText('Adgangskoden kunne ikke nulstilles');
  await expectNoAxeViolations(page);

  // Log out; the old password fails and the new one works.
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Forkert e-mail eller adgangskode/);
  await page.getByLabel('Adgangskode', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('a reset address without its token explains and links to a new request', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Linket er ufuldstændigt' })).toBeVisible();
  await page.getByRole('link', { name: 'Bed om et nyt link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the check-mail page without an address still explains, and offers another email', async ({ page }) => {
  await page.goto('/forgot-passw-check-mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Tjek din e-mail' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send igen' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Brug en anden e-mail' })).toHaveAttribute('href', '/forgot-password');
});

test('sending the reset mail again too often shows the rate-limit message from the server', async ({ page }) => {
  const detail = 'For mange forsøg. Vent lidt og prøv igen.';
  await page.goto('/forgot-passw-check-mail?email=travl%40example.com');
  // Stand in for the limiter, which the e2e server sets high so that the journeys never meet it.
  await page.route('**/api/identities/authentications/password-resets', (route) =>
    route.fulfill({ status: 429, json: { detail, code: 'too_many_requests' } }),
  );
  await page.getByRole('button', { name: 'Send igen' }).click();
  await expect(page.getByRole('alert')).toContainText(detail);
  await expect(page.getByText('Vi har sendt e-mailen igen.', { exact: false })).toHaveCount(0);
});
