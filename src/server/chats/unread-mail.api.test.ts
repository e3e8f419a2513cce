import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/mail.js';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { chatMessages, identities } from '../db/schema.js';
import { bikeOf, person, send, startChat } from './chat-test-factory.js';
import { sendUnreadChatMails } from './unread-mail.js';

// The unread-messages mail: after the delay (2 minutes), at most one per conversation and participant
// per interval (60 minutes), never for read messages, never twice for the same ones, in the
// recipient's language, with a link and no content or identity of the other side.

let t: TestApp;
const SUBJECT_EN = 'You have a new message about Kildemoes Logic';
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  // The timer would check on its own with the real clock; these tests call the check with their own `now`.
  t = await createTestApp({ CHAT_UNREAD_MAIL_CHECK_SECONDS: '3600' });
});
afterAll(() => t.close());

/** Pretends the conversation's messages were all written at `at`. */
async function writtenAt(chatId: string, at: Date) {
  await t.database.db.update(chatMessages).set({ createdAt: at }).where(eq(chatMessages.chatId, chatId));
}

/** The unread-messages mails to an address, newest first (sign-up mails aside). */
async function chatMails(email: string) {
  return (await mailsTo(t.database.db, email)).filter((m) => /new message about|ny besked om/.test(m.subject));
}

async function englishPerson(name: string) {
  const user = await person(t, name);
  await t.database.db.update(identities).set({ language: 'en' }).where(eq(identities.partyId, user.partyId));
  return user;
}

describe('mail about unread messages', () => {
  it('mails after the delay, once per hour, in the recipient’s language, without content or the other’s identity', async () => {
    const owner = await englishPerson('Oscar');
    const finder = await person(t, 'Frede');
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Hemmeligt indhold 123');
    const t0 = new Date();
    await writtenAt(chat.id, t0);

    // Within the delay: someone reading live gets no mail.
    expect(await sendUnreadChatMails(t.app.appContext, new Date(t0.getTime() + 60_000))).toBe(0);
    expect(await chatMails(owner.email)).toEqual([]);

    expect(await sendUnreadChatMails(t.app.appContext, new Date(t0.getTime() + minutes(3)))).toBe(1);
    const [mail] = await chatMails(owner.email);
    expect(mail?.subject).toBe(SUBJECT_EN);
    expect(mail?.text).toContain('You have 1 unread message in a conversation about Kildemoes Logic.');
    expect(mail?.text).toContain(`http://localhost:3000/app/chats/${chat.id}`);
    for (const secret of ['Hemmeligt', finder.email, finder.first, finder.last, finder.mobile, finder.partyId]) {
      expect(mail?.text).not.toContain(secret);
      expect(mail?.html).not.toContain(secret);
    }
    // The sender has read their own message: nothing for them.
    expect(await chatMails(finder.email)).toEqual([]);

    // Not again for the same messages, even hours later.
    expect(await sendUnreadChatMails(t.app.appContext, new Date(t0.getTime() + minutes(300)))).toBe(0);

    // New messages within the hour wait for the hour to pass, then one mail counts them all.
    await send(t, finder.token, chat.id, 'Er du der?');
    await send(t, finder.token, chat.id, 'Hallo?');
    const [, second, third] = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chat.id))
      .orderBy(chatMessages.createdAt);
    await t.database.db
      .update(chatMessages)
      .set({ createdAt: new Date(t0.getTime() + minutes(10)) })
      .where(eq(chatMessages.id, second?.id ?? ''));
    await t.database.db
      .update(chatMessages)
      .set({ createdAt: new Date(t0.getTime() + minutes(11)) })
      .where(eq(chatMessages.id, third?.id ?? ''));
    // (the first mail went out at t0+3m; the "not again" check above did not claim anything)
    expect(await sendUnreadChatMails(t.app.appContext, new Date(t0.getTime() + minutes(30)))).toBe(0);
    expect(await sendUnreadChatMails(t.app.appContext, new Date(t0.getTime() + minutes(64)))).toBe(1);
    const [latest] = await chatMails(owner.email);
    expect(latest?.text).toContain('You have 3 unread messages in a conversation about Kildemoes Logic.');
  });

  it('sends nothing for messages read in time, and nothing twice when two instances check at once', async () => {
    const owner = await person(t, 'Olivia');
    const finder = await englishPerson('Felix');
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Hej');
    const t0 = new Date(Date.now() - minutes(5));
    await writtenAt(chat.id, t0);
    // The owner reads it (live) and answers; the finder has not read the answer.
    expect((await api(t.app, owner.token, 'POST', `/api/chats/${chat.id}/read`)).statusCode).toBe(204);
    const answer = await send(t, owner.token, chat.id, 'Tak');
    const now = new Date(Date.parse(answer.created_at) + minutes(3));
    const results = await Promise.all([sendUnreadChatMails(t.app.appContext, now), sendUnreadChatMails(t.app.appContext, now)]);
    expect(results.sort()).toEqual([0, 1]);
    expect(await chatMails(owner.email)).toEqual([]);
    const [mail] = await chatMails(finder.email);
    expect(mail?.subject).toBe(SUBJECT_EN);

    // Danish for a Danish reader.
    const other = await startChat(
      t,
      finder.token,
      await bikeOf(t, owner.partyId, { brandName: null, brandId: 'kildemoes', model: null }),
      'Hej igen',
    );
    const sent = Date.now();
    expect(await sendUnreadChatMails(t.app.appContext, new Date(sent + minutes(3)))).toBe(1);
    const [danish] = await chatMails(owner.email);
    expect(danish?.subject).toBe('Du har en ny besked om Kildemoes');
    expect(danish?.text).toContain('Du har 1 ulæst besked i en samtale om Kildemoes.');
    expect(danish?.text).toContain(`/app/chats/${other.id}`);
  });
});
