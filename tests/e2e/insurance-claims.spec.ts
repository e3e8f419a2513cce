import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { downloadStart, ownerWithBike } from './support/ownership';
import { screenshots } from './support/screenshots';
import { apiLogin, DEMO, loginAs, seedToken, tokenClaims } from './support/session';

// Claims from stolen reports (issue 13): an owner reports a bike stolen and shares it with the demo insurer; the
// insurer's claims handler logs in, lands on the company's home, finds the claim, opens its dossier, downloads the
// police report, moves it to review, approves and pays it; the bike's registration moves to the insurer. The
// owner follows the steps on their own claims page. Nobody else gets into the insurer's area.

const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Copenhagen's wall clock `hoursAgo` hours before now, as the report's datetime fields take it. */
function copenhagenTime(hoursAgo: number): string {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Copenhagen',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() - hoursAgo * 3_600_000));
  return text.replace(' ', 'T');
}

async function logInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log ind' }).click();
}

test('the insurer’s claims handler takes a shared stolen report from received to paid; the bike moves to the insurer', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const insurerId = String(tokenClaims(await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password)).party_id);
  const { owner, bikeId, frameNumber } = await ownerWithBike(request, { brand_name: 'Mustang', model: 'Grand Prix', color_id: 'blue' });
  const headers = { authorization: `Bearer ${owner.token}` };
  const filed = await request.post('/api/stolen-reports/', {
    headers,
    data: {
      bike_id: bikeId,
      first_name: 'Karla',
      last_name: 'Krav',
      email: owner.email,
      street_address: 'Nørregade 1',
      city: 'København K',
      zip_code: '1165',
      mobile: '+45 12 34 56 78',
      cpr_number: '010190-1234',
      frame_number: frameNumber,
      bike_category: 'city',
      is_electric: false,
      bike_color: 'blue',
      lock_status: 'locked_to_object',
      time_last_seen: copenhagenTime(20),
      noted_time: copenhagenTime(2),
      place: 'Nørreport Station, cykelparkeringen',
      latitude: 55.683312,
      longitude: 12.571734,
      isCulpritKnown: false,
      isCulpritRecognizable: false,
      hasWitness: false,
      isInsured: true,
      insurance_company: insurerId,
      bike_price: '7 500',
      policeReportRequested: true,
      acknowledgement_payout: true,
      acknowledgement_data_share: true,
      acknowledgement_ownership_transfer: true,
      unlockedSteps: ['personal-info', 'insurance'],
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const receipt = await request.post(`/api/bikes/${bikeId}/documents`, {
    headers,
    multipart: { kind: 'receipt', file: { name: 'kvittering.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF } },
  });
  expect(receipt.status(), await receipt.text()).toBe(201);

  // The owner's bike page says who holds the claim and where it stands, with the way to their claims.
  const ownerPage = await (await browser.newContext({ locale: 'da-DK' })).newPage();
  await seedToken(ownerPage, owner.token);
  await ownerPage.goto(`/app/my-bikes/${bikeId}`);
  const notice = ownerPage.getByRole('status').filter({ hasText: 'Skadesanmeldelse hos Demo Forsikring A/S' });
  await expect(notice).toContainText('Demo Forsikring A/S har modtaget din skadesanmeldelse');
  await expect(notice.getByRole('link', { name: 'Se mine skadesanmeldelser' })).toHaveAttribute('href', '/insurance/self/admin/reports');
  await expectNoAxeViolations(ownerPage);
  await screenshots(ownerPage, 'insurance-claims-bike-notice');

  // The claims handler lands on the company's home and finds the claim by its frame number.
  await logInWithForm(page, DEMO.insurer.email, DEMO.insurer.password);
  await expect(page).toHaveURL(new RegExp(`/insurance/${insurerId}/admin$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Forsikring A/S' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Åbne skadesanmeldelser: \d+/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-claims-home');

  await page.getByRole('link', { name: 'Se alle skadesanmeldelser' }).click();
  await page.getByLabel('Stelnummer eller ejerens navn').fill(frameNumber);
  await page.getByRole('button', { name: 'Vis', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reports\\?q=${frameNumber}$`));
  const item = page.getByRole('listitem').filter({ hasText: frameNumber });
  await expect(item).toContainText('Modtaget');
  await expect(item).toContainText('Karla Krav');
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-claims-list');

  // The dossier: the fraud signals, the evidence, no personal ID number on the page.
  await item.getByRole('link', { name: 'Mustang Grand Prix' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mustang Grand Prix' })).toBeVisible();
  const signals = page.getByRole('region', { name: 'Tegn på svindel' });
  await expect(signals).toContainText('Registreret samme dag som tyveriet');
  await expect(signals).toContainText('Ejeren har ikke bekræftet sin identitet med MitID');
  await expect(page.getByRole('region', { name: 'Cyklen og dokumentationen' })).toContainText(frameNumber);
  await expect(page.getByText(/010190/)).toHaveCount(0);
  // The receipt opens on its signed address.
  const receiptLink = page.getByRole('link', { name: 'Kvittering · kvittering.pdf' });
  await expect(receiptLink).toHaveAttribute('href', /^\/api\/files\/documents\/.+\?exp=\d+&sig=/);
  const receiptFile = await request.get(String(await receiptLink.getAttribute('href')));
  expect(receiptFile.status()).toBe(200);
  expect((await receiptFile.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-claims-dossier');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Hent politianmeldelsen' }).click();
  expect(await downloadStart(await download)).toBe('%PDF-');

  const steps = page.getByRole('region', { name: 'Næste skridt' });
  await steps.getByRole('button', { name: 'Start behandlingen' }).click();
  await expect(page.getByText('Under behandling').first()).toBeVisible();
  await ownerPage.reload();
  await expect(notice).toContainText('Demo Forsikring A/S behandler din skadesanmeldelse');
  await steps.getByRole('button', { name: 'Godkend' }).click();
  await expect(steps.getByRole('button', { name: 'Markér som udbetalt' })).toBeVisible();
  await ownerPage.reload();
  await expect(notice).toContainText('Demo Forsikring A/S har godkendt din skadesanmeldelse');
  await expect(steps).toContainText('flytter cyklens registrering til jeres selskab');
  await steps.getByRole('button', { name: 'Markér som udbetalt' }).click();
  await expect(page.getByText(/Udbetalt; cyklens registrering flyttede til jer/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Næste skridt' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Ejere og tidligere anmeldelser' })).toContainText('Jeres selskab');
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-claims-paid');

  // The owner's bikes no longer hold it; the insurer's history of the bike says why.
  const mine = await request.get('/api/bikes/', { headers });
  expect(JSON.stringify(await mine.json())).not.toContain(bikeId);
  const insurerToken = await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password);
  const history = await request.get(`/api/bikes/${bikeId}/history`, { headers: { authorization: `Bearer ${insurerToken}` } });
  expect(((await history.json()) as { kind: string }[])[0]?.kind).toBe('transferred_to_insurer');

  // The owner follows the steps on their own claims page.
  await ownerPage.goto('/insurance/self/admin/reports');
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Mine skadesanmeldelser' })).toBeVisible();
  await expect(ownerPage.getByRole('listitem').filter({ hasText: frameNumber })).toContainText('Udbetalt');
  await expectNoAxeViolations(ownerPage);
  await screenshots(ownerPage, 'insurance-claims-own');
});

test('the demo owner going to the insurer’s pages is refused and sees no claim', async ({ page, request }) => {
  const insurerId = String(tokenClaims(await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password)).party_id);
  await loginAs(page, request, DEMO.owner.email, DEMO.owner.password);
  for (const path of [`/insurance/${insurerId}/admin`, `/insurance/${insurerId}/admin/reports`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Ingen adgang' })).toBeVisible();
    await expect(page.getByText('KM 910099 V')).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-refused');
});

test('the insurer’s home, claims and a dossier in English and Norwegian (phone and desktop)', async ({ page, request }) => {
  // The demo claims handler, whom no other journey uses: their language is theirs to change.
  const token = await apiLogin(request, DEMO.claimsHandler.email, DEMO.claimsHandler.password);
  const insurerId = String(tokenClaims(token).party_id);
  const setLanguage = (language: string) =>
    request.put('/api/identities/language/', { headers: { authorization: `Bearer ${token}` }, data: { language } });
  try {
    for (const { language, home, list } of [
      { language: 'en', home: 'See all claims', list: 'Claims' },
      { language: 'no', home: 'Se alle skademeldinger', list: 'Skademeldinger' },
    ]) {
      expect((await setLanguage(language)).status()).toBe(200);
      await seedToken(page, token);
      await page.goto(`/insurance/${insurerId}/admin`);
      await expect(page.getByRole('heading', { level: 1, name: 'Demo Forsikring A/S' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoAxeViolations(page);
      await screenshots(page, `insurance-home-${language}`);
      await page.getByRole('link', { name: home }).click();
      await expect(page.getByRole('heading', { level: 1, name: list })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshots(page, `insurance-list-${language}`);
      await page.getByRole('listitem').getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshots(page, `insurance-dossier-${language}`);
    }
  } finally {
    await setLanguage('da');
  }
});
