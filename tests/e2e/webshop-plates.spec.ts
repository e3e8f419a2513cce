import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from './support/mailbox';
import { downloadStart, ownerWithBike } from './support/ownership';
import { screenshots } from './support/screenshots';
import { seedToken } from './support/session';
import { giveAddress, onDevCheckout, shopText } from './support/webshop';

// Issue 12: two extra plates for a bike, from the bike page's menu. Without an address nothing can be sent; with one,
// the payment is reserved, the plates are on their way, the receipt (with the right VAT) arrives in the mailbox and
// the order and its PDF are under the account.

test('buy two extra plates: address first, then the receipt with 25 % VAT in the mailbox and under the account', async ({
  page,
  request,
}) => {
  const { owner, bikeId } = await ownerWithBike(request, { nickname: 'Pladecyklen' });
  await seedToken(page, owner.token);

  await page.goto(`/app/my-bikes/${bikeId}`);
  await page.getByRole('button', { name: 'Flere handlinger' }).click();
  await page.getByRole('link', { name: 'Køb ekstra plader' }).click();
  await expect(page.getByRole('heading', { level: 1, name: shopText('families.plates.title') })).toBeVisible();

  // No address in the profile: the plates could not be sent, so the order waits for one.
  await expect(page.getByText(shopText('checkout.addressMissing'))).toBeVisible();
  const pay = page.getByRole('button', { name: /Gå til betaling/ });
  await expect(pay).toBeDisabled();

  await giveAddress(request, owner.token);
  await page.reload();
  await expect(page.getByText('Nørregade 7')).toBeVisible();
  await expect(page.getByText(shopText('checkout.shipping'))).toBeVisible();
  await page.getByRole('button', { name: shopText('quantity.more') }).click();
  await expect(page.getByLabel(shopText('checkout.plates'))).toHaveValue('2');
  const quote = page.getByRole('table', { name: shopText('checkout.summary') });
  await expect(quote.getByRole('row', { name: /I alt inkl\. moms/ })).toContainText('200,00 kr.');
  await expect(quote.getByRole('row', { name: /Heraf moms/ })).toContainText('40,00 kr.');
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-buy-plates');

  await page.getByRole('button', { name: shopText('checkout.pay', { amount: '200,00 kr.' }) }).click();
  await onDevCheckout(page, 'pay');
  await expect(page.getByRole('heading', { level: 1, name: shopText('done.title') })).toBeVisible();
  await expect(page.getByText(shopText('done.platesOnTheWay'))).toBeVisible();
  await expect(page.getByText(shopText('done.authorised'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-done-plates');

  // The receipt mail: two plates, 200 kr. of which 40 kr. VAT.
  await expect
    .poll(async () => (await mailTo(request, owner.email)).find((mail) => /kvittering/i.test(mail.subject))?.text ?? '')
    .toMatch(/200,00\s*kr\.[\s\S]*40,00\s*kr\./);

  await page.getByRole('link', { name: shopText('done.seeOrder') }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Ordre fra/ })).toBeVisible();
  await expect(page.getByText(shopText('orders.status.authorised'))).toBeVisible();
  await expect(page.getByRole('heading', { name: shopText('orders.shipments') })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-order');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: shopText('orders.downloadReceipt') }).click();
  expect(await downloadStart(await download)).toBe('%PDF-');

  await page.getByRole('link', { name: shopText('orders.toOrders') }).click();
  await expect(page.getByRole('heading', { level: 1, name: shopText('orders.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: /2 × Ekstra plade/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-orders');
});

test("someone else's order is not found, on the page as in the API", async ({ page, request }) => {
  const { owner } = await ownerWithBike(request, {});
  const other = await ownerWithBike(request, {});
  await giveAddress(request, owner.token);
  const placed = await request.post('/api/webshop/orders/stripe', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { family: 'plates', lines: [{ product: 'extra_plate', quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { id: string } }).order.id;

  await seedToken(page, other.owner.token);
  await page.goto(`/app/settings/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: shopText('orders.notFoundTitle') })).toBeVisible();
  await page.goto(`/purchase-complete-redirect?order_id=${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: shopText('result.missingTitle') })).toBeVisible();
  await expectNoAxeViolations(page);
});
