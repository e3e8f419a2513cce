import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUpWithRole, seedToken } from './support/session';

// Issue 14: "a working day from the backoffice in all three languages". A new staff member walks the whole menu in
// Danish, English and Norwegian: every page's heading is a text of that language's catalogs (a missing text would
// show its key), and the menu speaks it too.

const LANGUAGES = ['da', 'en', 'no'] as const;
const catalogs = path.resolve(import.meta.dirname, '../../src/i18n');

/** Every text of a language's backoffice catalogs (the backoffice's own, its areas', the tickets' and reviews'). */
function textsOf(language: string): Set<string> {
  const texts = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') texts.add(node);
    else if (node && typeof node === 'object') for (const value of Object.values(node)) walk(value);
  };
  for (const file of readdirSync(path.join(catalogs, language))) {
    if (/^(backoffice.*|chats|ownership-verify)\.json$/.test(file))
      walk(JSON.parse(readFileSync(path.join(catalogs, language, file), 'utf8')));
  }
  return texts;
}

function menuOf(language: string): string[] {
  const nav = JSON.parse(readFileSync(path.join(catalogs, language, 'backoffice.json'), 'utf8')).nav as Record<string, string>;
  return [
    'home',
    'tickets',
    'insuranceVerification',
    'orders',
    'stolenBikes',
    'ownershipVerifications',
    'identities',
    'organisations',
    'plates',
    'diverse',
    'auditLog',
  ].map((key) => nav[key] ?? key);
}

for (const language of LANGUAGES) {
  test(`a staff member walks the whole backoffice menu in ${language}`, async ({ page, request }) => {
    const texts = textsOf(language);
    // Danish at a phone's width: no page may stick out sideways (wide tables scroll inside their own box).
    if (language === 'da') await page.setViewportSize({ width: 390, height: 844 });
    await seedToken(page, (await apiSignUpWithRole(request, 'staff', language)).token);
    await page.goto('/backoffice');
    const menu = page.getByRole('navigation', { name: 'Backoffice' });
    await expect(menu).toBeVisible();
    await expectNoAxeViolations(page);
    for (const label of menuOf(language)) {
      await menu.getByRole('link', { name: label }).click();
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      // The page has loaded its own catalog when its heading is one of the language's texts.
      await expect
        .poll(async () => texts.has(((await heading.textContent()) ?? '').trim()), { message: `the heading of ${label}` })
        .toBe(true);
      if (language === 'da') expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(390);
      if (language === 'no') await screenshots(page, `backoffice-no-${label.replace(/\W+/g, '-').toLowerCase()}`);
    }
  });
}
