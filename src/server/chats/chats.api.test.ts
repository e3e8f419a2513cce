import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE, type ChatSummary } from '../../domain/chats.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikes, chatMessages, ownershipRequests } from '../db/schema.js';
import { bikeOf, inbox, messages, person, send, startChat } from './chat-test-factory.js';
import { addMessage, startChat as startChatInDb } from './post.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof person>>;
let finder: Awaited<ReturnType<typeof person>>;
let stranger: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, 'Olga');
  finder = await person(t, 'Finn');
  stranger = await person(t, 'Stig');
});
afterAll(() => t.close());

describe('POST /api/chats/ (write to an owner)', () => {
  it('starts an anonymous conversation: the owner sees it unread, the sender read', async () => {
    const bikeId = await bikeOf(t, owner.partyId);
    const started = await startChat(t, finder.token, bikeId, 'Din cykel står ved Nørreport');
    expect(started).toMatchObject({
      kind: 'contact',
      my_role: 'sender',
      subject_id: bikeId,
      subject_is_mine: false,
      unread_count: 0,
      i_share_contact: false,
      other_contact: null,
      blocked: false,
      blocked_by_other: false,
      ownership_request: null,
      last_message: { content: 'Din cykel står ved Nørreport', mine: true, kind: 'text' },
    });
    expect(started.bike).toMatchObject({ id: bikeId, brand_name: 'Kildemoes', model: 'Logic' });

    const [mine] = (await inbox(t, owner.token)).filter((c) => c.id === started.id);
    expect(mine).toMatchObject({ my_role: 'owner', subject_is_mine: true, unread_count: 1, last_message: { mine: false } });
    const unread = await api(t.app, owner.token, 'GET', '/api/chats/unread');
    expect(unread.json()).toEqual({ chats: 1, messages: 1 });
    expect((await api(t.app, finder.token, 'GET', '/api/chats/unread')).json()).toEqual({ chats: 0, messages: 0 });
  });

  it('adds to the conversation the caller already has about the bike with its owner', async () => {
    const bikeId = await bikeOf(t, owner.partyId);
    const first = await startChat(t, finder.token, bikeId, 'Første');
    const second = await startChat(t, finder.token, bikeId, 'Anden', { share_contact: true });
    expect(second.id).toBe(first.id);
    expect(second.i_share_contact).toBe(true);
    expect((await messages(t, finder.token, first.id)).map((m) => m.content)).toEqual(['Første', 'Anden']);
  });

  it('refuses bad input, unknown and hidden bikes, one’s own bike and visitors', async () => {
    const bikeId = await bikeOf(t, owner.partyId);
    const post = (body: unknown, token: string | null = finder.token) => api(t.app, token, 'POST', '/api/chats/', body);
    const fieldOf = async (body: unknown) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().detail[0];
    };
    expect(await fieldOf({ subject_id: bikeId })).toMatchObject({ loc: ['body', 'content'], type: 'field_required' });
    expect(await fieldOf({ subject_id: bikeId, content: '   ' })).toMatchObject({ loc: ['body', 'content'], type: 'field_required' });
    expect(await fieldOf({ subject_id: bikeId, content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) })).toMatchObject({ type: 'too_long' });
    expect(await fieldOf({ subject_id: 'nope', content: 'hej' })).toMatchObject({ loc: ['body', 'subject_id'], type: 'field_invalid' });
    expect(await fieldOf({ subject_id: bikeId, content: 'hej', share_contact: 'yes' })).toMatchObject({ loc: ['body', 'share_contact'] });
    const notAnObject = await api(t.app, finder.token, 'POST', '/api/chats/', '"not an object"', { 'content-type': 'application/json' });
    expect(notAnObject.statusCode).toBe(422);
    expect(
      (await api(t.app, finder.token, 'POST', '/api/chats/', '{"subject_id":', { 'content-type': 'application/json' })).statusCode,
    ).toBe(400);

    const unknown = await post({ subject_id: crypto.randomUUID(), content: 'hej' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'The bike was not found', code: 'bike_not_found' });
    const hidden = await bikeOf(t, owner.partyId, { searchable: false });
    expect((await post({ subject_id: hidden, content: 'hej' })).json().code).toBe('bike_not_found');
    // A stolen bike is always reachable, searchable or not.
    const stolen = await bikeOf(t, owner.partyId, { searchable: false, reportedStolen: true });
    expect((await post({ subject_id: stolen, content: 'Jeg har set den' })).statusCode).toBe(201);

    const own = await api(t.app, owner.token, 'POST', '/api/chats/', { subject_id: bikeId, content: 'hej' });
    expect(own.statusCode).toBe(422);
    expect(own.json().detail[0]).toMatchObject({ loc: ['body', 'subject_id'], type: 'chat_own_bike' });
    expect((await post({ subject_id: bikeId, content: 'hej' }, null)).statusCode).toBe(401);
  });
});

