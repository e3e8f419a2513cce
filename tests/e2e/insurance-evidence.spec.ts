import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { ownerWithBike } from './support/ownership';
import { screenshots } from './support/screenshots';
import { apiLogin, DEMO, loginAs, tokenClaims } from './support/session';

// Evidence for an insurer (issue 13): the owner opens verify-bike-possession with the insurer's autofill in the URL,
// sees it filled in, uploads the three files and sends them; answers the lock test; the insurer's member finds the proof
// in the company's list and opens it, finds the lock test in its list and approves it.

const picture = async (colour: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('an owner proves possession and answers a lock test; the insurer approves the lock', async ({ browser, page, request }) => {
  const insurerToken = await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password);
  const insurerId = String(tokenClaims(insurerToken).party_id);
  const { owner, frameNumber } = await ownerWithBike(request, { brand_name: 'Kildemoes', model: 'Logic' });
  await loginAs(page, request, owner.email, owner.password);

  // The insurer's link, with its parameter names in its own spelling, and one the page does not know.
  const query = new URLSearchParams({
    First_Name: 'Karen',
    'last-name': 'Hansen',
    EMAIL: 'karen@example.dk',
    street_name: 'Vestergade 1',
    zipCode: '8000',
    CityName: 'Aarhus',
    PHONE_NO: '12345678',
    policyNo: 'P-77',
    frameNumber,
    utm_source: 'insurer-mail',
  });
  await page.goto(`/insurance/${insurerId}/verify-bike-possession/intro?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vis dit forsikringsselskab, at du har din cykel' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'evidence-possession-intro');
  await page.getByRole('link', { name: 'Start' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Dokumentation af besiddelse' })).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toHaveValue('Karen');
  await expect(page.getByLabel('Efternavn')).toHaveValue('Hansen');
  await expect(page.getByLabel('E-mail')).toHaveValue('karen@example.dk');
  await expect(page.getByLabel('Vej og nummer')).toHaveValue('Vestergade 1');
  await expect(page.getByLabel('Postnummer')).toHaveValue('8000');
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('Aarhus');
  await expect(page.getByLabel('Mobil')).toHaveValue('12345678');
  await expect(page.getByLabel('Policenummer')).toHaveValue('P-77');
  await expect(page.getByLabel('Stelnummer', { exact: true })).toHaveValue(frameNumber);
  // The only bike is chosen.
  await expect(page.getByLabel('Cykel', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);

  await page
    .getByLabel('Billede af stelnummeret')
    .setInputFiles({ name: 'stel.png', mimeType: 'image/png', buffer: await picture('#445566') });
  await expect(page.getByText('Uploadet: stel.png')).toBeVisible();
  await page.getByLabel('Billede af skiltet').setInputFiles({ name: 'skilt.png', mimeType: 'image/png', buffer: await picture('#665544') });
  await expect(page.getByText('Uploadet: skilt.png')).toBeVisible();
  await page.getByLabel('Kvittering', { exact: true }).setInputFiles({ name: 'kvittering.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Uploadet: kvittering.pdf')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'evidence-possession-form');
  await page.getByRole('button', { name: 'Send dokumentation' }).click();

  await expect(page.getByText('Tak, vi har modtaget det')).toBeVisible();
  const sent = page.getByRole('region', { name: 'Det har du sendt' });
  await expect(sent.getByRole('listitem')).toHaveCount(1);
  await expect(sent).toContainText('Venter på gennemgang');
  await expectNoAxeViolations(page);
  await screenshots(page, 'evidence-possession-sent');

  // The lock test, with the insurer's email autofill.
  await page.goto(`/insurance/${insurerId}/lock-test-portal?Email=karen%40example.dk`);
  await expect(page.getByRole('heading', { level: 1, name: 'Låsetest' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('karen@example.dk');
  await page.getByLabel('Låsetype').selectOption({ label: 'Ringlås' });
  await page.getByLabel('Mærke').fill('Abus');
  await page.getByLabel('Model').fill('Pro Tectic 4960');
  await page.getByLabel('Nøglenummer').fill('K-17');
  await page.getByLabel('Varefakta-nummer').fill('VF-2024-77');
  await page.getByLabel('Certifikatets dato').fill('2024-05-01');
  await page.getByLabel('Certifikatet angiver cyklens stelnummer').check();
  await page.getByLabel('Certifikatet er stemplet af forhandleren').check();
  await page
    .getByLabel('Billede af låsecertifikatet')
    .setInputFiles({ name: 'certifikat.png', mimeType: 'image/png', buffer: await picture('#224466') });
  await expect(page.getByText('Uploadet: certifikat.png')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'evidence-lock-form');
  await page.getByRole('button', { name: 'Send låsetesten' }).click();

  await expect(page).toHaveURL(new RegExp(`/insurance/${insurerId}/lock-test-portal/[0-9a-f-]{36}$`));
  const lockTestUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Svar på låsetesten' })).toBeVisible();
  await expect(page.getByText('Venter på gennemgang')).toBeVisible();
  await expect(page.getByText('VF-2024-77')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Godkend' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'evidence-lock-owner');

  // The insurer's member sees it waiting and approves it.
  const insurerContext = await browser.newContext();
  const insurerPage = await insurerContext.newPage();
  await loginAs(insurerPage, request, DEMO.insurer.email, DEMO.insurer.password);

  // From the insurer's home to the proofs of possession: the owner's, newest first, opened read-only.
  await insurerPage.goto(`/insurance/${insurerId}/admin`);
  await insurerPage.getByRole('link', { name: 'Al dokumentation af besiddelse' }).click();
  await expect(insurerPage.getByRole('heading', { level: 1, name: 'Dokumentation af besiddelse' })).toBeVisible();
  const proofs = insurerPage.getByRole('region', { name: 'Dokumentation af besiddelse' });
  await expect(proofs.getByRole('listitem').first()).toContainText('Karen Hansen');
  await insurerPage.getByLabel('Status').selectOption({ label: 'Godkendt' });
  await expect(insurerPage).toHaveURL(/\?status=approved$/);
  await expect(proofs.getByRole('link', { name: `Kildemoes Logic · ${frameNumber}` })).toHaveCount(0);
  await insurerPage.getByLabel('Status').selectOption({ label: 'Venter på gennemgang' });
  await expectNoAxeViolations(insurerPage);
  await screenshots(insurerPage, 'evidence-possession-insurer-list');
  await proofs.getByRole('link', { name: `Kildemoes Logic · ${frameNumber}` }).click();
  await expect(insurerPage.getByRole('heading', { level: 1, name: 'Dokumentation af besiddelse' })).toBeVisible();
  await expect(insurerPage.getByText('Karen Hansen')).toBeVisible();
  await expect(insurerPage.getByText('Stemmer med registret').first()).toBeVisible();
  await expect(insurerPage.getByRole('img', { name: 'Billede af stelnummeret' })).toBeVisible();
  await expect(insurerPage.getByRole('img', { name: 'Billede af skiltet' })).toBeVisible();
  await expect(insurerPage.getByRole('link', { name: 'Hent kvitteringen (kvittering.pdf)' })).toBeVisible();
  await expectNoAxeViolations(insurerPage);
  await screenshots(insurerPage, 'evidence-possession-insurer-detail');

  // The lock tests' list leads to the review page.
  await insurerPage.goto(`/insurance/${insurerId}/admin`);
  await insurerPage.getByRole('link', { name: 'Alle låsetests' }).click();
  await insurerPage
    .getByRole('region', { name: 'Låsetests' })
    .getByRole('link', { name: `Ringlås · Abus · Kildemoes Logic · ${frameNumber}` })
    .click();
  await expect(insurerPage).toHaveURL(new RegExp(`${lockTestUrl}$`));

  await insurerPage.goto(`/insurance/${insurerId}/lock-test-portal`);
  await expect(insurerPage.getByRole('heading', { level: 1, name: 'Låsetests' })).toBeVisible();
  const waiting = insurerPage.getByRole('region', { name: 'Låsetests besvaret af jeres kunder' });
  await expect(waiting.getByRole('link', { name: `Ringlås · Abus · ${frameNumber}` })).toBeVisible();
  await expectNoAxeViolations(insurerPage);
  await screenshots(insurerPage, 'evidence-lock-insurer-list');
  await insurerPage.goto(lockTestUrl);
  await expect(insurerPage.getByRole('heading', { level: 2, name: 'Jeres afgørelse' })).toBeVisible();
  await expectNoAxeViolations(insurerPage);
  await screenshots(insurerPage, 'evidence-lock-insurer-review');
  await insurerPage.getByRole('button', { name: 'Godkend' }).click();
  await expect(insurerPage.getByText('Godkendt', { exact: true })).toBeVisible();
  await expect(insurerPage.getByRole('button', { name: 'Godkend' })).toHaveCount(0);
  await insurerContext.close();

  // The owner sees the outcome.
  await page.reload();
  await expect(page.getByText('Godkendt', { exact: true })).toBeVisible();
});
