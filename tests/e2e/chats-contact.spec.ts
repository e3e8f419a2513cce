import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import daBikeCard from '../../src/i18n/da/bike-card.json' with { type: 'json' };
import daChatContact from '../../src/i18n/da/chat-contact.json' with { type: 'json' };
import daChats from '../../src/i18n/da/chats.json' with { type: 'json' };
import daCommon from '../../src/i18n/da/common.json' with { type: 'json' };
import daErrors from '../../src/i18n/da/errors.json' with { type: 'json' };
import daIdentity from '../../src/i18n/da/identity.json' with { type: 'json' };
import enBikeCard from '../../src/i18n/en/bike-card.json' with { type: 'json' };
import enChatContact from '../../src/i18n/en/chat-contact.json' with { type: 'json' };
import enChats from '../../src/i18n/en/chats.json' with { type: 'json' };
import enCommon from '../../src/i18n/en/common.json' with { type: 'json' };
import enIdentity from '../../src/i18n/en/identity.json' with { type: 'json' };
import noBikeCard from '../../src/i18n/no/bike-card.json' with { type: 'json' };
import noChatContact from '../../src/i18n/no/chat-contact.json' with { type: 'json' };
import noChats from '../../src/i18n/no/chats.json' with { type: 'json' };
import noCommon from '../../src/i18n/no/common.json' with { type: 'json' };
import noIdentity from '../../src/i18n/no/identity.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { screenshots } from './support/screenshots';
import { apiLogin, apiSignUp, DEMO, type SignedUp, seedToken, uniqueEmail } from './support/session';

// Issue 5, contacting an owner anonymously: a finder (a visitor) finds a bike, writes to its owner, signs
// up or logs in on the way and comes back to the message, which is kept; the owner and the finder then
// chat in real time, each in their own browser context, and neither ever sees who the other is unless
// they choose to show it. Sharing contact, blocking and reporting (a ticket staff read and close) too.
// The texts come from the catalogs, so the main journey runs in Danish, English and Norwegian.
// Plates for this file (demo seed): DEMO0030–DEMO0034.

type Catalog = Record<string, unknown>;
type Language = 'da' | 'en' | 'no';

const CATALOGS: Record<Language, Record<string, Catalog>> = {
  da: { chats: daChats, 'chat-contact': daChatContact, 'bike-card': daBikeCard, common: daCommon, identity: daIdentity },
  en: { chats: enChats, 'chat-contact': enChatContact, 'bike-card': enBikeCard, common: enCommon, identity: enIdentity },
  no: { chats: noChats, 'chat-contact': noChatContact, 'bike-card': noBikeCard, common: noCommon, identity: noIdentity },
};

