import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import type { LockCommandView } from '../../domain/docks.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeOf } from '../chats/chat-test-factory.js';
import { dockAlarms, docks, lockCommands, lockEvents, locks, organisationMembers } from '../db/schema.js';
import { dockOf, eventually, httpBase, liveClient, lockOf, organisationOf, simulated } from './dock-test-factory.js';
import { expireDue } from './lock-service.js';
import type { SimulatedLock } from './simulated-lock.js';

// Lock and unlock with a simulated lock answering over the device socket (issue 16): the command's way
// sent → received → done, a device error, a timeout, a lock going away mid-command, the live channels, the tamper
// alarm, and a device's credentials opening nothing else.

let t: TestApp;
let base: string;
let ws: string;
let member: SignedUpUser;
let other: SignedUpUser;
let dockId: string;
const devices: SimulatedLock[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await httpBase(t.app);
  ws = base.replace(/^http/, 'ws');
  member = await signUpUser(t.app);
  other = await signUpUser(t.app);
  const org = await organisationOf(t, 'Kontorfællesskabet', [member.partyId]);
  dockId = await dockOf(t, org);
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.stop()));
  await t.close();
});

async function device(label: string, options: Parameters<typeof simulated>[2] = {}) {
  const lock = await lockOf(t, dockId, label);
  const sim = await simulated(base, lock, options);
  devices.push(sim);
  return { lock, sim };
}

const commandUrl = (lockId: string) => `/api/docks/${dockId}/locks/${lockId}/commands`;
async function commandNow(lockId: string, commandId: string): Promise<LockCommandView> {
  return (await api(t.app, member.token, 'GET', `${commandUrl(lockId)}/${commandId}`)).json();
}
async function lockView(token: string, lockId: string) {
  return api(t.app, token, 'GET', `/api/docks/${dockId}/locks/${lockId}`);
}

