import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, linkParam, mailsTo } from '../../../tests/support/mail.js';
import { type SignedUpUser, uniqueEmail } from '../../../tests/support/test-app.js';
import { api, makePlates } from '../bikes/bike-test-factory.js';
import { bikeEvents, bikes, chatBlocks, chatMessages, chatParticipants, chats } from '../db/schema.js';
import { type OwnershipTest, ownershipTest, startTransfer, uploadPicture } from './ownership-test-factory.js';

// §2 request-ownership: someone holding a bike registered to another finds it by frame number or plate,
// asks its owner in a conversation, and the owner accepts (a transfer to them) or declines.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

const call = (...args: Parameters<typeof api> extends [unknown, ...infer R] ? R : never) => api(o.t.app, ...args);
const messagesOf = (chatId: string) =>
  o.t.database.db
    .select({ kind: chatMessages.kind, content: chatMessages.content, sender: chatMessages.senderPartyId })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));

async function ask(requester: SignedUpUser, bikeId: string, content = 'Jeg købte cyklen brugt. Vil du overdrage den?') {
  const res = await call(requester.token, 'POST', `/api/bikes/${bikeId}/ownership-requests`, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; chat_id: string; bike_id: string; status: string; transfer_id: string | null };
}

describe('looking a bike up', () => {
  it('finds a registered bike by its exact frame number or plate ID, and says when it is the caller’s', async () => {
    const owner = await o.user();
    const holder = await o.user();
    const [plate] = await makePlates(o.t.database.db, 1);
    const bike = await o.bike(owner, { bikekey_id: plate });
    const lookup = (token: string, q: string) => call(token, 'GET', `/api/ownership-requests/lookup?q=${encodeURIComponent(q)}`);

    const byFrame = await lookup(holder.token, ` ${bike.frame_number?.toLowerCase()} `);
    expect(byFrame.statusCode).toBe(200);
    expect(byFrame.json()).toMatchObject({ mine: false, bike: { id: bike.id, bikekey_id: plate, frame_number: bike.frame_number } });
    expect((await lookup(holder.token, plate ?? '')).json().bike.id).toBe(bike.id);
    expect((await lookup(owner.token, plate ?? '')).json().mine).toBe(true);
    expect((await lookup(holder.token, `${bike.frame_number}X`)).json()).toEqual({ bike: null, mine: false });
    const short = await lookup(holder.token, 'AB1');
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0].type).toBe('search_query_too_short');
    const missing = await call(holder.token, 'GET', '/api/ownership-requests/lookup');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['querystring', 'q'], type: 'field_required' });
    expect((await lookup(holder.token, 'X'.repeat(65))).json().detail[0].type).toBe('too_long');
    expect((await call(null, 'GET', `/api/ownership-requests/lookup?q=${plate}`)).statusCode).toBe(401);
  });

  it('shows the public picture only of a bike shown in search', async () => {
    const owner = await o.user();
    const holder = await o.user();
    const shown = await o.bike(owner);
    const hidden = await o.bike(owner, { searchable: false });
    const shownPicture = await uploadPicture(o.t, owner, shown.id);
    await uploadPicture(o.t, owner, hidden.id);
    const lookup = (q: string | null) => call(holder.token, 'GET', `/api/ownership-requests/lookup?q=${q}`);
    expect((await lookup(shown.frame_number)).json().bike.picture_url).toBe(`/api/public/pictures/${shownPicture.id}/full`);
    expect((await lookup(hidden.frame_number)).json().bike).toMatchObject({ id: hidden.id, picture_url: null, thumbnail_url: null });
  });
});