/** A text as i18next gives it: `namespace:dotted.key`, {{placeholders}} filled, with `count` its plural form. */
function lookup(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  const parts = path.split('.');
  const last = parts.pop() ?? '';
  let node: unknown = CATALOGS[language][namespace];
  for (const part of parts) node = (node as Catalog | undefined)?.[part];
  const holder = node as Catalog | undefined;
  let text = holder?.[last];
  if (text === undefined && typeof values.count === 'number') {
    text = holder?.[`${last}_${new Intl.PluralRules(language === 'no' ? 'nb' : language).select(values.count)}`];
  }
  if (typeof text !== 'string') throw new Error(`No text for ${key} in ${language}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const exact = { exact: true } as const;

interface Owner {
  user: SignedUp;
  bikeId: string;
  frameNumber: string;
  bikeName: string;
}

/** A new user with a registered, searchable bike on `plate`. */
async function ownerWithBike(request: APIRequestContext, plate: string, language: Language): Promise<Owner> {
  const user = await apiSignUp(request, { chosen_language: language, chosen_region: language === 'no' ? 'no' : 'dk' });
  const headers = { authorization: `Bearer ${user.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const frameNumber = `WCH${randomUUID().replace(/\D/g, '').slice(0, 6)}Z`;
  const model = `Finder ${plate.slice(-2)}`;
  const created = await request.post('/api/bikes/', {
    headers,
    data: { frame_number: frameNumber, bikekey_id: plate, searchable: true, brand_name: 'Chatcykel', model },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { user, bikeId: ((await created.json()) as { id: string }).id, frameNumber, bikeName: `Chatcykel ${model}` };
}

/** A browser context in `language` (the language cookie, as the header's language switcher sets it). */
async function contextIn(browser: Browser, language: Language, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: { da: 'da-DK', en: 'en-GB', no: 'nb-NO' }[language] });
  await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
  return context;
}

async function sendInComposer(page: Page, language: Language, text: string): Promise<void> {
  const box = page.getByLabel(lookup(language, 'chats:composer.label'));
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The conversation's log: where the messages are. */
const log = (page: Page, language: Language) => page.getByRole('log', { name: lookup(language, 'chats:chat.logLabel') });

/** Opens the conversation's options and picks one. */
async function chooseAction(page: Page, language: Language, action: string): Promise<void> {
  await page.getByRole('button', { name: lookup(language, 'chats:actions.menu') }).click();
  await page.getByRole('button', { name: lookup(language, `chats:actions.${action}`) }).click();
}

test('a finder writes to an owner anonymously, signs up on the way, and they chat in real time; share, block, report (Danish)', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const L: Language = 'da';
  const tr = (key: string, values?: Record<string, string | number>) => lookup(L, key, values);
  const base = baseURL ?? '';
  const owner = await ownerWithBike(request, 'DEMO0030', L);

  // The owner has their inbox open; it is empty, and says how conversations start.
  const ownerContext = await contextIn(browser, L, base);
  const ownerPage = await ownerContext.newPage();
  await seedToken(ownerPage, owner.user.token);
  await ownerPage.goto('/app/chats');
  await expect(ownerPage.getByRole('heading', { level: 1, name: tr('chats:inbox.title') })).toBeVisible({ timeout: 30_000 });
  await expect(ownerPage.getByRole('heading', { level: 2, name: tr('chats:inbox.emptyTitle') })).toBeVisible();
  await expectNoAxeViolations(ownerPage);
  await screenshots(ownerPage, 'inbox-empty');

  // The finder, a visitor, finds the bike in the public search and writes to its owner.
  const finderContext = await contextIn(browser, L, base);
  const finder = await finderContext.newPage();
  await finder.goto(`/search?q=${owner.frameNumber}`);
  await finder.getByRole('link', { name: tr('bike-card:card.contactOwnerOf', { name: owner.bikeName }) }).click();
  await expect(finder).toHaveURL(new RegExp(`/app/bikes/${owner.bikeId}/contact-bike-owner$`));
  await expect(finder.getByRole('heading', { level: 1, name: tr('chat-contact:contact.title') })).toBeVisible();
  await expect(finder.getByRole('heading', { level: 2, name: owner.bikeName })).toBeVisible();
  await expect(finder.getByText(tr('chat-contact:contact.anonymity'))).toBeVisible();
  const shareBox = finder.getByLabel(tr('chat-contact:contact.shareContact'));
  await expect(shareBox).not.toBeChecked();
  const message = 'Hej! Jeg tror, jeg har set din cykel ved Nørreport station i dag kl. 8.';
  const messageBox = finder.getByLabel(tr('chat-contact:contact.message'));
  await messageBox.fill(message);
  await expect(finder.getByText(tr('chat-contact:field.counter', { used: message.length, max: 2000 }))).toBeVisible();
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'contact-visitor');

  // Sending asks the visitor to log in or sign up; the message survives a reload meanwhile.
  await finder.getByRole('button', { name: tr('chat-contact:contact.send') }).click();
  await expect(finder.getByRole('heading', { level: 2, name: tr('chat-contact:contact.loginTitle') })).toBeFocused();
  await expectNoAxeViolations(finder);
  await finder.reload();
  await expect(finder.getByLabel(tr('chat-contact:contact.message'))).toHaveValue(message);
  await finder.getByRole('button', { name: tr('chat-contact:contact.send') }).click();
  await finder.getByRole('button', { name: tr('chat-contact:contact.signUp') }).click();

  // Sign up as a new user; the welcome page reminds them of the message, which is still there.
  await expect(finder).toHaveURL(/\/signup$/);
  const finderEmail = uniqueEmail('finder');
  await finder.getByLabel(tr('identity:email'), exact).fill(finderEmail);
  await finder.getByLabel(tr('identity:signup.password'), exact).fill('finder-hemmelig-1');
  await finder.getByLabel(tr('identity:signup.region')).selectOption({ label: tr('identity:signup.regions.dk') });
  await finder.getByLabel(tr('identity:signup.terms')).check();
  await finder.getByRole('button', { name: tr('identity:signup.submit') }).click();
  await expect(finder).toHaveURL(/\/app\/redirects\/signup-complete/);
  await finder.getByRole('link', { name: tr('identity:toApp') }).click();
  await expect(finder.getByText(tr('chats:pending.text'))).toBeVisible();
  await expectNoAxeViolations(finder);
  await finder.getByRole('link', { name: tr('chats:pending.continue') }).click();
  await expect(finder.getByLabel(tr('chat-contact:contact.message'))).toHaveValue(message);
  await expect(finder.getByText(tr('chat-contact:contact.welcomeBack'))).toBeVisible();
  await finder.getByRole('button', { name: tr('chat-contact:contact.send') }).click();
  await expect(finder).toHaveURL(/\/contact-bike-owner\/success\?chat=/);
  await expect(finder.getByRole('heading', { level: 1, name: tr('chats:success.title') })).toBeVisible();
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'contact-success');
  const chatId = new URL(finder.url()).searchParams.get('chat') ?? '';
  expect(chatId).not.toBe('');

  // The owner's inbox shows it without a reload: the bike, the preview, one unread, and the header badge.
  const row = ownerPage.getByRole('link', { name: new RegExp(owner.bikeName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(message);
  await expect(row).toContainText(tr('chats:inbox.role.owner'));
  await expect(row).toContainText(tr('chats:inbox.unread', { count: 1 }));
  const badgeLink = ownerPage.getByRole('link', { name: `${tr('common:nav.messages')} ${tr('chats:badge.unread', { count: 1 })}` });
  await expect(badgeLink).toBeVisible();
  await expectNoAxeViolations(ownerPage);
  await screenshots(ownerPage, 'inbox');
  // On a phone the links are in the closed menu: its button carries the count.
  const desktop = ownerPage.viewportSize();
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await expect(ownerPage.getByRole('button', { name: `${tr('common:nav.menu')} ${tr('chats:badge.unread', { count: 1 })}` })).toBeVisible();
  if (desktop) await ownerPage.setViewportSize(desktop);

  // The inbox search finds the message.
  await ownerPage.getByLabel(tr('chats:inbox.search')).fill('Nørreport');
  await expect(ownerPage).toHaveURL(/\?q=N%C3%B8rreport$/);
  await expect(ownerPage.getByText(tr('chats:inbox.found', { count: 1, q: 'Nørreport' }))).toBeAttached();
  await ownerPage.getByLabel(tr('chats:inbox.search')).fill('cykelhjelm');
  await expect(ownerPage.getByText(tr('chats:inbox.noMatches', { q: 'cykelhjelm' }))).toBeVisible();
  await ownerPage.getByLabel(tr('chats:inbox.search')).fill('');
  await expect(row).toBeVisible();

  // The owner opens it: the bike on top, the message, and reading clears the badge.
  await row.click();
  await expect(ownerPage).toHaveURL(new RegExp(`/app/chats/${chatId}$`));
  await expect(ownerPage.getByRole('heading', { level: 1, name: owner.bikeName })).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: tr('chats:chat.toMyBike') })).toHaveAttribute('href', `/app/my-bikes/${owner.bikeId}`);
  await expect(log(ownerPage, L).getByText(message)).toBeVisible();
  await expect(log(ownerPage, L).getByText(tr('chats:chat.role.sender'))).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: tr('common:nav.messages'), exact: true })).toBeVisible();
  await expectNoAxeViolations(ownerPage);
  await screenshots(ownerPage, 'conversation-owner');

  // The finder opens the conversation; they chat back and forth, and each message arrives without a reload.
  await finder.getByRole('link', { name: tr('chats:success.toChat') }).click();
  await expect(finder.getByRole('heading', { level: 1, name: owner.bikeName })).toBeVisible();
  await expect(finder.getByText(tr('chats:inbox.role.sender'))).toBeVisible();
  await expect(finder.getByRole('link', { name: tr('chats:chat.toMyBike') })).toHaveCount(0);
  const reply = 'Tusind tak! Står den der stadig?';
  await sendInComposer(ownerPage, L, reply);
  await expect(log(ownerPage, L).getByText(reply)).toBeVisible();
  await expect(log(finder, L).getByText(reply)).toBeVisible();
  await expect(log(finder, L).getByText(tr('chats:chat.role.owner'))).toBeVisible();
  // Shift+Enter makes a new line; the button sends.
  const composer = finder.getByLabel(tr('chats:composer.label'));
  await composer.fill('Ja, ved cykelstativet.');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Den er låst med en kæde.');
  await expect(composer).toHaveValue('Ja, ved cykelstativet.\nDen er låst med en kæde.');
  await finder.getByRole('button', { name: tr('chats:composer.send'), exact: true }).click();
  await expect(log(ownerPage, L).getByText('Den er låst med en kæde.')).toBeVisible();
  // The owner has the conversation open: what arrives is read at once, so no badge comes back.
  await expect(ownerPage.getByRole('link', { name: tr('common:nav.messages'), exact: true })).toBeVisible();
  await expect(ownerPage.locator('.nav-badge')).toHaveCount(0);
  await expectNoAxeViolations(finder);
  await screenshots(finder, 'conversation-finder');

  // Anonymity: neither page nor any chat answer shows the other's email.
  expect(await ownerPage.content()).not.toContain(finderEmail);
  expect(await finder.content()).not.toContain(owner.user.email);
  const finderToken = await apiLogin(request, finderEmail, 'finder-hemmelig-1');
  const asOwner = await request.get(`/api/chats/${chatId}`, { headers: { authorization: `Bearer ${owner.user.token}` } });
  expect(await asOwner.text()).not.toContain(finderEmail);
  const asFinder = await request.get(`/api/chats/${chatId}/messages`, { headers: { authorization: `Bearer ${finderToken}` } });
  expect(await asFinder.text()).not.toContain(owner.user.email);

  // The finder shows their contact; the owner sees it at once.
  await chooseAction(finder, L, 'share');
  await expect(finder.getByText(tr('chats:actions.sharedNow'))).toBeVisible();
  await expect(finder.getByText(tr('chats:contactPanel.iShare'))).toBeVisible();
  await expect(ownerPage.getByRole('heading', { level: 2, name: tr('chats:contactPanel.title') })).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: finderEmail })).toHaveAttribute('href', `mailto:${finderEmail}`);
  expect(await finder.content()).not.toContain(owner.user.email);
  await expectNoAxeViolations(ownerPage);

  // The finder reports the conversation.
  await chooseAction(finder, L, 'report');
  const reportDialog = finder.getByRole('dialog', { name: tr('chats:actions.reportTitle') });
  await expect(reportDialog).toBeVisible();
  await expectNoAxeViolations(finder);
  await reportDialog.getByLabel(tr('chats:actions.reportReason')).fill('Ejeren beder mig om penge for at hente cyklen.');
  await reportDialog.getByRole('button', { name: tr('chats:actions.reportSend') }).click();
  await expect(reportDialog.getByText(tr('chats:actions.reported'))).toBeVisible();
  await reportDialog.getByRole('button', { name: tr('chats:actions.close') }).click();
  await expect(reportDialog).toBeHidden();

  // The owner blocks the finder (after a question); the finder can read but no longer write.
  await chooseAction(ownerPage, L, 'block');
  const blockDialog = ownerPage.getByRole('dialog', { name: tr('chats:actions.blockTitle') });
  await expect(blockDialog).toBeVisible();
  await screenshots(ownerPage, 'block-dialog');
  await blockDialog.getByRole('button', { name: tr('chats:actions.blockConfirm'), exact: true }).click();
  await expect(ownerPage.getByText(tr('chats:chat.blockedByMe'))).toBeVisible();
  await expect(finder.getByText(tr('chats:chat.blockedByOther'))).toBeVisible();
  await expect(finder.getByLabel(tr('chats:composer.label'))).toHaveCount(0);
  await expect(log(finder, L).getByText(reply)).toBeVisible();
  await expectNoAxeViolations(finder);

  // Writing to the owner again about the bike is refused in the finder's language; the text stays.
  await finder.goto(`/app/bikes/${owner.bikeId}/contact-bike-owner`);
  await finder.getByLabel(tr('chat-contact:contact.message')).fill('Hallo igen?');
  await finder.getByRole('button', { name: tr('chat-contact:contact.send') }).click();
  await expect(finder.getByRole('alert')).toContainText(daErrors.chat_blocked);
  await expect(finder.getByLabel(tr('chat-contact:contact.message'))).toHaveValue('Hallo igen?');

  // The owner unblocks; writing works again.
  await chooseAction(ownerPage, L, 'unblock');
  await expect(ownerPage.getByText(tr('chats:actions.unblockedNow'))).toBeVisible();
  await expect(ownerPage.getByLabel(tr('chats:composer.label'))).toBeVisible();

  // Staff read the ticket with the conversation, and close it.
  const staffContext = await contextIn(browser, L, base);
  const staff = await staffContext.newPage();
  await seedToken(staff, await apiLogin(request, DEMO.staff.email, DEMO.staff.password));
  await staff.goto('/backoffice/tickets');
  await expect(staff.getByRole('heading', { level: 1, name: tr('chats:tickets.title') })).toBeVisible();
  const ticket = staff.getByRole('listitem').filter({ hasText: 'Ejeren beder mig om penge' });
  await expect(ticket).toContainText(finderEmail);
  await expectNoAxeViolations(staff);
  await screenshots(staff, 'tickets');
  await ticket.getByRole('link').click();
  await expect(staff.getByRole('heading', { level: 1, name: tr('chats:tickets.ticketTitle') })).toBeVisible();
  await expect(staff.getByText(message)).toBeVisible();
  await expect(staff.getByText(owner.user.email)).toBeVisible();
  await expectNoAxeViolations(staff);
  await screenshots(staff, 'ticket');
  await staff.getByRole('button', { name: tr('chats:tickets.close') }).click();
  await expect(staff.getByText(tr('chats:tickets.closedNow'))).toBeVisible();
  await staff.getByRole('link', { name: tr('chats:tickets.back') }).click();
  await expect(staff.getByText('Ejeren beder mig om penge')).toHaveCount(0);
  await staff.getByRole('button', { name: tr('chats:tickets.status.closed') }).click();
  await expect(staff.getByText('Ejeren beder mig om penge')).toBeVisible();

  // An owner cannot write to themselves about their own bike: said in their language, the text kept.
  await ownerPage.goto(`/app/bikes/${owner.bikeId}/contact-bike-owner`);
  await ownerPage.getByLabel(tr('chat-contact:contact.message')).fill('Til mig selv');
  await ownerPage.getByRole('button', { name: tr('chat-contact:contact.send') }).click();
  await expect(ownerPage.getByText(daErrors.chat_own_bike)).toBeVisible();
  await expect(ownerPage.getByLabel(tr('chat-contact:contact.message'))).toHaveValue('Til mig selv');
  await expectNoAxeViolations(ownerPage);

  await Promise.all([ownerContext.close(), finderContext.close(), staffContext.close()]);
});

