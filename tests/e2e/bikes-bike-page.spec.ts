import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, type SignedUp, seedToken } from './support/session';

// The per-bike pages (/app/my-bikes/{bikeId}/…): details with tabs, edit with pictures, equipment,
// documents, the public card, not-found for others, and deleting with national ID approval.
// Plates DEMO0020–DEMO0029 are this file's (agreed between the helpers).

interface RegisteredBike {
  user: SignedUp;
  bikeId: string;
  frameNumber: string;
}

async function userWithBike(request: APIRequestContext, plate: string, fields: Record<string, unknown> = {}): Promise<RegisteredBike> {
  const user = await apiSignUp(request);
  const headers = { authorization: `Bearer ${user.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const frameNumber = `WBK${randomUUID().replace(/\D/g, '').slice(0, 6)}Z`;
  const created = await request.post('/api/bikes/', {
    headers,
    data: { frame_number: frameNumber, bikekey_id: plate, searchable: true, ...fields },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { user, bikeId: ((await created.json()) as { id: string }).id, frameNumber };
}

async function png(background: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();
}

const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('the owner edits the bike, adds pictures, equipment and a receipt, and previews the public card; others see "not found"', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { user, bikeId, frameNumber } = await userWithBike(request, 'DEMO0020', { nickname: 'Hverdagscyklen' });
  await seedToken(page, user.token);

  // The details tab.
  await page.goto(`/app/my-bikes/${bikeId}`);
  // The first page of a run waits for the server to warm up (2 shared cores).
  await expect(page.getByRole('heading', { level: 1, name: 'Hverdagscyklen' })).toBeVisible({ timeout: 30_000 });
  const tabs = page.getByRole('tablist', { name: 'Om cyklen' });
  await expect(tabs.getByRole('tab', { name: 'Detaljer' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(frameNumber)).toBeVisible();
  await expect(page.getByText('DEMO0020').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'details');

  // Tabs follow the arrow keys, and the tab is kept in the address.
  await tabs.getByRole('tab', { name: 'Detaljer' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Dokumenter' })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=documents$/);
  await expect(page.getByText('Ingen dokumenter endnu.', { exact: false })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?tab=equipment$/);
  await expect(page.getByText('Intet udstyr endnu.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Udstyr' })).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page);

  // Edit: nickname, colour, category.
  await page.goto(`/app/my-bikes/${bikeId}`);
  await page.getByRole('button', { name: 'Flere handlinger' }).click();
  await page.getByRole('link', { name: 'Redigér cykel' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Redigér Hverdagscyklen' })).toBeVisible();
  await page.getByLabel('Kaldenavn').fill('Den røde');
  await page.getByLabel('Farve').selectOption({ label: 'Rød' });
  await page.getByLabel('Kategori').selectOption({ label: 'Bycykel' });
  // A draft survives a reload.
  await page.reload();
  await expect(page.getByLabel('Kaldenavn')).toHaveValue('Den røde');
  await expectNoAxeViolations(page);
  await screenshots(page, 'edit');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/post-edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Gemt' })).toBeVisible();
  await expect(page.getByText('Dine ændringer af Den røde er gemt.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Gå til cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Den røde' })).toBeVisible();
  await expect(page.getByText('Rød', { exact: true })).toBeVisible();
  await expect(page.getByText('Bycykel', { exact: true })).toBeVisible();

  // Pictures: a public one and a frame-number one.
  await page.goto(`/app/my-bikes/${bikeId}/edit`);
  await page
    .getByLabel('Upload billede: Offentligt billede')
    .setInputFiles({ name: 'cykel.png', mimeType: 'image/png', buffer: await png('#c0392b') });
  await expect(page.getByText('Billedet (Offentligt billede) er gemt.')).toBeVisible();
  await page
    .getByLabel('Upload billede: Stelnummer')
    .setInputFiles({ name: 'stel.png', mimeType: 'image/png', buffer: await png('#2c3e50') });
  await expect(page.getByText('Billedet (Stelnummer) er gemt.')).toBeVisible();
  await expect(page.getByLabel('Skift billede: Offentligt billede')).toBeAttached();
  await expect(page.getByRole('img', { name: 'Stelnummer' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'edit-pictures');

  // Equipment: a battery with a serial number, a lock with type, Varefakta number and key number.
  await page.goto(`/app/my-bikes/${bikeId}/edit/equipment`);
  await expect(page.getByRole('heading', { level: 1, name: 'Udstyr til Den røde' })).toBeVisible();
  await page.getByRole('button', { name: 'Tilføj et batteri' }).click();
  await page.getByLabel('Serienumre').fill('BAT-4711');
  await page.getByRole('button', { name: 'Gem batteri' }).click();
  await expect(page.getByText('Batteri er tilføjet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Tilføj en lås' }).click();
  const addLock = page.getByRole('region', { name: 'Tilføj udstyr' });
  await addLock.getByLabel('Låsetype').selectOption({ label: 'Kædelås' });
  await addLock.getByLabel('Mærke').fill('Abus');
  await addLock.getByLabel('Varefakta-nummer').fill('VF-2231');
  await addLock.getByLabel('Nøglenummer').fill('K-889');
  await addLock.getByRole('button', { name: 'Gem lås' }).click();
  await expect(page.getByText('Abus er tilføjet.', { exact: false })).toBeVisible();
  await expect(page.getByText('BAT-4711')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'equipment');

  // A receipt on the documents tab.
  await page.goto(`/app/my-bikes/${bikeId}?tab=documents`);
  await expect(page.getByLabel('Slags dokument')).toHaveValue('receipt');
  await page
    .getByLabel('Upload dokument: Kvittering')
    .setInputFiles({ name: 'kvittering.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF });
  await expect(page.getByText('kvittering.pdf er uploadet.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'kvittering.pdf' })).toContainText('Kvittering');
  await expect(page.getByRole('link', { name: /Hent kvittering\.pdf/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'documents');

  // The equipment tab lists both items.
  await page.getByRole('tab', { name: 'Udstyr' }).click();
  await expect(page.getByRole('heading', { name: 'Batteri' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Abus' })).toBeVisible();
  await expect(page.getByText('VF-2231')).toBeVisible();

  // The public card: only the public picture, never the private one.
  await page.goto(`/app/my-bikes/${bikeId}/public`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hvad andre ser' })).toBeVisible();
  await expect(page.getByText('Private billeder er kun for dig')).toBeVisible();
  const card = page.getByRole('article');
  await expect(card.getByRole('img', { name: /Offentligt billede af/ })).toBeVisible();
  await expect(card.getByRole('img')).toHaveCount(1);
  await expect(card.getByText(frameNumber)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Stelnummer' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'public');

  // Someone else opening the bike's address is told it is not found.
  const other = await apiSignUp(request);
  const context = await browser.newContext({ locale: 'da-DK' });
  const stranger = await context.newPage();
  await seedToken(stranger, other.token);
  await stranger.goto(`/app/my-bikes/${bikeId}`);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Cyklen blev ikke fundet' })).toBeVisible();
  await expect(stranger.getByRole('link', { name: 'Gå til mine cykler' })).toBeVisible();
  await expect(stranger.getByText('Den røde')).toHaveCount(0);
  await expectNoAxeViolations(stranger);
  await stranger.goto(`/app/my-bikes/${bikeId}/edit`);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Cyklen blev ikke fundet' })).toBeVisible();
  await context.close();
});

test('the smaller pages: intro step, subscription status, credits, complete-confirm, and the edit redirect', async ({ page, request }) => {
  const { user, bikeId } = await userWithBike(request, 'DEMO0021');
  await seedToken(page, user.token);

  await page.goto(`/app/my-bikes/${bikeId}/intro-step`);
  await expect(page.getByRole('heading', { level: 1, name: 'Din cykel er registreret' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Tilføj et offentligt billede' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'intro-step');

  await page.goto(`/app/my-bikes/${bikeId}/subscription-status`);
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnement og aktivering' })).toBeVisible();
  await expect(page.getByText('Registreringen er aktiv', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'subscription-status');

  await page.goto(`/app/my-bikes/${bikeId}/attach-existing-credit`);
  await expect(page.getByText('har allerede en aktiv registrering')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/app/my-bikes/${bikeId}/complete-confirm`);
  await expect(page.getByRole('heading', { level: 1, name: 'Er oplysningerne rigtige?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Ja, oplysningerne er rigtige' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tak' })).toBeVisible();

  await page.goto(`/app/redirects/edit-bike/${bikeId}`);
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/edit$`));
});

test('deleting a bike with a frame number: the dialog says what goes, MitID approves, and the bike is gone', async ({ page, request }) => {
  const { user, bikeId } = await userWithBike(request, 'DEMO0022', { nickname: 'Gamle Ole' });
  await seedToken(page, user.token);

  await page.goto(`/app/my-bikes/${bikeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gamle Ole' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Flere handlinger' }).click();
  await page.getByRole('button', { name: 'Slet cykel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Slet Gamle Ole?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Dette slettes permanent sammen med cyklen');
  await expect(dialog).toContainText('0 dokumenter');
  await expect(dialog).toContainText('batterier, låse, tilbehør');
  await expectNoAxeViolations(page);
  await screenshots(page, 'delete-dialog');
  // Cancel keeps the bike.
  await dialog.getByRole('button', { name: 'Annullér' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Flere handlinger' }).click();
  await page.getByRole('button', { name: 'Slet cykel' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Godkend med MitID/ })
    .click();
  await expect(page).toHaveTitle('MitID (test)');
  await page.getByRole('button', { name: /Sofie Christensen/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}\\?delete=approved&approval_id=[\\w-]+$`));
  await expect(page.getByText('Du har godkendt at slette Gamle Ole med MitID.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Slet cyklen for altid' }).click();

  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/report-deleted$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Cyklen er slettet' })).toBeVisible();
  await expect(page.getByText('Gamle Ole er slettet fra registret.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'report-deleted');

  // The bike is gone, and the confirmation page still works on a reload.
  const gone = await request.get(`/api/bikes/${bikeId}/`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(gone.status()).toBe(404);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cyklen er slettet' })).toBeVisible();
  await page.goto(`/app/my-bikes/${bikeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cyklen blev ikke fundet' })).toBeVisible();
});
