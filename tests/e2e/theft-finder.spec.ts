import { type APIRequestContext, type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import daBikeCard from '../../src/i18n/da/bike-card.json' with { type: 'json' };
import daChatContact from '../../src/i18n/da/chat-contact.json' with { type: 'json' };
import daChats from '../../src/i18n/da/chats.json' with { type: 'json' };
import daErrors from '../../src/i18n/da/errors.json' with { type: 'json' };
import daIdentity from '../../src/i18n/da/identity.json' with { type: 'json' };
import daStickers from '../../src/i18n/da/stickers.json' with { type: 'json' };
import daStolenMap from '../../src/i18n/da/stolen-map.json' with { type: 'json' };
import enBikeCard from '../../src/i18n/en/bike-card.json' with { type: 'json' };
import enChatContact from '../../src/i18n/en/chat-contact.json' with { type: 'json' };
import enChats from '../../src/i18n/en/chats.json' with { type: 'json' };
import enIdentity from '../../src/i18n/en/identity.json' with { type: 'json' };
import enStickers from '../../src/i18n/en/stickers.json' with { type: 'json' };
import enStolenMap from '../../src/i18n/en/stolen-map.json' with { type: 'json' };
import noBikeCard from '../../src/i18n/no/bike-card.json' with { type: 'json' };
import noChatContact from '../../src/i18n/no/chat-contact.json' with { type: 'json' };
import noChats from '../../src/i18n/no/chats.json' with { type: 'json' };
import noIdentity from '../../src/i18n/no/identity.json' with { type: 'json' };
import noStickers from '../../src/i18n/no/stickers.json' with { type: 'json' };
import noStolenMap from '../../src/i18n/no/stolen-map.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { screenshots, uniqueFrameNumber } from './support/screenshots';
import { apiSignUp, type SignedUp, seedToken } from './support/session';
import { approveStolenReport } from './support/stolen-review';

// Issue 6, a finder tells the owner of a stolen bike where it is: the stolen notice on a plate scan, in
// search and on the stolen-bike map leads to the finder's form (a message written for them, a place on a
// map, a photo); the owner sees the message with the place and the photo at once, and both go on in the
// conversation with places and photos. A visitor logs in on the way and finds text, place and photo kept.
// Plates for this file (demo seed): DEMO0047–DEMO0049. The map tiles are unreachable here: no step waits on them.

type Catalog = Record<string, unknown>;
type Language = 'da' | 'en' | 'no';

const CATALOGS: Record<Language, Record<string, Catalog>> = {
  da: {
    'bike-card': daBikeCard,
    'chat-contact': daChatContact,
    chats: daChats,
    identity: daIdentity,
    stickers: daStickers,
    'stolen-map': daStolenMap,
  },
  en: {
    'bike-card': enBikeCard,
    'chat-contact': enChatContact,
    chats: enChats,
    identity: enIdentity,
    stickers: enStickers,
    'stolen-map': enStolenMap,
  },
  no: {
    'bike-card': noBikeCard,
    'chat-contact': noChatContact,
    chats: noChats,
    identity: noIdentity,
    stickers: noStickers,
    'stolen-map': noStolenMap,
  },
};

/** A text as i18next gives it: `namespace:dotted.key` with {{placeholders}} filled. */
function lookup(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = CATALOGS[language][namespace];
  for (const part of path.split('.')) node = (node as Catalog | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No text for ${key} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const exact = { exact: true } as const;
const COPENHAGEN = { latitude: 55.6761, longitude: 12.5683 };
const AARHUS = { latitude: 56.1629, longitude: 10.2039 };

interface Owner {
  user: SignedUp;
  bikeId: string;
  frameNumber: string;
  bikeName: string;
}

/** A local date-time (datetime-local form) `hoursAgo` hours ago in Copenhagen. */
function localTime(hoursAgo: number): string {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Copenhagen',
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(at);
  return text.replace(' ', 'T');
}

/** A new user with a registered bike on `plate`, reported stolen through the API with every section complete. */
async function ownerWithStolenBike(request: APIRequestContext, plate: string, language: Language): Promise<Owner> {
  const user = await apiSignUp(request, { chosen_language: language, chosen_region: language === 'no' ? 'no' : 'dk' });
  const headers = { authorization: `Bearer ${user.token}`, 'accept-language': language };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const frameNumber = uniqueFrameNumber('WTF');
  const model = `Finder ${plate.slice(-2)}`;
  const created = await request.post('/api/bikes/', {
    headers,
    data: { frame_number: frameNumber, bikekey_id: plate, searchable: false, brand_name: 'Tyvcykel', model },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bikeId = ((await created.json()) as { id: string }).id;
  const report = await request.post('/api/stolen-reports/', {
    headers,
    data: {
      bike_id: bikeId,
      first_name: 'Olga',
      last_name: 'Ejer',
      email: user.email,
      street_address: 'Nørregade 1',
      city: 'København K',
      zip_code: '1165',
      mobile: '+45 12 34 56 78',
      cpr_number: '0101901234',
      frame_number: frameNumber,
      bike_category: 'city',
      is_electric: false,
      bike_color: 'blue',
      lock_status: 'locked',
      time_last_seen: localTime(20),
      noted_time: localTime(2),
      place: 'Nørreport Station',
      latitude: 55.683312,
      longitude: 12.571734,
      isCulpritKnown: false,
      isCulpritRecognizable: false,
      hasWitness: false,
      isInsured: false,
      bike_price: 6500,
      policeReportRequested: false,
      acknowledgement_payout: true,
      acknowledgement_data_share: true,
      acknowledgement_ownership_transfer: true,
    },
  });
  expect(report.status(), await report.text()).toBe(201);
  // On the public map too: staff approve the report (issue 14).
  await approveStolenReport(request, bikeId, frameNumber);
  return { user, bikeId, frameNumber, bikeName: `Tyvcykel ${model}` };
}

/** A browser context in `language`, whose geolocation (when allowed) says `at`. */
async function contextIn(browser: Browser, language: Language, baseURL: string, at = COPENHAGEN): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: { da: 'da-DK', en: 'en-GB', no: 'nb-NO' }[language],
    geolocation: at,
    permissions: ['geolocation'],
  });
  await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
  return context;
}

const picture = (color: string, format: 'jpeg' | 'png' = 'jpeg') => {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: color } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
};

const log = (page: Page, language: Language) => page.getByRole('log', { name: lookup(language, 'chats:chat.logLabel') });

/** The map of a location picker, once Leaflet has drawn it (the outline; tiles are unreachable here). */
async function readyMap(scope: Page | Locator): Promise<Locator> {
  const map = scope.getByTestId('location-picker-map');
  await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  return map;
}

/** A place (a small map and a link to open it, `mlat=…&mlon=…`), a photo and the text reached the reader of the conversation. */
async function expectFinderMessage(page: Page, language: Language, text: string, place: string) {
  const messages = log(page, language);
  await expect(messages.getByText(text)).toBeVisible({ timeout: 15_000 });
  await expect(messages.getByRole('link', { name: lookup(language, 'chats:chat.openMap') }).first()).toHaveAttribute(
    'href',
    new RegExp(place),
  );
  const photo = messages.getByRole('img', { name: lookup(language, 'chats:chat.photoAlt') }).first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(messages.getByTestId('place-map').first()).toBeVisible();
}

test('a finder scans the plate of a stolen bike and tells the owner where it is, with a place and a photo; they go on with both (Danish)', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const L: Language = 'da';
  const tr = (key: string, values?: Record<string, string | number>) => lookup(L, key, values);
  const base = baseURL ?? '';
  const owner = await ownerWithStolenBike(request, 'DEMO0047', L);
  const finderUser = await apiSignUp(request, { chosen_language: L });

  // The finder holds the bike and scans its plate: the stolen notice and what to do come first.
  const finderContext = await contextIn(browser, L, base);
  const finder = await finderContext.newPage();
  await seedToken(finder, finderUser.token);
  await finder.goto('/sticker-id/DEMO0047');
  await expect(finder.getByRole('heading', { level: 1, name: tr('stickers:scan.stolenTitle') })).toBeVisible({ timeout: 30_000 });
  await expect(finder.getByText(tr('stickers:scan.stolenSafety'))).toBeVisible();
  await expect(finder.getByRole('link', { name: tr('bike-card:card.onMap') })).toHaveAttribute('href', `/stolen-bike-map/${owner.bikeId}`);
  await expect(finder.getByRole('heading', { level: 2, name: owner.bikeName })).toBeVisible();
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'sticker-stolen-da');

  // The finder's form: a message written for them, their position as the place, and a photo.
  await finder.getByRole('link', { name: tr('bike-card:card.seenIt') }).click();
  await expect(finder).toHaveURL(new RegExp(`/app/bikes/${owner.bikeId}/contact-bike-owner\\?found=1$`));
  await expect(finder.getByRole('heading', { level: 1, name: tr('chat-contact:finder.title') })).toBeVisible();
  const box = finder.getByLabel(tr('chat-contact:finder.message'));
  await expect(box).toHaveValue(tr('chat-contact:finder.prefill'));
  const message = `${tr('chat-contact:finder.prefill')} Den står låst til stativet ved indgangen.`;
  await box.fill(message);
  await readyMap(finder);
  await finder.getByRole('button', { name: tr('stolen-map:maps.useMyLocation') }).click();
  await expect(finder.getByText(/55\.67610° N, 12\.56830° Ø|55\.67610° N, 12\.56830° E/)).toBeVisible();
  await finder.getByLabel(tr('chat-contact:photo.choose')).setInputFiles({
    name: 'cyklen.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture('#2e86de'),
  });
  await expect(finder.getByRole('img', { name: tr('chat-contact:photo.previewAlt') })).toBeVisible();
  // A file that is not a photo is refused at once, in the user's language; the chosen photo stays.
  await finder.getByRole('button', { name: tr('chat-contact:photo.remove') }).click();
  await finder
    .getByLabel(tr('chat-contact:photo.choose'))
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(finder.getByRole('alert').filter({ hasText: daErrors.file_type_not_allowed })).toBeVisible();
  await finder.getByLabel(tr('chat-contact:photo.choose')).setInputFiles({
    name: 'cyklen.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture('#2e86de'),
  });
  await expect(finder.getByRole('img', { name: tr('chat-contact:photo.previewAlt') })).toBeVisible();
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'finder-form-da');

  // Sending opens the conversation: the message, the place (a small map, never coordinates) and the photo.
  await finder.getByRole('button', { name: tr('chat-contact:finder.send') }).click();
  await expect(finder).toHaveURL(/\/app\/chats\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(finder.getByText(tr('chats:chat.finderSent'))).toBeVisible();
  const chatId = new URL(finder.url()).pathname.split('/').pop() ?? '';
  await expectFinderMessage(finder, L, message, 'mlat=55.67610&mlon=12.56830');

  // The owner sees it all in the conversation.
  const ownerContext = await contextIn(browser, L, base);
  const ownerPage = await ownerContext.newPage();
  await seedToken(ownerPage, owner.user.token);
  await ownerPage.goto(`/app/chats/${chatId}`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: owner.bikeName })).toBeVisible({ timeout: 30_000 });
  await expectFinderMessage(ownerPage, L, message, 'mlat=55.67610&mlon=12.56830');
  await expect(log(ownerPage, L).getByRole('link', { name: tr('chats:chat.photoAlt') })).toHaveAttribute(
    'href',
    /\/api\/files\/chat-photos\//,
  );
  await expectNoAxeViolations(ownerPage);
  await screenshots(ownerPage, 'conversation-owner-da');

  // In the conversation the finder shares a new place alone (the bike was moved), through the map dialog.
  await finder.getByRole('button', { name: tr('chats:composer.sharePlace') }).click();
  const dialog = finder.getByRole('dialog', { name: tr('chats:composer.placeTitle') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: tr('chats:composer.placeConfirm') })).toBeDisabled();
  await readyMap(dialog);
  await dialog.getByRole('button', { name: tr('stolen-map:maps.useMyLocation') }).click();
  await expect(dialog.getByRole('button', { name: tr('chats:composer.placeConfirm') })).toBeEnabled();
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'composer-place-dialog-da');
  await dialog.getByRole('button', { name: tr('chats:composer.placeConfirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(finder.getByText(tr('chats:composer.placeChosenUnnamed'))).toBeVisible();
  await finder.getByRole('button', { name: tr('chats:composer.send'), exact: true }).click();
  await expect(finder.getByText(tr('chats:composer.placeChosenUnnamed'))).toHaveCount(0);
  const places = log(ownerPage, L).getByRole('link', { name: tr('chats:chat.openMap') });
  await expect(places).toHaveCount(2);

  // The owner answers with text and a photo; the finder sees both at once.
  await ownerPage.getByLabel(tr('chats:composer.label')).fill('Tusind tak! Her er et billede af den, fra før den blev stjålet.');
  await ownerPage.getByLabel(tr('chat-contact:photo.choose')).setInputFiles({
    name: 'min-cykel.png',
    mimeType: 'image/png',
    buffer: await picture('#e67e22', 'png'),
  });
  await expect(ownerPage.getByRole('img', { name: tr('chat-contact:photo.previewAlt') })).toBeVisible();
  await expectNoAxeViolations(ownerPage);
  await ownerPage.getByRole('button', { name: tr('chats:composer.send'), exact: true }).click();
  await expect(ownerPage.getByRole('img', { name: tr('chat-contact:photo.previewAlt') })).toHaveCount(0);
  await expect(log(finder, L).getByText('Tusind tak! Her er et billede af den')).toBeVisible();
  await expect(log(finder, L).getByRole('img', { name: tr('chats:chat.photoAlt') })).toHaveCount(2);
  await expect(ownerPage.getByLabel(tr('chats:composer.label'))).toHaveValue('');
  await screenshots(finder, 'conversation-finder-da');

  // Neither side learnt who the other is.
  expect(await ownerPage.content()).not.toContain(finderUser.email);
  expect(await finder.content()).not.toContain(owner.user.email);
  await Promise.all([ownerContext.close(), finderContext.close()]);
});

test('a visitor finds a stolen bike in search, writes with a place and a photo, logs in on the way and finds everything kept (English)', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const L: Language = 'en';
  const tr = (key: string, values?: Record<string, string | number>) => lookup(L, key, values);
  const base = baseURL ?? '';
  const owner = await ownerWithStolenBike(request, 'DEMO0048', L);
  const finderUser = await apiSignUp(request, { chosen_language: L });

  // A visitor searches the frame number: the stolen card calls on them to tell the owner.
  const finderContext = await contextIn(browser, L, base, AARHUS);
  const finder = await finderContext.newPage();
  await finder.goto(`/search?q=${owner.frameNumber}`);
  const card = finder.getByRole('article', { name: owner.bikeName });
  await expect(card.getByText(tr('bike-card:card.seenItLead'))).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('link', { name: tr('bike-card:card.contactOwner') })).toHaveCount(0);
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'search-stolen-en');
  await card.getByRole('link', { name: tr('bike-card:card.seenIt') }).click();
  await expect(finder.getByRole('heading', { level: 1, name: tr('chat-contact:finder.title') })).toBeVisible();
  await expect(finder.getByLabel(tr('chat-contact:finder.message'))).toHaveValue(tr('chat-contact:finder.prefill'));

  // The place by a tap on the map, and a photo.
  const map = await readyMap(finder);
  await map.click({ position: { x: 120, y: 140 } });
  const chosen = finder.getByText(new RegExp(tr('stolen-map:maps.chosen', { place: '' }).trim()));
  await expect(chosen).toBeVisible();
  const chosenText = (await chosen.textContent()) ?? '';
  await finder
    .getByLabel(tr('chat-contact:photo.choose'))
    .setInputFiles({ name: 'bike.jpg', mimeType: 'image/jpeg', buffer: await picture('#27ae60') });
  await expect(finder.getByRole('img', { name: tr('chat-contact:photo.previewAlt') })).toBeVisible();
  await expect(finder.getByText(tr('chat-contact:finder.visitorNote'))).toBeVisible();
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'finder-form-visitor-en');

  // Sending asks them to log in; they do, and come back to text, place and photo.
  await finder.getByRole('button', { name: tr('chat-contact:finder.send') }).click();
  await expect(finder.getByRole('heading', { level: 2, name: tr('chat-contact:contact.loginTitle') })).toBeFocused();
  await finder.getByRole('button', { name: tr('chat-contact:contact.logIn') }).click();
  await expect(finder).toHaveURL(/\/login$/);
  await finder.getByLabel(tr('identity:email'), exact).fill(finderUser.email);
  await finder.getByLabel(tr('identity:login.password'), exact).fill(finderUser.password);
  await finder.getByRole('button', { name: tr('identity:login.submit') }).click();
  await expect(finder).toHaveURL(new RegExp(`/app/bikes/${owner.bikeId}/contact-bike-owner$`));
  await expect(finder.getByRole('heading', { level: 1, name: tr('chat-contact:finder.title') })).toBeVisible();
  await expect(finder.getByText(tr('chat-contact:contact.welcomeBack'))).toBeVisible();
  await expect(finder.getByLabel(tr('chat-contact:finder.message'))).toHaveValue(tr('chat-contact:finder.prefill'));
  await expect(finder.getByText(chosenText, exact)).toBeVisible();
  await expect(finder.getByRole('img', { name: tr('chat-contact:photo.previewAlt') })).toBeVisible();
  await finder.getByRole('button', { name: tr('chat-contact:finder.send') }).click();
  await expect(finder).toHaveURL(/\/app\/chats\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const chatId = new URL(finder.url()).pathname.split('/').pop() ?? '';

  // The owner sees the message with the place and the photo.
  const ownerContext = await contextIn(browser, L, base);
  const ownerPage = await ownerContext.newPage();
  await seedToken(ownerPage, owner.user.token);
  await ownerPage.goto(`/app/chats/${chatId}`);
  const messages = log(ownerPage, L);
  await expect(messages.getByText(tr('chat-contact:finder.prefill'))).toBeVisible({ timeout: 30_000 });
  await expect(messages.getByRole('link', { name: tr('chats:chat.openMap') })).toBeVisible();
  await expect(messages.getByRole('img', { name: tr('chats:chat.photoAlt') })).toBeVisible();
  await expectNoAxeViolations(ownerPage);
  await screenshots(ownerPage, 'conversation-owner-en');
  await Promise.all([ownerContext.close(), finderContext.close()]);
});

