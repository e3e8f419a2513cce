import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import enClaims from '../../src/i18n/en/insurance.json' with { type: 'json' };
import enEvidence from '../../src/i18n/en/insurance-evidence.json' with { type: 'json' };
import enPolicy from '../../src/i18n/en/insurance-policy.json' with { type: 'json' };
import enMyBikes from '../../src/i18n/en/my-bikes.json' with { type: 'json' };
import enTheft from '../../src/i18n/en/theft.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { downloadStart, ownerWithBike } from './support/ownership';
import { screenshots } from './support/screenshots';
import { apiLogin, DEMO, seedToken, tokenClaims } from './support/session';

// The whole insurance journey (issue 13) for one new owner, in English: onboarding with the demo insurer (the
// policy and its insurance plates), proof of possession and the lock test, a theft reported to that insurer with
// the three acknowledgements; then the insurer's claims handler (its account speaks Danish) approves the lock
// test, takes the claim from received to paid, and the bike leaves the owner's list for the insurer.

type Catalog = { [key: string]: string | Catalog };
const EN: Record<string, Catalog> = {
  'insurance-policy': enPolicy,
  'insurance-evidence': enEvidence,
  insurance: enClaims,
  'my-bikes': enMyBikes,
  theft: enTheft,
};

/** An English catalog text, `namespace:dotted.key`, {{placeholders}} filled in. */
function en(key: string, values: Record<string, string | number> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: string | Catalog | undefined = EN[namespace];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No English text ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const picture = async (colour: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A datetime-local value `hoursAgo` hours before now, in the browser's (and this machine's) zone. */
function localTime(hoursAgo: number): string {
  const d = new Date(Date.now() - hoursAgo * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function answer(page: Page, question: string, choice: string): Promise<void> {
  await page.getByRole('group', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

async function saveAndContinue(page: Page): Promise<void> {
  await page.getByRole('button', { name: en('theft:saveAndContinue') }).click();
}

async function expectSection(page: Page, section: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: en(`theft:section.${section}`) })).toBeVisible();
}

async function logInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log ind' }).click();
}

test('one owner from onboarding to a paid claim: the bike’s registration ends with the insurer', async ({ browser, request }) => {
  test.slow();
  const insurerId = String(tokenClaims(await apiLogin(request, DEMO.insurer.email, DEMO.insurer.password)).party_id);
  const { owner, bikeId, frameNumber } = await ownerWithBike(
    request,
    { brand_name: 'Raleigh', model: 'Chain', category_id: 'city', color_id: 'green', is_electric: false },
    { chosen_language: 'en' },
  );
  const headers = { authorization: `Bearer ${owner.token}` };
  const profile = await request.put('/api/identities/me', {
    headers,
    data: { first_name: 'Chris', last_name: 'Chain', street: 'Nørregade 1', zip_code: '1165', city: 'København K', mobile: '+4512345678' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const context = await browser.newContext({ locale: 'en-GB', acceptDownloads: true });
  const page = await context.newPage();
  await seedToken(page, owner.token);
  const policyNumber = `CHAIN-${Date.now()}`;

  // Onboarding with the demo insurer: the policy with this bike on it, and its insurance plate on the way.
  await page.goto('/insurance');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: en('insurance-policy:mine.title') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: en('insurance-policy:mine.start') }).click();
  await expect(page).toHaveURL(/\/insurance\/onboarding\/consent$/);
  await page.getByLabel(en('insurance-policy:onboarding.insurer'), { exact: true }).selectOption({ label: 'Demo Forsikring A/S' });
  await page.getByLabel(en('insurance-policy:onboarding.ackPrivacy')).check();
  await page.getByLabel(en('insurance-policy:onboarding.ackDataShare')).check();
  await page.getByLabel(en('insurance-policy:onboarding.ackOwnershipTransfer')).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en('insurance-policy:onboarding.next') }).click();

  await expect(page).toHaveURL(/\/insurance\/onboarding\/insurance-type$/);
  await page.getByRole('radio', { name: new RegExp(en('insurance-policy:type.bike')) }).check();
  await page.getByLabel(en('insurance-policy:onboarding.coverage')).selectOption({ label: en('insurance-policy:coverage.plus') });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en('insurance-policy:onboarding.next') }).click();

  await expect(page).toHaveURL(/\/insurance\/onboarding\/insurance-details$/);
  await page.getByLabel(en('insurance-policy:onboarding.policyNumber')).fill(policyNumber);
  await page.getByLabel(en('insurance-policy:onboarding.numberOfBikes')).fill('1');
  await page.getByLabel(new RegExp(frameNumber)).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en('insurance-policy:onboarding.next') }).click();

  await expect(page).toHaveURL(/\/insurance\/onboarding\/shipping-info$/);
  await expect(page.getByText(en('insurance-policy:onboarding.shippingLead_one', { count: 1 }))).toBeVisible();
  // The profile's address fills the shipping address.
  await expect(page.getByLabel(en('insurance-policy:address.street'))).toHaveValue('Nørregade 1');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en('insurance-policy:onboarding.finish') }).click();

  await expect(page).toHaveURL(/\/insurance\/[0-9a-f-]{36}\/policy\/[0-9a-f-]{36}\/hub\?welcome=1$/);
  const hubUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: en('insurance-policy:hub.title') })).toBeVisible();
  await expect(page.getByText(en('insurance-policy:hub.welcomePlates_one', { count: 1 }))).toBeVisible();
  await expect(page.getByText(en('insurance-policy:hub.plates.ordered'))).toBeVisible();
  await expect(page.getByText(policyNumber.toUpperCase())).toBeVisible();
  const insured = page.getByRole('listitem').filter({ hasText: 'Raleigh Chain' });
  await expect(insured).toContainText(`${en('insurance-policy:hub.possession')}: ${en('insurance-policy:evidence.missing')}`);
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-chain-hub');

  // Proof of possession from the hub: three uploads.
  await insured.getByRole('link', { name: en('insurance-policy:hub.provePossession') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('insurance-evidence:possession.introTitle') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: en('insurance-evidence:possession.start') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('insurance-evidence:possession.title') })).toBeVisible();
  await expect(page.getByLabel(en('insurance-evidence:contact.first_name'))).toHaveValue('Chris');
  await expect(page.getByLabel(en('insurance-evidence:possession.frameNumber'), { exact: true })).toHaveValue(frameNumber);
  await page
    .getByLabel(en('insurance-evidence:possession.framePicture'))
    .setInputFiles({ name: 'frame.png', mimeType: 'image/png', buffer: await picture('#335577') });
  await expect(page.getByText(en('insurance-evidence:upload.done', { name: 'frame.png' }))).toBeVisible();
  await page
    .getByLabel(en('insurance-evidence:possession.platePicture'))
    .setInputFiles({ name: 'plate.png', mimeType: 'image/png', buffer: await picture('#775533') });
  await expect(page.getByText(en('insurance-evidence:upload.done', { name: 'plate.png' }))).toBeVisible();
  await page
    .getByLabel(en('insurance-evidence:possession.receipt'), { exact: true })
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText(en('insurance-evidence:upload.done', { name: 'receipt.pdf' }))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en('insurance-evidence:possession.submit') }).click();
  await expect(page.getByText(en('insurance-evidence:possession.sentTitle'))).toBeVisible();
  await expect(page.getByRole('region', { name: en('insurance-evidence:possession.mineTitle') })).toContainText(
    en('insurance-evidence:status.submitted'),
  );
  await expectNoAxeViolations(page);

  // The lock test, from the hub too.
  await page.goto(hubUrl);
  await expect(page.getByRole('heading', { level: 1, name: en('insurance-policy:hub.title') })).toBeVisible();
  await expect(insured).toContainText(`${en('insurance-policy:hub.possession')}: ${en('insurance-policy:evidence.submitted')}`);
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Raleigh Chain' })
    .getByRole('link', { name: en('insurance-policy:hub.lockTest') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: en('insurance-evidence:lock.title') })).toBeVisible();
  await expect(page.getByLabel(en('insurance-evidence:contact.email'))).toHaveValue(owner.email);
  await page.getByLabel(en('insurance-evidence:lock.lock_type')).selectOption({ label: 'Ring lock' });
  await page.getByLabel(en('insurance-evidence:lock.brand')).fill('Abus');
  await page.getByLabel(en('insurance-evidence:lock.model')).fill('Pro Tectic 4960');
  await page.getByLabel(en('insurance-evidence:lock.key_number')).fill('K-42');
  await page.getByLabel(en('insurance-evidence:lock.varefakta_number')).fill('VF-CHAIN-42');
  await page.getByLabel(en('insurance-evidence:lock.certificate_date')).fill('2024-05-01');
  await page.getByLabel(en('insurance-evidence:lock.frame_number_matches')).check();
  await page.getByLabel(en('insurance-evidence:lock.stamped_by_dealer')).check();
  await page
    .getByLabel(en('insurance-evidence:lock.certificate'))
    .setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: await picture('#553377') });
  await expect(page.getByText(en('insurance-evidence:upload.done', { name: 'certificate.png' }))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en('insurance-evidence:lock.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/insurance/${insurerId}/lock-test-portal/[0-9a-f-]{36}$`));
  const lockTestUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: en('insurance-evidence:lock.answersTitle') })).toBeVisible();
  await expect(page.getByText(en('insurance-evidence:status.submitted'))).toBeVisible();
  await expectNoAxeViolations(page);

  // The theft, reported to the demo insurer with the three acknowledgements.
  await page.goto(`/app/my-bikes/report-stolen?bike=${bikeId}`);
  await expect(page.getByRole('heading', { level: 1, name: en('theft:overview.title') })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Raleigh Chain/ })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: en('theft:overview.goToNamed', { section: en('theft:section.personal-info') }) }).click();
  await expectSection(page, 'personal-info');
  await expect(page.getByLabel(en('theft:field.first_name'))).toHaveValue('Chris');
  await page.getByLabel('CPR number').fill('010190-1234');
  await expectNoAxeViolations(page);
  await saveAndContinue(page);

  await expectSection(page, 'insurance');
  await answer(page, en('theft:field.isInsured'), en('theft:yes'));
  await page.getByLabel(en('theft:field.insurance_company'), { exact: true }).selectOption({ label: 'Demo Forsikring A/S' });
  await page.getByLabel(en('theft:field.bike_price')).fill('7500');
  await expectNoAxeViolations(page);
  await saveAndContinue(page);

  await expectSection(page, 'bike-info');
  await expect(page.getByLabel(en('theft:field.frame_number'), { exact: true })).toHaveValue(frameNumber);
  await answer(page, en('theft:field.lock_status'), en('theft:lock.locked_to_object'));
  await expectNoAxeViolations(page);
  await saveAndContinue(page);

  await expectSection(page, 'culprit-info');
  await answer(page, en('theft:field.isCulpritKnown'), en('theft:no'));
  await answer(page, en('theft:field.isCulpritRecognizable'), en('theft:no'));
  await answer(page, en('theft:field.hasWitness'), en('theft:no'));
  await saveAndContinue(page);

  await expectSection(page, 'time-location');
  await page.getByLabel(en('theft:field.time_last_seen')).fill(localTime(20));
  await page.getByLabel(en('theft:field.noted_time')).fill(localTime(2));
  await page.getByLabel(en('theft:field.place')).fill('Nørreport Station, the bike racks');
  const map = page.getByTestId('location-picker-map');
  await expect(map.locator('.leaflet-container, .leaflet-pane').first()).toBeAttached();
  await map.click({ position: { x: 120, y: 90 } });
  await expect(page.locator('.location-picker-coords')).toContainText(/\d+[.,]\d+/);
  await expectNoAxeViolations(page);
  await saveAndContinue(page);

  await expectSection(page, 'send-report');
  await expect(page.getByText('Demo Forsikring A/S')).toBeVisible();
  await page.getByLabel(en('theft:field.policeReportRequested')).check();
  for (const key of ['send.ack.payout', 'send.ack.dataShare', 'send.ack.ownershipTransfer'])
    await page.getByLabel(en(`theft:${key}`)).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en('theft:send.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('theft:confirmed.title') })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-chain-reported');

  // The insurer's claims handler, in a browser of their own, lands on the company's home.
  const insurerContext = await browser.newContext({ acceptDownloads: true });
  const insurer = await insurerContext.newPage();
  await logInWithForm(insurer, DEMO.insurer.email, DEMO.insurer.password);
  await expect(insurer).toHaveURL(new RegExp(`/insurance/${insurerId}/admin$`));
  await expect(insurer.getByRole('heading', { level: 1, name: 'Demo Forsikring A/S' })).toBeVisible();
  await expectNoAxeViolations(insurer);

  // The lock test first.
  await insurer.goto(lockTestUrl);
  await expect(insurer.getByRole('heading', { level: 2, name: 'Jeres afgørelse' })).toBeVisible();
  await expect(insurer.getByText('VF-CHAIN-42')).toBeVisible();
  await expectNoAxeViolations(insurer);
  await insurer.getByRole('button', { name: 'Godkend' }).click();
  await expect(insurer.getByText('Godkendt', { exact: true })).toBeVisible();

  // The new claim: its dossier, the police report, received → in review → approved → paid.
  await insurer.goto(`/insurance/${insurerId}/admin`);
  await insurer.getByRole('link', { name: 'Se alle skadesanmeldelser' }).click();
  await insurer.getByLabel('Stelnummer eller ejerens navn').fill(frameNumber);
  await insurer.getByRole('button', { name: 'Vis', exact: true }).click();
  const item = insurer.getByRole('listitem').filter({ hasText: frameNumber });
  await expect(item).toContainText('Modtaget');
  await expect(item).toContainText('Chris Chain');
  await expectNoAxeViolations(insurer);
  await item.getByRole('link', { name: 'Raleigh Chain' }).click();
  await expect(insurer.getByRole('heading', { level: 1, name: 'Raleigh Chain' })).toBeVisible();
  await expect(insurer.getByRole('region', { name: 'Cyklen og dokumentationen' })).toContainText(frameNumber);
  await expect(insurer.getByText(/010190/)).toHaveCount(0);
  await expectNoAxeViolations(insurer);
  await screenshots(insurer, 'insurance-chain-dossier');

  const download = insurer.waitForEvent('download');
  await insurer.getByRole('button', { name: 'Hent politianmeldelsen' }).click();
  expect(await downloadStart(await download)).toBe('%PDF-');

  const steps = insurer.getByRole('region', { name: 'Næste skridt' });
  await steps.getByRole('button', { name: 'Start behandlingen' }).click();
  await expect(insurer.getByText('Under behandling').first()).toBeVisible();
  await steps.getByRole('button', { name: 'Godkend' }).click();
  await expect(steps).toContainText('flytter cyklens registrering til jeres selskab');
  await steps.getByRole('button', { name: 'Markér som udbetalt' }).click();
  await expect(insurer.getByText(/Udbetalt; cyklens registrering flyttede til jer/)).toBeVisible();
  await expect(insurer.getByRole('region', { name: 'Ejere og tidligere anmeldelser' })).toContainText('Jeres selskab');
  await expectNoAxeViolations(insurer);
  await screenshots(insurer, 'insurance-chain-paid');
  await insurerContext.close();

  // The owner's bikes no longer hold it.
  await page.goto('/app/my-bikes');
  await expect(page.getByRole('heading', { level: 1, name: en('my-bikes:title') })).toBeVisible();
  await expect(page.getByText(frameNumber)).toHaveCount(0);
  await expect(page.getByText('Raleigh Chain')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'insurance-chain-my-bikes');
  // Their claims page follows it to the end.
  await page.goto('/insurance/self/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: en('insurance:own.title') })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: frameNumber })).toContainText(en('insurance:claimStatus.paid'));
  await expectNoAxeViolations(page);
  await context.close();
});
