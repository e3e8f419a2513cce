import { type Browser, expect, type Page, test } from '@playwright/test';
import common from '../../src/i18n/da/common.json' with { type: 'json' };
import home from '../../src/i18n/da/home.json' with { type: 'json' };
import search from '../../src/i18n/da/search.json' with { type: 'json' };
import enHome from '../../src/i18n/en/home.json' with { type: 'json' };
import noHome from '../../src/i18n/no/home.json' with { type: 'json' };
import { ABOUT_LINKS, MARKETING_LINKS } from '../../src/web/public/marketing-links';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiLogin, apiSignUp, DEMO, seedToken } from './support/session';

// Issue 15, the front page: a visitor searches a frame number from it and lands on the results; it shows the
// register's figures, recently stolen bikes in the visitor's region and the webshop's prices; the footer leads to
// the agreed paths and stacks on a phone; staff see the backoffice in the header, an insurer their area, others
// neither. The demo data is read, never changed.

/** The front page in a language and region, as a visitor whose browser and cookies say so. */
async function visitorPage(browser: Browser, baseURL: string, lang: 'da' | 'en' | 'no', region: 'dk' | 'no'): Promise<Page> {
  const context = await browser.newContext({ locale: { da: 'da-DK', en: 'en-GB', no: 'nb-NO' }[lang] });
  await context.addCookies([
    { name: 'lang', value: lang, url: baseURL },
    { name: 'region', value: region, url: baseURL },
  ]);
  return context.newPage();
}

/** The page has its figures, stolen bikes and prices (not the empty tiles and cards it shows while they load). */
async function expectLoaded(page: Page, texts: typeof home) {
  const figures = page.getByRole('region', { name: texts.figures.title });
  await expect(figures.locator('.figure-number').first()).toHaveText(/^\d[\d.,\s]*$/);
  await expect(page.locator('.stolen-card-link').first()).toBeVisible();
  await expect(page.locator('.price-row .price-amount').first()).toBeVisible();
}

test('a visitor sees what the register offers and searches a frame number straight from the front page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', home.meta.description);
  await expectLoaded(page, home);
  // Denmark's stolen bikes (the visitor's region), each card leading to the bike's page; prices in kroner from the webshop.
  await expect(page.getByRole('heading', { name: home.stolen.title.dk })).toBeVisible();
  await expect(page.locator('.stolen-card-link').first()).toHaveAttribute('href', /^\/stolen-bike-map\/[0-9a-f-]{36}$/);
  await expect(page.locator('.price-amount').first()).toContainText('kr');
  await expect(page.getByRole('link', { name: home.hero.signUp })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'front-page-da');

  // An empty search says what to type and stays put; a frame number goes to its results.
  const field = page.getByLabel(home.search.field);
  await page.getByRole('button', { name: home.search.submit }).click();
  await expect(page.getByText(home.search.empty)).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill('WBK 482913 S');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=WBK%20482913%20S$/);
  await expect(page.getByRole('heading', { name: search.search.exactTitle })).toBeVisible();
  await expect(page.getByLabel(search.search.field)).toHaveValue('WBK 482913 S');
});

test('the footer leads to the agreed pages, and stacks its columns on a phone', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: common.footer.label });
  const expected: [string, string][] = [
    [common.footer.ourMission, ABOUT_LINKS.ourMission],
    [common.footer.advisoryBoard, ABOUT_LINKS.advisoryBoard],
    [common.footer.howItWorks, '/hvordan'],
    [common.footer.findDistributor, '/find-distributor'],
    [common.footer.newsletter, '/signup/newsletter'],
    [common.footer.webshop, '/webshop'],
    [common.footer.registerBike, '/app/bikes/register'],
    [common.footer.insuranceBenefit, '/forsikringsfordel'],
    [common.footer.business, '/app/organisations/create'],
    [common.footer.helpCentre, '/help'],
    [common.footer.support, '/support/chat'],
    [common.footer.privacy, '/privacy'],
    [common.footer.terms, MARKETING_LINKS.terms],
  ];
  await expect(footer.getByRole('link')).toHaveCount(expected.length);
  for (const [name, path] of expected) await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);

  // On a phone the columns are one under the other, and nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const headings = footer.getByRole('heading');
  const lefts = await headings.evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().left)));
  expect(new Set(lefts).size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await footer.getByRole('link', { name: common.footer.webshop }).click();
  await expect(page).toHaveURL(/\/webshop$/);
});

test('staff see the backoffice in the header, an insurer their area, an ordinary user neither', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const nav = page.getByRole('navigation', { name: common.nav.main });
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  const profile = page.waitForResponse((r) => r.url().endsWith('/api/identities/me') && r.ok());
  await page.goto('/');
  await profile;
  // Signed in, the front page is the way into the app.
  await expect(page.getByRole('link', { name: home.hero.toApp })).toHaveAttribute('href', '/app');
  await expect(nav.getByRole('link', { name: common.nav.myAccount })).toBeVisible();
  await expect(nav.getByRole('link', { name: common.nav.backoffice })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: common.nav.insurerArea })).toHaveCount(0);

  const staffPage = await browser.newPage({ baseURL });
  await seedToken(staffPage, await apiLogin(request, DEMO.staff.email, DEMO.staff.password));
  await staffPage.goto('/');
  const staffNav = staffPage.getByRole('navigation', { name: common.nav.main });
  await staffNav.getByRole('link', { name: common.nav.backoffice }).click();
  await expect(staffPage).toHaveURL(/\/backoffice$/);
  await expect(staffNav.getByRole('link', { name: common.nav.insurerArea })).toHaveCount(0);

  const insurerPage = await browser.newPage({ baseURL });
  await seedToken(insurerPage, await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password));
  await insurerPage.goto('/search');
  const insurerNav = insurerPage.getByRole('navigation', { name: common.nav.main });
  await expect(insurerNav.getByRole('link', { name: common.nav.insurerArea })).toHaveAttribute(
    'href',
    /^\/insurance\/[0-9a-f-]{36}\/admin$/,
  );
  await expect(insurerNav.getByRole('link', { name: common.nav.backoffice })).toHaveCount(0);
  await Promise.all([staffPage.close(), insurerPage.close()]);
});

test('in English and in Norwegian, a Norwegian visitor sees Norway’s stolen bikes and prices in kroner', async ({ browser, baseURL }) => {
  const english = await visitorPage(browser, baseURL ?? '', 'en', 'dk');
  await english.goto('/');
  await expect(english.getByRole('heading', { level: 1 })).toHaveText(enHome.hero.title);
  await expect(english.getByRole('heading', { name: enHome.stolen.title.dk })).toBeVisible();
  await expectLoaded(english, enHome as typeof home);
  await screenshots(english, 'front-page-en');

  const norwegian = await visitorPage(browser, baseURL ?? '', 'no', 'no');
  await norwegian.goto('/');
  await expect(norwegian.getByRole('heading', { level: 1 })).toHaveText(noHome.hero.title);
  await expect(norwegian.getByRole('heading', { name: noHome.stolen.title.no })).toBeVisible();
  await expectLoaded(norwegian, noHome as typeof home);
  await expect(norwegian.locator('.price-amount').first()).toContainText('kr');
  await expectNoAxeViolations(norwegian);
  await screenshots(norwegian, 'front-page-no');
  await Promise.all([english.context().close(), norwegian.context().close()]);
});
