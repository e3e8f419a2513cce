import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiSignUp, seedToken, storedSession, tokenClaims } from './support/session';

// National digital ID (§4, §6, §7): verifying from the profile through the development identity
// provider, which the app serves itself at /dev-idp with test identities instead of MitID and BankID.

test('verifying with MitID from the settings: the provider’s test page, then verified with the name', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);

  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'National ID' });
  await expect(card.getByText('Endnu ikke bekræftet')).toBeVisible();
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: 'Bekræft med MitID' }).click();
  // The begin page sends the browser on to the provider.
  await expect(page).toHaveURL(/\/dev-idp\/interaction\/[\w-]+$/);
  await expect(page).toHaveTitle('MitID (test)');
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind med MitID (test)' })).toBeVisible();
  // Only the Danish test people are offered for MitID.
  await expect(page.getByRole('button', { name: /Ingrid Hansen/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /Anna Jensen/ }).click();

  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByText('Din identitet er bekræftet med MitID.')).toBeVisible();
  await expect(card.getByText('Bekræftet', { exact: true })).toBeVisible();
  await expect(card.getByText('Anna Jensen')).toBeVisible();
  await expect(card.getByText(/med MitID$/)).toBeVisible();
  // The CPR number from MitID is kept, and shown only in part.
  await expect(page.getByText('120485-••••')).toBeVisible();
  await expect(page.getByText('1204851234')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // §3: the new token carries verified_on; a reload does not repeat the notice.
  const { token } = await storedSession(page);
  expect(tokenClaims(token ?? '').verified_on).toEqual(expect.any(String));
  await page.reload();
  await expect(card.getByText('Anna Jensen')).toBeVisible();
  await expect(page.getByText('Din identitet er bekræftet med MitID.')).toHaveCount(0);

  // The home page tells it too.
  await page.goto('/app');
  await expect(page.getByRole('region', { name: 'National ID' }).getByText('Anna Jensen')).toBeVisible();
});

test('cancelling at the provider changes nothing and says so', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/settings');
  await page.getByRole('link', { name: 'Bekræft med MitID' }).click();
  await page.getByRole('button', { name: 'Annullér og gå tilbage' }).click();

  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByText('Du annullerede hos MitID. Intet er ændret.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'National ID' }).getByText('Endnu ikke bekræftet')).toBeVisible();
  await expectNoAxeViolations(page);
  // Back leads to the page before, not into a new trip to the provider.
  await page.goBack();
  await expect(page).not.toHaveURL(/verification-begin-redirect/);
});

test('a Norwegian user verifies with BankID from the home page, in Norwegian', async ({ page, request }) => {
  const user = await apiSignUp(request, { chosen_region: 'no', chosen_language: 'no' });
  await seedToken(page, user.token);

  await page.goto('/app');
  const card = page.getByRole('region', { name: 'Nasjonal ID' });
  await expect(card.getByText('Ikke bekreftet ennå')).toBeVisible();
  await card.getByRole('link', { name: 'Bekreft med BankID' }).click();

  await expect(page).toHaveTitle('BankID (test)');
  await expect(page.getByRole('heading', { level: 1, name: 'Logg inn med BankID (test)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Anna Jensen/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /Ingrid Hansen/ }).click();

  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText('Identiteten din er bekreftet med BankID.')).toBeVisible();
  await expect(card.getByText('Bekreftet', { exact: true })).toBeVisible();
  await expect(card.getByText('Ingrid Hansen')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the redirect pages explain themselves when something is wrong', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);

  // Opened without an answer from the provider.
  await page.goto('/app/redirects/verification-complete-redirect');
  await expect(page.getByRole('heading', { level: 1, name: 'Intet at tjekke' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gå til indstillinger' })).toHaveAttribute('href', '/app/settings');
  await expectNoAxeViolations(page);

  // A code the server refuses: back to the failure address with the reason.
  await page.goto('/app/redirects/verification-complete-redirect?code=forged&state=forged');
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByRole('alert')).toContainText('Bekræftelsen er ugyldig, udløbet eller allerede brugt. Start forfra.');

  // A start that fails (no provider available): the reason, a retry and the way back.
  await page.route('**/api/identities/verifications/', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'Bekræftelse med national ID er ikke tilgængelig lige nu.', code: 'verification_unavailable' }),
    }),
  );
  await page.goto('/app/redirects/verification-begin-redirect?type=approve&act=delete_account&success_url=/app&failure_url=/app/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Godkend med MitID' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Bekræftelse med national ID er ikke tilgængelig lige nu.');
  await expect(page.getByRole('button', { name: 'Prøv igen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gå tilbage' })).toHaveAttribute('href', '/app/settings');
  await expectNoAxeViolations(page);
});
