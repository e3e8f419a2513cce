import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeOf, person, send, startChat } from './chat-test-factory.js';
import { type LiveTestClient, listening, signedIn } from './live-test-client.js';
import { CHAT_CHANNEL } from './post.js';

// Several API instances on one PostgreSQL (issue 5): a message written through instance A reaches a
// client connected to instance B, through LISTEN/NOTIFY. PGlite serves one process, so this runs
// only with DATABASE_URL.

describe.runIf(process.env.DATABASE_URL)('live chats across two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    const url = a.database.url;
    if (!url) throw new Error('instance A has no database URL');
    b = await createTestApp({ DATA_KEY: a.config.dataKey.toString('base64') }, { databaseUrl: url });
    baseA = await listening(a.app);
    baseB = await listening(b.app);
  });
  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await b?.close();
    await a?.close();
  });

  it('delivers a message written through A to the owner connected to B, and the answer through B to the finder on A', async () => {
    const owner = await person(a, 'Ole');
    const finder = await person(a, 'Fie');
    const ownerOnB = await signedIn(baseB, owner.token);
    const finderOnA = await signedIn(baseA, finder.token);
    clients.push(ownerOnB, finderOnA);

    const chat = await startChat(a, finder.token, await bikeOf(a, owner.partyId), 'Skrevet gennem instans A');
    const arrived = await ownerOnB.next('message');
    expect(arrived).toMatchObject({
      chat_id: chat.id,
      message: { content: 'Skrevet gennem instans A', mine: false, sender_role: 'sender' },
    });
    expect(await ownerOnB.next('unread', (f) => f.unread.messages === 1)).toEqual({ type: 'unread', unread: { chats: 1, messages: 1 } });

    // Both instances serve the same data: B answers with what A wrote, and A's client hears what B wrote.
    const reply = await api(b.app, owner.token, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Svar gennem instans B' });
    expect(reply.statusCode).toBe(201);
    expect(await finderOnA.next('message', (f) => f.message.content === 'Svar gennem instans B')).toMatchObject({
      message: { mine: false, sender_role: 'owner' },
    });

    // Reading through A updates the owner's counts on B.
    expect((await api(a.app, owner.token, 'POST', `/api/chats/${chat.id}/read`)).statusCode).toBe(204);
    expect(await ownerOnB.next('unread', (f) => f.unread.messages === 0)).toEqual({ type: 'unread', unread: { chats: 0, messages: 0 } });

    // One write is delivered once per socket, not once per instance.
    await send(a, finder.token, chat.id, 'Kun én gang');
    await ownerOnB.next('message', (f) => f.message.content === 'Kun én gang');
    await send(a, finder.token, chat.id, 'Sidste');
    await ownerOnB.next('message', (f) => f.message.content === 'Sidste');
    expect(ownerOnB.frames.filter((f) => f.type === 'message' && f.message.content === 'Kun én gang')).toHaveLength(1);
  });

  it('listens again after its connection is cut, and resends fresh counts for what it may have missed', async () => {
    const owner = await person(a, 'Otto');
    const finder = await person(a, 'Frida');
    const ownerOnB = await signedIn(baseB, owner.token);
    clients.push(ownerOnB);
    await ownerOnB.next('unread');
    // Cut both instances' chat listeners (their connections' last query LISTENs on the chats' channel), as a failover would.
    const cut = await a.database.db.execute(
      sql`select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${CHAT_CHANNEL}`}`,
    );
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBe(2);
    // After reconnecting, B pushes everyone's counts again (notices sent meanwhile may be lost).
    await ownerOnB.next('unread', undefined, 15_000);
    const chat = await startChat(a, finder.token, await bikeOf(a, owner.partyId), 'Efter afbrydelsen');
    expect(await ownerOnB.next('message', undefined, 15_000)).toMatchObject({ chat_id: chat.id });
  });
});
