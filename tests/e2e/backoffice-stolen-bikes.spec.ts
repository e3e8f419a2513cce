import { expect, test } from '@playwright/test';
import daBackoffice from '../../src/i18n/da/backoffice.json' with { type: 'json' };
import daStolen from '../../src/i18n/da/backoffice-stolen.json' with { type: 'json' };
import daErrors from '../../src/i18n/da/errors.json' with { type: 'json' };
import daStolenMap from '../../src/i18n/da/stolen-map.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { DEMO, loginAs } from './support/session';
import { reportStolenByApi } from './support/stolen-review';

// Staff review stolen reports before the public map shows them (issue 14, /backoffice/v2/stolen-bikes): an owner's new
// report is off the map; staff find it, look at it, approve it from the keyboard and it is on the map; a second report
// of the same frame number is merged into it. Staff work in Danish, at desktop size.

const fill = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

test('an owner reports a bike stolen; it is on the public map only after staff approve it in the backoffice (Danish)', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const kept = await reportStolenByApi(request, { model: 'Alfa', place: 'Nørrebrogade 10, 2200 København N' });
  // Another owner's report gives the same frame number: a duplicate to merge.
  const duplicate = await reportStolenByApi(request, {
    model: 'Beta',
    place: 'Fælledvej 3, 2200 København N',
    reportFrame: kept.frameNumber,
  });

  // Reported, but not on the public map yet.
  const visitor = await browser.newPage();
  await visitor.goto(`/stolen-bike-map/${kept.bikeId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: daStolenMap.gone.title })).toBeVisible({ timeout: 30_000 });

  // Staff: the home counts the queue, the menu leads to it.
  await loginAs(page, request, DEMO.staff.email, DEMO.staff.password);
  await page.goto('/backoffice');
  await expect(page.getByRole('link', { name: new RegExp(daBackoffice.home.stolenReportsToReview_other) })).toBeVisible({
    timeout: 30_000,
  });
  await page
    .getByRole('navigation', { name: daBackoffice.nav.label })
    .getByRole('link', { name: new RegExp(`^${daBackoffice.nav.stolenBikes}`) })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/v2\/stolen-bikes$/);
  await expect(page.getByRole('heading', { level: 1, name: daStolen.title })).toBeVisible();

  // Filtered on the server by the frame number; the filter is kept in the address.
  await page.getByLabel(daStolen.filters.frameNumber).fill(kept.frameNumber);
  await page.getByLabel(daStolen.filters.state).selectOption('new');
  await page.getByRole('button', { name: daStolen.filters.apply }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${kept.frameNumber}`));
  await expect(page.getByText(fill(daStolen.shown, { shown: 2, total: 2 }))).toBeVisible();
  const keptCard = page.getByRole('listitem', { name: kept.name });
  const duplicateCard = page.getByRole('listitem', { name: duplicate.name });
  await expect(keptCard.getByText(daStolen.state.new, { exact: true })).toBeVisible();
  await expect(keptCard.getByText('Nørrebrogade 10, 2200 København N')).toBeVisible();
  await expect(keptCard.getByText('Høj mand i grøn jakke')).toBeVisible();
  await expect(keptCard.getByRole('img')).toHaveCount(1);
  await expect(keptCard.getByRole('heading', { level: 3, name: fill(daStolen.duplicates.title_one, { count: 1 }) })).toBeVisible();
  await keptCard.getByRole('button', { name: fill(daStolen.map.showFor, { name: kept.name }) }).click();
  await expect(keptCard.getByTestId('place-map')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-stolen-list');

  // Approve from the keyboard: the outcome takes the focus, the count follows.
  await keptCard.getByRole('button', { name: fill(daStolen.action.approveFor, { name: kept.name }) }).focus();
  await page.keyboard.press('Enter');
  const approved = page.getByRole('status').filter({ hasText: fill(daStolen.done.approve, { name: kept.name }) });
  await expect(approved).toBeVisible();
  await expect(page.locator('.stolen-review-outcome')).toBeFocused();

  // Hiding needs a reason; Escape closes the dialog without a change.
  await duplicateCard.getByRole('button', { name: fill(daStolen.action.hideFor, { name: duplicate.name }) }).click();
  const hide = page.getByRole('dialog');
  await hide.getByRole('button', { name: daStolen.hide.confirm }).click();
  await expect(hide.getByText(daErrors.field_required)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(hide).toHaveCount(0);

  // Merge the duplicate into the report kept: the one candidate is chosen already.
  await duplicateCard.getByRole('button', { name: fill(daStolen.action.mergeFor, { name: duplicate.name }) }).click();
  const merge = page.getByRole('dialog');
  await expect(merge.getByRole('radio')).toBeChecked();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-stolen-merge');
  await merge.getByRole('button', { name: daStolen.merge.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: fill(daStolen.done.merge, { name: duplicate.name }) })).toBeVisible();

  // Everything decided: the filter on waiting reports finds none; all states show both, with what staff decided.
  await expect(page.getByText(daStolen.empty)).toBeVisible();
  await page.getByLabel(daStolen.filters.state).selectOption('');
  await page.getByRole('button', { name: daStolen.filters.apply }).click();
  await expect(keptCard.getByText(daStolen.state.approved, { exact: true })).toBeVisible();
  await expect(duplicateCard.getByText(daStolen.state.merged, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-stolen-decided');

  // On the public map now; the merged duplicate is not.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: fill(daStolenMap.bike.title, { name: kept.name }) })).toBeVisible({
    timeout: 30_000,
  });
  await visitor.goto(`/stolen-bike-map/${duplicate.bikeId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: daStolenMap.gone.title })).toBeVisible();
  await visitor.close();
});
