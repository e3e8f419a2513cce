import { expect, type Page, test } from '@playwright/test';
import daOrders from '../../src/i18n/da/backoffice-orders.json' with { type: 'json' };
import daPlates from '../../src/i18n/da/backoffice-plates.json' with { type: 'json' };
import daErrors from '../../src/i18n/da/errors.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from './support/mailbox';
import { screenshots } from './support/screenshots';
import { apiLogin, apiSignUp, DEMO, seedToken } from './support/session';
import { giveAddress, onDevCheckout, shopText } from './support/webshop';

// Issue 14: a user buys two plates in the webshop (the card payment only reserved); staff find the envelope to send
// on the backoffice's home, scan the plates into it (one mistyped, one as the sticker's address a scanner types),
// send it (the plates become the buyer's, the payment is taken, the buyer mailed) and mark it delivered; the buyer
// sees the two plates under My plates on their phone. These two demo plates are this journey's own.
const PLATES = ['DEMO0013', 'DEMO0014'] as const;

type Catalog = { [key: string]: string | Catalog };
/** A text of the backoffice-orders catalog in Danish (the demo staff's language), {{placeholders}} filled. */
function text(key: string, values: Record<string, string | number> = {}): string {
  let node: string | Catalog | undefined = daOrders as Catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No backoffice-orders text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

async function desktop(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('plates bought in the webshop are scanned into their envelope by staff, sent, and shown under the buyer’s plates', async ({
  browser,
  request,
}) => {
  const buyer = await apiSignUp(request);
  await giveAddress(request, buyer.token);
  const buyerContext = await browser.newContext();
  const shop = await buyerContext.newPage();
  await seedToken(shop, buyer.token);
  await shop.goto('/checkout/plates');
  await shop.getByRole('button', { name: shopText('quantity.more') }).click();
  await expect(shop.getByLabel(shopText('checkout.plates'))).toHaveValue('2');
  await shop.getByRole('button', { name: shopText('checkout.pay', { amount: '200,00 kr.' }) }).click();
  await onDevCheckout(shop, 'pay');
  await expect(shop.getByText(shopText('done.authorised'))).toBeVisible();
  const orders = await request.get('/api/webshop/orders/', { headers: { authorization: `Bearer ${buyer.token}` } });
  const [order] = ((await orders.json()) as { items: { id: string; receipt: { number: string } | null }[] }).items;
  const number = order?.receipt?.number ?? '';
  expect(number).toMatch(/^DK-/);

  // Staff: the home's queue leads to the envelopes to send, the oldest card reservations first.
  const staffContext = await browser.newContext();
  const page = await staffContext.newPage();
  await desktop(page);
  await seedToken(page, await apiLogin(request, DEMO.staff.email, DEMO.staff.password));
  await page.goto('/backoffice');
  await page.getByRole('link', { name: /forsendelse(r)? af plader at sende/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('list.title') })).toBeVisible();
  await expect(page.getByLabel(text('list.show'))).toHaveValue('to_ship');
  const row = page.getByRole('row', { name: new RegExp(text('shipment.ofOrder', { number })) });
  await expect(row).toContainText(buyer.email);
  await expect(row).toContainText(text('authorisation.daysLeft_other', { count: 6 }));
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-orders-to-ship');

  // The envelope: a mistyped ID is refused at once and removed; the sticker's address counts as its ID.
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: text('shipment.ofOrder', { number }) })).toBeVisible();
  const scan = page.getByLabel(text('ship.plateId'));
  await expect(scan).toBeFocused();
  await scan.fill('NOPE0000');
  await scan.press('Enter');
  const plates = page.getByRole('list', { name: text('ship.inEnvelope') });
  await expect(plates.getByRole('listitem').filter({ hasText: 'NOPE0000' })).toContainText(daErrors.plate_invalid);
  const send = page.getByRole('button', { name: text('ship.shipAndCharge_other', { count: 2 }) });
  await expect(send).toBeDisabled();
  await plates.getByRole('button', { name: `${text('ship.remove')} NOPE0000` }).click();
  await scan.fill(PLATES[0].toLowerCase());
  await scan.press('Enter');
  await scan.fill(`${new URL(page.url()).origin}/sticker-id/01/05790001234560/21/${PLATES[1]}`);
  await scan.press('Enter');
  for (const plate of PLATES) await expect(plates.getByRole('listitem').filter({ hasText: plate })).toContainText('✓');
  await expect(page.getByText(text('ship.count', { count: 2, quantity: 2 }))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-orders-envelope');

  await send.click();
  await expect(page.locator('.orders-status')).toHaveText(text('shipmentStatus.shipped'));
  await expect(page.getByText(PLATES.join(', ')).first()).toBeVisible();
  await expect(page.getByText(text('audit.actions.order.ship'))).toBeVisible();
  await page.getByRole('button', { name: text('shipment.markDelivered') }).click();
  await expect(page.locator('.orders-status')).toHaveText(text('shipmentStatus.delivered'));
  await expect(page.getByText(text('audit.actions.order.deliver'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-orders-shipment-delivered');

  // The plates area reads the same shipped state from the plate itself.
  await page.goto(`/backoffice/plates?plate=${PLATES[0]}`);
  const facts = page.locator('.plate-facts');
  await expect(facts).toContainText(daPlates.state.shipped);
  await expect(facts).toContainText(buyer.email);
  await page.goBack();

  // The order: the payment is taken, lines with VAT, the trail; found again by the buyer's email.
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('detail.title', { number }) })).toBeVisible();
  await expect(page.getByText(text('payment.captured'), { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /I alt inkl\. moms/ })).toContainText('200,00 kr.');
  await expect(page.getByRole('button', { name: text('detail.refund') })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-orders-order');
  await page.getByRole('link', { name: text('detail.back') }).click();
  await page.getByLabel(text('list.show')).selectOption('paid');
  await page.getByLabel(text('list.search')).fill(buyer.email);
  await page.getByRole('button', { name: text('list.apply') }).click();
  await expect(page).toHaveURL(/status=paid&q=/);
  await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('200,00 kr.');
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-orders-paid');

  // The buyer: told by mail, and the plates are theirs on the phone.
  await expect
    .poll(async () => (await mailTo(request, buyer.email)).find((m) => m.subject === 'Dine plader er på vej')?.text ?? '')
    .toContain(PLATES.join(', '));
  await shop.setViewportSize({ width: 390, height: 844 });
  await shop.goto('/app/qr-id');
  for (const plate of PLATES) await expect(shop.getByRole('heading', { name: plate })).toBeVisible();
  await expect(shop.getByRole('link', { name: /Registrér en cykel med den/ }).first()).toBeVisible();
  await expectNoAxeViolations(shop);
  await screenshots(shop, 'backoffice-orders-buyer-plates');
  await buyerContext.close();
  await staffContext.close();
});

