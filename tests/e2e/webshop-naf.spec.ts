import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots, uniqueFrameNumber } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';
import { creditsOf, onDevCheckout, shopText } from './support/webshop';

// Issue 12, §1 and §5: the NAF member flow, in NAF's theme throughout. A number of the wrong form is refused
// ("Invalid NAF number") before anything is sent; a valid one gives the member price, which is what is paid.

test('NAF: an invalid number, then a valid one pays the member price', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/bikes/register/purchase');
  await page.getByRole('link', { name: shopText('purchase.naf') }).click();
  await expect(page.getByRole('heading', { level: 1, name: shopText('naf.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'nafBrand');
  await expectNoAxeViolations(page);

  const field = page.getByLabel(shopText('naf.number'));
  for (const wrong of ['12345', 'AB-1234', '123456789']) {
    await field.fill(wrong);
    await page.getByRole('button', { name: shopText('naf.confirm') }).click();
    await expect(page.getByText('Ugyldigt NAF-nummer')).toBeVisible();
    await expect(field).toHaveValue(wrong);
  }
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-naf-invalid');

  await field.fill(' NAF12345 ');
  await page.getByRole('button', { name: shopText('naf.confirm') }).click();
  await expect(page.getByText(shopText('naf.memberTitle', { number: 'NAF12345' }))).toBeVisible();
  const registration = page.getByRole('listitem', { name: 'Cykelregistrering' });
  await expect(registration.getByText('119,00 kr.')).toBeVisible();
  await expect(registration.getByText(shopText('naf.normalPrice', { price: '149,00 kr.' }))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-naf-member');

  await registration.getByRole('link', { name: shopText('shop.buy'), exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/naf$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'nafBrand');
  await expect(page.getByText(shopText('checkout.memberApplied'))).toBeVisible();
  const quote = page.getByRole('table', { name: shopText('checkout.summary') });
  await expect(quote.getByRole('row', { name: /I alt inkl\. moms/ })).toContainText('119,00 kr.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: shopText('checkout.pay', { amount: '119,00 kr.' }) }).click();
  await onDevCheckout(page, 'pay');

  await expect(page.getByRole('heading', { level: 1, name: shopText('done.title') })).toBeVisible();
  await expect(page.getByRole('table', { name: shopText('done.bought') })).toContainText('119,00 kr.');
  await expectNoAxeViolations(page);
  const orders = await request.get('/api/webshop/orders/', { headers: { authorization: `Bearer ${user.token}` } });
  const [order] = ((await orders.json()) as { items: { gross_ore: number; status: string }[] }).items;
  expect(order).toMatchObject({ gross_ore: 11900, status: 'paid' });

  // Leaving the flow brings back the site's theme.
  await page.getByRole('link', { name: 'Mine cykler' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'main');
});

test("NAF: a member claims the membership's extra bike registration once, and registers a bike with it", async ({ page, request }) => {
  const user = await apiSignUp(request);
  const saved = await request.post('/api/webshop/naf/', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { member_number: 'NAF54321' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await seedToken(page, user.token);

  await page.goto('/app/bikes/register/purchase-naf');
  const extra = page.getByRole('region', { name: shopText('naf.extraTitle') });
  await expect(extra.getByText(shopText('naf.extraBody'))).toBeVisible();
  await extra.getByRole('button', { name: shopText('naf.extraClaim') }).click();
  await expect(extra.getByText(shopText('naf.extraDone'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'webshop-naf-extra-claimed');
  expect((await creditsOf(request, user.token)).credits).toBe(1);

  // Once only: after a reload the button is gone, and the API refuses a second claim.
  await page.reload();
  await expect(extra.getByText(shopText('naf.extraUsed'))).toBeVisible();
  await expect(extra.getByRole('button')).toHaveCount(0);
  const again = await request.post('/api/webshop/naf/extra-bike-registration', { headers: { authorization: `Bearer ${user.token}` } });
  expect(again.status()).toBe(409);

  // The credit is in the overview of what the buyer has, and registers a bike.
  await page.goto('/app/bikes/register/purchase');
  await expect(page.getByText(shopText('purchase.credits_one', { count: 1 }))).toBeVisible();
  await page.getByRole('link', { name: shopText('purchase.registerNow') }).click();
  await page.getByLabel('Stelnummer', { exact: true }).fill(uniqueFrameNumber('WN'));
  await page.getByLabel('Jeg har ikke fået min plade endnu – jeg tilføjer den senere').check();
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Din cykel er registreret' })).toBeVisible();
  expect((await creditsOf(request, user.token)).credits).toBe(0);
});
