import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiLogin, DEMO, loginAs, sessionJson } from './support/session';

// Find a distributor (issue 15): staff add a distributor in the backoffice, a visitor finds it by postcode (and a demo
// one by its city, whatever the diacritics), on the list and the map; an empty search says so; staff remove it again.

test('staff add a distributor, a visitor finds it by postcode, and staff remove it', async ({ page, request }) => {
  const name = `E2E Cykler Rønne ${randomUUID().slice(0, 6)}`;
  await loginAs(page, request, DEMO.staff.email, DEMO.staff.password);
  await page.goto('/backoffice/v2/diverse#distributors');
  const section = page.getByRole('region', { name: 'Forhandlere' });
  await expect(section.getByRole('heading', { name: 'Tilføj en forhandler' })).toBeVisible({ timeout: 30_000 });
  const form = section.getByRole('form', { name: 'Tilføj en forhandler' });
  await form.getByLabel('Navn').fill(name);
  await form.getByLabel('Gade og nummer').fill('Store Torvegade 12');
  await form.getByLabel('Postnummer').fill('37');
  await form.getByLabel('By').fill('Rønne');
  await form.getByLabel('Breddegrad').fill('55.1009');
  await form.getByLabel('Længdegrad').fill('14.7061');
  await form.getByLabel('Montering af plade').check();
  await form.getByRole('button', { name: 'Tilføj forhandler' }).click();
  // A wrong postcode is named on its field, and what was typed stays.
  await expect(form.getByText('Ugyldigt postnummer')).toBeVisible();
  await expect(form.getByLabel('Navn')).toHaveValue(name);
  await form.getByLabel('Postnummer').fill('3700');
  await form.getByRole('button', { name: 'Tilføj forhandler' }).click();
  await expect(section.getByText(`${name} er tilføjet.`)).toBeVisible();

  // A visitor (signed out) finds it by postcode.
  await page.evaluate(() => localStorage.removeItem('session'));
  await page.goto('/find-distributor');
  await expect(page.getByRole('heading', { level: 1, name: 'Find en forhandler' })).toBeVisible();
  await expect(page.getByText('Demo Cykler Aarhus')).toBeVisible();
  await page.getByLabel('Postnummer eller by').fill('3700');
  await page.getByRole('button', { name: 'Søg' }).click();
  await expect(page).toHaveURL(/\/find-distributor\?q=3700$/);
  await expect(page.getByText('1 forhandler for “3700”')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Store Torvegade 12');
  await expect(card).toContainText('Montering af plade');
  await expect(page.getByTestId('distributors-map')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('distributors-map').getByRole('button', { name })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'find-distributor');

  // A city is found whatever its diacritics; no match says so.
  await page.getByLabel('Postnummer eller by').fill('tromso');
  await page.getByLabel('Land').selectOption({ label: 'Norge' });
  await page.getByRole('button', { name: 'Søg' }).click();
  await expect(page.getByText('Demo Sykkel Tromsø')).toBeVisible();
  await page.getByLabel('Postnummer eller by').fill('Atlantis');
  await page.getByRole('button', { name: 'Søg' }).click();
  await expect(page.getByText('Ingen forhandlere fundet for “Atlantis”', { exact: false })).toBeVisible();

  // Staff remove it again.
  const staffToken = await apiLogin(request, DEMO.staff.email, DEMO.staff.password);
  await page.evaluate((value) => localStorage.setItem('session', value), sessionJson(staffToken));
  await page.goto('/backoffice/v2/diverse#distributors');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: /Fjern/ }).click();
  await page.getByRole('dialog', { name: 'Fjern forhandleren?' }).getByRole('button', { name: 'Fjern' }).click();
  await expect(page.getByText(`${name} er fjernet.`)).toBeVisible();
  // Axe checks this page in the newsletter's journey (tests/e2e/newsletter.spec.ts).
  await screenshots(page, 'backoffice-distributors');
});
