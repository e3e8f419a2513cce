import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';
import { creditsOf, onDevCheckout, shopText } from './support/webshop';

// Issue 12, §2 and §4: what the buyer sees when the card is declined, and when the payment comes later than the
// buyer (an asynchronous method): the waiting page turns to done by itself, without a reload.

test('a declined card ends on /purchase-failed with nothing charged and nothing granted; trying again goes back to the checkout', async ({
  page,
  request,
}) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/checkout/registration');
  await page.getByRole('button', { name: shopText('checkout.pay', { amount: '149,00 kr.' }) }).click();
  await onDevCheckout(page, 'decline');

  await expect(page).toHaveURL(/\/purchase-failed\?order_id=/);
  await expect(page.getByRole('heading', { level: 1, name: shopText('failed.title') })).toBeVisible();
  await expect(page.getByText(shopText('failed.nothingCharged'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-failed');
  expect((await creditsOf(request, user.token)).credits).toBe(0);

  await page.getByRole('link', { name: shopText('failed.tryAgain') }).click();
  await expect(page).toHaveURL(/\/checkout\/registration$/);
  await expect(page.getByRole('heading', { level: 1, name: shopText('families.registration.title') })).toBeVisible();
});

test('pay later: the waiting page says confirmation may take minutes, then turns to done by itself', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/checkout/registration');
  await page.getByRole('button', { name: shopText('checkout.pay', { amount: '149,00 kr.' }) }).click();
  const session = await onDevCheckout(page, 'pay-later');

  await expect(page.getByRole('heading', { level: 1, name: shopText('waiting.title') })).toBeVisible();
  await expect(page.getByText(shopText('waiting.body'))).toBeVisible();
  await expect(page.getByRole('button', { name: shopText('waiting.reload') })).toBeVisible();
  await expect(page.getByRole('link', { name: shopText('result.toApp') })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-waiting');
  expect((await creditsOf(request, user.token)).credits).toBe(0);

  // The money arrives at the provider (the tester's button on its page), and the page notices on its own.
  const url = page.url();
  const arrived = await request.post(`/dev-pay/checkout/${session}/payment-arrives`, { maxRedirects: 0 });
  expect(arrived.status()).toBe(303);
  await expect(page.getByRole('heading', { level: 1, name: shopText('done.title') })).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(page.getByText(/Kvitteringsnummer DK-\d{6}/)).toBeVisible();
  expect((await creditsOf(request, user.token)).credits).toBe(1);
});
