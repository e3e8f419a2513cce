import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { mailTo, newestLink } from './support/mailbox';
import { apiSignUp, seedToken } from './support/session';

test('the signed-in home asks an unverified user to confirm the email, and sends the link again', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await expect.poll(async () => (await mailTo(request, user.email)).length).toBe(1);

  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: `Hej, ${user.email}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bekræft din e-mail' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Din konto' });
  await expect(summary.getByText(user.email)).toBeVisible();
  await expect(summary.getByText('Danmark')).toBeVisible();
  await expect(summary.getByText('Dansk')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Send linket igen' }).click();
  await expect(page.getByText(`Vi har sendt et nyt link til ${user.email}`)).toBeVisible();
  await expect.poll(async () => (await mailTo(request, user.email)).filter((m) => m.subject === 'Bekræft din e-mail').length).toBe(2);

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
  await expect(page.getByText('2 e-mails')).toBeVisible();
  await expect(page.getByRole('link', { name: /Bekræft din e-mail/ })).toHaveCount(2);
  await expectNoAxeViolations(page);

  // Confirmed, the banner is gone; the settings card leads on.
  await page.goto(await newestLink(request, user.email, '/verify-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Din e-mail er bekræftet' })).toBeVisible();
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: `Hej, ${user.email}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bekræft din e-mail' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Gå til indstillinger' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Indstillinger' })).toBeVisible();
});

test('the home greets by first name and shows the summary', async ({ page, request }) => {
  const user = await apiSignUp(request, { chosen_region: 'no', chosen_language: 'no' });
  await request.put('/api/identities/me', { headers: { authorization: `Bearer ${user.token}` }, data: { first_name: 'Ingrid' } });
  await seedToken(page, user.token);
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Ingrid' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'no');
  const summary = page.getByRole('region', { name: 'Kontoen din' });
  await expect(summary.getByText('Norge')).toBeVisible();
  await expect(summary.getByText('Norsk')).toBeVisible();
  await expect(summary.getByText(user.email)).toBeVisible();
});