describe('asking for a bike', () => {
  it('starts a conversation with the owner, mails them a link to it and records the request', async () => {
    const owner = await o.user({ language: 'en' });
    const requester = await o.user();
    const bike = await o.bike(owner);
    const request = await ask(requester, bike.id);
    expect(request).toMatchObject({ bike_id: bike.id, status: 'pending', my_side: 'requester', transfer_id: null, decided_at: null });

    const [chat] = await o.t.database.db.select().from(chats).where(eq(chats.id, request.chat_id));
    expect(chat).toMatchObject({ kind: 'ownership_request', bikeId: bike.id });
    const participants = await o.t.database.db.select().from(chatParticipants).where(eq(chatParticipants.chatId, request.chat_id));
    expect(participants.map((p) => [p.partyId, p.role]).sort()).toEqual(
      [
        [owner.partyId, 'owner'],
        [requester.partyId, 'sender'],
      ].sort(),
    );
    expect(await messagesOf(request.chat_id)).toEqual([
      { kind: 'text', content: 'Jeg købte cyklen brugt. Vil du overdrage den?', sender: requester.partyId },
    ]);
    const mail = await latestMailTo(o.t.database.db, owner.email);
    expect(mail.subject).toBe('Someone asks to take over your bike');
    expect(mail.text).toContain(`http://localhost:3000/app/chats/${request.chat_id}`);
    expect(mail.text).not.toContain(requester.email);
    const events = await o.t.database.db
      .select()
      .from(bikeEvents)
      .where(and(eq(bikeEvents.bikeId, bike.id), eq(bikeEvents.kind, 'ownership_requested')));
    expect(events.map((e) => e.actorPartyId)).toEqual([requester.partyId]);

    // Both sides read it; nobody else does.
    expect((await call(owner.token, 'GET', `/api/ownership-requests/${request.id}`)).json().my_side).toBe('owner');
    expect((await call(requester.token, 'GET', `/api/ownership-requests/${request.id}`)).json().my_side).toBe('requester');
    const stranger = await o.user();
    const hidden = await call(stranger.token, 'GET', `/api/ownership-requests/${request.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('request_not_found');
    expect((await call(stranger.token, 'GET', '/api/ownership-requests/nope')).statusCode).toBe(404);
  });

  it('refuses one’s own bike, a second pending request, an unknown bike, a blocked requester and bad input', async () => {
    const owner = await o.user();
    const requester = await o.user();
    const bike = await o.bike(owner);
    const post = (user: SignedUpUser, bikeId: string, body: unknown) =>
      call(user.token, 'POST', `/api/bikes/${bikeId}/ownership-requests`, body);

    const own = await post(owner, bike.id, { content: 'min egen' });
    expect(own.statusCode).toBe(422);
    expect(own.json().detail[0].type).toBe('request_own_bike');
    expect((await post(requester, bike.id, { content: '   ' })).json().detail[0]).toMatchObject({
      loc: ['body', 'content'],
      type: 'field_required',
    });
    expect((await post(requester, bike.id, { content: 'x'.repeat(2001) })).json().detail[0].type).toBe('too_long');
    expect((await post(requester, '00000000-0000-4000-8000-000000000000', { content: 'hej' })).json().code).toBe('bike_not_found');
    expect((await post(requester, 'nope', { content: 'hej' })).statusCode).toBe(404);

    await ask(requester, bike.id);
    const again = await post(requester, bike.id, { content: 'igen' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('request_pending');

    const blocked = await o.user();
    await o.t.database.db.insert(chatBlocks).values({ blockerPartyId: owner.partyId, blockedPartyId: blocked.partyId });
    const refused = await post(blocked, bike.id, { content: 'hej' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('chat_blocked');
  });
});

describe('answering a request', () => {
  it('accepting starts a transfer to the requester, who takes the bike over; the conversation tells each step', async () => {
    const owner = await o.user();
    const requester = await o.user({ language: 'en' });
    const other = await o.user();
    const bike = await o.bike(owner);
    const request = await ask(requester, bike.id);
    const competing = await ask(other, bike.id, 'Det er min cykel!');

    expect((await call(requester.token, 'POST', `/api/ownership-requests/${request.id}/accept`)).statusCode).toBe(403);
    const accepted = await call(owner.token, 'POST', `/api/ownership-requests/${request.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', my_side: 'owner' });
    const transferId = accepted.json().transfer_id as string;
    expect(transferId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(owner.token, 'POST', `/api/ownership-requests/${request.id}/accept`)).json().code).toBe('request_not_pending');

    const mail = await latestMailTo(o.t.database.db, requester.email);
    expect(mail.subject).toBe('The owner agreed to hand over the bike');
    expect(linkParam(mail.text, 'transfer')).toBe(transferId);
    expect(mail.text).not.toContain('token=');

    // The requester finds it among their incoming transfers, addressed to their party.
    const incoming = await call(requester.token, 'GET', '/api/ownership-transfers/incoming');
    expect(incoming.json()).toEqual([expect.objectContaining({ id: transferId, my_side: 'buyer', request_chat_id: request.chat_id })]);
    expect((await call(other.token, 'GET', `/api/ownership-transfers/${transferId}`)).statusCode).toBe(404);

    const taken = await call(requester.token, 'POST', `/api/ownership-transfers/${transferId}/accept`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await call(requester.token, 'GET', `/api/bikes/${bike.id}/`)).statusCode).toBe(200);

    expect((await messagesOf(request.chat_id)).map((m) => [m.kind, m.content])).toEqual([
      ['text', 'Jeg købte cyklen brugt. Vil du overdrage den?'],
      ['system', 'ownership_request_accepted'],
      ['system', 'transfer_completed'],
    ]);
    // The other request is settled: the bike has a new owner.
    expect((await messagesOf(competing.chat_id)).map((m) => m.content)).toEqual(['Det er min cykel!', 'ownership_request_declined']);
    expect((await call(other.token, 'GET', `/api/ownership-requests/${competing.id}`)).json().status).toBe('declined');
  });

  it('declining tells the requester; withdrawing is the requester’s', async () => {
    const owner = await o.user();
    const requester = await o.user({ language: 'no' });
    const bike = await o.bike(owner);
    const first = await ask(requester, bike.id);

    expect((await call(owner.token, 'POST', `/api/ownership-requests/${first.id}/withdraw`)).statusCode).toBe(403);
    const declined = await call(owner.token, 'POST', `/api/ownership-requests/${first.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect((await latestMailTo(o.t.database.db, requester.email)).subject).toBe('Eieren har sagt nei til å overdra sykkelen');
    expect((await messagesOf(first.chat_id)).at(-1)).toMatchObject({ kind: 'system', content: 'ownership_request_declined', sender: null });

    const second = await ask(requester, bike.id, 'Prøver igjen');
    const mailsBefore = (await mailsTo(o.t.database.db, owner.email)).length;
    const withdrawn = await call(requester.token, 'POST', `/api/ownership-requests/${second.id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', my_side: 'requester' });
    expect((await messagesOf(second.chat_id)).at(-1)?.content).toBe('ownership_request_withdrawn');
    expect((await mailsTo(o.t.database.db, owner.email)).length).toBe(mailsBefore);
    const stranger = await o.user();
    expect((await call(stranger.token, 'POST', `/api/ownership-requests/${second.id}/decline`)).statusCode).toBe(404);
  });

  it('cannot be accepted for a stolen bike or while another transfer is pending', async () => {
    const owner = await o.user();
    const requester = await o.user();
    const bike = await o.bike(owner);
    const request = await ask(requester, bike.id);
    await o.t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, bike.id));
    expect((await call(owner.token, 'POST', `/api/ownership-requests/${request.id}/accept`)).json().code).toBe('bike_reported_stolen');
    await o.t.database.db.update(bikes).set({ reportedStolen: false }).where(eq(bikes.id, bike.id));
    await startTransfer(o.t, owner, bike.id, uniqueEmail());
    const pending = await call(owner.token, 'POST', `/api/ownership-requests/${request.id}/accept`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('transfer_pending');
    expect((await call(requester.token, 'GET', `/api/ownership-requests/${request.id}`)).json().status).toBe('pending');
  });
});
