import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/session';

// Sign-up from a scanned plate keeps what was typed across a reload (a phone reloads a page easily: the
// camera app, a lost connection), like the product's other forms: every field but the password. A finished
// sign-up forgets the draft.

test('the sign-up from a scanned plate keeps its draft across a reload, never the password, and forgets it when done', async ({ page }) => {
  const email = uniqueEmail('scan-draft');
  await page.goto('/sticker-id/DEMO0047');
  await page.getByRole('link', { name: 'Opret bruger og registrér cyklen' }).click();
  await expect(page).toHaveURL(/\/signup\/from-scan\?sticker_id=DEMO0047$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér cyklen med plade DEMO0047' })).toBeVisible();

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill('scan-draft-password-1');
  await page.getByLabel('Region').selectOption('dk');
  await page.getByLabel('Jeg accepterer', { exact: false }).check();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér cyklen med plade DEMO0047' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('Region')).toHaveValue('dk');
  await expect(page.getByLabel('Jeg accepterer', { exact: false })).toBeChecked();
  await expect(page.getByLabel('Adgangskode', { exact: true })).toHaveValue('');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('scan-draft-password-1');

  await page.getByLabel('Adgangskode', { exact: true }).fill('scan-draft-password-1');
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page).toHaveURL(/\/signup\/from-scan\/create-bikes-loop\?sticker_id=DEMO0047$/);
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(email);
});
