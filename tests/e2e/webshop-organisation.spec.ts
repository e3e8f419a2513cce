import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots, uniqueFrameNumber } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';
import { onDevCheckout, shopText } from './support/webshop';

// Issue 12, §2 and §6: a business user, acting as the organisation, buys the ORGANISATION plan for three bikes (the
// yearly total, 3 × 79 kr. incl. VAT, shown before ordering), pays on the provider's page, and registers a bike on it.

test('an organisation buys its plan for 3 bikes and registers a bike on it', async ({ page, request }) => {
  const user = await apiSignUp(request);
  const created = await request.post('/api/organisations/', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { name: 'Cykelflåden ApS' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { authentication_token: orgToken } = (await created.json()) as { authentication_token: string };
  await seedToken(page, orgToken);

  await page.goto('/app/organisations/integrate-stripe');
  await expect(page.getByRole('heading', { level: 1, name: shopText('organisation.title') })).toBeVisible();
  const bikes = page.getByLabel(shopText('checkout.bikes'));
  await bikes.fill('3');
  const quote = page.getByRole('table', { name: shopText('checkout.summary') });
  await expect(quote.getByText(shopText('quote.each', { quantity: 3, price: '79,00 kr.' }))).toBeVisible();
  await expect(quote.getByRole('row', { name: /I alt om året inkl\. moms/ })).toContainText('237,00 kr.');
  await expect(quote.getByRole('row', { name: /Heraf moms/ })).toContainText('47,40 kr.');
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-organisation-checkout');

  await page.getByRole('button', { name: shopText('checkout.pay', { amount: '237,00 kr.' }) }).click();
  await onDevCheckout(page, 'pay');

  // Back from the provider: done by itself, with the plan and its period.
  await expect(page).toHaveURL(/\/organisation-payment-complete-redirect\?order_id=/);
  await expect(page.getByRole('heading', { level: 1, name: shopText('done.title') })).toBeVisible();
  const plan = page.getByRole('region', { name: shopText('done.subscriptionTitle') });
  await expect(plan.getByText(shopText('plans.ORGANISATION'))).toBeVisible();
  await expect(plan.getByText(shopText('status.bikesUsed_other', { used: 0, limit: 3, count: 3 }))).toBeVisible();
  await expect(plan.getByText(String(new Date().getFullYear() + 1))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-organisation-done');

  // A bike registered as the organisation goes on the plan.
  await plan.getByRole('link', { name: shopText('done.toPlan') }).click();
  await expect(page.getByRole('heading', { name: shopText('organisation.planTitle'), level: 2 })).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('link', { name: shopText('organisation.registerBike') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér en cykel' })).toBeVisible();
  await page.getByLabel('Stelnummer', { exact: true }).fill(uniqueFrameNumber('WO'));
  await page.getByLabel('Jeg har ikke fået min plade endnu – jeg tilføjer den senere').check();
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Din cykel er registreret' })).toBeVisible();

  await page.goto('/app/organisations/integrate-stripe');
  await expect(page.getByText(shopText('status.bikesUsed_other', { used: 1, limit: 3, count: 2 }))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-organisation-plan');
});
