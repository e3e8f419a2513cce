import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from './support/mailbox';
import { screenshots } from './support/screenshots';
import { apiSignUp, DEMO, loginAs, type SignedUp, seedToken } from './support/session';

// Verify ownership (issue 5): a picture of the frame number, then national ID through the development
// identity provider; the badge on the bike page; staff reject one in the backoffice. Plates DEMOREG06 and
// DEMOREG07 are this file's (registration included); the other bikes have a frame number only.
// Test people: Jens (da), Ida (en), Sigrid (no) — each verifies one account per server run.

interface Owner {
  user: SignedUp;
  bikeId: string;
  frameNumber: string;
}

async function ownerWithBike(
  request: APIRequestContext,
  options: { plate?: string; language?: 'da' | 'en' | 'no'; nickname: string },
): Promise<Owner> {
  const language = options.language ?? 'da';
  const user = await apiSignUp(request, { chosen_language: language, chosen_region: language === 'no' ? 'no' : 'dk' });
  const headers = { authorization: `Bearer ${user.token}` };
  if (!options.plate) {
    const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
    expect(redeem.status(), await redeem.text()).toBe(200);
  }
  const frameNumber = `WBK${randomUUID().replace(/\D/g, '').slice(0, 6)}Z`;
  const created = await request.post('/api/bikes/', {
    headers,
    data: { frame_number: frameNumber, nickname: options.nickname, ...(options.plate ? { bikekey_id: options.plate } : {}) },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { user, bikeId: ((await created.json()) as { id: string }).id, frameNumber };
}

function framePicture(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#5d6d7e' } })
    .jpeg()
    .toBuffer();
}

async function pageIn(browser: Browser, locale: string, token: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await seedToken(page, token);
  return page;
}

test('verifying a bike: the list, a frame picture, a cancelled and then a completed MitID, the badge', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithBike(request, { plate: 'DEMOREG06', nickname: 'Postcyklen' });
  await seedToken(page, owner.user.token);

  await page.goto('/app/bikes/verify-ownership');
  // The first page of a run waits for the server to warm up (2 shared cores).
  await expect(page.getByRole('heading', { level: 1, name: 'Bekræft ejerskab' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Købere og forsikringsselskaber har tillid til en bekræftet ejer.', { exact: false })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Postcyklen' });
  await expect(row.getByText('Ikke bekræftet')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'verify-list');

  await row.getByRole('link', { name: 'Bekræft Postcyklen' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/bikes/verify-ownership/${owner.bikeId}/frame$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Billede af stelnummeret på Postcyklen' })).toBeVisible();
  await expect(page.getByText(owner.frameNumber, { exact: true })).toBeVisible();
  // On a phone the first button opens the rear camera.
  await expect(page.getByLabel('Tag et billede')).toHaveAttribute('capture', 'environment');
  await expect(page.getByLabel('Vælg et billede')).not.toHaveAttribute('capture', /.*/);
  await expectNoAxeViolations(page);
  await screenshots(page, 'verify-frame');
  await page.getByLabel('Vælg et billede').setInputFiles({ name: 'stel.jpg', mimeType: 'image/jpeg', buffer: await framePicture() });

  await expect(page).toHaveURL(new RegExp(`/app/bikes/verify-ownership/${owner.bikeId}/owner$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bekræft med MitID' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Stelnummeret på Postcyklen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'verify-owner');

  // Cancelling at the provider comes back here and says nothing changed.
  await page.getByRole('link', { name: 'Bekræft med MitID' }).click();
  await expect(page).toHaveTitle('MitID (test)');
  await page.getByRole('button', { name: 'Annullér og gå tilbage' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/bikes/verify-ownership/${owner.bikeId}/owner$`));
  await expect(page.getByText('Du annullerede hos MitID. Intet er ændret.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Bekræft med MitID' }).click();
  await expect(page).toHaveTitle('MitID (test)');
  await page.getByRole('button', { name: /Jens Pedersen/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ejerskab bekræftet' })).toBeVisible();
  await expect(page.getByText('Du har bekræftet ejerskabet af Postcyklen.')).toBeVisible();
  // The approval is used and taken out of the address.
  await expect(page).toHaveURL(new RegExp(`/app/bikes/verify-ownership/${owner.bikeId}/owner$`));
  await expectNoAxeViolations(page);
  await screenshots(page, 'verify-done');

  // The bike page shows the badge, and no longer offers to verify.
  await page.getByRole('link', { name: 'Gå til cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Postcyklen' })).toBeVisible();
  await expect(page.getByText('Ejerskab bekræftet')).toBeVisible();
  await page.getByRole('button', { name: 'Flere handlinger' }).click();
  await expect(page.getByRole('link', { name: 'Redigér cykel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bekræft ejerskab' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  await screenshots(page, 'bike-page-verified');

  await page.goto('/app/bikes/verify-ownership');
  await expect(page.getByRole('listitem').filter({ hasText: 'Postcyklen' }).getByText('Bekræftet', { exact: true })).toBeVisible();

  // Someone else cannot open the steps of this bike.
  const stranger = await apiSignUp(request);
  const other = await pageIn(browser, 'da-DK', stranger.token);
  await other.goto(`/app/bikes/verify-ownership/${owner.bikeId}/frame`);
  await expect(other.getByRole('heading', { level: 1, name: 'Cyklen blev ikke fundet' })).toBeVisible();
  await other.context().close();
});

test('the same journey in English, from the bike page', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const owner = await ownerWithBike(request, { language: 'en', nickname: 'Commuter' });
  const page = await pageIn(browser, 'en-GB', owner.user.token);
  await page.goto(`/app/my-bikes/${owner.bikeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Commuter' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('link', { name: 'Verify ownership' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Picture of the frame number of Commuter' })).toBeVisible();
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Take a picture').setInputFiles({ name: 'frame.jpg', mimeType: 'image/jpeg', buffer: await framePicture() });
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm with MitID' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'verify-owner-en');
  await page.getByRole('link', { name: 'Confirm with MitID' }).click();
  await page.getByRole('button', { name: /Ida Andersen/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ownership verified' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to the bike' }).click();
  await expect(page.getByText('Ownership verified')).toBeVisible();
  await page.context().close();
});

test('in Norwegian with BankID', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const owner = await ownerWithBike(request, { language: 'no', nickname: 'Tursykkelen', plate: 'DEMOREG07' });
  const page = await pageIn(browser, 'nb-NO', owner.user.token);
  await page.goto('/app/bikes/verify-ownership');
  await expect(page.getByRole('heading', { level: 1, name: 'Bekreft eierskap' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Bekreft med BankID at det er deg.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'verify-list-no');
  await page.getByRole('link', { name: 'Bekreft Tursykkelen' }).click();
  await page.getByLabel('Velg et bilde').setInputFiles({ name: 'ramme.jpg', mimeType: 'image/jpeg', buffer: await framePicture() });
  await expect(page.getByRole('heading', { level: 1, name: 'Bekreft med BankID' })).toBeVisible();
  await page.getByRole('link', { name: 'Bekreft med BankID' }).click();
  await expect(page).toHaveTitle('BankID (test)');
  await page.getByRole('button', { name: /Sigrid Berg/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Eierskap bekreftet' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'verify-done-no');
  await page.context().close();
});

test('staff reject a verification in the backoffice; the owner is told why and starts over', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const owner = await ownerWithBike(request, { nickname: 'Ladcyklen' });
  const upload = await request.post(`/api/bikes/${owner.bikeId}/ownership-verification/frame`, {
    headers: { authorization: `Bearer ${owner.user.token}` },
    multipart: { file: { name: 'stel.jpg', mimeType: 'image/jpeg', buffer: await framePicture() } },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  await loginAs(page, request, DEMO.staff.email, DEMO.staff.password);
  await page.goto('/backoffice/ownership-verifications?status=owner_pending');
  await expect(page.getByRole('heading', { level: 1, name: 'Bekræftelser af ejerskab' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Vis', { exact: true })).toHaveValue('owner_pending');
  const row = page.getByRole('listitem').filter({ hasText: owner.frameNumber });
  await expect(row.getByText(owner.user.email)).toBeVisible();
  await expect(row.getByRole('img', { name: /Billede af stelnummeret på/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-list');

  await row.getByRole('button', { name: 'Afvis' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // An empty reason is refused before anything is sent.
  await dialog.getByRole('button', { name: 'Afvis' }).click();
  await expect(dialog.getByText('Feltet skal udfyldes', { exact: false })).toBeVisible();
  await dialog.getByLabel('Begrundelse (sendes til ejeren)').fill('Stelnummeret kan ikke læses på billedet');
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-reject-dialog');
  await dialog.getByRole('button', { name: 'Afvis' }).click();
  await expect(page.getByText('er afvist, og ejeren har fået besked.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Vis', { exact: true }).selectOption('rejected');
  await expect(
    page.getByRole('listitem').filter({ hasText: owner.frameNumber }).getByText('Stelnummeret kan ikke læses på billedet'),
  ).toBeVisible();

  // The owner's mail, in Danish, with the way back.
  await expect
    .poll(async () => (await mailTo(request, owner.user.email)).map((m) => m.subject))
    .toContain('Bekræftelsen af dit ejerskab blev afvist');
  const mail = (await mailTo(request, owner.user.email)).find((m) => m.subject === 'Bekræftelsen af dit ejerskab blev afvist');
  expect(mail?.text).toContain('Begrundelse: Stelnummeret kan ikke læses på billedet');
  expect(mail?.text).toContain(`/app/bikes/verify-ownership/${owner.bikeId}/frame`);

  const ownerPage = await pageIn(browser, 'da-DK', owner.user.token);
  await ownerPage.goto(`/app/bikes/verify-ownership/${owner.bikeId}/frame`);
  await expect(ownerPage.getByText('Det sidste billede blev afvist')).toBeVisible({ timeout: 30_000 });
  await expect(ownerPage.getByText('Begrundelse: Stelnummeret kan ikke læses på billedet.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(ownerPage);
  await ownerPage.goto('/app/bikes/verify-ownership');
  await expect(ownerPage.getByRole('listitem').filter({ hasText: 'Ladcyklen' }).getByText('Afvist')).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: 'Prøv igen: Ladcyklen' })).toBeVisible();
  await ownerPage.context().close();
});
