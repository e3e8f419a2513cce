import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiLogin, DEMO, loginAs, tokenClaims } from './support/session';

// The insurer's staff (§2: an insurance company's user going to /app is sent to /insurance/{party}/admin) land on
// a page that says what they can do, with the stolen reports their customers shared with the company; nobody
// else gets in.

async function logInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log ind' }).click();
}

test('the demo insurer logs in and sees the stolen reports shared with the company, read-only', async ({ page, request }) => {
  const insurerId = String(tokenClaims(await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password)).party_id);

  await page.goto('/login');
  await logInWithForm(page, DEMO.insurer.email, DEMO.insurer.password);
  await expect(page).toHaveURL(new RegExp(`/insurance/${insurerId}/admin$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Forsikring A/S' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Det kan I her' })).toBeVisible();

  const reports = page.getByRole('region', { name: 'Delte tyverianmeldelser' });
  const pendler = reports.getByRole('listitem').filter({ hasText: 'KM 910099 V' });
  await expect(pendler).toBeVisible();
  await expect(pendler.getByRole('link', { name: 'Kildemoes Logic' })).toBeVisible();
  await expect(pendler).toContainText('Stjålet');
  await expect(pendler).toContainText('2200 København N');
  await expect(pendler).toContainText('Ole Ejer');
  await expect(pendler).toContainText('owner@demo.cykelregister.dk');
  // Nothing to change here, and no personal ID number.
  await expect(page.getByRole('button', { name: /Rediger|Slet|Gem/ })).toHaveCount(0);
  await expect(page.getByText(/CPR/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-admin');

  await pendler.getByRole('link', { name: 'Kildemoes Logic' }).click();
  await expect(page).toHaveURL(new RegExp(`/insurance/${insurerId}/admin/reports/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Kildemoes Logic' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tyveriet' }).getByText('Nørrebrogade 52, 2200 København N')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ejeren' })).toContainText('owner@demo.cykelregister.dk');
  await expect(page.getByText(/CPR/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-report');

  await page.getByRole('link', { name: 'Tilbage til anmeldelserne' }).click();
  await expect(page).toHaveURL(new RegExp(`/insurance/${insurerId}/admin$`));
});

test('the demo owner going to the insurer’s page is refused and sees no report', async ({ page, request }) => {
  const insurerId = String(tokenClaims(await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password)).party_id);
  await loginAs(page, request, DEMO.owner.email, DEMO.owner.password);

  await page.goto(`/insurance/${insurerId}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ingen adgang' })).toBeVisible();
  await expect(page.getByText('KM 910099 V')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-refused');
});
