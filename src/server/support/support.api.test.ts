import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/mail.js';
import { createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import type { ChatMessage } from '../../domain/chats.js';
import type { SupportConversation, SupportTicket } from '../../domain/support.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeOf, inbox, person } from '../chats/chat-test-factory.js';
import { type LiveTestClient, listening, signedIn } from '../chats/live-test-client.js';
import { sendUnreadChatMails } from '../chats/unread-mail.js';
import { auditLog, chatMessages, organisationMembers, tickets } from '../db/schema.js';
import { makeOrganisation } from '../theft/theft-test-factory.js';

// Support conversations (issue 14): a person or a visitor writes, staff answer from the ticket (with the person's
// bikes and orders beside it), assign, close; the writer sees only their own conversation (a visitor only with its
// key); every staff change is audited; the revisor reads and changes nothing; others get 403 on the staff's calls.

let t: TestApp;
let base: string;
let staff: SignedUpUser;
let admin: SignedUpUser;
let revisor: SignedUpUser;
let insurerMember: SignedUpUser;
const sockets: LiveTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ CHAT_UNREAD_MAIL_CHECK_SECONDS: '3600' });
  base = await listening(t.app);
  staff = await signUpWithRole(t, 'staff');
  admin = await signUpWithRole(t, 'admin');
  revisor = await signUpWithRole(t, 'revisor');
  insurerMember = await signUpUser(t.app);
  const insurer = await makeOrganisation(t, 'Support Forsikring');
  await t.database.db.insert(organisationMembers).values({ organisationPartyId: insurer, identityPartyId: insurerMember.partyId });
});
afterAll(async () => {
  for (const client of sockets) client.socket.terminate();
  await t.close();
});