for (const [L, plate] of [
  ['en', 'DEMO0031'],
  ['no', 'DEMO0032'],
] as const) {
  test(`a finder scans the plate, logs in on the way and chats with the owner in real time (${L})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tr = (key: string, values?: Record<string, string | number>) => lookup(L, key, values);
    const base = baseURL ?? '';
    const owner = await ownerWithBike(request, plate, L);
    const finderUser = await apiSignUp(request, { chosen_language: L, chosen_region: L === 'no' ? 'no' : 'dk' });

    // The finder, not logged in, scans the plate and writes to the owner.
    const finderContext = await contextIn(browser, L, base);
    const finder = await finderContext.newPage();
    await finder.goto(`/sticker-id/${plate}`);
    await finder.getByRole('link', { name: tr('bike-card:card.contactOwnerOf', { name: owner.bikeName }) }).click({ timeout: 30_000 });
    await expect(finder.getByRole('heading', { level: 1, name: tr('chat-contact:contact.title') })).toBeVisible();
    const message = L === 'en' ? 'Hello, I found your bike in the park.' : 'Hei, jeg fant sykkelen din i parken.';
    await finder.getByLabel(tr('chat-contact:contact.message')).fill(message);
    await finder.getByLabel(tr('chat-contact:contact.shareContact')).check();
    await expectNoAxeViolations(finder);
    await screenshots(finder, `contact-${L}`);
    await finder.getByRole('button', { name: tr('chat-contact:contact.send') }).click();
    await finder.getByRole('button', { name: tr('chat-contact:contact.logIn') }).click();

    // Logging in brings them back to the message, still there, with the choice to show their contact.
    await expect(finder).toHaveURL(/\/login$/);
    await finder.getByLabel(tr('identity:email'), exact).fill(finderUser.email);
    await finder.getByLabel(tr('identity:login.password'), exact).fill(finderUser.password);
    await finder.getByRole('button', { name: tr('identity:login.submit') }).click();
    await expect(finder).toHaveURL(new RegExp(`/app/bikes/${owner.bikeId}/contact-bike-owner$`));
    await expect(finder.getByLabel(tr('chat-contact:contact.message'))).toHaveValue(message);
    await expect(finder.getByLabel(tr('chat-contact:contact.shareContact'))).toBeChecked();
    await expect(finder.getByText(tr('chat-contact:contact.welcomeBack'))).toBeVisible();
    await finder.getByRole('button', { name: tr('chat-contact:contact.send') }).click();
    await expect(finder.getByRole('heading', { level: 1, name: tr('chats:success.title') })).toBeVisible();
    await finder.getByRole('link', { name: tr('chats:success.toChat') }).click();
    await expect(finder.getByRole('heading', { level: 1, name: owner.bikeName })).toBeVisible();

    // The owner finds it in the inbox, with the finder's shared contact, and answers; the finder sees it at once.
    const ownerContext = await contextIn(browser, L, base);
    const ownerPage = await ownerContext.newPage();
    await seedToken(ownerPage, owner.user.token);
    await ownerPage.goto('/app/chats');
    await expect(
      ownerPage.getByRole('link', { name: `${tr('common:nav.messages')} ${tr('chats:badge.unread', { count: 1 })}` }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await ownerPage.getByRole('link', { name: new RegExp(owner.bikeName) }).click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: owner.bikeName })).toBeVisible();
    await expect(log(ownerPage, L).getByText(message)).toBeVisible();
    await expect(ownerPage.getByRole('link', { name: finderUser.email })).toBeVisible();
    await expectNoAxeViolations(ownerPage);
    await screenshots(ownerPage, `conversation-${L}`);
    const reply = L === 'en' ? 'Thank you so much! I will come at once.' : 'Tusen takk! Jeg kommer med en gang.';
    await sendInComposer(ownerPage, L, reply);
    await expect(log(finder, L).getByText(reply)).toBeVisible();
    const answer = L === 'en' ? 'I will wait by the gate.' : 'Jeg venter ved porten.';
    await sendInComposer(finder, L, answer);
    await expect(log(ownerPage, L).getByText(answer)).toBeVisible();
    expect(await finder.content()).not.toContain(owner.user.email);
    await expectNoAxeViolations(finder);

    if (L === 'en') {
      // A place and a photo (as the theft pages send them): the owner sees a small map with a link and the photo at once.
      const chatId = new URL(finder.url()).pathname.split('/').pop() ?? '';
      const headers = { authorization: `Bearer ${finderUser.token}` };
      const located = await request.post(`/api/chats/${chatId}/messages`, {
        headers,
        data: { content: 'It stands here.', latitude: 55.6761, longitude: 12.5683 },
      });
      expect(located.status(), await located.text()).toBe(201);
      const place = log(ownerPage, L).getByRole('link', { name: tr('chats:chat.openMap') });
      await expect(place).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=55.67610&mlon=12.56830#map=17/55.67610/12.56830');
      const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2e86de' } })
        .png()
        .toBuffer();
      const photo = await request.post(`/api/chats/${chatId}/messages/photo`, {
        headers,
        multipart: { content: 'A photo of it.', file: { name: 'bike.png', mimeType: 'image/png', buffer: picture } },
      });
      expect(photo.status(), await photo.text()).toBe(201);
      const thumbnail = log(ownerPage, L).getByRole('img', { name: tr('chats:chat.photoAlt') });
      await expect(thumbnail).toBeVisible();
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectNoAxeViolations(ownerPage);
      await screenshots(ownerPage, 'conversation-place-photo');

      // A long conversation opens on its newest messages; older ones come on request.
      for (let i = 1; i <= 52; i++) {
        const sent = await request.post(`/api/chats/${chatId}/messages`, { headers, data: { content: `Update number ${i}` } });
        expect(sent.status()).toBe(201);
      }
      await ownerPage.reload();
      await expect(log(ownerPage, L).getByText('Update number 52')).toBeVisible();
      await expect(log(ownerPage, L).getByText(message)).toHaveCount(0);
      await log(ownerPage, L)
        .getByRole('button', { name: tr('chats:chat.loadOlder') })
        .click();
      await expect(log(ownerPage, L).getByText(message)).toBeVisible();
      await expect(log(ownerPage, L).getByRole('button', { name: tr('chats:chat.loadOlder') })).toHaveCount(0);
    }

    await Promise.all([ownerContext.close(), finderContext.close()]);
  });
}