describe('lock and unlock with the simulated lock', () => {
  it('locks my bike: sent, then done only once the lock reports closed; then unlocks it', async () => {
    const { lock, sim } = await device('A1', { moveMs: 150 });
    const bikeId = await bikeOf(t, member.partyId);
    const page = await lockView(member.token, lock.id);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ state: 'free', my_bike: null, my_command: null });
    expect(page.json().bikes).toEqual([{ id: bikeId, label: 'Kildemoes Logic' }]);

    const sent = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: bikeId });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ kind: 'lock', status: 'sent', failure: null, finished_at: null });
    // While the bolt moves, the lock is "locking", never "occupied" on the strength of the command.
    expect((await lockView(member.token, lock.id)).json().state).toBe('locking');

    const done = await eventually(async () => {
      const c = await commandNow(lock.id, sent.json().id);
      return c.status === 'done' ? c : null;
    });
    expect(done.finished_at).not.toBeNull();
    expect(sim.state).toBe('closed');
    const occupied = (await lockView(member.token, lock.id)).json();
    expect(occupied).toMatchObject({ state: 'occupied_by_me', my_bike: { id: bikeId, label: 'Kildemoes Logic' } });
    // The bike is in a lock: not offered again.
    expect(occupied.bikes).toEqual([]);

    const history = await t.database.db.select().from(lockEvents).where(eq(lockEvents.lockId, lock.id));
    expect(history.map((e) => [e.kind, (e.detail as { status?: string }).status ?? (e.detail as { to?: string }).to ?? null])).toEqual(
      expect.arrayContaining([
        ['connected', null],
        ['command', 'sent'],
        ['command', 'received'],
        ['state', 'closed'],
        ['command', 'done'],
      ]),
    );

    const unlock = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'unlock' });
    expect(unlock.statusCode).toBe(202);
    await eventually(async () => (await commandNow(lock.id, unlock.json().id)).status === 'done');
    expect((await lockView(member.token, lock.id)).json()).toMatchObject({ state: 'free', my_bike: null });
    const [row] = await t.database.db.select().from(locks).where(eq(locks.id, lock.id));
    expect(row).toMatchObject({ occupantPartyId: null, occupantBikeId: null, reportedState: 'open', desiredState: 'open' });
  });

  it('fails a command the lock says it could not do, and leaves the lock as it reported', async () => {
    const { lock, sim } = await device('A2');
    sim.failNext('lock');
    const bikeId = await bikeOf(t, member.partyId);
    const sent = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: bikeId });
    const failed = await eventually(async () => {
      const c = await commandNow(lock.id, sent.json().id);
      return c.status === 'failed' ? c : null;
    });
    expect(failed.failure).toBe('device_error');
    expect((await lockView(member.token, lock.id)).json()).toMatchObject({
      state: 'free',
      my_command: { status: 'failed', failure: 'device_error' },
    });
  });

  it('fails a command with offline when the lock goes away before it is done, and shows the lock offline', async () => {
    const { lock, sim } = await device('A3', { silent: true });
    const bikeId = await bikeOf(t, member.partyId);
    const sent = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: bikeId });
    expect(sent.statusCode).toBe(202);
    await sim.stop();
    const failed = await eventually(async () => {
      const c = await commandNow(lock.id, sent.json().id);
      return c.status === 'failed' ? c : null;
    });
    expect(failed.failure).toBe('offline');
    expect((await lockView(member.token, lock.id)).json().state).toBe('offline');
    const refused = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: bikeId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('lock_offline');
  });

  it('times a command out, and a late closed report still records the bike as mine', async () => {
    const { lock, sim } = await device('A4', { silent: true });
    const bikeId = await bikeOf(t, member.partyId);
    const sent = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: bikeId });
    // A second command while one waits is refused.
    const busy = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: await bikeOf(t, member.partyId) });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('lock_busy');

    // The deadline passes (the timer's work, run here at a later clock).
    await expireDue(t.database.db, 45, new Date(Date.now() + 16_000));
    expect(await commandNow(lock.id, sent.json().id)).toMatchObject({ status: 'failed', failure: 'timeout' });
    // Run twice (two instances): the command fails once.
    await expireDue(t.database.db, 45, new Date(Date.now() + 17_000));
    const failures = await t.database.db.select().from(lockEvents).where(eq(lockEvents.lockId, lock.id));
    expect(failures.filter((e) => (e.detail as { status?: string }).status === 'failed')).toHaveLength(1);

    sim.setSilent(false);
    sim.move('closed');
    await eventually(async () => (await lockView(member.token, lock.id)).json().state === 'occupied_by_me');
    expect(await commandNow(lock.id, sent.json().id)).toMatchObject({ status: 'failed', failure: 'timeout' });
    expect((await lockView(member.token, lock.id)).json().my_bike.id).toBe(bikeId);
  });

  it('marks a silent lock offline; when it speaks again it is made to say hello, and is online again', async () => {
    const { lock, sim } = await device('A6');
    sim.setSilent(true);
    await expireDue(t.database.db, 45, new Date(Date.now() + 46_000));
    expect((await lockView(member.token, lock.id)).json().state).toBe('offline');
    const history = await t.database.db.select().from(lockEvents).where(eq(lockEvents.lockId, lock.id));
    expect(history.map((e) => e.kind)).toContain('silent');
    sim.setSilent(false);
    sim.move('open');
    await eventually(async () => (await lockView(member.token, lock.id)).json().state === 'free');
    await eventually(() => sim.received.filter((f) => f.type === 'welcome').length === 2);
  });

  it('ignores a report older than the last one applied', async () => {
    const { lock, sim } = await device('A5');
    sim.move('closed');
    await eventually(async () => (await lockView(member.token, lock.id)).json().state === 'occupied');
    // An older sequence number saying open: ignored.
    sim.sendRaw({ type: 'state', seq: 1, state: 'open' });
    await eventually(async () => {
      const history = await t.database.db.select().from(lockEvents).where(eq(lockEvents.lockId, lock.id));
      return history.some((e) => e.kind === 'report_ignored');
    });
    const [row] = await t.database.db.select().from(locks).where(eq(locks.id, lock.id));
    expect(row?.reportedState).toBe('closed');
  });
});