describe('a conversation', () => {
  let chat: ChatSummary;
  beforeAll(async () => {
    chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Hej ejer');
  });

  it('carries messages both ways, each side seeing its own as mine and the other by role only', async () => {
    const answer = await send(t, owner.token, chat.id, 'Tak! Hvor står den?');
    expect(answer).toMatchObject({ chat_id: chat.id, kind: 'text', mine: true, sender_role: 'owner', latitude: null, photo_url: null });
    const place = await send(t, finder.token, chat.id, 'Her', { latitude: 55.6838, longitude: 12.5716 });
    expect(place).toMatchObject({ latitude: 55.6838, longitude: 12.5716, sender_role: 'sender' });
    const seenByOwner = await messages(t, owner.token, chat.id);
    expect(seenByOwner.map((m) => [m.content, m.mine, m.sender_role])).toEqual([
      ['Hej ejer', false, 'sender'],
      ['Tak! Hvor står den?', true, 'owner'],
      ['Her', false, 'sender'],
    ]);
    // Answering reads what came before: only the place is unread.
    const header = await api(t.app, owner.token, 'GET', `/api/chats/${chat.id}`);
    expect(header.json()).toMatchObject({ id: chat.id, my_role: 'owner', unread_count: 1, last_message: { content: 'Her', mine: false } });
  });

  it('refuses bad messages', async () => {
    const post = (body: unknown) => api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/messages`, body);
    expect((await post({})).json().detail[0]).toMatchObject({ loc: ['body', 'content'], type: 'field_required' });
    expect((await post({ content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) })).json().detail[0].type).toBe('too_long');
    expect((await post({ content: 'x', latitude: 91, longitude: 0 })).json().detail[0]).toMatchObject({ loc: ['body', 'latitude'] });
    expect((await post({ content: 'x', latitude: 10, longitude: 181 })).json().detail[0]).toMatchObject({ loc: ['body', 'longitude'] });
    expect((await post({ content: 'x', latitude: 'north', longitude: 1 })).statusCode).toBe(422);
    const half = await post({ content: 'x', latitude: 55 });
    expect(half.statusCode).toBe(422);
    expect(half.json().detail[0]).toMatchObject({ loc: ['body', 'longitude'], type: 'field_required' });
  });

  it('marks read, and counts unread messages of the other side and of the system', async () => {
    const read = await api(t.app, owner.token, 'POST', `/api/chats/${chat.id}/read`);
    expect(read.statusCode).toBe(204);
    expect((await api(t.app, owner.token, 'GET', `/api/chats/${chat.id}`)).json().unread_count).toBe(0);
    await send(t, finder.token, chat.id, 'Er du der?');
    await t.database.db.transaction((tx) => addMessage(tx, { chatId: chat.id, senderPartyId: null, content: 'transfer_completed' }));
    const header = (await api(t.app, owner.token, 'GET', `/api/chats/${chat.id}`)).json() as ChatSummary;
    expect(header.unread_count).toBe(2);
    expect(header.last_message).toMatchObject({ kind: 'system', content: 'transfer_completed', mine: false });
    const [system] = (await messages(t, finder.token, chat.id)).slice(-1);
    expect(system).toMatchObject({ kind: 'system', sender_role: null, mine: false });
  });

  it('pages through messages, oldest first, the newest before `before`', async () => {
    const other = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'm0');
    const base = Date.parse('2026-01-01T10:00:00Z');
    // Spread them in time so the pages are deterministic.
    for (let i = 1; i <= 7; i += 1) await send(t, owner.token, other.id, `m${i}`);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, other.id));
    for (const row of rows) {
      const n = Number(row.content.slice(1));
      await t.database.db
        .update(chatMessages)
        .set({ createdAt: new Date(base + n * 60_000) })
        .where(eq(chatMessages.id, row.id));
    }
    const last3 = await messages(t, finder.token, other.id, '?limit=3');
    expect(last3.map((m) => m.content)).toEqual(['m5', 'm6', 'm7']);
    const before = await messages(t, finder.token, other.id, `?limit=3&before=${encodeURIComponent(last3[0]?.created_at ?? '')}`);
    expect(before.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const first = await messages(t, finder.token, other.id, `?before=${encodeURIComponent(before[0]?.created_at ?? '')}`);
    expect(first.map((m) => m.content)).toEqual(['m0', 'm1']);
    expect(await messages(t, finder.token, other.id, '?before=2020-01-01T00:00:00Z')).toEqual([]);

    for (const query of ['?limit=0', `?limit=${CHAT_PAGE_SIZE + 1}`, '?limit=2.5', '?limit=many', '?before=yesterday']) {
      const res = await api(t.app, finder.token, 'GET', `/api/chats/${other.id}/messages${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail[0].loc[0]).toBe('querystring');
    }
  });
});

