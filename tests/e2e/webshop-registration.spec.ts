import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp } from './support/session';
import { creditsOf, onDevCheckout, shopText } from './support/webshop';

// Issue 12: a visitor finds a registration in the public webshop, logs in on the way, pays on the development
// payment provider's page, waits for the confirmation, and registers a bike with what was bought.

test('buy a registration from the public webshop and register a bike with it', async ({ page, request }) => {
  const user = await apiSignUp(request);

  await page.goto('/webshop');
  await expect(page.getByRole('heading', { level: 1, name: shopText('shop.title') })).toBeVisible();
  const registration = page.getByRole('listitem', { name: 'Cykelregistrering' });
  await expect(registration.getByText('149,00 kr.')).toBeVisible();
  await expect(registration.getByText(shopText('price.vatIncluded', { vat: '29,80 kr.', rate: 25 }))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-public');

  // Through login, back to the product's checkout.
  await registration.getByRole('link', { name: shopText('shop.buy'), exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/checkout\/registration$/);
  await expect(page.getByRole('heading', { level: 1, name: shopText('families.registration.title') })).toBeVisible();
  const quote = page.getByRole('table', { name: shopText('checkout.summary') });
  await expect(quote.getByRole('row', { name: /I alt inkl\. moms/ })).toContainText('149,00 kr.');
  await expect(quote.getByRole('row', { name: /Heraf moms/ })).toContainText('29,80 kr.');
  await expect(page.getByText(shopText('checkout.withdrawal', { days: 14 }))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-checkout-registration');

  await page.getByRole('button', { name: shopText('checkout.pay', { amount: '149,00 kr.' }) }).click();
  await onDevCheckout(page, 'pay');

  // The waiting page turns to done when the provider's event has been handled.
  await expect(page).toHaveURL(/\/purchase-complete-redirect\?order_id=/);
  await expect(page.getByRole('heading', { level: 1, name: shopText('done.title') })).toBeVisible();
  await expect(page.getByText(/Kvitteringsnummer DK-\d{6}/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-done-registration');
  expect((await creditsOf(request, user.token)).credits).toBe(1);

  await page.getByRole('link', { name: shopText('done.registerBike') }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér en cykel' })).toBeVisible();
  await page.getByLabel('Stelnummer', { exact: true }).fill(`WSR${randomInt(100000, 999999)}V`);
  await page.getByLabel('Jeg har ikke fået min plade endnu – jeg tilføjer den senere').check();
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Din cykel er registreret' })).toBeVisible();
  expect((await creditsOf(request, user.token)).credits).toBe(0);
});
