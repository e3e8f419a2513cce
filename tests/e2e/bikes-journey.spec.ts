import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { plateUrlPath } from '../../src/domain/bikes/plate-id';
import daBike from '../../src/i18n/da/bike.json' with { type: 'json' };
import daBikeCard from '../../src/i18n/da/bike-card.json' with { type: 'json' };
import daBikeTerms from '../../src/i18n/da/bike-terms.json' with { type: 'json' };
import daCommon from '../../src/i18n/da/common.json' with { type: 'json' };
import daMyBikes from '../../src/i18n/da/my-bikes.json' with { type: 'json' };
import daRegister from '../../src/i18n/da/register.json' with { type: 'json' };
import daSearch from '../../src/i18n/da/search.json' with { type: 'json' };
import enBike from '../../src/i18n/en/bike.json' with { type: 'json' };
import enBikeCard from '../../src/i18n/en/bike-card.json' with { type: 'json' };
import enBikeTerms from '../../src/i18n/en/bike-terms.json' with { type: 'json' };
import enCommon from '../../src/i18n/en/common.json' with { type: 'json' };
import enMyBikes from '../../src/i18n/en/my-bikes.json' with { type: 'json' };
import enRegister from '../../src/i18n/en/register.json' with { type: 'json' };
import enSearch from '../../src/i18n/en/search.json' with { type: 'json' };
import noBike from '../../src/i18n/no/bike.json' with { type: 'json' };
import noBikeCard from '../../src/i18n/no/bike-card.json' with { type: 'json' };
import noBikeTerms from '../../src/i18n/no/bike-terms.json' with { type: 'json' };
import noCommon from '../../src/i18n/no/common.json' with { type: 'json' };
import noMyBikes from '../../src/i18n/no/my-bikes.json' with { type: 'json' };
import noRegister from '../../src/i18n/no/register.json' with { type: 'json' };
import noSearch from '../../src/i18n/no/search.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { screenshots, uniqueFrameNumber } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// Issue 4's journey (its Tests bullet), in one test per language: a new user registers a bike by
// uploading a photo of its QR plate → the bike is in my bikes → it is edited → a battery and a lock are
// added → a receipt is uploaded → a public and a private picture are added → a visitor's public search
// finds it by frame number and by plate ID and shows only the public picture. The texts come from the
// catalogs, so one body serves da, en and no.
// Plates for this file (demo seed): DEMO0040–DEMO0049 (da DEMO0040, en DEMO0041, no DEMO0042).

type Catalog = Record<string, unknown>;
type Language = 'da' | 'en' | 'no';

const CATALOGS: Record<Language, Record<string, Catalog>> = {
  da: {
    bike: daBike,
    'bike-card': daBikeCard,
    'bike-terms': daBikeTerms,
    common: daCommon,
    'my-bikes': daMyBikes,
    register: daRegister,
    search: daSearch,
  },
  en: {
    bike: enBike,
    'bike-card': enBikeCard,
    'bike-terms': enBikeTerms,
    common: enCommon,
    'my-bikes': enMyBikes,
    register: enRegister,
    search: enSearch,
  },
  no: {
    bike: noBike,
    'bike-card': noBikeCard,
    'bike-terms': noBikeTerms,
    common: noCommon,
    'my-bikes': noMyBikes,
    register: noRegister,
    search: noSearch,
  },
};

/**
 * A text of the catalog as i18next gives it: `namespace:dotted.key`, {{placeholders}} filled in, and with
 * a `count` the plural form (`_one`, `_other`) of the language.
 */
