import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import enChatContact from '../../src/i18n/en/chat-contact.json' with { type: 'json' };
import enChats from '../../src/i18n/en/chats.json' with { type: 'json' };
import enStolenMap from '../../src/i18n/en/stolen-map.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiSignUp, type SignedUp, seedToken } from './support/session';

// Chats on a phone: a conversation fills the screen with the reply box at the bottom and the messages
// scrolling above it, newest in view, whatever the length of the conversation; a shared place reads as what
// its sender called it, or as a small map with "Open in map", never as raw coordinates; and the inbox shows
// each conversation's last message (its text, "You: …", or that it was a place or a photo).
// No plates: the bikes are registered without one.

type Catalog = Record<string, unknown>;
const CATALOGS: Record<string, Catalog> = { chats: enChats, 'chat-contact': enChatContact, 'stolen-map': enStolenMap };

/** An English text as i18next gives it: `namespace:dotted.key` with {{placeholders}} filled. */
function tr(key: string, values: Record<string, string | number> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = CATALOGS[namespace];
  for (const part of path.split('.')) node = (node as Catalog | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };
/** Coordinates written out, as a place must never be shown. */
const COORDINATES = /-?\d{1,3}\.\d{3,},\s*-?\d{1,3}\.\d{3,}/;

async function ownerWithBike(request: APIRequestContext, model: string): Promise<{ user: SignedUp; bikeId: string }> {
  const user = await apiSignUp(request, { chosen_language: 'en' });
  const headers = { authorization: `Bearer ${user.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const created = await request.post('/api/bikes/', {
    headers,
    data: { frame_number: `WPH${randomUUID().replace(/\D/g, '').slice(0, 6)}Z`, searchable: true, brand_name: 'Phonecykel', model },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { user, bikeId: ((await created.json()) as { id: string }).id };
}

async function post<T = { id: string }>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** The reply box and its send button lie wholly on the screen, and the newest message is in view. */
async function expectReplyAtHand(page: Page, newest: Locator): Promise<void> {
  const form = page.locator('form.chat-composer');
  await expect(form).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel(tr('chats:composer.label'))).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: tr('chats:composer.send'), exact: true })).toBeInViewport({ ratio: 1 });
  await expect(newest).toBeInViewport();
  // Nothing of the page was scrolled to get there.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test('a conversation on a phone: the reply box on screen, places in words or on a small map, the inbox previews', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithBike(request, 'Phone one');
  const writer = await apiSignUp(request, { chosen_language: 'en' });
  const chat = await post(request, writer.token, '/api/chats/', { subject_id: owner.bikeId, content: 'Hello, is this your bike?' });
  const messagesUrl = `/api/chats/${chat.id}/messages`;
  // A long conversation: far more than a phone's screen holds.
  for (let i = 1; i <= 30; i++) {
    await post(request, i % 2 ? owner.user.token : writer.token, messagesUrl, { content: `Message number ${i} of a long talk.` });
  }
  await post(request, writer.token, messagesUrl, {
    content: '',
    latitude: 55.68366,
    longitude: 12.57136,
    place_label: 'Outside Nørreport station',
  });
  await post(request, owner.user.token, messagesUrl, { content: 'Thanks! Is that it here?', latitude: 55.6761, longitude: 12.5683 });
  const last = 'See you at the station at five.';
  await post(request, owner.user.token, messagesUrl, { content: last });

  // A second conversation that ends with a place alone.
  const other = await ownerWithBike(request, 'Phone two');
  const second = await post(request, owner.user.token, '/api/chats/', { subject_id: other.bikeId, content: 'I saw your bike.' });
  await post(request, owner.user.token, `/api/chats/${second.id}/messages`, { content: '', latitude: 55.7, longitude: 12.6 });

  const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  await context.addCookies([{ name: 'lang', value: 'en', url: test.info().project.use.baseURL ?? '' }]);
  const page = await context.newPage();
  await seedToken(page, owner.user.token);

  // The inbox: each conversation's last message, with who wrote it.
  await page.goto('/app/chats');
  const rows = page.locator('.chat-list > li');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Phone one' }).locator('.chat-row-preview')).toHaveText(tr('chats:inbox.mine', { text: last }));
  await expect(rows.filter({ hasText: 'Phone two' }).locator('.chat-row-preview')).toHaveText(
    tr('chats:inbox.mine', { text: tr('chats:inbox.place') }),
  );
  await screenshots(page, 'phone-inbox');

  // The conversation opens with the reply box on screen and the newest message just above it.
  await rows.filter({ hasText: 'Phone one' }).getByRole('link').click();
  const log = page.getByRole('log', { name: tr('chats:chat.logLabel') });
  await expectReplyAtHand(page, log.getByText(last));
  // The log scrolls, not the page: its first messages are out of view above.
  await expect(log.getByText('Message number 1 of a long talk.')).not.toBeInViewport();

  // Places: the one with a name reads as its name; the other is a small map with a link to open it.
  await expect(log.getByText('Outside Nørreport station')).toBeVisible();
  const open = log.getByRole('link', { name: tr('chats:chat.openMap') });
  await expect(open).toHaveCount(2);
  await expect(open.last()).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=55\.67610&mlon=12\.56830/);
  await expect(log.getByTestId('place-map')).toHaveCount(1);
  expect((await log.textContent()) ?? '').not.toMatch(COORDINATES);
  await expectNoAxeViolations(page);
  await screenshots(page, 'phone-conversation');

  // Writing keeps the reply box on screen and the new message in view.
  const box = page.getByLabel(tr('chats:composer.label'));
  await box.fill('On my way now.');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expectReplyAtHand(page, log.getByText('On my way now.'));

  // Sharing a place with a name: the composer and the message say the name, not coordinates.
  await page.getByRole('button', { name: tr('chats:composer.sharePlace') }).click();
  const dialog = page.getByRole('dialog', { name: tr('chats:composer.placeTitle') });
  await dialog.getByRole('button', { name: tr('stolen-map:maps.pinAtCentre') }).click();
  await dialog.getByLabel(tr('chat-contact:place.name')).fill('By the blue door');
  await dialog.getByRole('button', { name: tr('chats:composer.placeConfirm') }).click();
  await expect(page.getByText(tr('chats:composer.placeChosen', { label: 'By the blue door' }))).toBeVisible();
  expect(await page.locator('form.chat-composer').textContent()).not.toMatch(COORDINATES);
  await box.press('Enter');
  await expect(page.getByText(tr('chats:composer.placeChosen', { label: 'By the blue door' }))).toHaveCount(0);
  await expectReplyAtHand(page, log.getByText('By the blue door'));

  // A small phone and a desktop, freshly opened.
  for (const size of [SMALL_PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.reload();
    await expectReplyAtHand(page, log.getByText('By the blue door'));
  }
  await context.close();
});

test('on a small phone the reply box stays on screen under an ownership request’s panel too', async ({ browser, request }) => {
  const owner = await ownerWithBike(request, 'Phone three');
  const asker = await apiSignUp(request, { chosen_language: 'en' });
  const { chat_id: chatId } = await post<{ chat_id: string }>(request, asker.token, `/api/bikes/${owner.bikeId}/ownership-requests`, {
    content: 'I bought this bike from you last year; please hand it over.',
  });
  const context = await browser.newContext({ viewport: SMALL_PHONE, locale: 'en-GB' });
  await context.addCookies([{ name: 'lang', value: 'en', url: test.info().project.use.baseURL ?? '' }]);
  const page = await context.newPage();
  await seedToken(page, owner.user.token);
  await page.goto(`/app/chats/${chatId}`);
  const form = page.locator('form.chat-composer');
  await expect(form).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: tr('chats:composer.send'), exact: true })).toBeInViewport({ ratio: 1 });
  await screenshots(page, 'small-phone-ownership-request');
  await context.close();
});
