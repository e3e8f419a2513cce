import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { firstLoadRequests } from './support/first-load';
import { screenshots } from './support/screenshots';
import { apiSignUp, type SignedUp, seedToken } from './support/session';

// Selling proof (issue 5): the owner makes a sales link, copies it, a visitor opens it in a fresh browser
// and sees the proof; the owner stops it and the page says it has expired. Plates DEMOREG08 and DEMOREG09
// are this file's. Test person: Frederik (MitID) verifies the Danish owner.

async function ownerWithBike(request: APIRequestContext, plate: string, language: 'da' | 'no', nickname: string) {
  const user = await apiSignUp(request, { chosen_language: language, chosen_region: language === 'no' ? 'no' : 'dk' });
  const frameNumber = `WBK${randomUUID().replace(/\D/g, '').slice(0, 6)}Z`;
  const created = await request.post('/api/bikes/', {
    headers: { authorization: `Bearer ${user.token}` },
    // Not searchable: the proof still shows the bike's card, because the owner chose to share the link.
    data: { frame_number: frameNumber, bikekey_id: plate, nickname, brand_name: 'Kildemoes', model: 'Logic', searchable: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bikeId = ((await created.json()) as { id: string }).id;
  // Its public picture (shown on the proof through a signed address) and a private one (never shown).
  const pictures: [string, string][] = [
    ['public', '#1e8449'],
    ['frame_number', '#922b21'],
  ];
  for (const [kind, background] of pictures) {
    const picture = await sharp({ create: { width: 480, height: 320, channels: 3, background } })
      .png()
      .toBuffer();
    const uploaded = await request.post(`/api/bikes/${bikeId}/pictures`, {
      headers: { authorization: `Bearer ${user.token}` },
      multipart: { kind, file: { name: `${kind}.png`, mimeType: 'image/png', buffer: picture } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  return { user, bikeId, frameNumber };
}

/** The gzip size of the scripts of the page's own first load (the budget's unit: ≤ 120 KB on a public page), not what §9 prefetch fetches ahead. */
function scriptBudget(page: Page): () => Promise<number> {
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.body().then((body) => ({ url: response.url(), bytes: gzipSync(body).length })));
  });
  return async () => {
    const own = await firstLoadRequests(page);
    return (await Promise.all(scripts)).filter((s) => own.has(s.url)).reduce((sum, s) => sum + s.bytes, 0);
  };
}

async function makeLink(page: Page, owner: SignedUp, bikeId: string, labels: { page: RegExp; days: string; option: string; make: string }) {
  await seedToken(page, owner.token);
  await page.goto(`/app/my-bikes/${bikeId}/sales-link`);
  await expect(page.getByRole('heading', { level: 1, name: labels.page })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(labels.days).selectOption({ label: labels.option });
  await page.getByRole('button', { name: labels.make }).click();
}

test('a sales link: made and copied by the owner, opened by a visitor, stopped by the owner', async ({
  page,
  browser,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithBike(request, 'DEMOREG08', 'da', 'Bycyklen');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await seedToken(page, owner.user.token);

  // The owner verifies their identity first, so the proof says "ID-verified owner".
  await page.goto('/app/settings');
  await page.getByRole('region', { name: 'National ID' }).getByRole('link', { name: 'Bekræft med MitID' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: /Frederik Thomsen/ }).click();
  await expect(page.getByText('Din identitet er bekræftet med MitID.')).toBeVisible();

  // From the bike page to the sales link page.
  await page.goto(`/app/my-bikes/${owner.bikeId}`);
  await page.getByRole('button', { name: 'Flere handlinger' }).click();
  await page.getByRole('link', { name: 'Salgslink' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${owner.bikeId}/sales-link$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Salgslink til Bycyklen' })).toBeVisible();
  await expect(page.getByText('Ingen links endnu.')).toBeVisible();
  await expect(page.getByLabel('Gyldigt i')).toHaveValue('14');
  await expectNoAxeViolations(page);
  await page.getByLabel('Gyldigt i').selectOption({ label: '7 dage' });
  await page.getByRole('button', { name: 'Lav link' }).click();
  await expect(page.getByText('Linket er klar. Kopiér det ind i din annonce.')).toBeVisible();
  const list = page.getByRole('region', { name: 'Dine links' });
  await expect(list.getByText('Aktivt', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Kopiér link' }).first().click();
  await expect(page.getByText('Linket er kopieret.').first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/localhost:\d+\/for-sale\/[\w-]{22}$/);
  await expectNoAxeViolations(page);
  await screenshots(page, 'sales-link-page');

  // A visitor opens it in a fresh browser: the card and the proof, never the owner.
  const visitor = await browser.newContext({ locale: 'da-DK' });
  const buyer = await visitor.newPage();
  const budget = scriptBudget(buyer);
  await buyer.goto(new URL(copied).pathname);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Cykel til salg' })).toBeVisible({ timeout: 30_000 });
  await expect(buyer.getByText(/Registreret til en ID-bekræftet ejer · Ikke meldt stjålet · tjekket/)).toBeVisible();
  await expect(buyer.getByRole('heading', { level: 2, name: 'Kildemoes Logic' })).toBeVisible();
  await expect(buyer.getByText(owner.frameNumber)).toBeVisible();
  await expect(buyer.getByText('DEMOREG08')).toBeVisible();
  const picture = buyer.getByRole('img', { name: /Kildemoes Logic/ });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', /^\/api\/files\/pictures\/[\w-]+\/(thumb|full)\?exp=/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(buyer.getByRole('img')).toHaveCount(1);
  await expect(buyer.getByText(owner.user.email)).toHaveCount(0);
  await expect(buyer.getByText('Frederik')).toHaveCount(0);
  await buyer.waitForLoadState('networkidle');
  const scriptBytes = await budget();
  test.info().annotations.push({ type: 'first-load JS (gzip)', description: `${(scriptBytes / 1024).toFixed(1)} KB` });
  expect(scriptBytes).toBeLessThanOrEqual(120 * 1024);
  await expectNoAxeViolations(buyer);
  await screenshots(buyer, 'for-sale');

  // The owner stops the link; the visitor's page then says it has expired, without the card.
  await list.getByRole('button', { name: 'Stop linket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop linket?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Stop linket' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByText('Stoppet', { exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Stop linket' })).toHaveCount(0);

  await buyer.reload();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Salgslinket er udløbet' })).toBeVisible();
  await expect(buyer.getByRole('article')).toHaveCount(0);
  await expect(buyer.getByText(owner.frameNumber)).toHaveCount(0);
  await expectNoAxeViolations(buyer);
  await screenshots(buyer, 'for-sale-expired');

  // An address that was never a link.
  await buyer.goto('/for-sale/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Salgslinket findes ikke' })).toBeVisible();
  await visitor.close();
});

test('in Norwegian: an owner not verified with BankID, and the visitor sees "registered owner (not ID-verified)"', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerWithBike(request, 'DEMOREG09', 'no', 'Hverdagssykkel');
  const context = await browser.newContext({ locale: 'nb-NO' });
  const page = await context.newPage();
  await makeLink(page, owner.user, owner.bikeId, {
    page: /Salgslenke for Hverdagssykkel/,
    days: 'Gyldig i',
    option: '30 dager',
    make: 'Lag lenke',
  });
  await expect(page.getByText('Lenken er klar.', { exact: false })).toBeVisible();
  await expect(page.getByText('Identiteten din er ikke bekreftet', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'sales-link-page-no');
  const url = await page.getByLabel('Salgslenke').first().inputValue();

  const visitor = await browser.newContext({ locale: 'nb-NO' });
  const buyer = await visitor.newPage();
  await buyer.goto(new URL(url).pathname);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Sykkel til salgs' })).toBeVisible({ timeout: 30_000 });
  await expect(buyer.getByText(/Registrert eier \(ikke ID-bekreftet\) · Ikke meldt stjålet · sjekket/)).toBeVisible();
  await expectNoAxeViolations(buyer);
  await screenshots(buyer, 'for-sale-no');
  await visitor.close();
  await context.close();
});
