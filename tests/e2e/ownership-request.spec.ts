import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { ownerWithBike, texts } from './support/ownership';
import { screenshots } from './support/screenshots';
import { apiSignUp, seedToken } from './support/session';

// Issue 5, Ownership: requesting ownership. Someone who holds a bike registered to another (bought used)
// finds it by frame number, writes to the owner, and the request is a conversation; the owner accepts in it
// (a transfer to the writer starts) and the writer takes the bike over. Two browsers, one per side. No plates
// (the bikes are found by frame number).

const t = texts('da');
const exact = { exact: true } as const;

test('a buyer finds a bike by frame number and asks the owner, who accepts in the conversation; the buyer takes it over', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const nickname = 'Brugtkøbt';
  const bikeTitle = 'Raleigh Pioneer';
  // Not searchable: public search would not show it, but the one holding it can still find it here.
  const { owner, bikeId, frameNumber } = await ownerWithBike(request, {
    nickname,
    brand_name: 'Raleigh',
    model: 'Pioneer',
    searchable: false,
  });
  const buyer = await apiSignUp(request);
  await seedToken(page, buyer.token);

  await page.goto('/app/bikes/request-ownership');
  await expect(page.getByRole('heading', { level: 1, name: t('ownership:request.title') })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await screenshots(page, 'request-start');

  // Typed as people type it: lower case, with spaces.
  const typed = `${frameNumber.slice(0, 4)} ${frameNumber.slice(4)}`.toLowerCase();
  await page.getByLabel(t('ownership:request.query')).fill(typed);
  await page.getByRole('button', { name: t('ownership:request.find') }).click();
  const card = page.getByRole('article', { name: bikeTitle });
  await expect(card.getByText(frameNumber, exact)).toBeVisible();
  // The owner's nickname is theirs; the finder sees only the public card.
  await expect(page.getByText(nickname)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'request-found');

  await card.getByRole('link', { name: t('ownership:request.ask') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/bikes/request-ownership/${bikeId}\\?q=`));
  await expect(page.getByRole('heading', { level: 1, name: t('ownership:message.title') })).toBeVisible();
  await expect(page.getByRole('article', { name: bikeTitle })).toBeVisible();
  // An empty message is refused on the field.
  await page.getByRole('button', { name: t('ownership:message.submit') }).click();
  await expect(page.getByText(t('ownership:message.required'))).toBeVisible();
  const message = 'Hej! Jeg købte cyklen brugt på et loppemarked i maj. Vil du overdrage den til mig?';
  await page.getByLabel(t('ownership:message.label')).fill(message);
  // The text survives a reload until it is sent.
  await page.reload();
  await expect(page.getByLabel(t('ownership:message.label'))).toHaveValue(message);
  await expectNoAxeViolations(page);
  await screenshots(page, 'request-message');
  await page.getByRole('button', { name: t('ownership:message.submit') }).click();

  await expect(page).toHaveURL(/\/app\/bikes\/request-ownership\/success\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: t('ownership:sent.title') })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'request-sent');
  const chatId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('link', { name: t('ownership:sent.toChat') })).toHaveAttribute('href', `/app/chats/${chatId}`);

  // The owner, in another browser, sees the request in the conversation and accepts.
  const context = await browser.newContext({ locale: 'da-DK' });
  const ownerPage = await context.newPage();
  await seedToken(ownerPage, owner.token);
  await ownerPage.goto(`/app/chats/${chatId}`);
  const panel = ownerPage.getByRole('region', { name: t('ownership:panel.title') });
  await expect(panel.getByText(t('ownership:panel.owner.pending', { name: bikeTitle }))).toBeVisible({ timeout: 30_000 });
  await expect(ownerPage.getByText(message)).toBeVisible();
  // The owner does not see who wrote.
  await expect(ownerPage.getByText(buyer.email)).toHaveCount(0);
  await expectNoAxeViolations(ownerPage);
  await screenshots(ownerPage, 'request-owner-pending');
  await panel.getByRole('button', { name: t('ownership:panel.accept') }).click();
  const dialog = ownerPage.getByRole('dialog', { name: t('ownership:panel.acceptTitle', { name: bikeTitle }) });
  await expect(dialog).toContainText(t('ownership:panel.acceptBody', { name: bikeTitle }));
  await expectNoAxeViolations(ownerPage);
  await dialog.getByRole('button', { name: t('ownership:panel.acceptConfirm') }).click();
  await expect(panel.getByText(t('ownership:panel.owner.accepted', { name: bikeTitle }))).toBeVisible();
  await expect(panel.getByRole('link', { name: t('ownership:panel.seeTransfer') })).toBeVisible();
  await screenshots(ownerPage, 'request-owner-accepted');

  // The bike now waits for the buyer among their incoming transfers, and the conversation says so too.
  await page.goto('/app/my-bikes/receive-bike');
  await expect(page.getByRole('heading', { level: 1, name: t('ownership:incoming.title') })).toBeVisible();
  const waiting = page.getByRole('list', { name: t('ownership:incoming.listLabel', { count: 1 }) });
  await expect(waiting.getByRole('article', { name: bikeTitle })).toBeVisible();
  await expect(waiting.getByRole('link', { name: t('ownership:incoming.open') })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'request-incoming');
  await page.goto(`/app/chats/${chatId}`);
  const mine = page.getByRole('region', { name: t('ownership:panel.title') });
  await expect(mine.getByText(t('ownership:panel.requester.accepted', { name: bikeTitle }))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'request-buyer-accepted');
  await mine.getByRole('link', { name: t('ownership:panel.takeOver') }).click();
  await expect(page).toHaveURL(/\/app\/my-bikes\/receive-bike\?transfer=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: t('ownership:receive.title', { name: bikeTitle }) })).toBeVisible();
  await expect(page.getByRole('link', { name: t('ownership:detail.toChat') })).toHaveAttribute('href', `/app/chats/${chatId}`);
  await page.getByRole('button', { name: t('ownership:receive.accept'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bikeId}$`));
  await expect(page.getByText(t('ownership:accepted.title'))).toBeVisible();

  // The history: asked for by the buyer ("you"), accepted by the previous owner, taken over.
  await page.getByRole('tab', { name: t('ownership:historyTab') }).click();
  const timeline = page.getByRole('list').filter({ hasText: t('ownership:history.kind.transferred_in') });
  await expect(
    timeline.getByRole('listitem').filter({ has: page.getByText(t('ownership:history.kind.ownership_requested'), exact) }),
  ).toContainText(t('ownership:history.actor.you'));
  await expect(
    timeline.getByRole('listitem').filter({ has: page.getByText(t('ownership:history.kind.ownership_request_accepted'), exact) }),
  ).toContainText(t('ownership:history.actor.previous_owner'));
  await expect(timeline.getByText(t('ownership:history.fromRequest'))).toBeVisible();

  // The bike is gone from the owner's bikes.
  await ownerPage.goto(`/app/my-bikes/${bikeId}`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: t('bike:gate.notFoundTitle') })).toBeVisible();
  await context.close();
});

