import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeOf, messages, person, send, startChat } from './chat-test-factory.js';

// Issue 6: a finder tells the owner of a stolen bike where it is. The first message may carry the place,
// and a later message may be only a place (the photo route already allows a photo without text).

let t: TestApp;
let owner: Awaited<ReturnType<typeof person>>;
let finder: Awaited<ReturnType<typeof person>>;
let stranger: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, 'Ole');
  finder = await person(t, 'Frida');
  stranger = await person(t, 'Svend');
});
afterAll(() => t.close());

describe('a finder’s first message with a place', () => {
  it('starts the conversation with the place on the first message, seen by both sides', async () => {
    const bikeId = await bikeOf(t, owner.partyId, { reportedStolen: true, searchable: false });
    const chat = await startChat(t, finder.token, bikeId, 'Jeg tror, jeg har set din cykel', { latitude: 55.6761, longitude: 12.5683 });
    const [first] = await messages(t, owner.token, chat.id);
    expect(first).toMatchObject({ content: 'Jeg tror, jeg har set din cykel', latitude: 55.6761, longitude: 12.5683, mine: false });
    const [own] = await messages(t, finder.token, chat.id);
    expect(own).toMatchObject({ latitude: 55.6761, longitude: 12.5683, mine: true, sender_role: 'sender' });
  });

  it('adds the place to the conversation the finder already has about the bike', async () => {
    const bikeId = await bikeOf(t, owner.partyId, { reportedStolen: true });
    const first = await startChat(t, finder.token, bikeId, 'Første besked');
    const again = await startChat(t, finder.token, bikeId, 'Nu står den her', { latitude: 56.1629, longitude: 10.2039 });
    expect(again.id).toBe(first.id);
    const seen = await messages(t, owner.token, first.id);
    expect(seen.map((m) => [m.content, m.latitude, m.longitude])).toEqual([
      ['Første besked', null, null],
      ['Nu står den her', 56.1629, 10.2039],
    ]);
  });

  it('refuses half a place or one out of range, and starts nothing', async () => {
    const bikeId = await bikeOf(t, owner.partyId, { reportedStolen: true });
    const post = (body: Record<string, unknown>) =>
      api(t.app, finder.token, 'POST', '/api/chats/', { subject_id: bikeId, content: 'Her', ...body });
    const half = await post({ latitude: 55.1 });
    expect(half.statusCode).toBe(422);
    expect(half.json().detail[0]).toMatchObject({ loc: ['body', 'longitude'], type: 'field_required' });
    const nullHalf = await post({ latitude: null, longitude: 12 });
    expect(nullHalf.json().detail[0]).toMatchObject({ loc: ['body', 'latitude'], type: 'field_required' });
    expect((await post({ latitude: 91, longitude: 12 })).json().detail[0]).toMatchObject({
      loc: ['body', 'latitude'],
      type: 'field_invalid',
    });
    expect((await post({ latitude: 55, longitude: -181 })).json().detail[0]).toMatchObject({ loc: ['body', 'longitude'] });
    expect((await post({ latitude: '55', longitude: 12 })).statusCode).toBe(422);
    const mine = await api(t.app, finder.token, 'GET', '/api/chats/');
    expect((mine.json() as { subject_id: string }[]).some((c) => c.subject_id === bikeId)).toBe(false);
  });

  it('answers 404 for a bike that is neither searchable nor stolen, place or not', async () => {
    const hidden = await bikeOf(t, owner.partyId, { searchable: false });
    const res = await api(t.app, finder.token, 'POST', '/api/chats/', { subject_id: hidden, content: 'Hej', latitude: 55, longitude: 12 });
    expect(res.statusCode).toBe(404);
  });
});

describe('a message that is only a place', () => {
  it('is accepted without text; with neither text nor place it is refused', async () => {
    const bikeId = await bikeOf(t, owner.partyId, { reportedStolen: true });
    const chat = await startChat(t, finder.token, bikeId, 'Hej ejer');
    const place = await send(t, finder.token, chat.id, '', { latitude: 55.4, longitude: 10.38 });
    expect(place).toMatchObject({ content: '', latitude: 55.4, longitude: 10.38 });
    const noText = await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/messages`, { latitude: 55.5, longitude: 10.4 });
    expect(noText.statusCode, noText.body).toBe(201);
    const empty = await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/messages`, { content: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({ loc: ['body', 'content'], type: 'field_required' });
    const stranger404 = await api(t.app, stranger.token, 'POST', `/api/chats/${chat.id}/messages`, { latitude: 55.5, longitude: 10.4 });
    expect(stranger404.statusCode).toBe(404);
    expect((await messages(t, owner.token, chat.id)).map((m) => m.latitude)).toEqual([null, 55.4, 55.5]);
  });
});
