import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { newestLink } from './support/mailbox';
import { apiLogin, DEMO, sessionJson, storedSession, uniqueEmail } from './support/session';

const PASSWORD = 'cykel-hemmelig-1';

async function consents(page: Page): Promise<Record<string, boolean>> {
  const { token } = await storedSession(page);
  const response = await page.request.get('/api/identities/consents/', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const list = (await response.json()) as { type: string; given: boolean }[];
  return Object.fromEntries(list.map((c) => [c.type, c.given]));
}

test('sign up in Danish, land on the welcome page and confirm the email from the mail', async ({ page, request }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup?friend_ref=ven-42&user_ref=bruger-7');
  await expect(page.getByRole('heading', { level: 1, name: 'Opret bruger' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('Mindst 8 tegn')).toBeVisible();
  await page.getByRole('button', { name: 'Vis adgangskoden' }).click();
  await expect(page.getByLabel('Adgangskode', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Telefonnummer (valgfrit)').fill('+45 12 34 56 78');
  await page.getByLabel('Postnummer (valgfrit)').fill('2100');
  await page.getByLabel('Region').selectOption({ label: 'Danmark' });
  await expect(page.getByLabel('Foretrukket sprog')).toHaveValue('da');
  await page.getByLabel('Jeg accepterer Cykelregistrets betingelser og privatlivspolitik').check();
  await page.getByLabel('Ja tak, send mig nyhedsbrevet med nyheder og tilbud').check();

  const signup = page.waitForRequest((r) => r.url().endsWith('/api/identities/') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  const payload = (await signup).postDataJSON() as Record<string, unknown>;
  expect(payload).toMatchObject({ email, chosen_region: 'dk', chosen_language: 'da', friend_ref: 'ven-42', user_ref: 'bruger-7' });
  expect(payload).not.toHaveProperty('terms');

  await expect(page).toHaveURL(/\/app\/redirects\/signup-complete\?region=dk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Cykelregistret' })).toBeVisible();
  await expect(page.getByText(`Vi har sendt en e-mail til ${email}.`)).toBeVisible();
  await expect(page.getByText('Bekræft din identitet med MitID', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gå til appen' })).toHaveAttribute('href', '/app');
  await expectNoAxeViolations(page);
  // The newsletter waits for its own confirmation link: the address is not verified yet (double opt-in).
  expect(await consents(page)).toMatchObject({ privacy_and_terms: true, newsletter: false });

  await page.goto(await newestLink(request, email, '/verify-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Din e-mail er bekræftet' })).toBeVisible();
  await expect(page.getByText(`Din e-mail ${email} er bekræftet.`)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the sign-up form checks region and terms, and a reload keeps the draft but not the password', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill('kladde@example.com');
  await page.getByLabel('Adgangskode', { exact: true }).fill('kort');
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page.getByText('Adgangskoden skal være mindst 8 tegn')).toBeVisible();
  await expect(page.getByText('Vælg venligst en region')).toBeVisible();
  await expect(page.getByText('Bekræft venligst vores betingelser')).toBeVisible();
  await expect(page.getByLabel('Adgangskode', { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByLabel('E-mail')).toHaveValue('kladde@example.com');
  await expect(page.getByLabel('Adgangskode', { exact: true })).toHaveValue('');
});

test('an email already in use is named on the email field, and what was typed stays', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill(DEMO.owner.email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Region').selectOption('dk');
  await page.getByLabel('Jeg accepterer Cykelregistrets betingelser og privatlivspolitik').check();
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page.getByText('Der findes allerede en bruger med den e-mail', { exact: false })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page.getByLabel('Adgangskode', { exact: true })).toHaveValue(PASSWORD);
  await expect(page).toHaveURL(/\/signup$/);
});

test('a used or unknown verification link says so, and a signed-in user can ask for a new one', async ({ page, request }) => {
  await page.goto('/verify-email?code=ukendt-kode');
  await expect(page.getByRole('heading', { level: 1, name: 'E-mailen kunne ikke bekræftes' })).toBeVisible();
  await expect(page.getByText('Linket er ugyldigt, udløbet eller allerede brugt')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log ind for at få et nyt link.' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/verify-email');
  await expect(page.getByText('Linket mangler sin kode.', { exact: false })).toBeVisible();

  // Signed in (the demo owner is already confirmed), the button asks the server, which says so.
  const token = await apiLogin(request, DEMO.owner.email, DEMO.owner.password);
  await page.evaluate((value) => localStorage.setItem('session', value), sessionJson(token));
  await page.goto('/verify-email?code=ukendt-kode');
  await page.getByRole('button', { name: 'Send et nyt link' }).click();
  await expect(page.getByText('Din e-mail er allerede bekræftet')).toBeVisible();
});

test('the sign-up page follows the chosen page language, in English and Norwegian', async ({ page }) => {
  await page.goto('/signup');
  const switcher = page.getByRole('banner').getByRole('combobox');
  await switcher.selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await expect(page.getByLabel('Preferred language')).toHaveValue('en');
  await expect(page.getByLabel('Region')).toContainText('Denmark');
  await expectNoAxeViolations(page);

  await switcher.selectOption('no');
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett bruker' })).toBeVisible();
  await expect(page.getByLabel('Foretrukket språk')).toHaveValue('no');
  await page.getByRole('button', { name: 'Opprett bruker' }).click();
  await expect(page.getByText('Vennligst velg en region')).toBeVisible();
  await expect(page.getByText('Vennligst bekreft våre vilkår')).toBeVisible();
  await expectNoAxeViolations(page);
});
