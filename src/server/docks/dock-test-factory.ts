import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { TestApp } from '../../../tests/support/test-app.js';
import type { DockLiveServerFrame } from '../../domain/docks-live.js';
import { docks, locks, organisationMembers, organisations, parties } from '../db/schema.js';
import { newLockSecret } from './lock-secret.js';
import { type SimulatedLock, type SimulatedLockOptions, startSimulatedLock } from './simulated-lock.js';

// Helpers of the docks' API tests: organisations, docks and locks inserted directly (their management is another
// area's), simulated locks in-process, and a live-channel client that waits for the frame a test expects.

export async function organisationOf(t: TestApp, name: string, memberPartyIds: string[] = []): Promise<string> {
  const [party] = await t.database.db.insert(parties).values({ kind: 'organisation' }).returning({ id: parties.id });
  if (!party) throw new Error('no party');
  await t.database.db.insert(organisations).values({ partyId: party.id, name, organisationType: 'business' });
  for (const id of memberPartyIds)
    await t.database.db.insert(organisationMembers).values({ organisationPartyId: party.id, identityPartyId: id });
  return party.id;
}

export async function dockOf(
  t: TestApp,
  ownerPartyId: string,
  values: { name?: string; access?: 'members' | 'everyone' } = {},
): Promise<string> {
  const [dock] = await t.database.db
    .insert(docks)
    .values({
      ownerPartyId,
      name: values.name ?? 'Cykelkælderen',
      address: 'Åboulevarden 1, 8000 Aarhus C',
      latitude: 56.157,
      longitude: 10.21,
      access: values.access ?? 'members',
    })
    .returning({ id: docks.id });
  if (!dock) throw new Error('no dock');
  return dock.id;
}

export async function lockOf(t: TestApp, dockId: string, label: string): Promise<{ id: string; secret: string }> {
  const { secret, secretHash } = newLockSecret();
  const [lock] = await t.database.db.insert(locks).values({ dockId, label, secretHash }).returning({ id: locks.id });
  if (!lock) throw new Error('no lock');
  return { id: lock.id, secret };
}

/** The app listening on a free port; its http:// address. */
export async function httpBase(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** A simulated lock connected and welcomed (fast heartbeats and bolt). */
export async function simulated(
  base: string,
  lock: { id: string; secret: string },
  options: Partial<SimulatedLockOptions> = {},
): Promise<SimulatedLock> {
  const device = startSimulatedLock({
    url: base,
    lockId: lock.id,
    secret: lock.secret,
    heartbeatMs: 1000,
    moveMs: 50,
    reconnectMinMs: 100,
    ...options,
  });
  await device.welcomed();
  return device;
}

/** Resolves once `check` answers something truthy (checked every 20 ms), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await check();
    if (last) return last as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not so within ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
}

export interface DockLiveClient {
  socket: WebSocket;
  frames: DockLiveServerFrame[];
  closed: Promise<number>;
  next<T extends DockLiveServerFrame['type']>(
    type: T,
    match?: (frame: Extract<DockLiveServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<DockLiveServerFrame, { type: T }>>;
  send(frame: unknown): void;
}

/** Opens a live channel (a ws:// URL) and, with a token, authenticates. */
export async function liveClient(url: string, token?: string): Promise<DockLiveClient> {
  const socket = new WebSocket(url);
  const frames: DockLiveServerFrame[] = [];
  const taken = new Set<DockLiveServerFrame>();
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as DockLiveServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client: DockLiveClient = {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(type, match = () => true, timeoutMs = 5000) {
      type F = Extract<DockLiveServerFrame, { type: typeof type }>;
      const find = () => frames.find((f): f is F => f.type === type && !taken.has(f) && match(f as F));
      return new Promise<F>((resolve, reject) => {
        const check = () => {
          const frame = find();
          if (!frame) return false;
          taken.add(frame);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(frame);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
  if (token) {
    client.send({ type: 'auth', token });
    await client.next('ready');
  }
  return client;
}
