import { type APIRequestContext, expect, type Page } from '@playwright/test';
import daWebshop from '../../../src/i18n/da/webshop.json' with { type: 'json' };
import enWebshop from '../../../src/i18n/en/webshop.json' with { type: 'json' };
import noWebshop from '../../../src/i18n/no/webshop.json' with { type: 'json' };

// Shared by the webshop journeys (issue 12): the shop's texts (Danish unless a journey says otherwise: the tests'
// browser is Danish), paying on the development payment provider's hosted page, and what the API says of the buyer
// afterwards.

type Catalog = { [key: string]: string | Catalog };
const WEBSHOP: Record<'da' | 'en' | 'no', Catalog> = { da: daWebshop, en: enWebshop, no: noWebshop };

/** A text of the webshop catalog in `language`, {{placeholders}} filled. */
export function shopText(key: string, values: Record<string, string | number> = {}, language: 'da' | 'en' | 'no' = 'da'): string {
  let node: string | Catalog | undefined = WEBSHOP[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No webshop text ${key} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** The development provider's checkout page is open: its session id, from the address. */
export async function devCheckoutSession(page: Page): Promise<string> {
  await page.waitForURL(/\/dev-pay\/checkout\/[^/?]+/);
  const id = /\/dev-pay\/checkout\/([^/?]+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`not on the provider's checkout: ${page.url()}`);
  return id;
}

/** Ends the provider's checkout as a buyer would: pay, pay later (an asynchronous method), or a declined card. */
export async function onDevCheckout(page: Page, action: 'pay' | 'pay-later' | 'decline'): Promise<string> {
  const session = await devCheckoutSession(page);
  await page.locator(`form[action$="/${action}"] button`).click();
  return session;
}

/** The credits overview of the user with `token`. */
export async function creditsOf(request: APIRequestContext, token: string): Promise<{ credits: number }> {
  const response = await request.get('/api/webshop/bike-ownership-credits/overview', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { credits: number };
}

/** The address plates are sent to (fulfilment copies it from the profile). */
export async function giveAddress(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.put('/api/identities/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Ane', last_name: 'Køber', street: 'Nørregade 7', zip_code: '1165', city: 'København K' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A subscription paid on the provider's page without a browser; returns once the register has it (its events handled). */
export async function subscribeByApi(request: APIRequestContext, token: string, planType: 'SINGLE' | 'FAMILY'): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const opened = await request.post('/api/webshop/subscriptions/sessions', { headers, data: { plan_type: planType } });
  expect(opened.status(), await opened.text()).toBe(201);
  const checkoutUrl = ((await opened.json()) as { checkout_url: string }).checkout_url;
  const paid = await request.post(`${new URL(checkoutUrl).pathname}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => {
      const overview = await request.get('/api/webshop/bike-ownership-credits/overview', { headers });
      return ((await overview.json()) as { subscription: { plan_type: string; active: boolean } | null }).subscription;
    })
    .toMatchObject({ plan_type: planType, active: true });
}