describe('the rules of a command', () => {
  it('refuses a bike that is not mine, a bike already in a lock, a lock that is not free, and unlocking a bike that is not mine', async () => {
    const { lock } = await device('B1');
    const { lock: second } = await device('B2');
    const strangers = await bikeOf(t, other.partyId);
    const notMine = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: strangers });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().code).toBe('bike_not_found');

    const bikeId = await bikeOf(t, member.partyId);
    const sent = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: bikeId });
    await eventually(async () => (await commandNow(lock.id, sent.json().id)).status === 'done');
    const again = await api(t.app, member.token, 'POST', commandUrl(second.id), { kind: 'lock', bike_id: bikeId });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('bike_already_docked');
    const occupied = await api(t.app, member.token, 'POST', commandUrl(lock.id), {
      kind: 'lock',
      bike_id: await bikeOf(t, member.partyId),
    });
    expect(occupied.json().code).toBe('lock_occupied');

    // Someone else who may use the dock (it is public now) cannot unlock it, and is not told whose bike it is.
    await t.database.db.execute(`update dock set access = 'everyone' where id = '${dockId}'`);
    const seen = (await lockView(other.token, lock.id)).json();
    expect(seen).toMatchObject({ state: 'occupied', my_bike: null, my_command: null });
    const theirs = await api(t.app, other.token, 'POST', commandUrl(lock.id), { kind: 'unlock' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe('lock_not_yours');
    // Nor can they read my command.
    expect((await api(t.app, other.token, 'GET', `${commandUrl(lock.id)}/${sent.json().id}`)).statusCode).toBe(404);
    await t.database.db.execute(`update dock set access = 'members' where id = '${dockId}'`);

    // Someone who left the organisation with their bike in a lock still sees that dock and gets the bike out.
    const leaver = await signUpUser(t.app);
    const org = (await t.database.db.select({ owner: docks.ownerPartyId }).from(docks).where(eq(docks.id, dockId)))[0]?.owner as string;
    await t.database.db.insert(organisationMembers).values({ organisationPartyId: org, identityPartyId: leaver.partyId });
    const { lock: third } = await device('B4');
    const leaversBike = await bikeOf(t, leaver.partyId);
    const locked = await api(t.app, leaver.token, 'POST', commandUrl(third.id), { kind: 'lock', bike_id: leaversBike });
    await eventually(
      async () => (await api(t.app, leaver.token, 'GET', `${commandUrl(third.id)}/${locked.json().id}`)).json().status === 'done',
    );
    await t.database.db.delete(organisationMembers).where(eq(organisationMembers.identityPartyId, leaver.partyId));
    expect((await api(t.app, leaver.token, 'GET', '/api/docks/')).json().map((d: { id: string }) => d.id)).toEqual([dockId]);
    expect((await api(t.app, leaver.token, 'POST', commandUrl(third.id), { kind: 'unlock' })).statusCode).toBe(202);

    // A bike reported stolen is neither offered nor taken.
    const stolen = await bikeOf(t, member.partyId, { reportedStolen: true });
    const { lock: fourth } = await device('B5');
    expect((await lockView(member.token, fourth.id)).json().bikes.map((b: { id: string }) => b.id)).not.toContain(stolen);
    expect((await api(t.app, member.token, 'POST', commandUrl(fourth.id), { kind: 'lock', bike_id: stolen })).json().code).toBe(
      'bike_stolen_locked',
    );
  });

  it('answers bad input with 4xx', async () => {
    const { lock } = await device('B3');
    for (const body of [{}, { kind: 'lock' }, { kind: 'lock', bike_id: 'x' }, { kind: 'open' }, 'text']) {
      const res = await api(t.app, member.token, 'POST', commandUrl(lock.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await api(t.app, member.token, 'GET', `/api/docks/not-a-dock`)).statusCode).toBe(422);
    expect((await api(t.app, member.token, 'GET', `${commandUrl(lock.id)}/${crypto.randomUUID()}`)).json().code).toBe(
      'lock_command_not_found',
    );
  });
});

