import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { auditLog, chatMessages, chatParticipants, chats, identities } from '../db/schema.js';
import { bikeOf, inbox, messages, person, send, startChat } from './chat-test-factory.js';

// Abuse (issue 5): blocking a sender, the limits on new conversations and on messages, reporting a conversation to staff.

let t: TestApp;
let owner: Awaited<ReturnType<typeof person>>;
let staff: Awaited<ReturnType<typeof person>>;
let revisor: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  t = await createTestApp({ CHAT_NEW_PER_HOUR: '3', CHAT_MESSAGES_PER_MINUTE: '5' });
  owner = await person(t, 'Ole');
  staff = await person(t, 'Stine');
  revisor = await person(t, 'Rita');
  await t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staff.partyId));
  await t.database.db.update(identities).set({ role: 'revisor' }).where(eq(identities.partyId, revisor.partyId));
});
afterAll(() => t.close());

describe('blocking', () => {
  it('stops messages both ways and new conversations, everywhere, until lifted', async () => {
    const pest = await person(t, 'Per');
    const bike1 = await bikeOf(t, owner.partyId);
    const bike2 = await bikeOf(t, owner.partyId);
    const chat = await startChat(t, pest.token, bike1, 'Sælger du den?');

    const blocked = await api(t.app, owner.token, 'POST', `/api/chats/${chat.id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ id: chat.id, blocked: true, blocked_by_other: false });
    // Again: no change.
    expect((await api(t.app, owner.token, 'POST', `/api/chats/${chat.id}/block`)).json().blocked).toBe(true);
    expect((await api(t.app, pest.token, 'GET', `/api/chats/${chat.id}`)).json()).toMatchObject({ blocked: false, blocked_by_other: true });

    const write = await api(t.app, pest.token, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hallo??' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      detail: 'You cannot write in this conversation because one of you has blocked the other',
      code: 'chat_blocked',
    });
    expect((await api(t.app, owner.token, 'POST', `/api/chats/${chat.id}/messages`, { content: 'svar' })).json().code).toBe('chat_blocked');
    // About another bike of the same owner: refused too; and a continuation of the blocked conversation.
    expect((await api(t.app, pest.token, 'POST', '/api/chats/', { subject_id: bike2, content: 'Og den her?' })).json().code).toBe(
      'chat_blocked',
    );
    expect((await api(t.app, pest.token, 'POST', '/api/chats/', { subject_id: bike1, content: 'Igen' })).statusCode).toBe(403);
    // Reading is still allowed.
    expect((await messages(t, pest.token, chat.id)).map((m) => m.content)).toEqual(['Sælger du den?']);
    // Only the blocker can lift it.
    expect((await api(t.app, pest.token, 'DELETE', `/api/chats/${chat.id}/block`)).json().blocked_by_other).toBe(true);
    const lifted = await api(t.app, owner.token, 'DELETE', `/api/chats/${chat.id}/block`);
    expect(lifted.json()).toMatchObject({ blocked: false, blocked_by_other: false });
    await send(t, pest.token, chat.id, 'Tak');
    expect((await startChat(t, pest.token, bike2, 'Og den her?')).id).not.toBe(chat.id);
  });
});

describe('the limit on new conversations (CHAT_NEW_PER_HOUR=3)', () => {
  it('refuses the fourth new conversation within an hour with 429, counted in the database', async () => {
    const eager = await person(t, 'Emil');
    const started = [];
    for (let i = 0; i < 3; i += 1) started.push(await startChat(t, eager.token, await bikeOf(t, owner.partyId), `Hej ${i}`));
    const fourthBike = await bikeOf(t, owner.partyId);
    const refused = await api(t.app, eager.token, 'POST', '/api/chats/', { subject_id: fourthBike, content: 'Hej 3' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'You have started many conversations in a short time. Wait a while and try again later.',
      code: 'chat_rate_limited',
    });
    // When to try again: when the oldest of the hour's conversations no longer counts (under an hour).
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Writing on in an existing conversation is not a new one.
    const first = started[0];
    if (!first) throw new Error('no chat');
    await send(t, eager.token, first.id, 'Mere');
    expect((await startChat(t, eager.token, (first.subject_id as string) ?? '', 'Og mere')).id).toBe(first.id);
    // Conversations the others started with me do not count against me.
    expect((await api(t.app, owner.token, 'GET', '/api/chats/unread')).statusCode).toBe(200);
    // An hour later the oldest no longer counts.
    await t.database.db
      .update(chats)
      .set({ createdAt: new Date(Date.now() - 3_601_000) })
      .where(eq(chats.id, first.id));
    expect((await startChat(t, eager.token, fourthBike, 'Hej 3')).subject_id).toBe(fourthBike);
    expect(
      (await api(t.app, eager.token, 'POST', '/api/chats/', { subject_id: await bikeOf(t, owner.partyId), content: 'x' })).statusCode,
    ).toBe(429);
    // Another sender has their own count.
    const calm = await person(t, 'Carl');
    await startChat(t, calm.token, await bikeOf(t, owner.partyId));
  });

  it('holds when new conversations are started at the same moment', async () => {
    const racer = await person(t, 'Rasmus');
    const bikes = await Promise.all(Array.from({ length: 6 }, () => bikeOf(t, owner.partyId)));
    const results = await Promise.all(
      bikes.map((bikeId) => api(t.app, racer.token, 'POST', '/api/chats/', { subject_id: bikeId, content: 'hej' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const rows = await t.database.db
      .select()
      .from(chatParticipants)
      .where(and(eq(chatParticipants.partyId, racer.partyId), eq(chatParticipants.role, 'sender')));
    expect(rows).toHaveLength(3);
  });
});

describe('the limit on messages per conversation (CHAT_MESSAGES_PER_MINUTE=5)', () => {
  it('refuses the sixth message within a minute with 429 and Retry-After, counted per writer and conversation', async () => {
    const chatty = await person(t, 'Mikkel');
    const chat = await startChat(t, chatty.token, await bikeOf(t, owner.partyId), 'Besked 1');
    for (let i = 2; i <= 5; i += 1) await send(t, chatty.token, chat.id, `Besked ${i}`);
    const refused = await api(t.app, chatty.token, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Besked 6' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'You are sending many messages in a short time. Wait a moment and try again.',
      code: 'chat_message_rate_limited',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Writing on through POST /chats/ (the existing conversation gets the message) is refused as well.
    const again = await api(t.app, chatty.token, 'POST', '/api/chats/', { subject_id: chat.subject_id, content: 'Besked 6' });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toEqual(expect.any(String));
    expect((await messages(t, chatty.token, chat.id)).map((m) => m.content)).toHaveLength(5);
    // The other participant writes on; the refused writer's messages do not count against them.
    for (let i = 1; i <= 5; i += 1) await send(t, owner.token, chat.id, `Svar ${i}`);
    // A minute later the oldest no longer count.
    await t.database.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.senderPartyId, chatty.partyId)));
    await send(t, chatty.token, chat.id, 'Besked 6');
  });

  it('holds when messages are sent at the same moment', async () => {
    const racer = await person(t, 'Rune');
    const chat = await startChat(t, racer.token, await bikeOf(t, owner.partyId), 'Første');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api(t.app, racer.token, 'POST', `/api/chats/${chat.id}/messages`, { content: `Nr ${i}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
  });
});

describe('reporting a conversation', () => {
  it('makes a ticket staff list, read (audited) and close; participants cannot', async () => {
    const reporter = await person(t, 'Rikke');
    const chat = await startChat(t, reporter.token, await bikeOf(t, owner.partyId), 'Hej');
    await send(t, owner.token, chat.id, 'Send mig 500 kr først');
    const bad = await api(t.app, reporter.token, 'POST', `/api/chats/${chat.id}/report`, { reason: '' });
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'reason'], type: 'field_required' });
    expect((await api(t.app, reporter.token, 'POST', `/api/chats/${chat.id}/report`, { reason: 'x'.repeat(1001) })).statusCode).toBe(422);
    const report = await api(t.app, reporter.token, 'POST', `/api/chats/${chat.id}/report`, { reason: 'Svindel' });
    expect(report.statusCode).toBe(201);
    const ticketId = report.json().ticket_id as string;

    expect((await api(t.app, reporter.token, 'GET', '/api/backoffice/tickets')).statusCode).toBe(403);
    expect((await api(t.app, owner.token, 'GET', `/api/backoffice/tickets/${ticketId}`)).statusCode).toBe(403);

    const list = await api(t.app, staff.token, 'GET', '/api/backoffice/tickets');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        id: ticketId,
        kind: 'chat_report',
        reason: 'Svindel',
        status: 'open',
        chat_id: chat.id,
        reporter_email: reporter.email,
      }),
    );
    expect((await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?status=closed')).json()).toEqual([]);
    expect((await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?status=pending')).statusCode).toBe(422);

    const detail = await api(t.app, revisor.token, 'GET', `/api/backoffice/tickets/${ticketId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: ticketId,
      chat: {
        id: chat.id,
        kind: 'contact',
        participants: expect.arrayContaining([
          { party_id: owner.partyId, role: 'owner', email: owner.email },
          { party_id: reporter.partyId, role: 'sender', email: reporter.email },
        ]),
      },
      messages: [
        expect.objectContaining({ content: 'Hej', sender_role: 'sender' }),
        expect.objectContaining({ content: 'Send mig 500 kr først', sender_role: 'owner' }),
      ],
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.read_chat'));
    expect(audit).toContainEqual(
      expect.objectContaining({ actorPartyId: revisor.partyId, data: expect.objectContaining({ ticket_id: ticketId, chat_id: chat.id }) }),
    );

    expect((await api(t.app, revisor.token, 'POST', `/api/backoffice/tickets/${ticketId}/close`)).statusCode).toBe(403);
    const closed = await api(t.app, staff.token, 'POST', `/api/backoffice/tickets/${ticketId}/close`);
    expect(closed.json()).toMatchObject({ id: ticketId, status: 'closed' });
    expect(closed.json().closed_at).toEqual(expect.any(String));
    expect((await api(t.app, staff.token, 'POST', `/api/backoffice/tickets/${ticketId}/close`)).json().status).toBe('closed');
    expect((await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?status=closed')).json().map((x: { id: string }) => x.id)).toEqual(
      [ticketId],
    );
    for (const id of [crypto.randomUUID(), 'nope']) {
      expect((await api(t.app, staff.token, 'GET', `/api/backoffice/tickets/${id}`)).json().code).toBe('ticket_not_found');
      expect((await api(t.app, staff.token, 'POST', `/api/backoffice/tickets/${id}/close`)).statusCode).toBe(404);
    }
    // The reporter's inbox is unchanged by all this.
    expect((await inbox(t, reporter.token)).map((c) => c.id)).toEqual([chat.id]);
  });
});