describe('searching one’s conversations (GET /api/chats/?q=)', () => {
  it('finds conversations whose text messages contain the words, case-insensitively, with the newest match', async () => {
    const searcher = await person(t, 'Sara');
    const a = await startChat(t, searcher.token, await bikeOf(t, owner.partyId), 'Den RØDE cykel ved stationen');
    await send(t, owner.token, a.id, 'Ja, den røde er min');
    const b = await startChat(t, searcher.token, await bikeOf(t, owner.partyId), 'En blå cykel, 100% sikker_på det');
    await t.database.db.transaction((tx) => addMessage(tx, { chatId: b.id, senderPartyId: null, content: 'ownership_request_declined' }));

    const red = await inbox(t, searcher.token, 'røde');
    expect(red.map((c) => [c.id, c.matched_message])).toEqual([[a.id, 'Ja, den røde er min']]);
    expect((await inbox(t, searcher.token, 'CYKEL')).map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    // Wildcards are literal; system messages are keys, not text.
    expect((await inbox(t, searcher.token, '100%')).map((c) => c.id)).toEqual([b.id]);
    expect(await inbox(t, searcher.token, '0%s')).toEqual([]);
    expect(await inbox(t, searcher.token, 'r_de')).toEqual([]);
    expect(await inbox(t, searcher.token, 'ownership_request')).toEqual([]);
    // Only one's own conversations.
    expect(await inbox(t, stranger.token, 'røde')).toEqual([]);
    // Without a search, no matched_message; an empty q is no search.
    expect((await inbox(t, searcher.token)).every((c) => c.matched_message === undefined)).toBe(true);
    expect((await inbox(t, searcher.token, '')).length).toBe(2);

    const short = await api(t.app, searcher.token, 'GET', '/api/chats/?q=r');
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0]).toMatchObject({ loc: ['querystring', 'q'], type: 'too_short' });
    expect((await api(t.app, searcher.token, 'GET', `/api/chats/?q=${'x'.repeat(101)}`)).statusCode).toBe(422);
  });

  it('lists newest first', async () => {
    const lister = await person(t, 'Lis');
    const older = await startChat(t, lister.token, await bikeOf(t, owner.partyId), 'først');
    const newer = await startChat(t, lister.token, await bikeOf(t, owner.partyId), 'så');
    expect((await inbox(t, lister.token)).map((c) => c.id)).toEqual([newer.id, older.id]);
    await send(t, owner.token, older.id, 'svar');
    expect((await inbox(t, lister.token)).map((c) => c.id)).toEqual([older.id, newer.id]);
  });
});

