import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { plateUrlPath } from '../../src/domain/bikes/plate-id';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// Issue 4, registering a bike (§2 /app/bikes/register): frame number with hints, the plate read from a
// photo, details, save and finish; no credit → the voucher; the draft survives a reload.
// Plates for this file (demo seed): DEMO0001–DEMO0009 and DEMOREG01–DEMOREG05.

/** A frame number nobody else in this run has (the register refuses duplicates). */
const frameNumber = () => `WBK${randomInt(100000, 999999)}V`;

async function redeem(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/api/webshop/vouchers/redeem', {
    headers: { authorization: `Bearer ${token}` },
    data: { code: 'DEMO-BIKE-2026' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A "photo" of a plate: its QR code (the GS1 Digital Link of plateUrlPath) on a larger, slightly grey background. */
async function platePhoto(baseUrl: string, plateId: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(`${baseUrl}${plateUrlPath(plateId)}`, { type: 'png', width: 600, margin: 4 });
  return sharp({ create: { width: 1400, height: 1050, channels: 3, background: { r: 214, g: 208, b: 196 } } })
    .composite([{ input: qr, left: 430, top: 260 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

test('without a credit registering is refused; the draft survives a reload and waits while a voucher is redeemed', async ({
  page,
  request,
}) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/bikes/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér en cykel' })).toBeVisible();
  await expect(page.getByText('Du har ingen registreringer tilbage.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing typed: "please fill in all fields", on the frame number.
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByText('Udfyld venligst alle felter').first()).toBeVisible();
  await expect(page.getByLabel('Stelnummer', { exact: true })).toBeFocused();

  const frame = frameNumber();
  await page.getByLabel('Stelnummer', { exact: true }).fill(frame);
  await page.getByLabel('Plade-ID').fill('demo0001');
  await expect(page.getByText('ID-nummeret er gyldigt')).toBeVisible();
  await page.getByLabel('Kaldenavn').fill('Hverdagscyklen');
  await page.getByLabel('Farve').selectOption({ label: 'Blå' });
  await page.getByLabel('Elcykel').check();
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Der er intet abonnement knyttet til din konto' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'register-no-subscription');

  await page.reload();
  await expect(page.getByLabel('Stelnummer', { exact: true })).toHaveValue(frame);
  await expect(page.getByLabel('Plade-ID')).toHaveValue('demo0001');
  await expect(page.getByLabel('Kaldenavn')).toHaveValue('Hverdagscyklen');
  await expect(page.getByLabel('Farve')).toHaveValue('blue');
  await expect(page.getByLabel('Elcykel')).toBeChecked();

  await page.getByRole('link', { name: 'Indløs en værdikode' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Indløs en værdikode' })).toBeVisible();
  await page.getByLabel('Værdikode').fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Indløs' }).click();
  await expect(page.locator('.field-error')).toBeVisible();
  await expect(page.getByLabel('Værdikode')).toHaveValue('NO-SUCH-CODE');
  await page.getByLabel('Værdikode').fill('demo-bike-2026');
  await page.getByRole('button', { name: 'Indløs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Værdikoden er indløst' })).toBeVisible();
  await expect(page.getByText('Du har fået 1 registrering.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Fortsæt registreringen' }).click();
  await expect(page.getByLabel('Stelnummer', { exact: true })).toHaveValue(frame);
  await expect(page.getByText('Du har 1 registrering tilbage.')).toBeVisible();
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Din cykel er registreret' })).toBeVisible();
  await expect(page.getByText('Hverdagscyklen er nu registreret i dit navn.')).toBeVisible();
  await expect(page.getByText('DEMO0001')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Status' }).getByText('Registreringen er aktiv', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'register-done');

  // Saved: the draft is gone, and the same frame number or plate cannot be registered twice.
  await page.getByRole('button', { name: 'Registrér en cykel mere' }).click();
  await expect(page.getByLabel('Stelnummer', { exact: true })).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Stelnummer', { exact: true })).toHaveValue('');
  await page.getByLabel('Plade-ID').fill('DEMO0001');
  await expect(page.getByText('Pladen er allerede registreret: DEMO0001')).toBeVisible();
});

test('the plate is read from a photo of its QR code, and a plate with registration included needs no credit', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/bikes/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér en cykel' })).toBeVisible();

  // A photo of a plate whose batch includes the registration (no credit needed).
  await page.locator('input[type="file"]').setInputFiles({
    name: 'plate.jpg',
    mimeType: 'image/jpeg',
    buffer: await platePhoto(baseURL ?? '', 'DEMOREG01'),
  });
  await expect(page.getByText('Vi læste plade-ID DEMOREG01 fra billedet.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Plade-ID')).toHaveValue('DEMOREG01');
  await expect(page.getByText('ID-nummeret er gyldigt')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Dit billede af pladen' })).toBeVisible();

  // A picture without a QR code says so, and leaves the ID as it was.
  const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 200, b: 200 } } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: blank });
  await expect(page.getByText('Vi fandt ingen QR-kode på billedet.', { exact: false })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Plade-ID')).toHaveValue('DEMOREG01');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'plate.jpg',
    mimeType: 'image/jpeg',
    buffer: await platePhoto(baseURL ?? '', 'DEMOREG01'),
  });
  await expect(page.getByText('Vi læste plade-ID DEMOREG01 fra billedet.')).toBeVisible({ timeout: 20_000 });

  await page.getByLabel('Stelnummer', { exact: true }).fill(frameNumber());
  await page.getByLabel('Model').fill('Bullitt');
  await expectNoAxeViolations(page);
  await screenshots(page, 'register-form-filled');
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Din cykel er registreret' })).toBeVisible();
  await expect(page.getByText('DEMOREG01')).toBeVisible();
  await expect(page.getByText('Billedet af pladen er gemt ved cyklen.')).toBeVisible();

  await page.getByRole('link', { name: 'Se mine cykler' }).click();
  await expect(page).toHaveURL(/\/app\/my-bikes$/);
  const row = page.getByRole('listitem').filter({ hasText: 'DEMOREG01' });
  await expect(row.getByRole('link', { name: 'Bullitt' })).toBeVisible();
  await expect(row.getByText('Registreringen er aktiv', { exact: true })).toBeVisible();
});

test('the plate can come later, a frame number already in use is marked on its field', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await redeem(request, user.token);
  const taken = frameNumber();
  const other = await apiSignUp(request);
  await redeem(request, other.token);
  const first = await request.post('/api/bikes/', {
    headers: { authorization: `Bearer ${other.token}` },
    data: { frame_number: taken },
  });
  expect(first.status(), await first.text()).toBe(201);

  await seedToken(page, user.token);
  await page.goto('/app/bikes/register');
  await page.getByLabel('Stelnummer', { exact: true }).fill(taken);
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  // The plate is asked for until the owner says it comes later.
  await expect(page.getByLabel('Plade-ID')).toBeFocused();
  await page.getByLabel('Jeg har ikke fået min plade endnu – jeg tilføjer den senere').check();
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByText('Stelnummeret er allerede i brug')).toBeVisible();
  await expect(page.getByLabel('Stelnummer', { exact: true })).toBeFocused();
  await page.getByLabel('Stelnummer', { exact: true }).fill(frameNumber());
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Din cykel er registreret' })).toBeVisible();
  await expect(page.getByText('Ingen plade endnu')).toBeVisible();
});

test('the information steps for owners whose insurer registers bikes lead back into registering or out', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);
  await page.goto('/app/register-bike');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér din cykel' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'register-start');

  await page.getByRole('link', { name: 'Læs det her først' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forhåndsregistreret af dit forsikringsselskab?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Ja, eller jeg er ikke sikker' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tal med dit forsikringsselskab først' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Stop – jeg registrerer gennem mit forsikringsselskab' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér gennem dit forsikringsselskab' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goBack();
  await page.getByRole('link', { name: 'Fortsæt alligevel' }).click();
  await expect(page).toHaveURL(/\/app\/bikes\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér en cykel' })).toBeVisible();
});
