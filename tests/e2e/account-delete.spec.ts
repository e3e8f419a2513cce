import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from './support/mailbox';
import { apiSignUp, seedToken, storedSession } from './support/session';

test('deleting the account: caution, confirmation by email, approval with MitID, goodbye; the login is gone and a goodbye mail is sent', async ({
  page,
  request,
}) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);

  await page.goto('/app/settings');
  await page.getByRole('link', { name: 'Slet min konto' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/caution$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vil du slette din konto?' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Cancel goes back, nothing happens.
  await page.getByRole('link', { name: 'Annullér' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await page.getByRole('link', { name: 'Slet min konto' }).click();
  await page.getByRole('link', { name: 'Fortsæt' }).click();

  await expect(page).toHaveURL(/\/app\/settings\/delete-user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bekræft sletning' })).toBeVisible();
  const approve = page.getByRole('button', { name: 'Godkend med MitID' });
  await expect(approve).toBeDisabled();
  await page.getByLabel(/Skriv din e-mail/).fill('someone-else@example.com');
  await expect(approve).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByLabel(/Skriv din e-mail/).fill(user.email.toUpperCase());
  await expect(approve).toBeEnabled();
  await approve.click();

  // Step-up: the deletion is approved with national ID (the development provider's MitID test page).
  await expect(page).toHaveTitle('MitID (test)');
  await page.getByRole('button', { name: /Mads Nielsen/ }).click();
  await expect(page).toHaveURL(/\/app\/settings\/delete-user\?approval_id=[\w-]+$/);
  await expect(page.getByText('Sletningen er godkendt')).toBeVisible();
  await expect(page.getByText(`Du har godkendt at slette kontoen ${user.email} med MitID.`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Slet min konto permanent' }).click();

  await expect(page).toHaveURL(/\/successfully-deleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Din konto er slettet' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log ind' })).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, returnPath: null });
  await expectNoAxeViolations(page);

  // Back does not return to the deleted account's pages.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/delete-user$/);

  const login = await request.post('/api/identities/authentications', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(401);

  expect((await mailTo(request, user.email)).map((m) => m.subject)).toContain('Din bruger er slettet');
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
  await page.getByRole('link', { name: /Din bruger er slettet/ }).click();
  await expect(page.locator('pre')).toContainText('Din bruger og dine personoplysninger er nu slettet');
  await expectNoAxeViolations(page);
  // The HTML version is shown in a frame that may run nothing (axe cannot look inside such a frame).
  await page.getByRole('button', { name: 'Vis HTML-udgaven' }).click();
  await expect(page.locator('iframe[sandbox=""]')).toBeVisible();
  await expect(page.frameLocator('iframe[sandbox=""]').getByText('Din bruger og dine personoplysninger er nu slettet')).toBeVisible();
});

test('/app/settings/delete-completed leads to the public goodbye page', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/settings/delete-completed');
  await expect(page).toHaveURL(/\/successfully-deleted$/);
  await expect(page.getByRole('link', { name: 'Opret en ny bruger' })).toHaveAttribute('href', '/signup');
});

test('deleting is not done without the approval: cancelling at MitID leaves the account', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/settings/delete-user');
  await page.getByLabel(/Skriv din e-mail/).fill(user.email);
  await page.getByRole('button', { name: 'Godkend med MitID' }).click();
  await page.getByRole('button', { name: 'Annullér og gå tilbage' }).click();

  await expect(page).toHaveURL(/\/app\/settings\/delete-user$/);
  await expect(page.getByText('Du annullerede hos MitID. Intet er ændret.')).toBeVisible();
  await expectNoAxeViolations(page);
  // A made-up approval does not delete either.
  await page.goto('/app/settings/delete-user?approval_id=00000000-0000-4000-8000-000000000000');
  await page.getByRole('button', { name: 'Slet min konto permanent' }).click();
  await expect(page.getByRole('alert')).toContainText('Godkendelsen er udløbet eller allerede brugt');
  await expect(page.getByRole('link', { name: 'Godkend igen med MitID' })).toBeVisible();
  const login = await request.post('/api/identities/authentications', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
});
