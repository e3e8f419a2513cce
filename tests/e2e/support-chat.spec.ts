import { randomUUID } from 'node:crypto';
import { type Browser, expect, test } from '@playwright/test';
import common from '../../src/i18n/da/common.json' with { type: 'json' };
import errors from '../../src/i18n/da/errors.json' with { type: 'json' };
import support from '../../src/i18n/da/support.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe';
import { mailTo } from './support/mailbox';
import { screenshots, uniqueFrameNumber } from './support/screenshots';
import { apiLogin, apiSignUp, DEMO, seedToken, uniqueEmail } from './support/session';

// Issue 14, support chat: a user writes to support from the menu; staff find the conversation as a ticket with the
// user's bike beside it, take it, answer with a canned reply, and the user — in another browser — sees the answer
// arrive without reloading; staff close it and the user sees that too. A visitor writes with their email and is
// mailed the link back. In Danish, the texts taken from the catalogs.

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

async function danishContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ locale: 'da-DK' });
  await context.addCookies([{ name: 'lang', value: 'da', url: baseURL }]);
  return context;
}

test('a user writes to support; staff answer with a canned reply, seen live; staff close it', async ({ browser, request, baseURL }) => {
  const base = baseURL ?? '';
  const user = await apiSignUp(request, { chosen_language: 'da' });
  const headers = { authorization: `Bearer ${user.token}` };
  const redeem = await request.post('/api/webshop/vouchers/redeem', { headers, data: { code: 'DEMO-BIKE-2026' } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  const model = `Hjælp ${randomUUID().slice(0, 6)}`;
  const bike = await request.post('/api/bikes/', {
    headers,
    data: { frame_number: uniqueFrameNumber(), brand_name: 'Supportcykel', model, searchable: false },
  });
  expect(bike.status(), await bike.text()).toBe(201);

  const staffToken = await apiLogin(request, DEMO.staff.email, DEMO.staff.password);
  const canned = {
    title: `Overdragelse ${randomUUID().slice(0, 6)}`,
    body_da: 'Åbn cyklen under Mine cykler og vælg Overdrag ejerskab.',
    body_en: 'Open the bike under My bikes and choose Transfer ownership.',
    body_no: 'Åpne sykkelen under Mine sykler og velg Overdra eierskap.',
  };
  const created = await request.post('/api/backoffice/support/canned-replies', {
    headers: { authorization: `Bearer ${staffToken}` },
    data: canned,
  });
  expect(created.status(), await created.text()).toBe(201);

  // The user opens Support from the menu and writes.
  const userContext = await danishContext(browser, base);
  const userPage = await userContext.newPage();
  await seedToken(userPage, user.token);
  await userPage.goto('/app');
  await userPage.getByRole('link', { name: common.nav.support, exact: true }).click();
  await expect(userPage.getByRole('heading', { level: 1, name: support.page.title })).toBeVisible();
  await expect(userPage.getByText(support.chat.empty)).toBeVisible();
  const question = 'Hvordan overdrager jeg min cykel til min datter?';
  await userPage.getByRole('button', { name: support.chat.send }).click();
  await expect(userPage.getByText(errors.field_required)).toBeVisible();
  await userPage.getByLabel(support.chat.message).fill(question);
  await userPage.getByRole('button', { name: support.chat.send }).click();
  const messages = userPage.locator('.support-messages');
  await expect(messages.getByText(question)).toBeVisible();
  await expect(userPage.getByLabel(support.chat.reply)).toHaveValue('');
  await expectNoAxeViolations(userPage);
  await screenshots(userPage, 'support-chat');

  // Staff find it among the support tickets, waiting, with the user's bike beside it.
  const staffContext = await danishContext(browser, base);
  const staff = await staffContext.newPage();
  await seedToken(staff, staffToken);
  await staff.goto('/backoffice/tickets');
  await staff.getByRole('button', { name: support.list.kind.support }).click();
  await expect(staff).toHaveURL(/kind=support/);
  const row = staff.getByRole('listitem').filter({ hasText: user.email });
  await expect(row).toContainText(support.list.waiting);
  await expectNoAxeViolations(staff);
  await screenshots(staff, 'support-tickets');
  await row.getByRole('link').click();
  await expect(staff.getByRole('heading', { level: 1, name: fill(support.staff.title, { who: user.email }) })).toBeVisible();
  await expect(staff.getByText(question)).toBeVisible();
  await expect(staff.getByRole('cell', { name: `Supportcykel ${model}` })).toBeVisible();
  await expect(staff.getByText(support.staff.noOrders)).toBeVisible();

  // Staff take it and answer with the canned reply, in the user's language.
  await staff.getByRole('button', { name: support.staff.takeIt }).click();
  await expect(staff.getByRole('button', { name: support.staff.takeIt })).toHaveCount(0);
  await staff.getByLabel(fill(support.staff.cannedPick, { language: support.staff.language.da })).selectOption({ label: canned.title });
  await expect(staff.getByLabel(support.staff.answer, { exact: true })).toHaveValue(canned.body_da);
  await expectNoAxeViolations(staff);
  await screenshots(staff, 'support-ticket');
  await staff.getByRole('button', { name: support.staff.send }).click();
  await expect(staff.getByLabel(support.staff.answer, { exact: true })).toHaveValue('');
  await expect(staff.locator('.ticket-messages').getByText(canned.body_da)).toBeVisible();

  // The user sees the answer arrive, without reloading.
  const answer = messages.getByRole('listitem').filter({ hasText: canned.body_da });
  await expect(answer).toBeVisible();
  await expect(answer).toContainText(support.chat.support);

  // Staff close the ticket; the user sees that too, and writing again opens it.
  await staff.getByRole('button', { name: support.staff.close }).click();
  await expect(staff.getByRole('button', { name: support.staff.reopen })).toBeVisible();
  await expect(staff.getByText(support.staff.state.closed, { exact: true })).toBeVisible();
  await screenshots(staff, 'support-ticket-closed');
  await expect(userPage.getByText(support.chat.closed)).toBeVisible();
  await userPage.getByLabel(support.chat.reply).fill('Tak, det virkede!');
  await userPage.getByRole('button', { name: support.chat.send }).click();
  await expect(userPage.getByText(support.chat.closed)).toHaveCount(0);
  await expect(staff.getByText('Tak, det virkede!')).toBeVisible();
  await expect(staff.getByRole('button', { name: support.staff.close })).toBeVisible();

  await Promise.all([userContext.close(), staffContext.close()]);
});

test('a visitor writes to support with their email and is mailed the link back', async ({ browser, request, baseURL }) => {
  const context = await danishContext(browser, baseURL ?? '');
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: common.footer.support }).click();
  await expect(page.getByRole('heading', { level: 1, name: support.page.title })).toBeVisible();
  const email = uniqueEmail('support-visitor');
  await page.getByLabel(support.visitor.name).fill('Vibeke Besøg');
  await page.getByLabel(support.visitor.email).fill('ikke-en-adresse');
  await page.getByLabel(support.chat.message).fill('Kan man registrere en cykel uden stelnummer?');
  await page.getByRole('button', { name: support.chat.send }).click();
  await expect(page.getByText(errors.email_invalid)).toBeVisible();
  await expect(page.getByLabel(support.chat.message)).toHaveValue('Kan man registrere en cykel uden stelnummer?');
  await page.getByLabel(support.visitor.email).fill(email);
  await page.getByRole('button', { name: support.chat.send }).click();
  await expect(page.getByText(support.visitor.mailed)).toBeVisible();
  await expect(page.locator('.support-messages').getByText('Kan man registrere en cykel uden stelnummer?')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'support-chat-visitor');

  // The mailed link opens the conversation in another browser.
  const [mail] = await mailTo(request, email);
  const link = mail?.text.match(/https?:\/\/\S+#key=\S+/)?.[0];
  expect(link).toBeTruthy();
  const other = await danishContext(browser, baseURL ?? '');
  const otherPage = await other.newPage();
  await otherPage.goto(new URL(link ?? '').pathname + new URL(link ?? '').hash);
  await expect(otherPage.locator('.support-messages').getByText('Kan man registrere en cykel uden stelnummer?')).toBeVisible();
  await expect(otherPage).toHaveURL(/\/support\/chat$/);
  await Promise.all([context.close(), other.close()]);
});
