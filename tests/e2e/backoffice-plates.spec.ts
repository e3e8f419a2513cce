import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFDocument, PDFName } from 'pdf-lib';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, DEMO, loginAs } from './support/session';

// /backoffice/plates (issue 14): staff make a batch, download its print sheet, give a range to an organisation, filter
// the batch's plates and find one plate with its history. The organisation is this file's own.

test('staff make a batch of plates, print it, give a range to an organisation and find a plate', async ({ page, request }) => {
  test.setTimeout(120_000);
  const mark = randomUUID().slice(0, 6);
  const shopName = `Plade-E2E Cykler ${mark}`;
  const founder = await apiSignUp(request);
  const clubName = `Plade-E2E Klub ${mark}`;
  for (const name of [shopName, clubName]) {
    const created = await request.post('/api/organisations/', { headers: { authorization: `Bearer ${founder.token}` }, data: { name } });
    expect(created.status(), await created.text()).toBe(201);
  }

  await loginAs(page, request, DEMO.staff.email, DEMO.staff.password);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/backoffice/plates');
  // The first page of a run waits for the server to warm up (2 shared cores).
  await expect(page.getByRole('heading', { level: 1, name: 'Plader' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Backoffice' }).getByRole('link', { name: 'Plader' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A batch of 30 ordinary plates.
  const batchName = `Forår ${mark}`;
  const form = page.getByRole('form', { name: 'Nyt parti' });
  await form.getByLabel('Navn').fill(batchName);
  await form.getByLabel('Antal plader').fill('30');
  await form.getByRole('button', { name: 'Lav partiet' }).click();
  await expect(form.getByText(`Partiet ${batchName} blev lavet med 30 plader.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: batchName });
  await expect(row.getByRole('cell', { name: '30', exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'plates-home');

  // Bad input keeps what was typed and says why.
  await form.getByLabel('Antal plader').fill('6000');
  await form.getByRole('button', { name: 'Lav partiet' }).click();
  await expect(form.getByText('Antallet skal være et helt tal fra 1 til 5000')).toBeVisible();
  await expect(form.getByLabel('Navn')).toHaveValue(batchName);

  await row.getByRole('link', { name: batchName }).click();
  await expect(page.getByRole('heading', { level: 1, name: batchName })).toBeVisible();

  // The print sheet: a PDF of two A4 pages (24 labels each), one QR image per plate.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Hent udskriftsarket (PDF)' }).click();
  const download = await downloading;
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(2);
  const images = pdf.getPages().map((p) => {
    const xObjects = p.node.Resources()?.lookup(PDFName.of('XObject')) as unknown as { keys(): unknown[] } | undefined;
    return xObjects?.keys().length ?? 0;
  });
  expect(images).toEqual([24, 6]);

  // The batch's plates in ID order; plates 3 to 7 go to the organisation.
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(31);
  const ids = (await table.getByRole('rowheader').allTextContents()).map((id) => id.trim());
  expect(ids).toEqual([...ids].sort());
  const assign = page.getByRole('form', { name: 'Giv plader til en organisation' });
  await assign.getByLabel('Find organisationen').fill(mark);
  await expect(assign.getByRole('option', { name: shopName })).toBeAttached();
  await assign.getByLabel('Organisation', { exact: true }).selectOption({ label: shopName });
  await assign.getByLabel('Fra ID-nummer').fill(ids[2]?.toLowerCase() ?? '');
  await assign.getByLabel('Til ID-nummer').fill(ids[6] ?? '');
  await assign.getByRole('button', { name: 'Giv pladerne' }).click();
  await expect(assign.getByText(`5 plader fra ${ids[2]} til ${ids[6]} blev givet til ${shopName}.`)).toBeVisible();

  // A range overlapping them, for another organisation, is refused in Danish; what was typed stays.
  await assign.getByLabel('Organisation', { exact: true }).selectOption({ label: clubName });
  await assign.getByLabel('Fra ID-nummer').fill(ids[0] ?? '');
  await assign.getByLabel('Til ID-nummer').fill(ids[3] ?? '');
  await assign.getByRole('button', { name: 'Giv pladerne' }).click();
  await expect(assign.getByRole('alert')).toContainText('Nogle plader i intervallet sidder allerede');
  await expect(assign.getByLabel('Til ID-nummer')).toHaveValue(ids[3] ?? '');

  // Filtered on the server, kept in the address.
  const filters = page.getByRole('form', { name: 'Filtrér pladerne' });
  await filters.getByLabel('Tilstand').selectOption({ label: 'Hos en organisation' });
  await filters.getByRole('button', { name: 'Vis', exact: true }).click();
  await expect(page).toHaveURL(/state=organisation/);
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByRole('rowheader')).toHaveText(ids.slice(2, 7));
  await expectNoAxeViolations(page);
  await screenshots(page, 'plates-batch');

  // One plate, found from the list: its state and its history.
  await table.getByRole('link', { name: ids[4] ?? '' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/plates\\?plate=${ids[4]}$`));
  const card = page.getByRole('article', { name: `Plade ${ids[4]}` });
  await expect(card.getByText('Hos en organisation')).toBeVisible();
  await expect(card.getByText(shopName, { exact: true })).toBeVisible();
  await expect(card.getByText(`Givet til ${shopName}`)).toBeVisible();
  await expect(card.getByText('Lavet i et parti')).toBeVisible();

  // Found by its ID as typed on a sticker (small letters, a dash).
  const typed = `${ids[9]?.slice(0, 4).toLowerCase()}-${ids[9]?.slice(4)}`;
  await page.getByRole('form', { name: 'Find en plade' }).getByLabel('Pladens ID-nummer').fill(typed);
  await page.getByRole('form', { name: 'Find en plade' }).getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('article', { name: `Plade ${ids[9]}` }).getByText('Fri', { exact: true })).toBeVisible();
  await page.getByRole('form', { name: 'Find en plade' }).getByLabel('Pladens ID-nummer').fill('NOSUCH77');
  await page.getByRole('form', { name: 'Find en plade' }).getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Der findes ingen plade med ID-nummeret NOSUCH77.')).toBeVisible();
  await page
    .getByRole('form', { name: 'Find en plade' })
    .getByLabel('Pladens ID-nummer')
    .fill(ids[4] ?? '');
  await page.getByRole('form', { name: 'Find en plade' }).getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('article', { name: `Plade ${ids[4]}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'plates-find');
});
