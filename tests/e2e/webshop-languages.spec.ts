import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { type Language, ownerWithBike, text } from './support/ownership';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';
import { giveAddress, shopText } from './support/webshop';

// Issue 12: every page of the webshop in English (Danish prices) and in Norwegian (Norwegian prices), each checked
// with axe and screenshotted at phone and desktop size, for people to look at.

const LANGUAGES: { language: Exclude<Language, 'da'>; locale: string; region: 'dk' | 'no' }[] = [
  { language: 'en', locale: 'en-GB', region: 'dk' },
  { language: 'no', locale: 'nb-NO', region: 'no' },
];

for (const { language, locale, region } of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test.use({ locale });
    const shop = (key: string, values: Record<string, string | number> = {}) => shopText(key, values, language);

    /** The page shows its title in the language, has no axe violations, and is screenshotted. */
    async function visit(page: Page, title: string | RegExp, name: string) {
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('.loading')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshots(page, `webshop-${language}-${name}`);
    }

    test(`the shop, the checkouts and the NAF page (${language})`, async ({ page, request }) => {
      const user = await apiSignUp(request, { chosen_language: language, chosen_region: region });
      await giveAddress(request, user.token);
      await seedToken(page, user.token);

      await page.goto('/webshop');
      await visit(page, shop('shop.title'), 'shop');
      await expect(page.getByRole('listitem', { name: shop('products.subscription_organisation.name') })).toBeVisible();

      for (const family of ['registration', 'plates', 'subscription-family']) {
        await page.goto(`/checkout/${family}`);
        await expect(page.getByRole('table', { name: shop('checkout.summary') })).toBeVisible();
        await visit(page, shop(`families.${family}.title`), `checkout-${family}`);
      }

      await page.goto('/app/bikes/register/purchase');
      await visit(page, shop('purchase.title'), 'register-purchase');

      await page.getByRole('link', { name: shop('purchase.naf') }).click();
      await page.getByLabel(shop('naf.number')).fill('NAF12345');
      await page.getByRole('button', { name: shop('naf.confirm') }).click();
      await expect(page.getByText(shop('naf.memberTitle', { number: 'NAF12345' }))).toBeVisible();
      await visit(page, shop('naf.title'), 'naf');
    });

    test(`a bike's purchases, the payment results and the orders (${language})`, async ({ page, request }) => {
      const { owner, bikeId } = await ownerWithBike(
        request,
        { nickname: `Shop ${language}` },
        { chosen_language: language, chosen_region: region },
      );
      await giveAddress(request, owner.token);
      const headers = { authorization: `Bearer ${owner.token}` };
      const orderIds: string[] = [];
      for (const family of ['registration', 'plates']) {
        const placed = await request.post('/api/webshop/orders/stripe', {
          headers,
          data: { family, lines: [{ product: family === 'plates' ? 'extra_plate' : family, quantity: 2 }] },
        });
        expect(placed.status(), await placed.text()).toBe(201);
        orderIds.push(((await placed.json()) as { order: { id: string } }).order.id);
      }
      await seedToken(page, owner.token);

      const bike = `/app/my-bikes/${bikeId}`;
      await page.goto(`${bike}/registration-purchase`);
      await visit(page, shop('purchase.bikeTitle', { name: `Shop ${language}` }), 'bike-registration');
      await page.goto(`${bike}/buy-plate`);
      await expect(page.getByRole('table', { name: shop('checkout.summary') })).toBeVisible();
      await visit(page, shop('families.plates.title'), 'bike-plates');
      await page.goto(`${bike}/subscription-status`);
      await expect(page.getByRole('link', { name: shop('status.subscribeFamily') })).toBeVisible();
      await visit(page, text(language, 'bike:status.title'), 'bike-subscription');

      // One order waits for its payment; the other came back from the provider without one.
      await page.goto(`/purchase-complete-redirect?order_id=${orderIds[0]}`);
      await visit(page, shop('waiting.title'), 'waiting');
      await page.goto(`/purchase-failed?order_id=${orderIds[1]}`);
      await expect(page.getByText(shop('failed.nothingCharged'))).toBeVisible();
      await visit(page, shop('failed.title'), 'failed');

      await page.goto('/app/settings/orders');
      await expect(page.getByText(shop('orders.status.cancelled'))).toBeVisible();
      await visit(page, shop('orders.title'), 'orders');
      await page.getByRole('link', { name: new RegExp(`2 × ${shop('products.extra_plate.name')}`) }).click();
      await expect(page.getByRole('table', { name: shop('orders.lines') })).toBeVisible();
      await visit(page, new RegExp(shop('orders.orderTitle', { date: '' })), 'order');
    });
  });
}
