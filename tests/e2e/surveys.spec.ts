import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// Issue 16, the commuter surveys: a signed-in commuter finds the three surveys at /survey, answers them in the
// browser (both addresses picked on the map, the winter jump, a show_if), each end leading to the next, the last in
// English, and sees what their journey means for the Danish commuting deduction, with its source and year, over the
// days they gave. The list then shows them answered.

async function noOverflow(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Picks a place on the step's map (field `index`), once Leaflet has drawn it. */
async function pickOnMap(page: Page, index = 0) {
  const map = page.getByTestId('location-picker-map').nth(index);
  await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await map.click({ position: { x: 140, y: 100 } });
  await expect(page.locator('.location-picker-coords').nth(index)).toContainText(/\d+[.,]\d+/);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const surveyCards = (page: Page, listName: string) => page.getByRole('list', { name: listName }).getByRole('listitem');

test('a commuter answers the three surveys and sees their commuting deduction', async ({ page, request, context, baseURL }) => {
  const commuter = await apiSignUp(request);
  await seedToken(page, commuter.token);

  // The list: three open surveys, none answered yet.
  await page.goto('/survey');
  await expect(h1(page)).toHaveText('Undersøgelser');
  // The product's three come first; a survey another journey adds on the same server may follow them.
  const cards = surveyCards(page, 'Undersøgelser');
  await expect(cards.nth(2)).toBeVisible();
  await expect(page.getByText(/^Du har besvaret 0 af \d+ undersøgelser\.$/)).toBeVisible();
  await expect(cards.nth(0)).toContainText('Hjem og arbejde');
  await expect(cards.nth(0)).toContainText('Ikke besvaret endnu');
  await expectNoAxeViolations(page);
  await screenshots(page, 'surveys-list');
  await noOverflow(page);

  // 1. Addresses: home and work, each picked on the map.
  await cards.nth(0).getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/survey\/addresses\/home$/);
  await expect(h1(page)).toHaveText('Din bopæl');
  await page.getByLabel('Bopæl').fill('Nørrebrogade 10, 2200 København N');
  await pickOnMap(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'surveys-address');
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page).toHaveURL(/\/survey\/addresses\/work$/);
  await page.getByLabel('Arbejdsplads').fill('Rådhuspladsen 1, 1550 København V');
  await pickOnMap(page);
  await page.getByLabel('1–3 år').check();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(h1(page)).toHaveText('Tak for dine adresser');
  await expectNoAxeViolations(page);

  // Its end suggests the next survey.
  await page.getByRole('link', { name: 'Næste: Dine pendlerdage' }).click();

  // 2. Commuting days: five days to work, three by bike, 7 weeks away; fewer days in winter asks which.
  await expect(page).toHaveURL(/\/survey\/commuting-days\/week$/);
  const workDays = page.getByRole('group', { name: /Hvilke dage tager du på arbejde/ });
  for (const day of ['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag']) await workDays.getByLabel(day).check();
  const bikeDays = page.getByRole('group', { name: /Hvilke af dem cykler du/ });
  for (const day of ['Mandag', 'Onsdag', 'Fredag']) await bikeDays.getByLabel(day).check();
  await page.getByLabel(/Hvor mange uger om året er du ikke på arbejde/).fill('7');
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(h1(page)).toHaveText('Om vinteren');
  await expect(page.getByLabel(/Hvor mange uger varer din vinter/)).toHaveCount(0);
  await page.getByLabel('Ja, jeg cykler færre dage').check();
  await page.getByLabel(/Hvor mange uger varer din vinter/).fill('12');
  await expectNoAxeViolations(page);
  await screenshots(page, 'surveys-winter');
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(h1(page)).toHaveText('Vinterens cykeldage');
  await page
    .getByRole('group', { name: /Hvilke dage cykler du om vinteren/ })
    .getByLabel('Onsdag')
    .check();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(h1(page)).toHaveText('Tak for dine pendlerdage');
  await expect(page.getByRole('link', { name: 'Næste: Din tur til arbejde' })).toBeVisible();

  // 3. The journey, in English: 19 km one way by bike and train (which asks how much is cycled).
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }]);
  await page.goto('/survey/pendler-travel');
  await expect(page).toHaveURL(/\/survey\/pendler-travel\/distance$/);
  await expect(h1(page)).toHaveText('The distance');
  await page.getByLabel(/How far is it to work, one way/).fill('19');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel(/How many km of the way do you cycle/)).toHaveCount(0);
  await page.getByLabel('Bike and train').check();
  await page.getByLabel(/How many km of the way do you cycle/).fill('6');
  await page.getByLabel(/How long does the journey take/).fill('45');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/What would make you cycle more/).fill('Safe bike parking at the station');
  await page.getByRole('button', { name: 'Send' }).click();

  // The end: the deduction over the days given (5 a week, 45 weeks = 225), with its source and year.
  await expect(h1(page)).toHaveText('Thank you for your answers');
  const result = page.getByRole('region', { name: /Your commuting deduction for \d{4}/ });
  await expect(result).toContainText('2 × 19 km = 38 km is 14 km over the first 24 km');
  await expect(result).toContainText('225 (your answers)');
  await expect(result).toContainText(/DKK\s2\.28/);
  await expect(result.getByRole('link', { name: /Beierholm.*\(2026\)/ })).toHaveAttribute('href', /^https:\/\/www\.beierholm\.dk\//);
  await expect(page.getByText('That was the last survey. Thank you for taking part!')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'surveys-result');
  await noOverflow(page);

  // The list shows all three answered.
  await page.getByRole('link', { name: 'All surveys' }).click();
  await expect(h1(page)).toHaveText('Surveys');
  await expect(page.getByText(/^You have answered 3 of \d+ surveys\.$/)).toBeVisible();
  await expect(surveyCards(page, 'Surveys').filter({ has: page.getByText('Answered', { exact: true }) })).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Answer again' })).toHaveCount(3);
});

test('a visitor sees the surveys and is offered to log in', async ({ page }) => {
  await page.goto('/survey');
  await expect(h1(page)).toHaveText('Undersøgelser');
  await expect(surveyCards(page, 'Undersøgelser').nth(2)).toContainText('Din tur til arbejde');
  await expect(page.getByRole('main').getByRole('link', { name: 'Log ind' })).toBeVisible();
  await expect(page.getByText('Ikke besvaret endnu')).toHaveCount(0);
  await page.goto('/survey/no-such-survey');
  await expect(h1(page)).toHaveText('Siden findes ikke');
});