test('from the stolen-bike map to the finder’s form, and the plate scan, in Norwegian', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const L: Language = 'no';
  const tr = (key: string, values?: Record<string, string | number>) => lookup(L, key, values);
  const base = baseURL ?? '';
  const owner = await ownerWithStolenBike(request, 'DEMO0049', L);
  const finderUser = await apiSignUp(request, { chosen_language: L, chosen_region: 'no' });
  const finderContext = await contextIn(browser, L, base);
  const finder = await finderContext.newPage();
  await seedToken(finder, finderUser.token);

  // The plate scan in Norwegian.
  await finder.goto('/sticker-id/DEMO0049');
  await expect(finder.getByRole('heading', { level: 1, name: tr('stickers:scan.stolenTitle') })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'sticker-stolen-no');

  // The bike's page on the map has the same call to action (and no link to itself).
  await finder.getByRole('link', { name: tr('bike-card:card.onMap') }).click();
  await expect(finder).toHaveURL(new RegExp(`/stolen-bike-map/${owner.bikeId}$`));
  await expect(finder.getByRole('link', { name: tr('bike-card:card.onMap') })).toHaveCount(0);
  await finder.getByRole('link', { name: tr('bike-card:card.seenIt') }).click();
  await expect(finder.getByRole('heading', { level: 1, name: tr('chat-contact:finder.title') })).toBeVisible();
  const box = finder.getByLabel(tr('chat-contact:finder.message'));
  await expect(box).toHaveValue(tr('chat-contact:finder.prefill'));
  await box.fill('Hei! Sykkelen din står ved Oslo S.');
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'finder-form-no');

  // Without a place or photo the message goes alone; the conversation opens.
  await finder.getByRole('button', { name: tr('chat-contact:finder.send') }).click();
  await expect(finder.getByText(tr('chats:chat.finderSent'))).toBeVisible({ timeout: 20_000 });
  await expect(log(finder, L).getByText('Hei! Sykkelen din står ved Oslo S.')).toBeVisible();
  await expect(log(finder, L).getByTestId('place-map')).toHaveCount(0);
  await finderContext.close();
});
