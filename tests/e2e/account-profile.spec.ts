import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiSignUp, seedToken, storedSession, uniqueEmail } from './support/session';

test('the profile is saved, kept after a reload with the CPR number masked, and a new email waits for its link', async ({
  page,
  request,
}) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);

  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Indstillinger' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(user.email);
  await expect(page.getByText('Du har ikke gemt et CPR-nummer.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Fornavn', { exact: true }).fill('Karen');
  await page.getByLabel('Efternavn', { exact: true }).fill('Blixen');
  await page.getByLabel('Vej og husnummer', { exact: true }).fill('Strandvejen 111');
  await page.getByLabel('Etage', { exact: true }).fill('2');
  await page.getByLabel('Side', { exact: true }).fill('th');
  await page.getByLabel('Postnummer', { exact: true }).fill('2960');
  await page.getByLabel('By', { exact: true }).fill('Rungsted Kyst');
  await page.getByLabel('Mobilnummer', { exact: true }).fill('+45 12 34 56 78');
  await page.getByLabel('CPR-nummer', { exact: true }).fill('170485-1234');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByText('Dine ændringer er gemt.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Fornavn', { exact: true })).toHaveValue('Karen');
  await expect(page.getByLabel('Efternavn', { exact: true })).toHaveValue('Blixen');
  await expect(page.getByLabel('Vej og husnummer', { exact: true })).toHaveValue('Strandvejen 111');
  await expect(page.getByLabel('Postnummer', { exact: true })).toHaveValue('2960');
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('Rungsted Kyst');
  await expect(page.getByLabel('Mobilnummer', { exact: true })).toHaveValue('+45 12 34 56 78');
  // The number is only ever shown masked, and the field is for a new one.
  await expect(page.getByText('170485-••••')).toBeVisible();
  await expect(page.getByText('1234')).toHaveCount(0);
  await expect(page.getByLabel('Nyt CPR-nummer')).toHaveValue('');

  // A wrong value is marked on its field, and what was typed stays.
  await page.getByLabel('Postnummer', { exact: true }).fill('12');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByText('Ugyldigt postnummer')).toBeVisible();
  await expect(page.getByLabel('Postnummer', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Fornavn', { exact: true })).toHaveValue('Karen');
  await page.getByLabel('Postnummer', { exact: true }).fill('2960');

  const newEmail = uniqueEmail('e2e-new');
  await page.getByLabel('E-mail', { exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByText('Gemt, men din e-mail er ikke skiftet endnu')).toBeVisible();
  await expect(page.getByText(`Vi har sendt et bekræftelseslink til ${newEmail}`)).toBeVisible();
  await expect(page.getByText('Ny e-mail venter på bekræftelse')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(user.email);
  await expectNoAxeViolations(page);

  // The confirmation link is read in the development mailbox, as a developer would.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(newEmail)}`);
  await page.getByRole('link', { name: /Bekræft din nye e-mail/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bekræft din nye e-mail' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: /\/verify-email\?code=/ }).click();
  await expect(page).toHaveURL(/\/verify-email\?code=/);

  // Confirming refreshes the page's login for the new address, which retires the token it replaces.
  await expect
    .poll(async () => {
      const { token } = await storedSession(page);
      if (!token || token === user.token) return null;
      const me = await request.get('/api/identities/me', { headers: { authorization: `Bearer ${token}` } });
      return ((await me.json()) as { email: string }).email;
    })
    .toBe(newEmail);
  expect((await request.get('/api/identities/me', { headers: { authorization: `Bearer ${user.token}` } })).status()).toBe(401);
  await page.goto('/app/settings');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(newEmail);
  await expect(page.getByText('Ny e-mail venter på bekræftelse')).toHaveCount(0);
});

test('newsletter and marketing consents can be given and withdrawn; the terms cannot', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/settings');

  await expect(page.getByText(/Du accepterede vores vilkår og privatlivspolitik den/)).toBeVisible();
  const newsletter = page.getByLabel('Ja tak, send mig nyhedsbrevet');
  await expect(newsletter).not.toBeChecked();
  await newsletter.check();
  await expect(page.getByText('Dit valg er gemt.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Ja tak, send mig nyhedsbrevet')).toBeChecked();
  await page.getByLabel('Ja tak, send mig nyhedsbrevet').uncheck();
  await expect(page.getByText('Dit valg er gemt.')).toBeVisible();

  const consents = await request.get('/api/identities/consents/', { headers: { authorization: `Bearer ${user.token}` } });
  const given = Object.fromEntries(((await consents.json()) as { type: string; given: boolean }[]).map((c) => [c.type, c.given]));
  expect(given).toEqual({ privacy_and_terms: true, newsletter: false, marketing: false });
});
