import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { identities } from '../db/schema.js';
import { bikeOf, person, send, startChat } from './chat-test-factory.js';
import { connect, type LiveTestClient, listening, signedIn } from './live-test-client.js';

// The live channel on one instance (PGlite's own listen(), or a LISTEN connection on PostgreSQL):
// a message written through the API reaches the other participant's sockets without a reload.

let t: TestApp;
let base: string;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t.app);
});
afterAll(async () => {
  for (const client of clients) client.socket.terminate();
  await t.close();
});

async function live(token: string) {
  const client = await signedIn(base, token);
  clients.push(client);
  return client;
}

describe('GET /api/chats/live', () => {
  it('pushes a new message, with mine per recipient, and fresh unread counts to both sides', async () => {
    const owner = await person(t, 'Ove');
    const finder = await person(t, 'Fanny');
    const ownerTab = await live(owner.token);
    expect(await ownerTab.next('unread')).toEqual({ type: 'unread', unread: { chats: 0, messages: 0 } });
    const finderTab = await live(finder.token);

    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Jeg har fundet din cykel');
    const arrived = await ownerTab.next('message');
    expect(arrived).toMatchObject({
      chat_id: chat.id,
      message: { content: 'Jeg har fundet din cykel', mine: false, sender_role: 'sender' },
    });
    expect(await ownerTab.next('unread', (f) => f.unread.messages === 1)).toEqual({ type: 'unread', unread: { chats: 1, messages: 1 } });
    // The writer's own tab hears it too (another tab of theirs would show it), as theirs.
    expect(await finderTab.next('message')).toMatchObject({ message: { mine: true, sender_role: 'sender' } });
    // Nothing about who wrote.
    expect(JSON.stringify(ownerTab.frames)).not.toContain(finder.email);
    expect(JSON.stringify(ownerTab.frames)).not.toContain(finder.partyId);

    const reply = await send(t, owner.token, chat.id, 'Tusind tak!');
    expect(await finderTab.next('message', (f) => f.message.id === reply.id)).toMatchObject({
      message: { mine: false, sender_role: 'owner' },
    });
    expect(await finderTab.next('unread', (f) => f.unread.messages === 1)).toBeTruthy();

    // Read in one tab: the other tabs of the same person get the new counts.
    const ownerOtherTab = await live(owner.token);
    await ownerOtherTab.next('unread');
    expect((await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/read`)).statusCode).toBe(204);
    expect(await finderTab.next('unread', (f) => f.unread.messages === 0)).toEqual({ type: 'unread', unread: { chats: 0, messages: 0 } });

    // A change of the conversation (contact shared, blocked) tells both sides to refetch it.
    await api(t.app, finder.token, 'POST', `/api/chats/${chat.id}/share-contact`, { share: true });
    expect(await ownerTab.next('chat')).toEqual({ type: 'chat', chat_id: chat.id });
    expect(await ownerOtherTab.next('chat')).toEqual({ type: 'chat', chat_id: chat.id });

    // Another party's conversation never reaches these sockets.
    const other = await person(t, 'Otto');
    await startChat(t, other.token, await bikeOf(t, (await person(t, 'Olaf')).partyId), 'Ikke til jer');
    await send(t, owner.token, chat.id, 'Sidste');
    await finderTab.next('message', (f) => f.message.content === 'Sidste');
    expect(JSON.stringify(finderTab.frames)).not.toContain('Ikke til jer');
  });

  it('answers ping with pong', async () => {
    const user = await person(t, 'Pia');
    const client = await live(user.token);
    client.send({ type: 'ping' });
    expect(await client.next('pong')).toEqual({ type: 'pong' });
    // A refreshed token is sent as another auth frame; the socket carries on.
    client.send({ type: 'auth', token: user.token });
    expect(await client.next('ready')).toEqual({ type: 'ready' });
    client.send({ type: 'hello' });
    client.send({ type: 'ping' });
    expect(await client.next('pong')).toEqual({ type: 'pong' });
  });

  it('closes with 4401 on a bad token, a first frame that is not auth, or garbage', async () => {
    for (const first of [{ type: 'auth', token: 'not-a-token' }, { type: 'hello' }, 'garbage{', { type: 'auth' }]) {
      const client = await connect(base);
      clients.push(client);
      client.send(first);
      expect(await client.closed).toBe(4401);
    }
  });

  it('closes sockets whose identity is gone or whose tokens were retired, at the next delivery', async () => {
    const owner = await person(t, 'Otilia');
    const finder = await person(t, 'Frank');
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Hej');
    const ownerTab = await live(owner.token);
    // A password reset retires every token issued before it.
    await t.database.db
      .update(identities)
      .set({ tokensValidAfter: new Date(Date.now() + 1000) })
      .where(eq(identities.partyId, owner.partyId));
    await send(t, finder.token, chat.id, 'Er du der?');
    expect(await ownerTab.closed).toBe(4401);
    expect(ownerTab.frames.some((f) => f.type === 'message')).toBe(false);
  });

  it('closes the sockets of a deleted account when the tokens are checked again', async () => {
    const user = await person(t, 'Dorte');
    const client = await live(user.token);
    const bystander = await live((await person(t, 'Bent')).token);
    await t.database.db.delete(identities).where(eq(identities.partyId, user.partyId));
    await t.app.chatLive.revalidate();
    expect(await client.closed).toBe(4401);
    bystander.send({ type: 'ping' });
    expect(await bystander.next('pong')).toEqual({ type: 'pong' });
  });

  it('closes a socket when its token expires', async () => {
    const user = await person(t, 'Eva');
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ ...claims, iat: now, exp: now + 2 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(t.config.jwtSecret);
    const client = await live(shortLived);
    expect(await client.closed).toBe(4401);
  });

  it('survives sockets that vanish without a close, and keeps serving the others', async () => {
    const owner = await person(t, 'Otto');
    const finder = await person(t, 'Frej');
    const gone = await live(owner.token);
    const stays = await live(owner.token);
    gone.socket.terminate();
    await gone.closed;
    const half = await connect(base);
    half.socket.terminate();
    const chat = await startChat(t, finder.token, await bikeOf(t, owner.partyId), 'Stadig her?');
    expect(await stays.next('message')).toMatchObject({ chat_id: chat.id });
    // A plain GET is told to upgrade.
    const plain = await t.app.inject({ method: 'GET', url: '/api/chats/live', headers: { 'accept-language': 'en' } });
    expect(plain.statusCode).toBe(426);
    expect(plain.json().code).toBe('websocket_required');
  });
});