test('request ownership explains: too short, not found, already mine, already asked; the writer can withdraw', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { owner, bikeId, frameNumber } = await ownerWithBike(request, { brand_name: 'Winther', model: 'Kaffe', searchable: true });
  const { owner: buyer, frameNumber: ownFrame } = await ownerWithBike(request, { nickname: 'Min egen' });
  await seedToken(page, buyer.token);
  await page.goto('/app/bikes/request-ownership');
  await expect(page.getByRole('heading', { level: 1, name: t('ownership:request.title') })).toBeVisible({ timeout: 30_000 });
  const query = page.getByLabel(t('ownership:request.query'));
  const find = page.getByRole('button', { name: t('ownership:request.find') });

  await query.fill('ab1');
  await find.click();
  await expect(page.getByText(t('ownership:request.queryTooShort'))).toBeVisible();

  await query.fill('XQ9999999ZZ');
  await find.click();
  await expect(page.getByText(t('ownership:request.notFoundTitle'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('ownership:request.registerInstead') })).toBeVisible();
  await expectNoAxeViolations(page);

  await query.fill(ownFrame);
  await find.click();
  await expect(page.getByText(t('ownership:request.mine'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('ownership:request.ask') })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'request-mine');

  // Asked already (through the API): the second request is refused, and the text stays in the box.
  const first = await request.post(`/api/bikes/${bikeId}/ownership-requests`, {
    headers: { authorization: `Bearer ${buyer.token}` },
    data: { content: 'Jeg har købt din cykel.' },
  });
  expect(first.status(), await first.text()).toBe(201);
  const { chat_id: chatId } = (await first.json()) as { chat_id: string };
  await query.fill(frameNumber);
  await find.click();
  await page.getByRole('link', { name: t('ownership:request.ask') }).click();
  await page.getByLabel(t('ownership:message.label')).fill('Endnu en gang');
  await page.getByRole('button', { name: t('ownership:message.submit') }).click();
  await expect(page.getByText(t('ownership:errors.request_pending'))).toBeVisible();
  await expect(page.getByLabel(t('ownership:message.label'))).toHaveValue('Endnu en gang');
  await expect(page.getByRole('link', { name: t('ownership:message.toChats') })).toBeVisible();
  await expectNoAxeViolations(page);

  // The writer withdraws it in the conversation.
  await page.goto(`/app/chats/${chatId}`);
  const panel = page.getByRole('region', { name: t('ownership:panel.title') });
  await expect(panel.getByText(t('ownership:panel.requester.pending', { name: 'Winther Kaffe' }))).toBeVisible();
  await panel.getByRole('button', { name: t('ownership:panel.withdraw') }).click();
  const dialog = page.getByRole('dialog', { name: t('ownership:panel.withdrawTitle') });
  await expect(dialog).toContainText(t('ownership:panel.withdrawBody', { name: 'Winther Kaffe' }));
  await dialog.getByRole('button', { name: t('ownership:panel.withdrawConfirm') }).click();
  await expect(panel.getByText(t('ownership:panel.requester.withdrawn'))).toBeVisible();
  await expect(panel.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The owner's side says so too.
  const answer = await request.get(`/api/chats/${chatId}`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { ownership_request: { status: string } }).ownership_request.status).toBe('withdrawn');
});