function lookup(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  const parts = path.split('.');
  const last = parts.pop() ?? '';
  let node: unknown = CATALOGS[language][namespace];
  for (const part of parts) node = (node as Catalog | undefined)?.[part];
  const holder = node as Catalog | undefined;
  let text = holder?.[last];
  if (text === undefined && typeof values.count === 'number') {
    text =
      holder?.[`${last}_${new Intl.PluralRules(language === 'no' ? 'nb' : language).select(values.count)}`] ?? holder?.[`${last}_other`];
  }
  if (typeof text !== 'string') throw new Error(`No text for ${key} in ${language}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const exact = { exact: true } as const;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function redeemVoucher(request: APIRequestContext, token: string): Promise<void> {
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

async function photo(background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The value shown beside a label in a description list of facts (the bike's details, a public card). */
function fact(page: Page, label: string) {
  return page
    .locator('.bike-fact, dl > div')
    .filter({ has: page.locator('dt').getByText(label, exact) })
    .locator('dd');
}

interface Journey {
  language: Language;
  locale: string;
  region: 'dk' | 'no';
  plate: string;
}

const JOURNEYS: Journey[] = [
  { language: 'da', locale: 'da-DK', region: 'dk', plate: 'DEMO0040' },
  { language: 'en', locale: 'en-GB', region: 'dk', plate: 'DEMO0041' },
  { language: 'no', locale: 'nb-NO', region: 'no', plate: 'DEMO0042' },
];

for (const { language, locale, region, plate } of JOURNEYS) {
  test.describe(`in ${language}`, () => {
    test.use({ locale });

    test(`a new user registers a bike from a plate photo, completes it, and a visitor finds it with only its public picture (${language})`, async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const t = (key: string, values?: Record<string, string | number>) => lookup(language, key, values);
      const shot = (name: string) => screenshots(page, `journey-${language}-${name}`);

      const user = await apiSignUp(request, { chosen_language: language, chosen_region: region });
      const owner = { authorization: `Bearer ${user.token}` };
      await redeemVoucher(request, user.token);
      await seedToken(page, user.token);

      // 1. Register: the plate is read from a photo of its QR code; frame number, brand and details typed.
      await page.goto('/app/bikes/register');
      // The first page of a run waits for the server to warm up (2 shared cores).
      await expect(page.getByRole('heading', { level: 1, name: t('register:title') })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByText(t('register:credits.some', { count: 1 }))).toBeVisible();
      await expectNoAxeViolations(page);

      await page.locator('input[type="file"]').setInputFiles({
        name: 'plate.jpg',
        mimeType: 'image/jpeg',
        buffer: await platePhoto(baseURL ?? '', plate),
      });
      await expect(page.getByText(t('register:step2.read', { id: plate }))).toBeVisible({ timeout: 20_000 });
      await expect(page.getByLabel(t('bike-terms:field.bikekey_id'), exact)).toHaveValue(plate);
      await expect(page.getByRole('img', { name: t('register:step2.previewAlt') })).toBeVisible();

      const frameNumber = uniqueFrameNumber('WBK');
      const nickname = `Journey ${language.toUpperCase()}`;
      await page.getByLabel(t('bike-terms:field.frame_number'), exact).fill(frameNumber);
      await page.getByLabel(t('bike-terms:field.brand'), exact).selectOption({ label: 'DBS' });
      await page.getByLabel(t('bike-terms:field.nickname'), exact).fill(nickname);
      await page.getByLabel(t('bike-terms:field.model'), exact).fill('Intermezzo');
      await page.getByLabel(t('bike-terms:field.color_id'), exact).selectOption({ label: t('bike-terms:color.blue') });
      await page.getByLabel(t('bike-terms:field.category_id'), exact).selectOption({ label: t('bike-terms:category.city') });
      await expectNoAxeViolations(page);
      await shot('register');

      await page.getByRole('button', { name: t('register:submit') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('register:done.title') })).toBeVisible();
      await expect(page.getByText(t('register:done.body', { name: nickname }))).toBeVisible();
      await expect(page.getByText(plate, exact)).toBeVisible();
      await expect(page.getByText(t('register:done.photoSaved'))).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page);
      await shot('registered');

      // 2. My bikes: the bike is listed with its plate.
      await page.getByRole('link', { name: t('register:done.myBikes') }).click();
      await expect(page).toHaveURL(/\/app\/my-bikes$/);
      await expect(page.getByRole('heading', { level: 1, name: t('my-bikes:title') })).toBeVisible();
      const row = page.getByRole('listitem').filter({ hasText: plate });
      await expect(row.getByText(frameNumber, exact)).toBeVisible();
      await expect(row.getByText(t('bike-terms:flag.active'), exact)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot('my-bikes');

      // 3. The bike's page, then edit: nickname, model and colour.
      await row.getByRole('link', { name: nickname }).click();
      await expect(page.getByRole('heading', { level: 1, name: nickname })).toBeVisible();
      const bikeId = /\/app\/my-bikes\/([^/?#]+)$/.exec(page.url())?.[1] ?? '';
      expect(bikeId).not.toBe('');
      await expect(fact(page, t('bike-terms:field.frame_number'))).toHaveText(frameNumber);
      await expect(fact(page, t('bike-terms:field.bikekey_id'))).toHaveText(plate);
      await expectNoAxeViolations(page);
      await shot('bike');

      await page.getByRole('button', { name: t('bike:actions.more') }).click();
      await page.getByRole('link', { name: t('bike:details.edit') }).click();
      await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/edit$`));
      await expect(page.getByRole('heading', { level: 1, name: t('bike:edit.title', { name: nickname }) })).toBeVisible();
      const newNickname = `${nickname} (2)`;
      await page.getByLabel(t('bike-terms:field.nickname'), exact).fill(newNickname);
      await page.getByLabel(t('bike-terms:field.model'), exact).fill('Intermezzo Plus');
      await page.getByLabel(t('bike-terms:field.color_id'), exact).selectOption({ label: t('bike-terms:color.green') });
      await expectNoAxeViolations(page);
      await shot('edit');
      await page.getByRole('button', { name: t('bike:edit.save') }).click();
      await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/post-edit$`));
      await expect(page.getByRole('heading', { level: 1, name: t('bike:postEdit.title') })).toBeVisible();
      await expect(page.getByText(t('bike:postEdit.body', { name: newNickname }))).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: t('bike:postEdit.toBike') }).click();
      await expect(page.getByRole('heading', { level: 1, name: newNickname })).toBeVisible();
      await expect(fact(page, t('bike-terms:field.model'))).toHaveText('Intermezzo Plus');
      await expect(fact(page, t('bike-terms:field.color_id'))).toHaveText(t('bike-terms:color.green'));
      await expect(fact(page, t('bike-terms:field.brand'))).toHaveText('DBS');

      // 4. Equipment: a battery with its serial number, a lock with type, brand, model, key and Varefakta number.
      await page.getByRole('link', { name: t('bike:details.editEquipment') }).click();
      await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/edit/equipment$`));
      await expect(page.getByRole('heading', { level: 1, name: t('bike:equipment.pageTitle', { name: newNickname }) })).toBeVisible();
      await expectNoAxeViolations(page);
      const adding = page.getByRole('region', { name: t('bike:equipment.addTitle') });
      await adding.getByRole('button', { name: t('bike:equipment.addType.battery') }).click();
      await adding.getByLabel(t('bike:equipment.fields.serialNumbers'), exact).fill(`BAT-${language}-4711`);
      await adding
        .getByRole('button', { name: t('bike:equipment.create', { type: t('bike-terms:equipment.battery').toLowerCase() }) })
        .click();
      await expect(page.getByText(t('bike:equipment.created', { name: t('bike-terms:equipment.battery') }))).toBeVisible();

      await adding.getByRole('button', { name: t('bike:equipment.addType.lock') }).click();
      await adding.getByLabel(t('bike:equipment.fields.lockType'), exact).selectOption({ label: t('bike-terms:lock.chain') });
      await adding.getByLabel(t('bike:equipment.fields.lockBrand'), exact).fill('Abus');
      await adding.getByLabel(t('bike:equipment.fields.lockModel'), exact).fill('Granit');
      await adding.getByLabel(t('bike:equipment.fields.keyNumber'), exact).fill('K-889');
      await adding.getByLabel(t('bike:equipment.fields.varefakta'), exact).fill('VF-2231');
      await adding.getByLabel(t('bike:equipment.fields.frameMatch'), exact).check();
      await adding
        .getByRole('button', { name: t('bike:equipment.create', { type: t('bike-terms:equipment.lock').toLowerCase() }) })
        .click();
      await expect(page.getByText(t('bike:equipment.created', { name: 'Abus Granit' }))).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t('bike-terms:equipment.battery') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Abus Granit' })).toBeVisible();
      await expect(page.getByText(`BAT-${language}-4711`, exact)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot('equipment');

      // The equipment tab of the bike lists both.
      await page.getByRole('link', { name: t('bike:nav.backToBike') }).click();
      await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}\\?tab=equipment$`));
      await expect(page.getByRole('tab', { name: t('bike:tabs.equipment') })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 3, name: 'Abus Granit' })).toBeVisible();
      await expect(page.getByText('K-889', exact)).toBeVisible();
      await expect(page.getByText('VF-2231', exact)).toBeVisible();
      await expect(page.getByText(t('bike-terms:lock.chain'), exact)).toBeVisible();
      await expectNoAxeViolations(page);

      // 5. A receipt on the documents tab.
      await page.getByRole('tab', { name: t('bike:tabs.documents') }).click();
      await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}\\?tab=documents$`));
      await expect(page.getByLabel(t('bike:documents.kind'))).toHaveValue('receipt');
      await page
        .getByLabel(t('bike:documents.uploadNamed', { kind: t('bike-terms:document.receipt') }))
        .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF });
      await expect(page.getByText(t('bike:documents.uploaded', { name: 'receipt.pdf' }))).toBeVisible();
      const receipt = page.getByRole('listitem').filter({ hasText: 'receipt.pdf' });
      await expect(receipt).toContainText(t('bike-terms:document.receipt'));
      await expect(receipt.getByRole('link', { name: new RegExp(escapeRegExp(t('bike:documents.download'))) })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot('documents');

      // 6. Pictures: the public one, and a private one of the frame number.
      await page.getByRole('tab', { name: t('bike:tabs.details') }).click();
      await page.getByRole('link', { name: t('bike:details.managePictures') }).click();
      await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/edit#pictures$`));
      const publicKind = t('bike-terms:picture.public');
      const frameKind = t('bike-terms:picture.frame_number');
      await page
        .getByLabel(t('bike:pictures.uploadNamed', { kind: publicKind }), exact)
        .setInputFiles({ name: 'bike.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 30, g: 140, b: 60 }) });
      await expect(page.getByText(t('bike:pictures.uploaded', { kind: publicKind }))).toBeVisible({ timeout: 15_000 });
      await page
        .getByLabel(t('bike:pictures.uploadNamed', { kind: frameKind }), exact)
        .setInputFiles({ name: 'frame.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 40, g: 40, b: 50 }) });
      await expect(page.getByText(t('bike:pictures.uploaded', { kind: frameKind }))).toBeVisible({ timeout: 15_000 });
      await expect(page.getByLabel(t('bike:pictures.replaceNamed', { kind: publicKind }), exact)).toBeAttached();
      await expect(page.getByRole('img', { name: publicKind, exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: frameKind, exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot('pictures');

      // What the owner's API says the pictures are: the public one, and the private plate and frame-number ones.
      const listed = await request.get(`/api/bikes/${bikeId}/pictures`, { headers: owner });
      expect(listed.status(), await listed.text()).toBe(200);
      const pictures = (await listed.json()) as { id: string; kind: string; url: string; thumbnail_url: string }[];
      expect(pictures.map((p) => p.kind).sort()).toEqual(['frame_number', 'plate', 'public']);
      const publicPicture = pictures.find((p) => p.kind === 'public');
      const privatePictures = pictures.filter((p) => p.kind !== 'public');
      if (!publicPicture) throw new Error('no public picture');

      // 7. Log out: the visitor's view.
      await page
        .getByRole('banner')
        .getByRole('button', { name: t('common:nav.logOut') })
        .click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('banner').getByRole('link', { name: t('common:nav.logIn') })).toBeVisible();

      const context = await browser.newContext({ baseURL, locale });
      const visitor = await context.newPage();
      const requested: string[] = [];
      const served: { url: string; status: number }[] = [];
      visitor.on('request', (r) => requested.push(r.url()));
      visitor.on('response', (r) => served.push({ url: r.url(), status: r.status() }));
      const publicThumb = `/api/public/pictures/${publicPicture.id}/thumb`;

      await visitor.goto('/search');
      await expect(visitor.getByRole('heading', { level: 1, name: t('search:search.title') })).toBeVisible();
      await expect(visitor.locator('html')).toHaveAttribute('lang', language);
      await expectNoAxeViolations(visitor);

      const cardName = 'DBS Intermezzo Plus';
      for (const [query, what] of [
        [frameNumber, 'frame'],
        [plate, 'plate'],
      ] as const) {
        await visitor.getByLabel(t('search:search.field'), exact).fill(query);
        await visitor.getByRole('button', { name: t('search:search.submit'), exact: true }).click();
        await expect(visitor).toHaveURL(new RegExp(`/search\\?q=${escapeRegExp(encodeURIComponent(query))}$`));
        await expect(visitor.getByRole('heading', { level: 2, name: t('search:search.exactTitle') })).toBeVisible();
        const card = visitor.getByRole('article', { name: cardName });
        await expect(card).toHaveCount(1);
        await expect(fact(visitor, t('bike-card:card.frameNumber'))).toHaveText(frameNumber);
        await expect(fact(visitor, t('bike-card:card.plate'))).toHaveText(plate);
        await expect(fact(visitor, t('bike-card:card.color'))).toHaveText(t('bike-card:color.green'));
        await expect(fact(visitor, t('bike-card:card.category'))).toHaveText(t('bike-card:category.city'));
        // Never the owner, nor the nickname only the owner sees.
        await expect(visitor.getByText(user.email)).toHaveCount(0);
        await expect(visitor.getByText(newNickname)).toHaveCount(0);

        // Only the public picture: one image on the card, served from the public address of that picture.
        const image = card.getByRole('img');
        await expect(image).toHaveCount(1);
        await expect(image).toHaveAccessibleName(t('bike-card:card.pictureAlt', { name: cardName }));
        await expect(image).toHaveAttribute('src', publicThumb);
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        // Fetched from the public address (the second search may take it from the browser's cache).
        expect(served.some((r) => r.url.endsWith(publicThumb) && r.status === 200)).toBe(true);
        const sources = await visitor.locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
        const html = await visitor.content();
        for (const hidden of privatePictures) {
          expect(sources.some((src) => src.includes(hidden.id))).toBe(false);
          expect(requested.some((url) => url.includes(hidden.id))).toBe(false);
          expect(html).not.toContain(hidden.id);
        }
        expect(requested.some((url) => url.includes('/api/files/'))).toBe(false);
        await expectNoAxeViolations(visitor);
        await screenshots(visitor, `journey-${language}-search-${what}`);
      }

      // The private addresses the owner got are refused to the visitor.
      const [privatePicture] = privatePictures;
      if (privatePicture) {
        const response = await visitor.request.get(`/api/public/pictures/${privatePicture.id}/thumb`);
        expect(response.status()).not.toBe(200);
      }
      await context.close();
    });
  });
}