async function write(token: string, content: string) {
  const res = await api(t.app, token, 'POST', '/api/support/chat/messages', { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage;
}

async function mine(token: string) {
  const res = await api(t.app, token, 'GET', '/api/support/chat');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SupportConversation | null;
}

async function ticketOf(token: string) {
  const conversation = await mine(token);
  if (!conversation) throw new Error('no conversation');
  return conversation.ticket_id;
}

async function staffTicket(token: string, ticketId: string) {
  const res = await api(t.app, token, 'GET', `/api/backoffice/support/tickets/${ticketId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SupportTicket;
}

async function audits(action: string, ticketId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, ticketId)));
}

const visitorHeaders = (key: string) => ({ 'x-support-key': key });

describe('a signed-in person writing to support', () => {
  it('starts, continues and reads only their own conversation; it stays out of the chat inbox', async () => {
    const user = await person(t, 'Ulla');
    const other = await person(t, 'Otto');
    expect(await mine(user.token)).toBeNull();
    expect((await api(t.app, null, 'GET', '/api/support/chat')).statusCode).toBe(401);

    for (const content of ['', '   ', 'x'.repeat(2001)]) {
      const bad = await api(t.app, user.token, 'POST', '/api/support/chat/messages', { content });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail[0].loc).toEqual(['body', 'content']);
    }
    expect((await api(t.app, user.token, 'POST', '/api/support/chat/messages', {})).statusCode).toBe(422);
    expect((await api(t.app, user.token, 'POST', '/api/support/chat/read')).statusCode).toBe(404);

    const first = await write(user.token, 'Hvordan flytter jeg min cykel til min søn?');
    expect(first).toMatchObject({ mine: true, content: 'Hvordan flytter jeg min cykel til min søn?' });
    await write(user.token, 'Han hedder Søren.');
    const conversation = await mine(user.token);
    expect(conversation?.status).toBe('open');
    expect(conversation?.messages.map((m) => m.content)).toEqual(['Hvordan flytter jeg min cykel til min søn?', 'Han hedder Søren.']);

    // Someone else has none, and their first message starts their own.
    expect(await mine(other.token)).toBeNull();
    await write(other.token, 'Mit eget spørgsmål');
    expect((await mine(other.token))?.messages.map((m) => m.content)).toEqual(['Mit eget spørgsmål']);
    expect((await mine(other.token))?.ticket_id).not.toBe(conversation?.ticket_id);

    // Not reachable through the chat calls.
    const chatId = conversation?.chat_id ?? '';
    expect(await inbox(t, user.token)).toEqual([]);
    expect((await api(t.app, user.token, 'GET', `/api/chats/${chatId}`)).statusCode).toBe(404);
    expect((await api(t.app, user.token, 'POST', `/api/chats/${chatId}/messages`, { content: 'x' })).statusCode).toBe(404);
    expect((await api(t.app, user.token, 'GET', '/api/chats/unread')).json()).toEqual({ chats: 0, messages: 0 });

    // Staff see it as a support ticket, waiting for an answer.
    const list = await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?kind=support');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        id: conversation?.ticket_id,
        kind: 'support',
        status: 'open',
        reporter_email: user.email,
        reason: 'Hvordan flytter jeg min cykel til min søn?',
        answered: false,
        assignee_party_id: null,
      }),
    );
    expect((await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?kind=chat_report')).json()).toEqual([]);
    for (const query of ['kind=other', 'assignee=someone', 'page=0', 'page=x']) {
      expect((await api(t.app, staff.token, 'GET', `/api/backoffice/tickets?${query}`)).statusCode).toBe(422);
    }
    expect((await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?kind=support&page=2')).json()).toEqual([]);
  });
});

describe('staff on a support ticket', () => {
  it('see the person’s bikes and orders beside the conversation; staff and admins answer, the revisor only reads', async () => {
    const user = await person(t, 'Berit');
    const bikeId = await bikeOf(t, user.partyId, { frameNumber: 'WBK123456' });
    await write(user.token, 'Min cykel er væk fra oversigten');
    const ticketId = await ticketOf(user.token);

    const detail = await staffTicket(revisor.token, ticketId);
    expect(detail).toMatchObject({
      id: ticketId,
      status: 'open',
      assignee: null,
      language: 'da',
      requester: { party_id: user.partyId, email: user.email, name: 'Berit Beritsen', visitor: false },
      bikes: [expect.objectContaining({ id: bikeId, brand: 'Kildemoes', model: 'Logic', reported_stolen: false })],
      orders: [],
      messages: [expect.objectContaining({ content: 'Min cykel er væk fra oversigten', from: 'user', staff_email: null })],
    });

    for (const caller of [user, insurerMember]) {
      expect((await api(t.app, caller.token, 'GET', `/api/backoffice/support/tickets/${ticketId}`)).statusCode).toBe(403);
      expect((await api(t.app, caller.token, 'GET', `/api/backoffice/tickets/${ticketId}`)).statusCode).toBe(403);
      expect((await api(t.app, caller.token, 'GET', '/api/backoffice/tickets')).statusCode).toBe(403);
    }
    for (const caller of [user, insurerMember, revisor]) {
      const res = await api(t.app, caller.token, 'POST', `/api/backoffice/support/tickets/${ticketId}/messages`, { content: 'Hej' });
      expect(res.statusCode).toBe(403);
    }
    for (const id of [crypto.randomUUID(), 'nope']) {
      expect((await api(t.app, staff.token, 'GET', `/api/backoffice/support/tickets/${id}`)).statusCode).toBe(404);
      expect((await api(t.app, staff.token, 'POST', `/api/backoffice/support/tickets/${id}/messages`, { content: 'x' })).statusCode).toBe(
        404,
      );
    }
    expect(
      (await api(t.app, staff.token, 'POST', `/api/backoffice/support/tickets/${ticketId}/messages`, { content: ' ' })).statusCode,
    ).toBe(422);

    const answered = await api(t.app, staff.token, 'POST', `/api/backoffice/support/tickets/${ticketId}/messages`, {
      content: 'Den er der igen nu.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect((answered.json() as SupportTicket).messages.at(-1)).toMatchObject({ from: 'staff', staff_email: staff.email });
    const byAdmin = await api(t.app, admin.token, 'POST', `/api/backoffice/support/tickets/${ticketId}/messages`, {
      content: 'Og god tur!',
    });
    expect(byAdmin.statusCode).toBe(201);

    const seen = await mine(user.token);
    expect(seen?.messages.map((m) => [m.content, m.mine])).toEqual([
      ['Min cykel er væk fra oversigten', true],
      ['Den er der igen nu.', false],
      ['Og god tur!', false],
    ]);
    const [reply] = await audits('ticket.reply', ticketId);
    expect(reply).toMatchObject({
      actorPartyId: staff.partyId,
      targetPartyId: user.partyId,
      recordType: 'ticket',
      before: null,
      after: expect.objectContaining({ content: 'Den er der igen nu.' }),
    });
    const list = await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?kind=support');
    expect(list.json()).toContainEqual(expect.objectContaining({ id: ticketId, answered: true }));
  });

  it('assign to a staff member or admin (audited), filter by assignee, and not to anyone else', async () => {
    const user = await person(t, 'Anna');
    await write(user.token, 'Spørgsmål om betaling');
    const ticketId = await ticketOf(user.token);

    const assignees = await api(t.app, revisor.token, 'GET', '/api/backoffice/support/assignees');
    expect(assignees.statusCode).toBe(200);
    const emails = (assignees.json() as { email: string }[]).map((a) => a.email);
    expect(emails).toEqual(expect.arrayContaining([staff.email, admin.email]));
    expect(emails).not.toContain(revisor.email);
    expect(emails).not.toContain(user.email);
    expect((await api(t.app, user.token, 'GET', '/api/backoffice/support/assignees')).statusCode).toBe(403);

    const assign = (token: string, assignee: unknown) =>
      api(t.app, token, 'POST', `/api/backoffice/tickets/${ticketId}/assign`, { assignee_party_id: assignee });
    for (const caller of [revisor, user, insurerMember]) expect((await assign(caller.token, staff.partyId)).statusCode).toBe(403);
    for (const bad of [user.partyId, revisor.partyId, crypto.randomUUID(), 'nope']) {
      const res = await assign(staff.token, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'assignee_party_id']);
    }
    expect(
      (await api(t.app, staff.token, 'POST', `/api/backoffice/tickets/${crypto.randomUUID()}/assign`, { assignee_party_id: null }))
        .statusCode,
    ).toBe(404);

    const given = await assign(admin.token, staff.partyId);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ assignee_party_id: staff.partyId, assignee_email: staff.email });
    expect((await assign(admin.token, staff.partyId)).statusCode).toBe(200);
    const mineList = await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?assignee=me');
    expect(mineList.json().map((x: { id: string }) => x.id)).toContain(ticketId);
    const nobodys = await api(t.app, staff.token, 'GET', '/api/backoffice/tickets?assignee=none');
    expect(nobodys.json().map((x: { id: string }) => x.id)).not.toContain(ticketId);
    expect((await staffTicket(staff.token, ticketId)).assignee).toMatchObject({ party_id: staff.partyId, email: staff.email });

    expect((await assign(staff.token, null)).json().assignee_party_id).toBeNull();
    const entries = await audits('ticket.assign', ticketId);
    expect(entries.map((e) => [e.actorPartyId, e.before, e.after])).toEqual([
      [admin.partyId, { status: 'open', assignee_party_id: null }, { status: 'open', assignee_party_id: staff.partyId }],
      [staff.partyId, { status: 'open', assignee_party_id: staff.partyId }, { status: 'open', assignee_party_id: null }],
    ]);
  });

  it('close it (audited); the person writing again opens it again; staff may reopen it too', async () => {
    const user = await person(t, 'Carl');
    await write(user.token, 'Tak for hjælpen');
    const ticketId = await ticketOf(user.token);

    expect((await api(t.app, revisor.token, 'POST', `/api/backoffice/tickets/${ticketId}/close`)).statusCode).toBe(403);
    expect((await api(t.app, user.token, 'POST', `/api/backoffice/tickets/${ticketId}/close`)).statusCode).toBe(403);
    const closed = await api(t.app, staff.token, 'POST', `/api/backoffice/tickets/${ticketId}/close`);
    expect(closed.json()).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    expect((await mine(user.token))?.status).toBe('closed');
    const [close] = await audits('ticket.close', ticketId);
    expect(close).toMatchObject({
      before: { status: 'open', assignee_party_id: null },
      after: { status: 'closed', assignee_party_id: null },
    });

    await write(user.token, 'Et spørgsmål mere');
    expect((await mine(user.token))?.status).toBe('open');
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({ status: 'open', closedAt: null });

    await api(t.app, staff.token, 'POST', `/api/backoffice/tickets/${ticketId}/close`);
    expect((await api(t.app, revisor.token, 'POST', `/api/backoffice/tickets/${ticketId}/reopen`)).statusCode).toBe(403);
    const reopened = await api(t.app, admin.token, 'POST', `/api/backoffice/tickets/${ticketId}/reopen`);
    expect(reopened.json()).toMatchObject({ status: 'open', closed_at: null });
    expect(await audits('ticket.reopen', ticketId)).toHaveLength(1);
  });
});

describe('canned replies', () => {
  it('staff add and remove them (audited); everyone of the backoffice reads them; others get 403', async () => {
    const body = {
      title: 'Overdragelse',
      body_da: 'Gå til cyklen og vælg Overdrag.',
      body_en: 'Open the bike and choose Transfer.',
      body_no: 'Åpne sykkelen og velg Overdra.',
    };
    const user = await person(t, 'Dorte');
    for (const caller of [revisor, user, insurerMember]) {
      expect((await api(t.app, caller.token, 'POST', '/api/backoffice/support/canned-replies', body)).statusCode).toBe(403);
    }
    for (const caller of [user, insurerMember]) {
      expect((await api(t.app, caller.token, 'GET', '/api/backoffice/support/canned-replies')).statusCode).toBe(403);
    }
    const missing = await api(t.app, staff.token, 'POST', '/api/backoffice/support/canned-replies', { ...body, body_no: ' ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].loc).toEqual(['body', 'body_no']);

    const created = await api(t.app, staff.token, 'POST', '/api/backoffice/support/canned-replies', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const list = await api(t.app, revisor.token, 'GET', '/api/backoffice/support/canned-replies');
    expect(list.json()).toContainEqual({ id, ...body });

    expect((await api(t.app, revisor.token, 'DELETE', `/api/backoffice/support/canned-replies/${id}`)).statusCode).toBe(403);
    expect((await api(t.app, admin.token, 'DELETE', `/api/backoffice/support/canned-replies/${id}`)).statusCode).toBe(204);
    expect((await api(t.app, admin.token, 'DELETE', `/api/backoffice/support/canned-replies/${id}`)).statusCode).toBe(404);
    expect((await api(t.app, admin.token, 'DELETE', '/api/backoffice/support/canned-replies/nope')).statusCode).toBe(404);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(entries.map((e) => [e.action, e.before === null, e.after === null])).toEqual(
      expect.arrayContaining([
        ['support.canned_reply_create', true, false],
        ['support.canned_reply_delete', false, true],
      ]),
    );
  });
});

describe('a visitor writing to support', () => {
  it('reaches their conversation only with its key, which is mailed to them; never anyone else’s', async () => {
    const address = `visitor-${Date.now()}@example.dk`;
    const start = (payload: unknown) => api(t.app, null, 'POST', '/api/support/visitor-chats', payload);
    for (const [payload, field] of [
      [{ email: 'nope', name: 'Vera', content: 'Hej' }, 'email'],
      [{ email: address, name: ' ', content: 'Hej' }, 'name'],
      [{ email: address, name: 'Vera', content: '' }, 'content'],
    ] as const) {
      const res = await start(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', field]);
    }

    const res = await start({ email: address, name: 'Vera Visitor', content: 'Kan man registrere en cykel uden stelnummer?' });
    expect(res.statusCode, res.body).toBe(201);
    const { access_key: key, conversation } = res.json() as { access_key: string; conversation: SupportConversation };
    expect(conversation.messages).toEqual([
      expect.objectContaining({ content: 'Kan man registrere en cykel uden stelnummer?', mine: true }),
    ]);
    const [mail] = await mailsTo(t.database.db, address);
    expect(mail?.subject).toBe('Your conversation with our support');
    expect(mail?.text).toContain(`http://localhost:3000/support/chat#key=${encodeURIComponent(key)}`);

    const get = (k?: string) => api(t.app, null, 'GET', '/api/support/visitor-chat', undefined, k === undefined ? {} : visitorHeaders(k));
    expect((await get(key)).json().ticket_id).toBe(conversation.ticket_id);
    const [ticketId] = key.split('.');
    for (const wrong of [undefined, '', 'nope', `${ticketId}.forged`, `${crypto.randomUUID()}.${key.split('.')[1]}`, `${ticketId}`]) {
      const answer = await get(wrong);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('chat_not_found');
      expect(
        (
          await api(
            t.app,
            null,
            'POST',
            '/api/support/visitor-chat/messages',
            { content: 'x' },
            wrong === undefined ? {} : visitorHeaders(wrong),
          )
        ).statusCode,
      ).toBe(404);
    }
    const again = await api(
      t.app,
      null,
      'POST',
      '/api/support/visitor-chat/messages',
      { content: 'Og med et gammelt stel?' },
      visitorHeaders(key),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect((await api(t.app, null, 'POST', '/api/support/visitor-chat/read', undefined, visitorHeaders(key))).statusCode).toBe(204);

    // Staff see a visitor (an unverified address), with nothing beside it.
    const detail = await staffTicket(staff.token, conversation.ticket_id);
    expect(detail).toMatchObject({
      language: 'en',
      requester: { party_id: null, email: address, name: 'Vera Visitor', visitor: true },
      bikes: [],
      orders: [],
    });

    // Naming a person's address opens a new conversation, never theirs.
    const user = await person(t, 'Ellen');
    await write(user.token, 'Mit private spørgsmål');
    const posing = await start({ email: user.email, name: 'Ellen', content: 'Vis mig samtalen' });
    expect(posing.statusCode).toBe(201);
    expect(posing.json().conversation.messages.map((m: ChatMessage) => m.content)).toEqual(['Vis mig samtalen']);
    expect((await mine(user.token))?.messages.map((m) => m.content)).toEqual(['Mit private spørgsmål']);
  });
});

describe('unread answers and the live channel', () => {
  it('mails the person and the visitor when an answer waits unread, with the link to their conversation', async () => {
    const user = await person(t, 'Frida');
    await write(user.token, 'Hjælp');
    const ticketId = await ticketOf(user.token);
    const visitorEmail = `mail-visitor-${Date.now()}@example.dk`;
    const visitor = await api(t.app, null, 'POST', '/api/support/visitor-chats', {
      email: visitorEmail,
      name: 'Vagn',
      content: 'Hjælp mig også',
    });
    const { access_key: key, conversation } = visitor.json() as { access_key: string; conversation: SupportConversation };
    for (const id of [ticketId, conversation.ticket_id]) {
      await api(t.app, staff.token, 'POST', `/api/backoffice/support/tickets/${id}/messages`, { content: 'Vi kigger på det' });
    }
    await sendUnreadChatMails(t.app.appContext, new Date(Date.now() + 3 * 60_000));

    const [toUser] = (await mailsTo(t.database.db, user.email)).filter((m) => m.subject === 'Supporten har svaret dig');
    expect(toUser?.text).toContain('Du har 1 ulæst svar fra vores support.');
    expect(toUser?.text).toContain('http://localhost:3000/support/chat');
    expect(toUser?.text).not.toContain('Vi kigger på det');
    const [toVisitor] = (await mailsTo(t.database.db, visitorEmail)).filter((m) => m.subject === 'Support has answered you');
    expect(toVisitor?.text).toContain(`http://localhost:3000/support/chat#key=${encodeURIComponent(key)}`);
  });

  it('brings staff answers to the person live, and tells connected staff of every new message', async () => {
    const user = await person(t, 'Gitte');
    await write(user.token, 'Er der nogen?');
    const conversation = await mine(user.token);
    if (!conversation) throw new Error('no conversation');
    const userTab = await signedIn(base, user.token);
    const staffTab = await signedIn(base, staff.token);
    const revisorTab = await signedIn(base, revisor.token);
    sockets.push(userTab, staffTab, revisorTab);

    await api(t.app, staff.token, 'POST', `/api/backoffice/support/tickets/${conversation.ticket_id}/messages`, { content: 'Ja, her!' });
    const frame = await userTab.next('message', (f) => f.chat_id === conversation.chat_id);
    expect(frame.message).toMatchObject({ content: 'Ja, her!', mine: false });
    await staffTab.next('support', (f) => f.chat_id === conversation.chat_id);

    await write(user.token, 'Tak!');
    await staffTab.next('support', (f) => f.chat_id === conversation.chat_id);
    await revisorTab.next('support', (f) => f.chat_id === conversation.chat_id);
    await api(t.app, staff.token, 'POST', `/api/backoffice/tickets/${conversation.ticket_id}/close`);
    await userTab.next('chat', (f) => f.chat_id === conversation.chat_id);
    // The person is no staff: no support frames for them.
    expect(userTab.frames.some((f) => f.type === 'support')).toBe(false);
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, conversation.chat_id));
    expect(row).toBeDefined();
  });
});
