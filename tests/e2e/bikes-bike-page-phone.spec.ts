import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiLogin, apiSignUp, seedToken } from './support/session';

// The bike page on a phone (hardening): one prominent "Report stolen" (or "My bike is found" for a stolen
// bike), the other actions in a menu that opens and closes by touch and keyboard, tabs whose labels fit,
// plain status words, and the public picture shown whole wherever strangers see it. No plates: the bike
// is registered by frame number only, so this file takes none of the shared demo plates.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function bikeWithWidePicture(request: APIRequestContext, nickname: string) {
  const user = await apiSignUp(request);
  const headers = { authorization: `Bearer ${user.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const frameNumber = `WBK${randomUUID().replace(/\D/g, '').slice(0, 6)}Z`;
  const created = await request.post('/api/bikes/', { headers, data: { frame_number: frameNumber, nickname, searchable: true } });
  expect(created.status(), await created.text()).toBe(201);
  const bikeId = ((await created.json()) as { id: string }).id;
  // A panorama (3:1): cropped to 4:3 it would lose two thirds of itself.
  const wide = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const picture = await request.post(`/api/bikes/${bikeId}/pictures`, {
    headers,
    multipart: { kind: 'public', file: { name: 'wide.png', mimeType: 'image/png', buffer: wide } },
  });
  expect(picture.status(), await picture.text()).toBe(201);
  return { user, bikeId, frameNumber };
}

/** Every tab's label is whole and on the screen: nothing cut off, nothing to scroll to. */
async function expectTabsFit(page: Page): Promise<void> {
  const tabs = page.getByRole('tablist', { name: 'Om cyklen' }).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  const width = page.viewportSize()?.width ?? 0;
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    const label = await tab.textContent();
    expect(box, label ?? '').not.toBeNull();
    expect(box?.x ?? -1, `${label} starts on screen`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${label} ends on screen`).toBeLessThanOrEqual(width);
    const clipped = await tab.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped, `${label} is not clipped`).toBe(false);
  }
}

/** The picture shows the whole image: its box has the image's own proportions, or the image is fitted inside it. */
async function expectWholePicture(picture: Locator): Promise<void> {
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shown = await picture.evaluate((img: HTMLImageElement) => {
    const fit = getComputedStyle(img).objectFit;
    const boxRatio = img.clientWidth / img.clientHeight;
    const ownRatio = img.naturalWidth / img.naturalHeight;
    return fit === 'contain' || fit === 'scale-down' || Math.abs(boxRatio - ownRatio) < 0.02;
  });
  expect(shown).toBe(true);
}

test('on a phone: one Report stolen, the other actions in a menu, tabs that fit, plain status words, whole pictures', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { user, bikeId, frameNumber } = await bikeWithWidePicture(request, 'Telefoncyklen');
  await seedToken(page, user.token);
  await page.goto(`/app/my-bikes/${bikeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Telefoncyklen' })).toBeVisible({ timeout: 30_000 });

  // Status in words a person understands, not the "Privat" and "Søgbar" badges.
  const status = page.getByRole('list', { name: 'Status' });
  await expect(status).toContainText('Kan findes i søgning');
  await expect(status).toContainText('Kun du kan se dine oplysninger');
  await expect(status.getByText('Søgbar', { exact: true })).toHaveCount(0);
  await expect(status.getByText('Privat', { exact: true })).toHaveCount(0);

  await expectTabsFit(page);

  // One prominent action: report stolen. The rest wait in the menu.
  const actions = page.getByRole('group', { name: 'Handlinger' });
  await expect(actions.getByRole('link', { name: 'Meld stjålet' })).toBeVisible();
  await expect(actions.locator('.btn-primary')).toHaveCount(1);
  await expect(actions.locator('.btn-primary')).toHaveText('Meld stjålet');
  const more = actions.getByRole('button', { name: 'Flere handlinger' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  for (const name of ['Redigér cykel', 'Se hvad andre ser', 'Overdrag ejerskab', 'Salgslink']) {
    await expect(actions.getByRole('link', { name })).toBeHidden();
  }
  await expectNoAxeViolations(page);
  await screenshots(page, 'bike-page-phone');

  // By touch: it opens, shows every action, and a tap outside closes it.
  await more.tap();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Redigér cykel', 'Se hvad andre ser', 'Overdrag ejerskab', 'Bekræft ejerskab', 'Salgslink']) {
    await expect(actions.getByRole('link', { name })).toBeVisible();
  }
  await expect(actions.getByRole('button', { name: 'Slet cykel' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'bike-page-menu-open');
  await page.getByRole('heading', { level: 1 }).tap();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(actions.getByRole('link', { name: 'Redigér cykel' })).toBeHidden();

  // By keyboard: Enter opens it on its first action, arrows move, Escape closes it and gives focus back.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(actions.getByRole('link', { name: 'Redigér cykel' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(actions.getByRole('link', { name: 'Se hvad andre ser' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toBeFocused();

  // Its items work: delete asks first (and cancelling keeps the bike), the public view opens.
  await more.tap();
  await actions.getByRole('button', { name: 'Slet cykel' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Slet Telefoncyklen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annullér' }).tap();
  await expect(dialog).toBeHidden();
  await more.tap();
  await actions.getByRole('link', { name: 'Se hvad andre ser' }).tap();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}/public$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Hvad andre ser' })).toBeVisible();

  // The public picture whole: on the owner's preview and on the card strangers find in search.
  await expectWholePicture(page.getByRole('img', { name: /Offentligt billede/ }));
  await screenshots(page, 'bike-public-phone');
  await page.goto(`/search?q=${encodeURIComponent(frameNumber)}`);
  await expectWholePicture(page.locator('.bike-card-picture img'));
  await screenshots(page, 'bike-search-card-phone');
});

test('a stolen bike on a phone: "My bike is found" is the one prominent action, and reporting stolen is not offered', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'owner@demo.cykelregister.dk', 'demo-owner-2026');
  const bikes = (await (await request.get('/api/bikes/', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: string;
    flags: { reported_stolen: boolean };
  }[];
  const stolen = bikes.find((bike) => bike.flags.reported_stolen);
  expect(stolen).toBeDefined();
  await seedToken(page, token);
  await page.goto(`/app/my-bikes/${stolen?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pendlercyklen' })).toBeVisible({ timeout: 30_000 });

  const actions = page.getByRole('group', { name: 'Handlinger' });
  await expect(actions.locator('.btn-primary')).toHaveCount(1);
  await expect(actions.locator('.btn-primary')).toHaveText('Min cykel er fundet');
  await expect(page.getByRole('link', { name: 'Meld stjålet' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Status' })).toContainText('Meldt stjålet');
  await expectTabsFit(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'bike-page-stolen-phone');

  // A stolen bike cannot be handed over or offered for sale: the menu does not offer either.
  await actions.getByRole('button', { name: 'Flere handlinger' }).tap();
  await expect(actions.getByRole('link', { name: 'Redigér cykel' })).toBeVisible();
  await expect(actions.getByRole('link', { name: 'Overdrag ejerskab' })).toHaveCount(0);
  await expect(actions.getByRole('link', { name: 'Salgslink' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Min cykel er fundet' }).tap();
  await expect(page.getByRole('heading', { level: 2, name: 'Min cykel er fundet' })).toBeVisible();
});
