import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { CHAT_PLACE_LABEL_MAX_LENGTH, type ChatMessage, type ChatSummary } from '../../domain/chats.js';
import { api } from '../bikes/bike-test-factory.js';
import { multipart, png } from '../pictures/test-factory.js';
import { bikeOf, inbox, messages, person, send, startChat } from './chat-test-factory.js';

// What the inbox says of a conversation's last message (its text, or that it is a photo or a place), and a
// shared place's label: what the sender called the place (an address, "outside the station"), so that
// nobody has to read coordinates.

let t: TestApp;
let dataDir: string;
let owner: Awaited<ReturnType<typeof person>>;
let finder: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-preview-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = await person(t, 'Orla');
  finder = await person(t, 'Frida');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const lastOf = async (token: string, chatId: string) => (await inbox(t, token)).find((c) => c.id === chatId)?.last_message;

describe('the inbox preview of the last message', () => {
  it('is the text, with who wrote it, and says whether a photo or a place came with it', async () => {
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Jeg har set din cykel');
    expect(await lastOf(owner.token, chat.id)).toMatchObject({
      content: 'Jeg har set din cykel',
      mine: false,
      kind: 'text',
      photo: false,
      place: false,
      place_label: null,
    });
    expect(await lastOf(finder.token, chat.id)).toMatchObject({ mine: true });

    await send(t, owner.token, chat.id, '', { latitude: 55.6761, longitude: 12.5683 });
    expect(await lastOf(finder.token, chat.id)).toMatchObject({ content: '', mine: false, photo: false, place: true, place_label: null });

    const { payload, headers } = multipart([{ name: 'file', value: await png(), filename: 'bike.png', contentType: 'image/png' }]);
    const photo = await t.app.inject(
      authed(finder.token, { method: 'POST', url: `/api/chats/${chat.id}/messages/photo`, payload, headers }),
    );
    expect(photo.statusCode, photo.body).toBe(201);
    expect(await lastOf(owner.token, chat.id)).toMatchObject({ content: '', mine: false, photo: true, place: false });
  });
});

describe('a place with a label', () => {
  it('keeps what the sender called the place, in the message and in the inbox', async () => {
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Den står her', {
      latitude: 55.68,
      longitude: 12.57,
      place_label: '  Ved Nørreport station, cykelkælderen  ',
    });
    const [first] = await messages(t, owner.token, chat.id);
    expect(first).toMatchObject({ latitude: 55.68, longitude: 12.57, place_label: 'Ved Nørreport station, cykelkælderen' });

    const sent = await send(t, owner.token, chat.id, '', { latitude: 55.7, longitude: 12.6, place_label: 'Fælledparken' });
    expect(sent.place_label).toBe('Fælledparken');
    expect(await lastOf(finder.token, chat.id)).toMatchObject({ content: '', place: true, place_label: 'Fælledparken' });

    // A text without a place has no label; a blank label is none.
    expect((await send(t, owner.token, chat.id, 'Tak')).place_label).toBeNull();
    expect((await send(t, owner.token, chat.id, '', { latitude: 55.7, longitude: 12.6, place_label: '   ' })).place_label).toBeNull();
  });

  it('with a photo (multipart field place_label)', async () => {
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Foto følger');
    const { payload, headers } = multipart([
      { name: 'latitude', value: '55.6761' },
      { name: 'longitude', value: '12.5683' },
      { name: 'place_label', value: 'Rådhuspladsen' },
      { name: 'file', value: await png(), filename: 'bike.png', contentType: 'image/png' },
    ]);
    const res = await t.app.inject(authed(finder.token, { method: 'POST', url: `/api/chats/${chat.id}/messages/photo`, payload, headers }));
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ChatMessage).place_label).toBe('Rådhuspladsen');
  });

  it('refuses a label without a place, and one that is too long', async () => {
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Hej');
    const post = (body: unknown) => api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/messages`, body);
    const alone = await post({ content: 'hej', place_label: 'Et sted' });
    expect(alone.statusCode, alone.body).toBe(422);
    expect(alone.json().detail[0]).toMatchObject({ loc: ['body', 'latitude'], type: 'field_required' });
    const long = await post({ content: '', latitude: 55, longitude: 12, place_label: 'x'.repeat(CHAT_PLACE_LABEL_MAX_LENGTH + 1) });
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json().detail[0]).toMatchObject({ loc: ['body', 'place_label'], type: 'too_long' });
    const started = await api(t.app, finder.token, 'POST', '/api/chats/', {
      subject_id: await bikeOf(t, owner.partyId),
      content: 'hej',
      place_label: 'Et sted',
    });
    expect(started.statusCode, started.body).toBe(422);
    const summaries: ChatSummary[] = await inbox(t, finder.token);
    expect(summaries.every((c) => c.last_message?.content !== '' || c.last_message.place || c.last_message.photo)).toBe(true);
  });
});
