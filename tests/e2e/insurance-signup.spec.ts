import { expect, type Page, test } from '@playwright/test';
import { type BasketItem, isoToday, quoteBasket } from '../../src/domain/insurance-purchase';
import daSignup from '../../src/i18n/da/insurance-signup.json' with { type: 'json' };
import enSignup from '../../src/i18n/en/insurance-signup.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from './support/mailbox';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken, uniqueEmail } from './support/session';

// Issue 13, the Danish insurance sign-up: opened with the §3 autofill parameters it shows them, the basket survives
// a reload, the checkout ends in the order confirmation and the confirmation mail is in the development mailbox;
// a signed-in buyer's details come from the profile and the order makes a policy (the benefit page, /forsikringsfordel,
// is web/about's: about-pages.spec.ts). Each page
// in da and en with axe and screenshots (phone and desktop).

type Catalog = { [key: string]: string | Catalog };
const CATALOGS: Record<'da' | 'en', Catalog> = { da: daSignup, en: enSignup };

function say(language: 'da' | 'en', key: string, values: Record<string, string | number> = {}): string {
  let node: string | Catalog | undefined = CATALOGS[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No insurance-signup text ${key} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** Øre as the page writes kroner in the language. */
const kroner = (language: 'da' | 'en', ore: number) =>
  new Intl.NumberFormat(language === 'da' ? 'da-DK' : 'en-GB', { style: 'currency', currency: 'DKK' }).format(ore / 100);

async function visit(page: Page, language: 'da' | 'en', title: string, name: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('.loading')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, `insurance-signup-${language}-${name}`);
}

async function fillCheckout(page: Page, language: 'da' | 'en', fields: Record<string, string>) {
  for (const [key, value] of Object.entries(fields)) await page.getByLabel(say(language, `checkout.${key}`), { exact: true }).fill(value);
}

test('a visitor signs up with a bike from a link, keeps the basket over a reload, and gets the order confirmation (da)', async ({
  page,
  request,
}) => {
  const t = (key: string, values?: Record<string, string | number>) => say('da', key, values);
  await page.goto('/forsikrings-indtegning?bikePrice=12000&bikeType=cargo&bikeIsElectric=true&bikePurchaseDate=2025-01-15');
  const first = page.getByRole('listitem', { name: t('basket.bike', { number: 1 }) });
  await expect(first.getByLabel(t('basket.price'))).toHaveValue('12000');
  await expect(first.getByLabel(t('basket.type'))).toHaveValue('cargo');
  await expect(first.getByLabel(t('basket.electric'))).toBeChecked();
  await expect(first.getByLabel(t('basket.purchaseDate'))).toHaveValue('2025-01-15');
  // The link's parameters leave the address once the bike is in the basket.
  await expect(page).toHaveURL(/\/forsikrings-indtegning$/);

  const bike = (over: Partial<BasketItem>): BasketItem => ({
    id: 'x',
    bikePrice: 12000,
    bikeType: 'cargo',
    bikeIsElectric: true,
    bikePurchaseDate: '2025-01-15',
    coverage: 'basic',
    ...over,
  });
  const one = quoteBasket([bike({})], isoToday());
  await expect(page.getByTestId('total')).toHaveText(t('perYear', { amount: kroner('da', one.total_ore) }));
  await visit(page, 'da', t('basket.title'), 'basket');

  await page.reload();
  await expect(page.getByRole('listitem', { name: /^Cykel \d$/ })).toHaveCount(1);
  await expect(first.getByLabel(t('basket.price'))).toHaveValue('12000');

  // A second bike starts as the §9 default bike; it gets the wider coverage.
  await page.getByRole('button', { name: t('basket.add') }).click();
  const second = page.getByRole('listitem', { name: t('basket.bike', { number: 2 }) });
  await expect(second.getByLabel(t('basket.price'))).toHaveValue('15000');
  await expect(second.getByLabel(t('basket.type'))).toHaveValue('racer');
  await expect(second.getByLabel(t('basket.purchaseDate'))).toHaveValue(isoToday());
  await second.getByLabel(t('basket.coverage')).selectOption('plus');
  const two = quoteBasket(
    [bike({}), bike({ bikePrice: 15000, bikeType: 'racer', bikeIsElectric: false, bikePurchaseDate: isoToday(), coverage: 'plus' })],
    isoToday(),
  );
  await expect(page.getByTestId('total')).toHaveText(t('perYear', { amount: kroner('da', two.total_ore) }));

  // A price of 0 is refused by the server, on its field.
  await second.getByLabel(t('basket.price')).fill('0');
  await expect(second.getByText('Skriv cyklens pris i hele kroner')).toBeVisible();
  await second.getByLabel(t('basket.price')).fill('15000');
  await expect(page.getByTestId('total')).toHaveText(t('perYear', { amount: kroner('da', two.total_ore) }));

  await page.getByRole('link', { name: t('basket.continue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('overview.title') })).toBeVisible();
  const email = uniqueEmail('forsikring');
  await fillCheckout(page, 'da', {
    name: 'Mette Hansen',
    email,
    socialNumber: '320190-1234',
    address: 'Vestergade 3',
    zipCode: '8000',
    city: 'Aarhus C',
    mobile: '+45 20304050',
    bankRegister: '1234',
    bankAccount: '1234567890',
  });
  await page.getByLabel(t('checkout.acceptTerms')).check();
  await visit(page, 'da', t('overview.title'), 'overview');
  await page.getByRole('button', { name: t('checkout.submit') }).click();
  // The same check the server makes, before anything is sent.
  await expect(page.getByText('Ugyldigt CPR-nummer')).toBeVisible();
  await expect(page.getByLabel(t('checkout.socialNumber'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
  // What was typed survives a reload of the checkout (this tab).
  await page.reload();
  await expect(page.getByLabel(t('checkout.name'), { exact: true })).toHaveValue('Mette Hansen');
  await page.getByLabel(t('checkout.socialNumber'), { exact: true }).fill('010190-1234');
  await page.getByRole('button', { name: t('checkout.submit') }).click();

  await expect(page).toHaveURL(/\/forsikrings-indtegning\/order-confirmation$/);
  await expect(page.getByText(t('confirmation.thanks', { insurer: 'Demo Forsikring A/S', email }))).toBeVisible();
  await expect(page.getByText('010190-••••')).toBeVisible();
  await expect(page.getByText('0101901234')).toHaveCount(0);
  await expect(page.getByTestId('total')).toHaveText(t('perYear', { amount: kroner('da', two.total_ore) }));
  await visit(page, 'da', t('confirmation.title'), 'confirmation');

  await expect
    .poll(async () => (await mailTo(request, email)).map((m) => m.subject))
    .toContain('Din bestilling af cykelforsikring hos Demo Forsikring A/S');
  const [mail] = await mailTo(request, email);
  expect(mail?.text.replaceAll('\u00a0', ' ')).toContain(kroner('da', two.total_ore).replaceAll('\u00a0', ' '));

  // The basket is done with: the sign-up starts afresh with the default bike.
  await page.goto('/forsikrings-indtegning');
  await expect(page.getByRole('listitem', { name: /^Cykel \d$/ })).toHaveCount(1);
});

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('a signed-in buyer’s details come from the profile, and the order makes a policy (en)', async ({ page, request }) => {
    const t = (key: string, values?: Record<string, string | number>) => say('en', key, values);
    const buyer = await apiSignUp(request, { chosen_language: 'en' });
    const profile = await request.put('/api/identities/me', {
      headers: { authorization: `Bearer ${buyer.token}` },
      data: { first_name: 'Ane', last_name: 'Køber', street: 'Nørregade 7', zip_code: '1165', city: 'København K', mobile: '+45 11223344' },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    await seedToken(page, buyer.token);

    await page.goto('/forsikrings-indtegning');
    const first = page.getByRole('listitem', { name: t('basket.bike', { number: 1 }) });
    await expect(first.getByLabel(t('basket.price'))).toHaveValue('15000');
    await visit(page, 'en', t('basket.title'), 'basket');
    await page.getByRole('link', { name: t('basket.continue') }).click();

    await expect(page.getByLabel(t('checkout.name'), { exact: true })).toHaveValue('Ane Køber');
    await expect(page.getByLabel(t('checkout.email'), { exact: true })).toHaveValue(buyer.email);
    await expect(page.getByLabel(t('checkout.city'), { exact: true })).toHaveValue('København K');
    await fillCheckout(page, 'en', { socialNumber: '0202851234', bankRegister: '9570', bankAccount: '12345' });
    await page.getByLabel(t('checkout.acceptTerms')).check();
    await visit(page, 'en', t('overview.title'), 'overview');
    await page.getByRole('button', { name: t('checkout.submit') }).click();

    await expect(page.getByText(t('confirmation.policyNumber'))).toBeVisible();
    await expect(page.getByText(/^DK-[A-Z2-9]{10}$/)).toBeVisible();
    await visit(page, 'en', t('confirmation.title'), 'confirmation');
    await expect
      .poll(async () => (await mailTo(request, buyer.email)).map((m) => m.subject))
      .toContain('Your bike insurance order with Demo Forsikring A/S');
  });
});
