import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { plateUrlPath } from '../../src/domain/bikes/plate-id';
import { expectNoAxeViolations } from './support/axe';
import { ownerWithBike } from './support/ownership';
import { screenshots } from './support/screenshots';
import { apiLogin, DEMO, loginAs, tokenClaims } from './support/session';

// Staff review a proof of possession (issue 14): an owner sends one to the demo insurer (through the API: frame-number
// picture, a picture of the plate's QR code, the receipt); staff find it in the insurer's queue and go through the four
// steps by keyboard (the plate is read from its picture in the browser), approve it, and the insurer sees it approved.

const PLATE = 'DEMO0033';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function upload(
  request: APIRequestContext,
  token: string,
  bikeId: string,
  what: 'pictures' | 'documents',
  kind: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const response = await request.post(`/api/bikes/${bikeId}/${what}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { kind, file },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('staff approve a proof of possession in four steps by keyboard, and the insurer sees it approved', async ({
  browser,
  page,
  request,
}) => {
  const insurerToken = await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password);
  const insurerId = String(tokenClaims(insurerToken).party_id);
  const { owner, bikeId, frameNumber } = await ownerWithBike(request, {
    brand_name: 'Kildemoes',
    model: 'Logic',
    bikekey_id: PLATE,
    purchase_date: '2024-04-02',
    normal_price_dkk: 9500,
  });
  const lastName = `Holm ${randomUUID().slice(0, 6)}`;
  const framePicture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#556677' } })
    .png()
    .toBuffer();
  const platePicture = await QRCode.toBuffer(`https://cykelregister.dk${plateUrlPath(PLATE)}`, { width: 480, margin: 4 });
  const sent = await request.post(`/api/insurance/${insurerId}/possession-verifications/`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      bike_id: bikeId,
      frame_number: frameNumber.toLowerCase(),
      plate_id: PLATE,
      frame_number_picture_id: await upload(request, owner.token, bikeId, 'pictures', 'frame_number', {
        name: 'stel.png',
        mimeType: 'image/png',
        buffer: framePicture,
      }),
      plate_picture_id: await upload(request, owner.token, bikeId, 'pictures', 'plate', {
        name: 'plade.png',
        mimeType: 'image/png',
        buffer: platePicture,
      }),
      receipt_document_id: await upload(request, owner.token, bikeId, 'documents', 'receipt', {
        name: 'kvittering.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      }),
      details: { email: owner.email, first_name: 'Vera', last_name: lastName },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const owners = `Vera ${lastName}`;

  // The insurers and their queues.
  await loginAs(page, request, DEMO.staff.email, DEMO.staff.password);
  await page.goto('/backoffice/insurance-verification');
  await expect(page.getByRole('heading', { level: 1, name: 'Forsikringsverifikation' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-verification-insurers');
  await page.getByRole('link', { name: 'Demo Forsikring' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Forsikring' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: owners });
  await expect(row).toContainText('Venter');
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-verification-queue');
  await row.getByRole('link', { name: /Gennemgå/ }).click();

  // Step 1: the frame number, typed in lower case, is the registered one in its normal form.
  const stepHeading = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(stepHeading).toHaveText('Trin 1 af 4: Stelnummer');
  await expect(stepHeading).toBeFocused();
  await expect(page.getByText(/Reserveret til dig til kl\./)).toBeVisible();
  await expect(page.getByText('Det skrevne nummer er det registrerede.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-verification-frame-number');
  await page.keyboard.press('m');

  // Step 2: the plate is read from its picture with the register flow's QR reader.
  await expect(page).toHaveURL(/\/verify-plate-id$/);
  await expect(stepHeading).toHaveText('Trin 2 af 4: Plade');
  await expect(page.getByText('Pladen i billedet sidder på denne cykel.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: PLATE })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-verification-plate');
  await page.keyboard.press('m');

  // Step 3: the receipt beside the purchase date and price registered; M answers the date, then the price.
  await expect(stepHeading).toHaveText('Trin 3 af 4: Kvittering');
  await expect(page.getByRole('link', { name: 'Åbn kvitteringen (kvittering.pdf)' })).toBeVisible();
  await expect(page.getByText('2. april 2024')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-verification-receipt');
  await page.keyboard.press('m');
  await expect(page.getByRole('button', { name: 'Stemmer', pressed: true })).toHaveCount(1);
  await page.keyboard.press('m');

  // Step 4: the summary, then A approves.
  await expect(stepHeading).toHaveText('Trin 4 af 4: Opsummering');
  const results = page.getByRole('table', { name: 'Hvad trinene fandt' });
  await expect(results.getByRole('cell', { name: 'Stemmer' })).toHaveCount(4);
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-verification-summary');
  await page.keyboard.press('a');

  await expect(page.getByText('Godkendt. Ejeren har fået en mail, og forsikringsselskabet kan se afgørelsen.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Åbn det næste/ })).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshots(page, 'backoffice-verification-done');

  // The insurer's members see the decision.
  const insurerContext = await browser.newContext();
  const insurerPage = await insurerContext.newPage();
  await loginAs(insurerPage, request, DEMO.insurer.email, DEMO.insurer.password);
  await insurerPage.goto(`/insurance/${insurerId}/admin/possession?status=approved`);
  const item = insurerPage.getByRole('listitem').filter({ hasText: frameNumber });
  await expect(item).toContainText('Godkendt');
  await item.getByRole('link').click();
  await expect(insurerPage.getByRole('heading', { level: 1, name: 'Dokumentation af besiddelse' })).toBeVisible();
  await expect(insurerPage.getByText('Godkendt', { exact: true })).toBeVisible();
  await insurerContext.close();
});