test('staff page through a buyer’s many orders, forwards and back', async ({ page, request }) => {
  // 27 orders awaiting payment, one buyer's: two pages of 25.
  const buyer = await apiSignUp(request);
  await giveAddress(request, buyer.token);
  const placed = await Promise.all(
    Array.from({ length: 27 }, () =>
      request.post('/api/webshop/orders/stripe', {
        headers: { authorization: `Bearer ${buyer.token}` },
        data: { family: 'plates', lines: [{ product: 'extra_plate', quantity: 1 }] },
      }),
    ),
  );
  for (const res of placed) expect(res.status()).toBe(201);
  await desktop(page);
  await seedToken(page, await apiLogin(request, DEMO.staff.email, DEMO.staff.password));
  await page.goto(`/backoffice/v2/orders?status=pending&q=${encodeURIComponent(buyer.email)}`);
  const pager = page.getByRole('navigation', { name: text('list.pages') });
  await expect(pager).toContainText(text('list.shown', { from: 1, to: 25, total: 27 }));
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(26);
  const firstOnFirst = await rows.nth(1).getByRole('link').textContent();
  await expect(pager.getByRole('button', { name: text('list.previous') })).toHaveCount(0);
  await pager.getByRole('button', { name: text('list.next') }).click();
  await expect(pager).toContainText(text('list.shown', { from: 26, to: 27, total: 27 }));
  await expect(rows).toHaveCount(3);
  await expect(page).toHaveURL(/cursor=/);
  await expect(pager.getByRole('button', { name: text('list.next') })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-orders-second-page');
  await pager.getByRole('button', { name: text('list.previous') }).click();
  await expect(pager).toContainText(text('list.shown', { from: 1, to: 25, total: 27 }));
  await expect(rows.nth(1).getByRole('link')).toHaveText(firstOnFirst ?? '');

  // A page address cut short: said so, and the way back to the first page.
  await page.goto(`/backoffice/v2/orders?status=pending&q=${encodeURIComponent(buyer.email)}&cursor=broken`);
  await expect(page.getByText(daErrors.page_cursor_invalid)).toBeVisible();
});