describe('who sees a dock', () => {
  it('shows my docks and hides the others entirely', async () => {
    const { lock } = await device('C1');
    const list = (await api(t.app, member.token, 'GET', '/api/docks/')).json();
    expect(list).toEqual([expect.objectContaining({ id: dockId, organisation_name: 'Kontorfællesskabet', access: 'members' })]);
    expect(list[0].lock_count).toBeGreaterThan(0);
    const detail = (await api(t.app, member.token, 'GET', `/api/docks/${dockId}`)).json();
    expect(detail.locks.find((l: { id: string }) => l.id === lock.id)).toMatchObject({ label: 'C1', state: 'free' });

    expect((await api(t.app, other.token, 'GET', '/api/docks/')).json()).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/api/docks/${dockId}`],
      ['GET', `/api/docks/${dockId}/locks/${lock.id}`],
      ['POST', commandUrl(lock.id), { kind: 'unlock' }],
      ['GET', `${commandUrl(lock.id)}/${crypto.randomUUID()}`],
    ] as const) {
      const res = await api(t.app, other.token, method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('dock_not_found');
    }
    // A lock of another dock named under mine is not found either.
    const otherDock = await dockOf(t, await organisationOf(t, 'Andre'));
    const foreign = await lockOf(t, otherDock, 'X1');
    expect((await lockView(member.token, foreign.id)).json().code).toBe('lock_not_found');
    // A public dock is anyone's to use.
    const station = await dockOf(t, await organisationOf(t, 'Byen'), { name: 'Banegården', access: 'everyone' });
    expect((await api(t.app, other.token, 'GET', '/api/docks/')).json().map((d: { id: string }) => d.id)).toEqual([station]);
  });
});

describe('the live channels', () => {
  it("pushes the lock page's changes: my command's way, the lock's states, and a tamper alarm of my bike", async () => {
    const { lock, sim } = await device('D1');
    const page = await liveClient(`${ws}/app/docks/${dockId}/locks/${lock.id}/websocket`, member.token);
    expect((await page.next('lock')).lock).toMatchObject({ id: lock.id, state: 'free' });
    const dock = await liveClient(`${ws}/api/docks/${dockId}/live`, member.token);
    await dock.next('lock', (f) => f.lock.id === lock.id);

    const bikeId = await bikeOf(t, member.partyId);
    const sent = await api(t.app, member.token, 'POST', commandUrl(lock.id), { kind: 'lock', bike_id: bikeId });
    await page.next('lock', (f) => f.lock.state === 'locking');
    await page.next('command', (f) => f.command.status === 'received');
    await page.next('command', (f) => f.command.id === sent.json().id && f.command.status === 'done');
    await page.next('lock', (f) => f.lock.state === 'occupied_by_me' && f.lock.my_bike?.id === bikeId);
    await dock.next('lock', (f) => f.lock.id === lock.id && f.lock.state === 'occupied_by_me');

    sim.tamper();
    const alarm = await page.next('alarm');
    expect(alarm.alarm).toMatchObject({ lock_id: lock.id, dock_id: dockId, bike_id: bikeId });
    const [stored] = await t.database.db.select().from(dockAlarms).where(eq(dockAlarms.lockId, lock.id));
    expect(stored).toMatchObject({ partyId: member.partyId, bikeId });

    await sim.stop();
    await page.next('lock', (f) => f.lock.state === 'offline');
    page.socket.close();
    dock.socket.close();
  });

  it('closes a socket without a good token (4401) or for a dock I may not use (4404); a plain GET of the page is the web shell', async () => {
    const { lock } = await device('D2');
    const stranger = await liveClient(`${ws}/app/docks/${dockId}/locks/${lock.id}/websocket`);
    stranger.send({ type: 'auth', token: other.token });
    expect(await stranger.closed).toBe(4404);
    const bad = await liveClient(`${ws}/api/docks/${dockId}/live`);
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect(await bad.closed).toBe(4401);
    const plain = await t.app.inject({ method: 'GET', url: `/app/docks/${dockId}/locks/${lock.id}/websocket` });
    // No web build in the API tests: the not-found answer the shell would take over.
    expect(plain.statusCode).toBe(404);
    expect((await api(t.app, member.token, 'GET', `/api/docks/${dockId}/live`)).statusCode).toBe(426);
  });
});

describe("a device's credentials", () => {
  it('speak for their own lock only and open no /api route', async () => {
    const { lock } = await device('E1');
    const victim = await lockOf(t, dockId, 'E2');
    // Lock E1's secret naming lock E2: refused.
    const impostor = await liveClient(`${ws}/api/devices/locks/live`);
    impostor.send({ type: 'hello', lock_id: victim.id, secret: lock.secret, state: 'open' });
    expect(await impostor.closed).toBe(4401);
    // A hello for another lock on an authenticated socket ends it.
    const own = await liveClient(`${ws}/api/devices/locks/live`);
    own.send({ type: 'hello', lock_id: lock.id, secret: lock.secret, state: 'open' });
    await eventually(() => own.frames.length > 0 || null);
    own.send({ type: 'hello', lock_id: victim.id, secret: victim.secret, state: 'open' });
    expect(await own.closed).toBe(4401);
    const [row] = await t.database.db.select().from(locks).where(eq(locks.id, victim.id));
    expect(row?.connected).toBe(false);
    // The secret as a bearer token: 401 everywhere.
    for (const url of ['/api/docks/', `/api/docks/${dockId}`, '/api/identities/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${lock.secret}` } });
      expect(res.statusCode, url).toBe(401);
    }
    // Garbage first frames: closed.
    const garbage = await liveClient(`${ws}/api/devices/locks/live`);
    garbage.send('{"type":"state","seq":1,"state":"open"}');
    expect(await garbage.closed).toBe(4401);
    const commands = await t.database.db.select().from(lockCommands).where(eq(lockCommands.lockId, victim.id));
    expect(commands).toEqual([]);
  });
});
