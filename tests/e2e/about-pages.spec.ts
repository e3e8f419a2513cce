import { expect, type Page, test } from '@playwright/test';
import daAbout from '../../src/i18n/da/about.json' with { type: 'json' };
import daHelp from '../../src/i18n/da/help.json' with { type: 'json' };
import enAbout from '../../src/i18n/en/about.json' with { type: 'json' };
import noHelp from '../../src/i18n/no/help.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// Issue 15, the public face: a visitor opens our mission, the advisory board, how it works, the insurance benefit
// (with the register's insurers, read from the database) and the help centre, none behind a login; searches the help
// centre and opens an answer by its link. Each page with axe and screenshots (phone and desktop) in Danish, one in
// English and one in Norwegian; Help is in the signed-in menu.

/** A page of web/about as a visitor sees it: its heading, tab title and meta description, no detour through login. */
async function visit(page: Page, path: string, title: string, description: string, name: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}(#.*)?$`));
  await expect(page).toHaveTitle(new RegExp(`^${title}`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
  await expect(page.locator('.loading')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, name);
}

test('a visitor reads about the register, its insurers and the help centre, searches it and opens an answer by its link (da)', async ({
  page,
  request,
}) => {
  const about = daAbout;
  await page.goto('/our-mission');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await visit(page, '/our-mission', about.mission.title, about.mission.description, 'about-da-mission');

  await page.getByRole('link', { name: about.mission.board }).click();
  await visit(page, '/advisory-board', about.board.title, about.board.description, 'about-da-board');
  await expect(page.getByRole('heading', { level: 3, name: about.board.members.privacy.title })).toBeVisible();

  await page.goto('/hvordan');
  await visit(page, '/hvordan', about.how.title, about.how.description, 'about-da-how');
  const steps = page.locator('.how-step');
  await expect(steps).toHaveCount(7);
  await expect(steps.first()).toHaveAccessibleName(about.how.steps.account.title);
  await expect(steps.last()).toHaveAccessibleName(about.how.steps.back.title);

  // The insurers are the register's insurance companies, as the public call answers them (other specs may add
  // insurers meanwhile, so the page's list is compared with an answer fetched after it).
  await page.goto('/forsikringsfordel');
  await visit(page, '/forsikringsfordel', about.benefit.title, about.benefit.description, 'about-da-benefit');
  const insurers = page.getByRole('list', { name: about.benefit.insurers.title }).getByRole('listitem');
  await expect(insurers.filter({ hasText: 'Demo Forsikring A/S' })).toBeVisible();
  const shown = await insurers.allTextContents();
  const answer = await request.get('/api/insurers/');
  expect(answer.status()).toBe(200);
  const names = ((await answer.json()) as { insurers: { name: string }[] }).insurers.map((i) => i.name);
  expect(names).toEqual(expect.arrayContaining(shown));
  await page.getByRole('link', { name: about.benefit.cta }).click();
  await expect(page).toHaveURL(/\/forsikrings-indtegning$/);

  // The help centre, reached from the support chat.
  const help = daHelp;
  await page.goto('/support/chat');
  await page.getByRole('link', { name: 'Gå til hjælpecentret' }).click();
  await visit(page, '/help', help.title, help.description, 'about-da-help');

  const search = page.getByRole('searchbox', { name: help.search.label });
  const questions = page.locator('details.help-question');
  const total = await questions.count();
  expect(total).toBeGreaterThan(15);
  await search.fill('stelnummer');
  await expect(page.locator('.help-count')).toBeVisible();
  await expect(page.getByText(help.questions.frameNumber.q)).toBeVisible();
  await expect(page.getByText(help.questions.delete.q)).toHaveCount(0);
  const found = await questions.count();
  expect(found).toBeGreaterThan(1);
  expect(found).toBeLessThan(total);
  await expect(page.locator('.help-count')).toHaveText(`${found} svar passer`);
  await screenshots(page, 'about-da-help-search');
  await search.fill('sletter min konto');
  await expect(questions).toHaveCount(1);
  await expect(page.getByText(help.questions.delete.q)).toBeVisible();
  await search.fill('tandem xylofon');
  await expect(questions).toHaveCount(0);
  await expect(page.locator('.help-count')).toHaveText(help.search.none.replace('{{query}}', 'tandem xylofon'));
  await page.getByRole('button', { name: help.search.clear }).click();
  await expect(questions).toHaveCount(total);
  await expect(search).toHaveValue('');

  // An answer opens by its link, from elsewhere (a fresh load) and from a link on the page.
  await page.goto('/help#stolen');
  const stolen = page.locator('details#stolen');
  await expect(stolen).toHaveAttribute('open', '');
  await expect(stolen.getByText(help.questions.stolen.a)).toBeVisible();
  await expect(stolen.getByRole('link', { name: help.questions.stolen.link })).toHaveAttribute('href', '/app/my-bikes/report-stolen');
  await expect(page.locator('details#delete')).not.toHaveAttribute('open', '');
  await expectNoAxeViolations(page);
  await screenshots(page, 'about-da-help-stolen');
  await page.locator('details#delete summary').click();
  await page.locator('details#delete').getByRole('link', { name: help.linkToAnswer }).click();
  await expect(page).toHaveURL(/\/help#delete$/);
  await expect(page.locator('details#delete').getByRole('link', { name: help.questions.delete.link })).toHaveAttribute(
    'href',
    '/app/settings',
  );
});

test('a signed-in person finds Help in the menu', async ({ page, request }) => {
  const { token } = await apiSignUp(request);
  await seedToken(page, token);
  await page.goto('/app/my-bikes');
  await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Hjælp' }).click();
  await expect(page.getByRole('heading', { level: 1, name: daHelp.title })).toBeVisible();
  await screenshots(page, 'about-da-help-signed-in');
});

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('how it works (en)', async ({ page }) => {
    await page.goto('/hvordan');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await visit(page, '/hvordan', enAbout.how.title, enAbout.how.description, 'about-en-how');
  });
});

test.describe('in Norwegian', () => {
  test.use({ locale: 'nb-NO' });

  test('the help centre (no)', async ({ page }) => {
    await page.goto('/help');
    await expect(page.locator('html')).toHaveAttribute('lang', 'no');
    await visit(page, '/help', noHelp.title, noHelp.description, 'about-no-help');
    await page.getByRole('searchbox', { name: noHelp.search.label }).fill('skilt');
    await expect(page.getByText(noHelp.questions.extraPlates.q)).toBeVisible();
    await expect(page.getByText(noHelp.questions.delete.q)).toHaveCount(0);
  });
});
