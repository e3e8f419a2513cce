import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { ownerWithBike } from './support/ownership';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';
import { onDevCheckout, shopText, subscribeByApi } from './support/webshop';

// Issue 12, §4: an owner with one bike subscribes to FAMILY, registers a second bike on it, and cancels in the
// provider's portal: the subscription then runs to the end of its period, which the bike's status page says.

test('subscribe to FAMILY, register a second bike on it, cancel in the portal', async ({ page, request }) => {
  const { owner } = await ownerWithBike(request, { nickname: 'Første cykel' });
  await seedToken(page, owner.token);

  await page.goto('/app/bikes/register/purchase');
  await expect(page.getByRole('heading', { level: 1, name: shopText('purchase.title') })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-register-purchase');
  const family = page.getByRole('listitem', { name: 'Familieabonnement' });
  await family.getByRole('link', { name: shopText('shop.subscribe') }).click();
  await expect(page).toHaveURL(/\/checkout\/subscription-family$/);
  const quote = page.getByRole('table', { name: shopText('checkout.summary') });
  await expect(quote.getByRole('row', { name: /I alt om året inkl\. moms/ })).toContainText('199,00 kr.');
  await expect(page.getByText(shopText('checkout.renews'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-checkout-family');
  await page.getByRole('button', { name: shopText('checkout.pay', { amount: '199,00 kr.' }) }).click();
  await onDevCheckout(page, 'pay');

  await expect(page).toHaveURL(/\/purchase-subscription-redirect\?order_id=/);
  await expect(page.getByRole('heading', { level: 1, name: shopText('done.title') })).toBeVisible();
  await expect(page.getByText(shopText('plans.FAMILY'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-done-subscription');

  // A second bike, on the subscription.
  await page.getByRole('link', { name: shopText('done.registerBike') }).click();
  await page.getByLabel('Stelnummer', { exact: true }).fill(`WSF${randomInt(100000, 999999)}V`);
  await page.getByLabel('Jeg har ikke fået min plade endnu – jeg tilføjer den senere').check();
  await page.getByLabel('Kaldenavn').fill('Anden cykel');
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Din cykel er registreret' })).toBeVisible();

  await page.goto('/app/my-bikes');
  await page
    .getByRole('link', { name: /Anden cykel/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Flere handlinger' }).click();
  await page.getByRole('link', { name: 'Abonnement og registrering' }).click();
  await expect(page.getByText(shopText('status.bikesUsed_other', { used: 1, limit: 5, count: 4 }))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-subscription-status');
  const statusUrl = page.url();

  // The provider's portal: cancel at the period's end, and back.
  await page.getByRole('button', { name: shopText('status.manage') }).click();
  await page.waitForURL(/\/dev-pay\/portal\//);
  await page.getByRole('button', { name: 'Opsig til periodens udløb' }).click();
  await expect(page.getByText(/Ophører den/)).toBeVisible();
  await page.getByRole('link', { name: 'Tilbage' }).click();
  await expect(page).toHaveURL(`${statusUrl}?from=portal`);
  await expect(page.getByText(shopText('status.cancelledTitle'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-subscription-cancelled');
});

test('a second subscription is refused in the buyer’s language, with the way to manage the one there is', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await subscribeByApi(request, user.token, 'FAMILY');
  await seedToken(page, user.token);

  await page.goto('/checkout/subscription-single');
  await page.getByRole('banner').getByLabel('Sprog').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: shopText('families.subscription-single.title', {}, 'en') })).toBeVisible();
  // The server names the product in the page's language too.
  await expect(page.getByRole('table', { name: shopText('checkout.summary', {}, 'en') })).toContainText(
    shopText('products.subscription_single.name', {}, 'en'),
  );
  const pay = page.getByRole('button', { name: shopText('checkout.pay', { amount: 'DKK 99.00' }, 'en') });
  await pay.click();

  // Refused before any payment page: the page stays as it was, saying why, with the portal at hand.
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(shopText('checkout.refused', {}, 'en'));
  await expect(refusal).toContainText('You already have a subscription. Change its plan or cancel it in the subscription portal instead.');
  await expect(page).toHaveURL(/\/checkout\/subscription-single$/);
  await expect(pay).toBeEnabled();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-subscription-refused');
  const orders = await request.get('/api/webshop/orders/', { headers: { authorization: `Bearer ${user.token}` } });
  expect(((await orders.json()) as { items: { plan_type: string | null }[] }).items.map((order) => order.plan_type)).toEqual(['FAMILY']);

  await refusal.getByRole('button', { name: shopText('status.manage', {}, 'en') }).click();
  await page.waitForURL(/\/dev-pay\/portal\//);
});
