import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage, type ChatSummary } from '../../domain/chats.js';
import { api } from '../bikes/bike-test-factory.js';
import { jpegWithGps, multipart, type Part, png } from '../pictures/test-factory.js';
import { bikeOf, messages, person, startChat } from './chat-test-factory.js';

// A finder sends a photo of the stolen bike where it stands: re-encoded without EXIF/GPS, served only
// on the participants' signed addresses.

let t: TestApp;
let dataDir: string;
let owner: Awaited<ReturnType<typeof person>>;
let finder: Awaited<ReturnType<typeof person>>;
let stranger: Awaited<ReturnType<typeof person>>;
let chat: ChatSummary;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-photos-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = await person(t, 'Otto');
  finder = await person(t, 'Fie');
  stranger = await person(t, 'Sune');
  chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId, { reportedStolen: true }), 'Jeg tror jeg har fundet den');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(token: string, chatId: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return t.app.inject(
    authed(token, {
      method: 'POST',
      url: `/api/chats/${chatId}/messages/photo`,
      payload,
      headers: { ...headers, 'accept-language': 'en' },
    }),
  );
}

const file = async (body?: Buffer): Promise<Part> => ({
  name: 'file',
  value: body ?? (await png()),
  filename: 'bike.png',
  contentType: 'image/png',
});

describe('a message with a photo', () => {
  it('re-encodes the photo without metadata and serves it to the participants on signed addresses', async () => {
    const res = await upload(finder.token, chat.id, [
      { name: 'content', value: 'Her står den' },
      { name: 'latitude', value: '55.6761' },
      { name: 'longitude', value: '12.5683' },
      await file(await jpegWithGps(2400, 1600)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as ChatMessage;
    expect(message).toMatchObject({ content: 'Her står den', latitude: 55.6761, longitude: 12.5683, mine: true, sender_role: 'sender' });
    expect(message.photo_url).toMatch(new RegExp(`^/api/files/chat-photos/${message.id}/full\\?exp=\\d+&sig=`));

    const [seen] = (await messages(t, owner.token, chat.id)).filter((m) => m.id === message.id);
    const full = await t.app.inject({ method: 'GET', url: seen?.photo_url ?? '' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(full.rawPayload).metadata();
    // Upright (the EXIF said turn it), at most 2000 px, and nothing left of the camera or the place.
    expect([meta.width, meta.height]).toEqual([1333, 2000]);
    expect(meta.exif).toBeUndefined();
    expect(full.rawPayload.includes('SecretModel')).toBe(false);
    const thumb = await t.app.inject({ method: 'GET', url: seen?.photo_thumbnail_url ?? '' });
    expect(thumb.statusCode).toBe(200);
    expect(Math.max((await sharp(thumb.rawPayload).metadata()).height ?? 0)).toBe(400);

    // A tampered or foreign signature opens nothing: the thumb's signature does not open the full size.
    const url = new URL(seen?.photo_url ?? '', 'http://x');
    const thumbSig = new URL(seen?.photo_thumbnail_url ?? '', 'http://x').searchParams.get('sig');
    for (const bad of [`${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${thumbSig}`, `${url.pathname}?exp=1&sig=x`, url.pathname]) {
      expect([403, 422]).toContain((await t.app.inject({ method: 'GET', url: bad })).statusCode);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/files/chat-photos/nope/full?exp=1&sig=x` })).statusCode).toBe(403);
  });

  it('may come without text, and refuses bad uploads without a 500', async () => {
    const silent = await upload(finder.token, chat.id, [await file()]);
    expect(silent.statusCode, silent.body).toBe(201);
    expect(silent.json()).toMatchObject({ content: '', latitude: null });

    const cases: [Part[], number, string?][] = [
      [[{ name: 'content', value: 'ingen fil' }], 422, 'file_missing'],
      [
        [{ name: 'file', value: Buffer.from('not an image at all'), filename: 'x.png', contentType: 'image/png' }],
        415,
        'file_type_not_allowed',
      ],
      [[{ name: 'content', value: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, await file()], 422, 'too_long'],
      [[{ name: 'latitude', value: '95' }, { name: 'longitude', value: '10' }, await file()], 422, 'field_invalid'],
      [[{ name: 'latitude', value: '55' }, await file()], 422, 'field_required'],
      [[{ name: 'photo', value: await png(), filename: 'x.png', contentType: 'image/png' }], 422, 'field_invalid'],
      [[await file(), await file()], 422],
    ];
    for (const [parts, status, code] of cases) {
      const res = await upload(finder.token, chat.id, parts);
      expect(res.statusCode, res.body).toBe(status);
      if (code) expect(JSON.stringify(res.json())).toContain(code);
    }
    const json = await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/messages/photo`, { content: 'json' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('is refused to strangers (404) and between blocked parties (403), before the file is read', async () => {
    const res = await upload(stranger.token, chat.id, [await file()]);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('chat_not_found');
    await api(t.app, owner.token, 'POST', `/api/chats/${chat.id}/block`);
    const blocked = await upload(finder.token, chat.id, [await file()]);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('chat_blocked');
    await api(t.app, owner.token, 'DELETE', `/api/chats/${chat.id}/block`);
  });
});
