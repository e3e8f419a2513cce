import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import daTheft from '../../src/i18n/da/theft.json' with { type: 'json' };
import enTheft from '../../src/i18n/en/theft.json' with { type: 'json' };
import noTheft from '../../src/i18n/no/theft.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, type SignedUp, seedToken } from './support/session';
import { approveStolenReport } from './support/stolen-review';

// Theft and recovery (issue 6): the stolen-report wizard, the filed report with its police-report PDF, the
// bike stolen in public search and on the map, and reporting it found through national ID. Plates
// DEMO0043–DEMO0046 are this file's; test people Mette Kristensen (da), Henrik Møller (en) and Hanne
// Solberg (no), each verifying one account per server run.

type Language = 'da' | 'en' | 'no';
type Catalog = { [key: string]: string | Catalog };
const THEFT: Record<Language, Catalog> = { da: daTheft, en: enTheft, no: noTheft };

/** A text of the theft catalog, {{placeholders}} filled in. */
function tr(language: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Catalog | undefined = THEFT[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text ${language}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

interface Owner {
  user: SignedUp;
  bikeId: string;
  frameNumber: string;
}

async function ownerWithBike(
  request: APIRequestContext,
  options: { language: Language; nickname: string; plate?: string; price?: number; profile?: Record<string, string> },
): Promise<Owner> {
  const { language } = options;
  const user = await apiSignUp(request, { chosen_language: language, chosen_region: language === 'no' ? 'no' : 'dk' });
  const headers = { authorization: `Bearer ${user.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const frameNumber = `WBK${randomUUID().replace(/\D/g, '').slice(0, 6)}T`;
  const created = await request.post('/api/bikes/', {
    headers,
    data: {
      frame_number: frameNumber,
      nickname: options.nickname,
      category_id: 'city',
      color_id: 'blue',
      is_electric: language === 'da',
      ...(options.plate ? { bikekey_id: options.plate } : {}),
      ...(options.price ? { normal_price_dkk: options.price } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  if (options.profile) {
    const saved = await request.put('/api/identities/me', { headers, data: options.profile });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return { user, bikeId: ((await created.json()) as { id: string }).id, frameNumber };
}

async function pageIn(browser: Browser, locale: string, token?: string): Promise<Page> {
  const context = await browser.newContext({ locale, acceptDownloads: true });
  const page = await context.newPage();
  if (token) await seedToken(page, token);
  return page;
}

/** A datetime-local value `hoursAgo` hours before now, in the browser's (and this machine's) zone. */
function localTime(hoursAgo: number): string {
  const d = new Date(Date.now() - hoursAgo * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Chooses an answer of a question asked with radio buttons (a fieldset named by its legend). */
async function answer(page: Page, question: string, choice: string): Promise<void> {
  await page.getByRole('group', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

async function saveAndContinue(page: Page, language: Language): Promise<void> {
  await page.getByRole('button', { name: tr(language, 'saveAndContinue') }).click();
}

async function expectSection(page: Page, language: Language, section: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: tr(language, `section.${section}`) })).toBeVisible();
}

/** Places the pin by clicking the map, once Leaflet has drawn it (the bundled outline; no tiles here). */
async function pickPlaceOnMap(page: Page): Promise<void> {
  const map = page.getByTestId('location-picker-map');
  await expect(map.locator('.leaflet-container, .leaflet-pane').first()).toBeAttached({ timeout: 15_000 });
  await map.click({ position: { x: 120, y: 90 } });
  await expect(page.locator('.location-picker-coords')).toContainText(/\d+[.,]\d+/);
}

/** The culprit, time and place sections, filled the short way. */
async function fillCulpritAndPlace(page: Page, language: Language, place: string): Promise<void> {
  await expectSection(page, language, 'culprit-info');
  await answer(page, tr(language, 'field.isCulpritKnown'), tr(language, 'no'));
  await answer(page, tr(language, 'field.isCulpritRecognizable'), tr(language, 'no'));
  await answer(page, tr(language, 'field.hasWitness'), tr(language, 'no'));
  await saveAndContinue(page, language);

  await expectSection(page, language, 'time-location');
  await page.getByLabel(tr(language, 'field.time_last_seen')).fill(localTime(20));
  await page.getByLabel(tr(language, 'field.noted_time')).fill(localTime(8));
  await page.getByLabel(tr(language, 'field.place')).fill(place);
  await pickPlaceOnMap(page);
  await saveAndContinue(page, language);
}

const ACKNOWLEDGEMENTS = ['send.ack.payout', 'send.ack.dataShare', 'send.ack.ownershipTransfer'] as const;

/**
 * Confirms what the report asks and sends it: all three when an insurer of the register receives the report, no
 * consent to share when the insurer is outside the register, none without insurance.
 */
async function acknowledgeAndSend(page: Page, language: Language, asked: readonly (typeof ACKNOWLEDGEMENTS)[number][]): Promise<void> {
  await expectSection(page, language, 'send-report');
  const send = page.getByRole('button', { name: tr(language, 'send.submit') });
  for (const key of ACKNOWLEDGEMENTS) await expect(page.getByLabel(tr(language, key))).toHaveCount(asked.includes(key) ? 1 : 0);
  if (asked.length > 0) {
    // Until every step is complete the button looks disabled and says what is missing.
    await expect(send).toHaveAttribute('aria-disabled', 'true');
    await expect(send).toHaveAccessibleDescription(tr(language, 'send.missing', { sections: tr(language, 'send.missingAcks') }));
    for (const key of asked) await page.getByLabel(tr(language, key)).check();
  } else {
    await expect(page.getByText(tr(language, 'send.leadNothingToConfirm'))).toBeVisible();
  }
  await expect(send).not.toHaveAttribute('aria-disabled', 'true');
  await send.click();
  await expect(page.getByRole('heading', { level: 1, name: tr(language, 'confirmed.title') })).toBeVisible({ timeout: 15_000 });
}

/** The PDF download of the page: its first bytes are %PDF. */
async function downloadPdf(page: Page, language: Language): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: tr(language, 'pdf.download') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 4).toString('latin1')).toBe('%PDF');
}

/** Whether public search by frame number shows the bike as reported stolen (a visitor's view). */
async function searchShowsStolen(browser: Browser, frameNumber: string): Promise<boolean> {
  const visitor = await pageIn(browser, 'da-DK');
  await visitor.goto(`/search?q=${encodeURIComponent(frameNumber)}`);
  const card = visitor.getByRole('article').filter({ hasText: frameNumber });
  await expect(card).toBeVisible();
  const stolen = (await card.getByText('Meldt stjålet', { exact: true }).count()) > 0;
  await visitor.context().close();
  return stolen;
}

/** Reports the bike found from its filed report, approving as `person` at the development identity provider. */
async function reportFound(page: Page, language: Language, provider: string, person: RegExp): Promise<void> {
  await page.getByRole('link', { name: tr(language, 'found.start', { provider }) }).click();
  await expect(page).toHaveURL(/\/dev-idp\/interaction\//);
  await page.getByRole('button', { name: person }).click();
  await expect(page.getByRole('heading', { level: 2, name: tr(language, 'found.confirmTitle') })).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: tr(language, 'found.confirm') }).click();
  await expect(page.getByText(tr(language, 'entry.foundTitle'))).toBeVisible();
  await expect(page.getByRole('link', { name: tr(language, 'entry.reportStolen') })).toBeVisible();
}

test('a stolen bike in Danish: every step, a reload midway, the incomplete alert, the PDF, search, found with MitID', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerWithBike(request, {
    language: 'da',
    nickname: 'Tyvecyklen',
    plate: 'DEMO0043',
    price: 9500,
    profile: { street: 'Nørrebrogade 10', city: 'København N', zip_code: '2200', mobile: '+4512345678' },
  });
  const page = await pageIn(browser, 'da-DK', owner.user.token);

  // National ID first: the profile then holds the name and the CPR number from MitID.
  await page.goto('/app/settings');
  await page.getByRole('region', { name: 'National ID' }).getByRole('link', { name: 'Bekræft med MitID' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: /Mette Kristensen/ }).click();
  await expect(page.getByText('Din identitet er bekræftet med MitID.')).toBeVisible();

  // The bike page offers to report it stolen.
  await page.goto(`/app/my-bikes/${owner.bikeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tyvecyklen' })).toBeVisible();
  await page.getByRole('link', { name: 'Meld stjålet' }).click();

  // The overview: the bike chosen, the sections in order, all but the first locked; the first is already
  // complete from the profile.
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeld en stjålet cykel' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Tyvecyklen/ })).toBeChecked();
  const sections = page.locator('.theft-sections > li');
  await expect(sections).toHaveCount(6);
  await expect(sections.nth(0)).toContainText('Dine oplysninger');
  await expect(sections.nth(0)).toContainText('Udfyldt');
  await expect(sections.nth(1)).toContainText('Forsikringsselskab og værdi');
  await expect(sections.nth(1)).toContainText('Låst');
  await expect(sections.nth(1)).toContainText('Åbner, når "Dine oplysninger" er udfyldt.');
  await expect(sections.nth(1).getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'theft-overview');

  // Your information: prefilled from the profile, the CPR number from MitID used as it is.
  await page.getByRole('link', { name: 'Gå til afsnittet Dine oplysninger' }).click();
  await expectSection(page, 'da', 'personal-info');
  await expect(page.getByText('Trin 1 af 6')).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toHaveValue('Mette');
  await expect(page.getByLabel('Efternavn')).toHaveValue('Kristensen');
  await expect(page.getByLabel('Vej og husnummer')).toHaveValue('Nørrebrogade 10');
  await expect(page.getByLabel('Postnummer')).toHaveValue('2200');
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('København N');
  await expect(page.getByText('140279-••••')).toBeVisible();
  // An emptied required field is marked under it.
  await page.getByLabel('Mobil', { exact: true }).fill('');
  await saveAndContinue(page, 'da');
  await expect(page.getByLabel('Mobil', { exact: true })).toBeFocused();
  await expect(page.getByText('Feltet skal udfyldes')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Mobil', { exact: true }).fill('+45 12 34 56 78');
  await saveAndContinue(page, 'da');

  // Insurance: nothing chosen yet is marked; then insured with the demo insurer.
  await expectSection(page, 'da', 'insurance');
  await saveAndContinue(page, 'da');
  await expect(page.getByRole('group', { name: 'Er cyklen forsikret?' }).getByText('Feltet skal udfyldes')).toBeVisible();
  await answer(page, 'Er cyklen forsikret?', 'Ja');
  await page.getByLabel('Forsikringsselskab', { exact: true }).selectOption({ label: 'Demo Forsikring A/S' });
  // The value comes from the bike's purchase price; what the owner types instead stays.
  await expect(page.getByLabel('Cyklens værdi (kr.)')).toHaveValue('9500');
  await page.getByLabel('Cyklens værdi (kr.)').fill('12000');
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'da');

  // The bike: prefilled from its registration; the lock and the battery are asked.
  await expectSection(page, 'da', 'bike-info');
  await expect(page.getByLabel('Stelnummer', { exact: true })).toHaveValue(owner.frameNumber);
  await expect(page.getByLabel('Cykeltype')).toHaveValue('city');
  await expect(page.getByLabel('Farve')).toHaveValue('blue');
  await expect(page.getByRole('group', { name: 'Er det en elcykel?' }).getByRole('radio', { name: 'Ja' })).toBeChecked();
  await answer(page, 'Var cyklen låst?', 'Låst fast til noget (et stativ, en stolpe)');
  await answer(page, 'Hvor var batteriet?', 'Jeg har det (det var taget af)');
  await expectNoAxeViolations(page);
  await screenshots(page, 'theft-step-bike');
  await saveAndContinue(page, 'da');

  // A reload midway keeps the draft.
  await expectSection(page, 'da', 'culprit-info');
  await page.reload();
  await expectSection(page, 'da', 'culprit-info');
  await page.getByRole('link', { name: 'Tilbage til oversigten' }).first().click();
  await expect(sections.nth(0)).toContainText('Udfyldt');
  await expect(sections.nth(1)).toContainText('Udfyldt');
  await expect(sections.nth(2)).toContainText('Udfyldt');
  await expect(sections.nth(3)).toContainText('Mangler');
  await expect(sections.nth(4)).toContainText('Låst');

  // Sending early: the alert with the red exclamation mark names what is missing.
  await page.getByRole('button', { name: 'Gå til at sende anmeldelsen' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Udfyld venligst alle trin for at fortsætte' });
  await expect(alert).toBeVisible();
  await expect(alert.locator('.alert-icon')).toHaveText('!');
  await expect(alert.getByRole('link', { name: 'Oplysninger om gerningspersonen' })).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Tid og sted for tyveriet' })).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Dine oplysninger' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The culprit, with a witness.
  await alert.getByRole('link', { name: 'Oplysninger om gerningspersonen' }).click();
  await expectSection(page, 'da', 'culprit-info');
  await answer(page, 'Ved du, hvem der tog cyklen?', 'Nej');
  await answer(page, 'Vil du kunne genkende gerningspersonen?', 'Ja');
  await page.getByLabel('Beskriv gerningspersonen').fill('Høj mand i grøn jakke');
  await answer(page, 'Så nogen tyveriet?', 'Ja');
  await page.getByLabel('Vidner').fill('Naboen, Jens, 11 22 33 44');
  await saveAndContinue(page, 'da');

  // Time and place: a time in the future is refused; the place is picked on the map.
  await expectSection(page, 'da', 'time-location');
  await expect(page.getByLabel('Hvornår så du cyklen sidst?')).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await page.getByLabel('Hvornår så du cyklen sidst?').fill(localTime(-48));
  await page.getByLabel('Hvornår opdagede du tyveriet?').fill(localTime(2));
  await page.getByLabel('Hvor blev cyklen stjålet fra?').fill('Cykelstativet ved Nørreport Station');
  await saveAndContinue(page, 'da');
  await expect(page.getByText('Vælg venligst en dato i fortiden')).toBeVisible();
  await expect(page.getByText('Markér stedet på kortet')).toBeVisible();
  await page.getByLabel('Hvornår så du cyklen sidst?').fill(localTime(20));
  await pickPlaceOnMap(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'theft-step-place');
  await saveAndContinue(page, 'da');

  // Send: the acknowledgements are required; the summary has an edit link per section, and saving the
  // section opened from it comes back to the summary.
  await expectSection(page, 'da', 'send-report');
  await expect(page.getByText('12.000 kr.')).toBeVisible();
  await page.getByRole('link', { name: 'Ret Dine oplysninger' }).click();
  await expectSection(page, 'da', 'personal-info');
  await page.getByLabel('Anden telefon (valgfri)').fill('33 44 55 66');
  await page.getByRole('button', { name: tr('da', 'saveAndReturn') }).click();
  await expectSection(page, 'da', 'send-report');
  await expect(page.getByText('33 44 55 66')).toBeVisible();
  await expect(page.getByText('Demo Forsikring A/S')).toBeVisible();
  await expect(page.getByText('Naboen, Jens, 11 22 33 44')).toBeVisible();
  await page.getByLabel('Lav en politianmeldelse, jeg kan give til politiet').check();
  // The button looks disabled; pressed anyway, it names what is missing.
  await expect(page.getByRole('button', { name: 'Send anmeldelsen' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Send anmeldelsen' }).click({ force: true });
  await expect(page.getByRole('alert').filter({ hasText: 'Udfyld venligst alle trin for at fortsætte' })).toBeVisible();
  await expect(page.getByText('Bekræft venligst dette for at fortsætte')).toHaveCount(3);
  await expectNoAxeViolations(page);
  await screenshots(page, 'theft-send');
  await acknowledgeAndSend(page, 'da', ACKNOWLEDGEMENTS);

  // The receipt: what happens now, the PDF, the links.
  await expect(page).toHaveURL(new RegExp(`/report-confirmed\\?bike=${owner.bikeId}$`));
  await expectNoAxeViolations(page);
  await screenshots(page, 'theft-confirmed');
  await downloadPdf(page, 'da');
  // The draft is gone from this device.
  expect(await page.evaluate(() => localStorage.getItem('theft-draft'))).not.toContain(owner.bikeId);
  await expect(page.getByRole('link', { name: 'Se cyklen på kortet over stjålne cykler' })).toHaveAttribute(
    'href',
    `/stolen-bike-map/${owner.bikeId}`,
  );

  // Stolen for everyone: public search by frame number; the map of stolen bikes once staff approved the report.
  expect(await searchShowsStolen(browser, owner.frameNumber)).toBe(true);
  await approveStolenReport(request, owner.bikeId, owner.frameNumber);
  const mapPage = await page.context().newPage();
  await mapPage.goto(`/stolen-bike-map/${owner.bikeId}`);
  await expect(mapPage.getByRole('heading', { level: 1, name: /^Stjålet: / })).toBeVisible();

  // The filed report: every section, the CPR number masked, the place on a map.
  await page.getByRole('link', { name: 'Se tyverianmeldelsen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tyverianmeldelse' })).toBeVisible();
  await expect(page.getByText('140279-••••')).toBeVisible();
  await expect(page.getByText('1402791242')).toHaveCount(0);
  await expect(page.getByText('Cykelstativet ved Nørreport Station').first()).toBeVisible();
  await expect(page.getByTestId('place-map')).toBeVisible();
  for (const section of ['Dine oplysninger', 'Forsikringsselskab og værdi', 'Din cykels oplysninger', 'Tid og sted for tyveriet']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await screenshots(page, 'theft-filed-report');
  await downloadPdf(page, 'da');

  // The bike page says it is stolen, and no longer offers to report it.
  await page.getByRole('link', { name: 'Tilbage til cyklen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Denne cykel er meldt stjålet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Meld stjålet' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'theft-bike-page-stolen');

  // Found: approved with MitID, confirmed, and no longer stolen in search.
  await page.getByRole('link', { name: 'Min cykel er fundet' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Min cykel er fundet' })).toBeVisible();
  await reportFound(page, 'da', 'MitID', /Mette Kristensen/);
  expect(await searchShowsStolen(browser, owner.frameNumber)).toBe(false);
  await mapPage.reload();
  await expect(mapPage.getByRole('heading', { level: 1, name: 'Denne cykel er ikke på kortet' })).toBeVisible();
  await page.goto(`/app/my-bikes/${owner.bikeId}/stolen-bike-report`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ingen tyverianmeldelse' })).toBeVisible();
  await page.context().close();
});

test('in English from my bikes: the CPR number typed, a draft kept, start over, found with MitID', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await ownerWithBike(request, {
    language: 'en',
    nickname: 'Commuter',
    price: 8000,
    profile: {
      first_name: 'Henrik',
      last_name: 'Møller',
      street: 'Vesterbrogade 5',
      city: 'København V',
      zip_code: '1620',
      mobile: '+4587654321',
    },
  });
  const page = await pageIn(browser, 'en-GB', owner.user.token);
  await page.goto('/app/my-bikes');
  await page.getByRole('link', { name: 'Report a bike stolen' }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Report a stolen bike' })).toBeVisible();
  // The only bike is chosen already.
  await expect(page.getByRole('radio', { name: /Commuter/ })).toBeChecked();

  await page.getByRole('link', { name: 'Go to the section Your information' }).click();
  await expectSection(page, 'en', 'personal-info');
  await expect(page.getByText(tr('en', 'personal.cprSession'))).toBeVisible();
  await saveAndContinue(page, 'en');
  await expect(page.getByLabel('CPR number')).toBeFocused();
  await page.getByLabel('CPR number').fill('3007901243');
  await saveAndContinue(page, 'en');

  // Start over clears everything after a confirmation, but keeps the profile's prefill possible again.
  await expectSection(page, 'en', 'insurance');
  await page.getByRole('link', { name: 'Back to the overview' }).first().click();
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByRole('dialog', { name: 'Start over?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, clear the report' }).click();
  await expect(page.locator('.theft-sections > li').nth(1)).toContainText('Locked');
  await expect(page.getByRole('radio', { name: /Commuter/ })).toBeChecked();

  await page.getByRole('link', { name: 'Go to the section Your information' }).click();
  await expect(page.getByLabel('CPR number')).toHaveValue('');
  await expect(page.getByLabel('City')).toHaveValue('København V');
  await page.getByLabel('CPR number').fill('300790-1243');
  await saveAndContinue(page, 'en');

  // An insurer outside the register, by its name (required once "other" is chosen); the value from the bike.
  await answer(page, 'Is the bike insured?', 'Yes');
  await page.getByLabel('Insurance company', { exact: true }).selectOption({ label: tr('en', 'insurance.other') });
  await expect(page.getByText(tr('en', 'insurance.otherNote'))).toBeVisible();
  await expect(page.getByLabel("The bike's value (kr)")).toHaveValue('8000');
  await saveAndContinue(page, 'en');
  await expect(page.getByLabel(tr('en', 'field.insurance_company_other'))).toBeFocused();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel(tr('en', 'field.insurance_company_other')).fill('Lokal Forsikring');
  await expectNoAxeViolations(page);
  await screenshots(page, 'theft-step-insurance-other');
  await saveAndContinue(page, 'en');
  await expectSection(page, 'en', 'bike-info');
  await answer(page, 'Was the bike locked?', 'Not locked');
  await saveAndContinue(page, 'en');
  await fillCulpritAndPlace(page, 'en', 'Vesterbrogade 5');
  await expect(page.getByText('300790-••••')).toBeVisible();
  await expect(page.getByText('Lokal Forsikring')).toBeVisible();
  await expect(page.getByText('8,000 kr')).toBeVisible();
  await acknowledgeAndSend(page, 'en', ['send.ack.payout', 'send.ack.ownershipTransfer']);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'See the stolen report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stolen report' })).toBeVisible();
  await expect(page.getByText('300790-••••')).toBeVisible();
  await expect(page.getByText('Lokal Forsikring')).toBeVisible();
  await expectNoAxeViolations(page);
  await reportFound(page, 'en', 'MitID', /Henrik Møller/);
  await page.context().close();
});

test('in Norwegian with BankID', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await ownerWithBike(request, {
    language: 'no',
    nickname: 'Tursykkelen',
    plate: 'DEMO0044',
    profile: { first_name: 'Hanne', last_name: 'Solberg', street: 'Storgata 1', zip_code: '0155', mobile: '+4791234567' },
  });
  const page = await pageIn(browser, 'nb-NO', owner.user.token);
  await page.goto(`/app/my-bikes/report-stolen?bike=${owner.bikeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Meld en sykkel stjålet' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('radio', { name: /Tursykkelen/ })).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Gå til delen Dine opplysninger' }).click();
  await expect(page.getByLabel(tr('no', 'field.first_name'))).toHaveValue('Hanne');
  await expect(page.getByLabel(tr('no', 'field.city'))).toHaveValue('');
  // The city the profile gains while the report is a draft is filled in too; what was there stays.
  const saved = await request.put('/api/identities/me', {
    headers: { authorization: `Bearer ${owner.user.token}` },
    data: { city: 'Oslo' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.getByLabel(tr('no', 'field.first_name')).fill('Hanne Marie');
  await page.reload();
  await expect(page.getByLabel(tr('no', 'field.city'))).toHaveValue('Oslo');
  await expect(page.getByLabel(tr('no', 'field.first_name'))).toHaveValue('Hanne Marie');
  await page.getByLabel('Fødselsnummer').fill('19038112349');
  await saveAndContinue(page, 'no');
  await answer(page, 'Er sykkelen forsikret?', 'Nei');
  await page.getByLabel('Sykkelens verdi (kr)').fill('15000');
  await saveAndContinue(page, 'no');
  await answer(page, 'Var sykkelen låst?', 'Låst, men ikke fast til noe');
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'no');
  await fillCulpritAndPlace(page, 'no', 'Storgata 1, Oslo');
  await acknowledgeAndSend(page, 'no', []);
  await expectNoAxeViolations(page);
  await downloadPdf(page, 'no');

  await page.getByRole('link', { name: 'Se tyverimeldingen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tyverimelding' })).toBeVisible();
  await expect(page.getByText('190381-•••••')).toBeVisible();
  await expectNoAxeViolations(page);
  await reportFound(page, 'no', 'BankID', /Hanne Solberg/);
  await page.context().close();
});
