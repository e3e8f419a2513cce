import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PRIVACY_AND_TERMS_VERSION } from '../../src/domain/legal';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { uniqueEmail } from './support/session';

// Issue 15: a visitor reads the privacy policy and the terms, signs up with both linked beside the acceptance, the
// version accepted is recorded, and the new user downloads everything stored about them from the settings.

test('read the privacy policy and the terms, sign up, and download my data as JSON', async ({ page, baseURL }) => {
  // The privacy policy, public, in Danish; the footer links both documents on every page.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privatliv' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privatlivspolitik' })).toBeVisible();
  await expect(page.getByText(/^Senest ændret .+ \(version \d{4}-\d{2}-\d{2}\)$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Når du sletter din konto' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Åbn dine indstillinger' })).toHaveAttribute('href', '/app/settings');
  await expectNoAxeViolations(page);
  await screenshots(page, 'legal-privacy-da');

  await page.getByRole('link', { name: 'Læs også vores brugsvilkår' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Brugsvilkår' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'legal-terms-da');

  // The same documents in English and Norwegian (the language cookie a visitor's switcher sets).
  const url = baseURL ?? '';
  await page.context().addCookies([{ name: 'lang', value: 'en', url }]);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await screenshots(page, 'legal-privacy-en');
  await page.context().addCookies([{ name: 'lang', value: 'no', url }]);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Brukervilkår' })).toBeVisible();
  await screenshots(page, 'legal-terms-no');
  await page.context().addCookies([{ name: 'lang', value: 'da', url }]);

  // Sign up: both documents beside the acceptance, opening in a new tab so the form keeps what was typed.
  const email = uniqueEmail('privacy');
  await page.goto('/signup');
  const form = page.locator('form');
  await expect(form.getByRole('link', { name: 'Privatlivspolitik' })).toHaveAttribute('href', '/privacy');
  await expect(form.getByRole('link', { name: 'Privatlivspolitik' })).toHaveAttribute('target', '_blank');
  await expect(form.getByRole('link', { name: 'Brugsvilkår' })).toHaveAttribute('href', '/terms');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill('privat-og-vilkaar-1');
  await page.getByLabel('Region').selectOption({ label: 'Danmark' });
  await page.getByLabel('Jeg accepterer Cykelregistrets betingelser og privatlivspolitik').check();
  await expectNoAxeViolations(page);
  await screenshots(page, 'legal-signup-links');
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Velkommen til Cykelregistret' })).toBeVisible();

  // The settings say which version was accepted, and hand over everything stored as one JSON file.
  await page.goto('/app/settings');
  await expect(page.getByText(`Accepteret version: ${PRIVACY_AND_TERMS_VERSION}.`)).toBeVisible();
  const section = page.getByRole('region', { name: 'Hent mine data' });
  await expect(section).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'legal-settings-export');
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Hent mine data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cykelregistret-mine-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profile: { email: string };
    consents: { type: string; version: string | null }[];
  };
  expect(data.profile.email).toBe(email);
  expect(data.consents).toEqual([expect.objectContaining({ type: 'privacy_and_terms', version: PRIVACY_AND_TERMS_VERSION })]);
});
