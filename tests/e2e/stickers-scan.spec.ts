import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { plateUrlPath } from '../../src/domain/bikes/plate-id';
import { expectNoAxeViolations } from './support/axe';
import { screenshots, uniqueFrameNumber } from './support/screenshots';
import { apiSignUp, seedToken, uniqueEmail } from './support/session';

// Plate scans (§2 Stickers) and sign-up from a scan, issue 4. Plates: DEMOREG10 (the sign-up journey),
// DEMOREG14 (registered through the API), DEMO0012 (no registration included: a voucher is redeemed),
// DEMO0013 (a signed-in user's scan); DEMOINS01 is an insurer's plate.

async function pngFile(name: string, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 160, height: 120, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

test('a scanned free plate leads a visitor through sign-up to a registered bike with pictures', async ({ page, browser }) => {
  await page.goto(plateUrlPath('DEMOREG10'));
  await expect(page.getByRole('heading', { level: 1, name: 'Denne plade er ikke registreret endnu' })).toBeVisible();
  await expect(page.getByText('Plade DEMOREG10')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'sticker-unregistered');

  await page.getByRole('link', { name: 'Opret bruger og registrér cyklen' }).click();
  await expect(page).toHaveURL(/\/signup\/from-scan\?sticker_id=DEMOREG10$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér cyklen med plade DEMOREG10' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'signup-from-scan');

  // A missing field is marked where it is.
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('E-mail').fill(uniqueEmail('scan'));
  await page.getByLabel('Adgangskode', { exact: true }).fill('scan-password-1');
  await page.getByLabel('Region').selectOption('dk');
  await page.getByLabel('Jeg accepterer', { exact: false }).check();
  await page.getByRole('button', { name: 'Opret bruger' }).click();

  // Signed in: the registration, with the scanned plate filled in.
  await expect(page).toHaveURL(/\/signup\/from-scan\/create-bikes-loop\?sticker_id=DEMOREG10$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registrér din cykel' })).toBeVisible();
  await expect(page.getByLabel('Plade-ID (QR-pladen)')).toHaveValue('DEMOREG10');
  await expectNoAxeViolations(page);
  await screenshots(page, 'scan-create-bike');
  const frameNumber = uniqueFrameNumber();
  await page.getByLabel('Stelnummer').fill('AB1');
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  await expect(page.getByLabel('Stelnummer')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Stelnummer').fill(frameNumber);
  // The brand as typed (through "another brand" when the brand table offers a list).
  const brands = page.getByRole('combobox', { name: 'Mærke (valgfrit)' });
  if ((await brands.count()) > 0) await brands.selectOption({ label: 'Andet mærke' });
  await page.getByLabel('Mærkets navn (valgfrit)').fill('Batavus');
  await page.getByLabel('Model (valgfrit)').fill('Finez');
  await page.getByLabel('Farve (valgfrit)').selectOption('green');
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();

  await expect(page).toHaveURL(/\/signup\/from-scan\/create-bikes-loop\/[0-9a-f-]{36}$/);
  const bikeId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Cyklen er registreret' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Batavus Finez' });
  await expect(card.getByText(frameNumber)).toBeVisible();
  await expect(card.getByText('DEMOREG10')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'scan-bike-registered');

  await page.getByRole('link', { name: 'Tilføj billeder' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-bikes-loop/${bikeId}/add-photos$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Tilføj billeder' })).toBeVisible();
  await expectNoAxeViolations(page);
  const publicSlot = page.getByRole('region', { name: 'Billede af cyklen' });
  await publicSlot.locator('input[type=file]').setInputFiles(await pngFile('bike.png', { r: 30, g: 140, b: 60 }));
  await expect(publicSlot.getByText('Billedet er gemt.')).toBeVisible();
  await expect(publicSlot.getByRole('img', { name: 'Dit billede: Offentligt billede' })).toBeVisible();
  const frameSlot = page.getByRole('region', { name: 'Billede af stelnummeret' });
  await frameSlot.locator('input[type=file]').setInputFiles(await pngFile('frame.png', { r: 200, g: 200, b: 40 }));
  await expect(frameSlot.getByText('Billedet er gemt.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'scan-add-photos');
  // A file that is not a picture is refused with a message on its slot.
  await frameSlot.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(frameSlot.locator('.field-error')).not.toBeEmpty();

  await page.getByRole('link', { name: 'Fortsæt' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-bikes-loop/${bikeId}/add-photos/complete$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Færdig!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gå til mine cykler' })).toHaveAttribute('href', '/app/my-bikes');
  await expectNoAxeViolations(page);
  await screenshots(page, 'scan-complete');

  // Scanning the plate again: the owner sees their bike and the way to it.
  await page.goto(plateUrlPath('DEMOREG10'));
  await expect(page.getByRole('heading', { level: 1, name: 'Cyklen med denne plade er registreret' })).toBeVisible();
  await expect(page.getByText('Det er din cykel.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gå til din cykel' })).toHaveAttribute('href', `/app/my-bikes/${bikeId}`);

  // A stranger sees the public card with the public picture, and no way to the owner's pages.
  const stranger = await browser.newPage();
  await stranger.goto('/sticker-id/DEMOREG10');
  const publicCard = stranger.getByRole('article', { name: 'Batavus Finez' });
  await expect(publicCard.getByText(frameNumber)).toBeVisible();
  const picture = publicCard.getByRole('img', { name: 'Offentligt billede af Batavus Finez' });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(stranger.getByRole('link', { name: 'Gå til din cykel' })).toHaveCount(0);
  await stranger.close();
});

test('a registered plate shows the public card to anyone', async ({ page, request }) => {
  const owner = await apiSignUp(request);
  const frameNumber = uniqueFrameNumber();
  const created = await request.post('/api/bikes/', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      frame_number: frameNumber,
      bikekey_id: 'DEMOREG14',
      brand_name: 'Centurion',
      model: 'Cargo',
      category_id: 'cargo',
      is_electric: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/sticker-id/demoreg14');
  await expect(page.getByRole('heading', { level: 1, name: 'Cyklen med denne plade er registreret' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Centurion Cargo' });
  await expect(card.getByText(frameNumber)).toBeVisible();
  await expect(card.getByText('Ladcykel')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Intet offentligt billede' })).toBeVisible();
  await expect(page.getByText('Det er din cykel.')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'sticker-registered');
});

test('insurance and unknown plates land on their own pages', async ({ page }) => {
  await page.goto('/sticker-id/DEMOINS01');
  await expect(page).toHaveURL(/\/sticker-id\/insurance-plate\?sticker_id=DEMOINS01$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pladen hører til en forsikring' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log ind' })).toHaveAttribute('href', '/login');
  await expectNoAxeViolations(page);
  await screenshots(page, 'sticker-insurance');

  await page.goto(plateUrlPath('NOSUCHPLATE9'));
  await expect(page).toHaveURL(/\/sticker-id\/no-registration\?sticker_id=NOSUCHPLATE9$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vi kender ikke denne plade' })).toBeVisible();
  await page.getByRole('link', { name: 'Søg på stelnummer' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.goBack();
  await expectNoAxeViolations(page);
  await screenshots(page, 'sticker-unknown');
});

test('a signed-in user scanning a free plate registers it, redeeming a voucher when no registration is left', async ({ page, request }) => {
  const user = await apiSignUp(request);
  await seedToken(page, user.token);

  await page.goto('/sticker-id/DEMO0013');
  await expect(page.getByRole('link', { name: 'Registrér cyklen nu' })).toHaveAttribute('href', '/app/bikes/register?plate=DEMO0013');
  await expect(page.getByRole('link', { name: 'Opret bruger og registrér cyklen' })).toHaveCount(0);

  // A plate without an included registration, and no credit: a voucher code right in the form.
  await page.goto('/signup/from-scan/create-bikes-loop?sticker_id=DEMO0012');
  const frameNumber = uniqueFrameNumber();
  await page.getByLabel('Stelnummer').fill(frameNumber);
  await page.getByRole('button', { name: 'Registrér cyklen' }).click();
  const voucher = page.getByRole('region', { name: 'Du mangler en registrering' });
  await expect(voucher).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'scan-voucher');
  await voucher.getByLabel('Kode').fill('NOT-A-CODE');
  await voucher.getByRole('button', { name: 'Indløs koden og registrér' }).click();
  await expect(voucher.locator('.field-error')).not.toBeEmpty();
  await voucher.getByLabel('Kode').fill('demo-bike-2026');
  await voucher.getByRole('button', { name: 'Indløs koden og registrér' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cyklen er registreret' })).toBeVisible();
  await expect(page.getByText(frameNumber)).toBeVisible();

  // The loop: another bike, from the start.
  await page.getByRole('link', { name: 'Registrér en cykel mere' }).click();
  await expect(page).toHaveURL(/\/signup\/from-scan\/create-bikes-loop$/);
  await expect(page.getByLabel('Plade-ID (QR-pladen)')).toHaveValue('');
});
