import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogin, apiSignUp, seedToken, storedSession, tokenClaims } from './support/session';

// §6: a user creates a business user and switches between the private and the business user.
test('a user creates a business user, acts as it, and switches back to the private user', async ({ page, request }) => {
  const user = await apiSignUp(request);
  const personId = tokenClaims(user.token).identity_party_id;
  await seedToken(page, user.token);

  await page.goto('/app');
  const users = page.getByRole('region', { name: 'Dine brugere' });
  await expect(users.getByText('Privat bruger')).toBeVisible();
  await expect(users.getByText('I brug')).toBeVisible();
  await expectNoAxeViolations(page);

  await users.getByRole('link', { name: 'Opret en erhvervsbruger' }).click();
  await expect(page).toHaveURL(/\/app\/organisations\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Opret en erhvervsbruger' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Wrong input is marked on its field; what was typed stays.
  await page.getByRole('button', { name: 'Opret erhvervsbruger' }).click();
  await expect(page.getByText('Feltet skal udfyldes')).toBeVisible();
  await expect(page.getByLabel('Virksomhedens navn')).toBeFocused();
  await page.getByLabel('Virksomhedens navn').fill('Cykelsmeden ApS');
  await page.getByLabel('CVR-nummer eller organisationsnummer (valgfrit)').fill('1234');
  await page.getByRole('button', { name: 'Opret erhvervsbruger' }).click();
  await expect(page.getByText('Skriv et CVR-nummer (8 cifre) eller et norsk organisationsnummer (9 cifre)')).toBeVisible();
  await expect(page.getByLabel('Virksomhedens navn')).toHaveValue('Cykelsmeden ApS');
  await expectNoAxeViolations(page);
  await page.getByLabel('CVR-nummer eller organisationsnummer (valgfrit)').fill('6105 6416');
  await page.getByRole('button', { name: 'Opret erhvervsbruger' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Din erhvervsbruger er oprettet' })).toBeVisible();
  await expect(page.getByText('Du handler nu som Cykelsmeden ApS.')).toBeVisible();
  await expectNoAxeViolations(page);
  const business = tokenClaims((await storedSession(page)).token ?? '');
  expect(business).toMatchObject({ identity_party_id: personId, organisation_type: 'business' });
  expect(business.party_id).not.toBe(personId);

  await page.getByRole('link', { name: 'Gå til min konto' }).click();
  const row = users.getByRole('listitem').filter({ hasText: 'Cykelsmeden ApS' });
  await expect(row.getByText('Virksomhed · 61056416')).toBeVisible();
  await expect(row.getByText('I brug')).toBeVisible();
  await expectNoAxeViolations(page);

  // Back to the private user: the token acts as the person again, and a new login keeps that choice.
  await users.getByRole('button', { name: `Skift til ${user.email}` }).click();
  await expect(users.getByRole('listitem').filter({ hasText: 'Privat bruger' }).getByText('I brug')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Skift til Cykelsmeden ApS' })).toBeVisible();
  expect(tokenClaims((await storedSession(page)).token ?? '')).toMatchObject({ party_id: personId, organisation_type: null });
  expect(tokenClaims(await apiLogin(request, user.email, user.password))).toMatchObject({ party_id: personId });

  // And to the business again, which a reload keeps.
  await row.getByRole('button', { name: 'Skift til Cykelsmeden ApS' }).click();
  await expect(row.getByText('I brug')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Dine brugere' }).getByRole('listitem').filter({ hasText: 'Cykelsmeden ApS' }),
  ).toContainText('I brug');
  expect(tokenClaims(await apiLogin(request, user.email, user.password))).toMatchObject({ party_id: business.party_id });
});
