import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { buildApp } from '../app.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeOf } from '../chats/chat-test-factory.js';
import { dockOf, httpBase, liveClient, lockOf, organisationOf, simulated } from './dock-test-factory.js';
import type { SimulatedLock } from './simulated-lock.js';

// Two API instances on one database (issue 16): the lock's device is connected to instance A, the person's command
// goes through instance B, and a browser on B sees the lock change. On PostgreSQL (DATABASE_URL) B has its own
// connection pool and LISTEN connection; on PGlite both instances share the one client, whose listen() delivers
// NOTIFY to each. The plain GET of the lock's live address is the web shell.

describe('docks across two instances on one database', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let closeB: () => Promise<void>;
  let device: SimulatedLock | undefined;

  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'docks-web-'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="da"><head><meta name="description" content=""></head><body><!--app-state--><div id="root"></div></body></html>',
    );
    a = await createTestApp({}, { webDir });
    if (a.database.url) {
      const second = await createTestApp({ DATA_KEY: a.config.dataKey.toString('base64') }, { databaseUrl: a.database.url, webDir });
      b = second.app;
      closeB = () => second.close();
    } else {
      b = await buildApp({ config: a.config, database: a.database, logger: false, webDir });
      await b.ready();
      closeB = () => b.close();
    }
  });
  afterAll(async () => {
    await device?.stop();
    await closeB?.();
    await a?.close();
  });

  it('takes a command on B to the device connected to A, and tells a browser on B', async () => {
    const member: SignedUpUser = await signUpUser(a.app);
    const dockId = await dockOf(a, await organisationOf(a, 'Værkstedet', [member.partyId]));
    const lock = await lockOf(a, dockId, 'A1');
    const baseA = await httpBase(a.app);
    const baseB = await httpBase(b);
    device = await simulated(baseA, lock);
    expect(a.app.lockDevices.size).toBe(1);
    expect(b.lockDevices.size).toBe(0);

    const browser = await liveClient(`${baseB.replace(/^http/, 'ws')}/app/docks/${dockId}/locks/${lock.id}/websocket`, member.token);
    await browser.next('lock', (f) => f.lock.state === 'free');

    const bikeId = await bikeOf(a, member.partyId);
    const sent = await api(b, member.token, 'POST', `/api/docks/${dockId}/locks/${lock.id}/commands`, { kind: 'lock', bike_id: bikeId });
    expect(sent.statusCode).toBe(202);
    await browser.next('command', (f) => f.command.id === sent.json().id && f.command.status === 'done');
    await browser.next('lock', (f) => f.lock.state === 'occupied_by_me');
    expect(device.state).toBe('closed');
    // Both instances answer the same.
    for (const app of [a.app, b]) {
      const view = await api(app, member.token, 'GET', `/api/docks/${dockId}/locks/${lock.id}`);
      expect(view.json().state).toBe('occupied_by_me');
    }
    browser.socket.close();

    // The lock page's own address, asked as a page: the web shell.
    const page = await b.inject({ method: 'GET', url: `/app/docks/${dockId}/locks/${lock.id}/websocket` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="root"');
  });
});