describe('who may see and do what', () => {
  it('answers 404 chat_not_found to a stranger on every route of a conversation not theirs', async () => {
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId));
    const calls: [string, string, unknown?][] = [
      ['GET', ''],
      ['GET', '/messages'],
      ['POST', '/messages', { content: 'ind' }],
      ['POST', '/read'],
      ['POST', '/share-contact', { share: true }],
      ['POST', '/block'],
      ['DELETE', '/block'],
      ['POST', '/report', { reason: 'spam' }],
    ];
    for (const [method, path, body] of calls) {
      for (const id of [chat.id, crypto.randomUUID(), 'not-a-uuid']) {
        const res = await api(t.app, stranger.token, method as 'GET', `/api/chats/${id}${path}`, body);
        expect(res.statusCode, `${method} ${path} ${id}`).toBe(404);
        expect(res.json().code).toBe('chat_not_found');
      }
      const visitor = await api(t.app, null, method as 'GET', `/api/chats/${chat.id}${path}`, body);
      expect(visitor.statusCode).toBe(401);
    }
    // Nothing the stranger tried changed the conversation.
    expect((await messages(t, finder.token, chat.id)).length).toBe(1);
    expect(await inbox(t, stranger.token)).toEqual([]);
  });

  it('keeps both sides anonymous until one shares their contact, and then shows only email, phone and first name', async () => {
    const owner = await person(t, 'Orla');
    const finder = await person(t, 'Frida');
    const bikeId = await bikeOf(t, owner.partyId);
    const chat = await startChat(t, finder.token, bikeId, 'Hej');
    await send(t, owner.token, chat.id, 'Hej selv');
    const answersOf = async (token: string) =>
      JSON.stringify([
        (await api(t.app, token, 'GET', '/api/chats/')).json(),
        (await api(t.app, token, 'GET', `/api/chats/${chat.id}`)).json(),
        (await api(t.app, token, 'GET', `/api/chats/${chat.id}/messages`)).json(),
        (await api(t.app, token, 'GET', '/api/chats/?q=hej')).json(),
      ]);
    const leaks = (text: string, of: typeof owner) =>
      [of.email, of.partyId, of.first, of.last, of.mobile, 'Aarhus', '70000000'].filter((secret) => text.includes(secret));
    expect(leaks(await answersOf(finder.token), owner)).toEqual([]);
    expect(leaks(await answersOf(owner.token), finder)).toEqual([]);

    const shared = await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/share-contact`, { share: true });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ i_share_contact: true, other_contact: null });
    const seen = (await api(t.app, owner.token, 'GET', `/api/chats/${chat.id}`)).json() as ChatSummary;
    expect(seen.other_contact).toEqual({ email: finder.email, phone: finder.mobile, first_name: 'Frida' });
    // Still nothing else of the finder, and the owner stays anonymous to the finder.
    expect(leaks(JSON.stringify(seen), finder)).toEqual([finder.email, finder.first, finder.mobile]);
    expect(leaks(await answersOf(finder.token), owner)).toEqual([]);

    const unshared = await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/share-contact`, { share: false });
    expect(unshared.json().i_share_contact).toBe(false);
    expect((await api(t.app, owner.token, 'GET', `/api/chats/${chat.id}`)).json().other_contact).toBeNull();
    expect((await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/share-contact`, { share: 'yes' })).statusCode).toBe(422);
    expect((await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/share-contact`, {})).statusCode).toBe(422);
  });

  it('shows an ownership request chat with its request, and the bike card after the bike is hidden', async () => {
    const bikeId = await bikeOf(t, owner.partyId);
    const { chatId } = await t.database.db.transaction((tx) =>
      startChatInDb(tx, {
        bikeId,
        kind: 'ownership_request',
        ownerPartyId: owner.partyId,
        senderPartyId: finder.partyId,
        content: 'Jeg købte den',
      }),
    );
    const [request] = await t.database.db
      .insert(ownershipRequests)
      .values({ bikeId, requesterPartyId: finder.partyId, ownerPartyId: owner.partyId, chatId })
      .returning();
    await t.database.db.update(bikes).set({ searchable: false }).where(eq(bikes.id, bikeId));
    const seen = (await api(t.app, finder.token, 'GET', `/api/chats/${chatId}`)).json() as ChatSummary;
    expect(seen).toMatchObject({ kind: 'ownership_request', ownership_request: { id: request?.id, status: 'pending' } });
    expect(seen.bike?.id).toBe(bikeId);
    // A contact from the finder about the same bike is a new conversation, not the request.
    await t.database.db.update(bikes).set({ searchable: true }).where(eq(bikes.id, bikeId));
    expect((await startChat(t, finder.token, bikeId)).id).not.toBe(chatId);
  });
});

describe('the API reference', () => {
  it('documents every chat call, the live channel and the staff’s tickets', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/chats/',
        '/api/chats/unread',
        '/api/chats/live',
        '/api/chats/{chatId}',
        '/api/chats/{chatId}/messages',
        '/api/chats/{chatId}/messages/photo',
        '/api/chats/{chatId}/read',
        '/api/chats/{chatId}/share-contact',
        '/api/chats/{chatId}/block',
        '/api/chats/{chatId}/report',
        '/api/files/chat-photos/{messageId}/{size}',
        '/api/backoffice/tickets',
        '/api/backoffice/tickets/{ticketId}',
        '/api/backoffice/tickets/{ticketId}/close',
        '/api/public-bikes/{bikeId}',
      ]),
    );
    expect(Object.keys(doc.paths['/api/chats/{chatId}/block'])).toEqual(expect.arrayContaining(['post', 'delete']));
  });
});
