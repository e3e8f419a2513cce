import { describe, expect, it } from 'vitest';
import { LOCK_COMMAND_TIMEOUT_SECONDS, LOCK_OFFLINE_AFTER_SECONDS } from './docks.js';
import { type LockInput, lockOnline, type MachineCommand, type MachineLock, step } from './lock-machine.js';

const T0 = new Date('2026-11-25T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const ME = 'party-me';
const BIKE = 'bike-1';

function freeLock(overrides: Partial<MachineLock> = {}): MachineLock {
  return {
    reportedState: 'open',
    reportedAt: T0,
    reportedSeq: 3,
    connected: true,
    desiredState: null,
    occupantPartyId: null,
    occupantBikeId: null,
    ...overrides,
  };
}

/** Runs inputs one after another (each at its own time), carrying the facts and the command along. */
function run(lock: MachineLock, inputs: [number, LockInput][], pending: MachineCommand | null = null) {
  let state = { lock, pending };
  const transitions = [];
  for (const [seconds, input] of inputs) {
    const tr = step(state.lock, state.pending, input, at(seconds));
    transitions.push(tr);
    state = { lock: tr.lock, pending: tr.pending };
  }
  return { ...state, transitions, last: transitions.at(-1) };
}

const lockRequest: LockInput = { type: 'request', id: 'c1', kind: 'lock', partyId: ME, bikeId: BIKE };

describe('a command', () => {
  it('is sent when requested, received when acknowledged, and done only when the lock reports the state asked', () => {
    const r = run(freeLock(), [
      [0, lockRequest],
      [1, { type: 'ack', commandId: 'c1' }],
      [2, { type: 'result', commandId: 'c1', ok: true }],
    ]);
    expect(r.transitions[0]).toMatchObject({
      created: { id: 'c1', status: 'sent', deadlineAt: at(LOCK_COMMAND_TIMEOUT_SECONDS) },
      refused: null,
    });
    expect(r.transitions[0]?.lock.desiredState).toBe('closed');
    expect(r.transitions[1]?.command).toMatchObject({ id: 'c1', status: 'received', receivedAt: at(1) });
    // "ok" from the device is not "done": the lock has not said it is closed yet.
    expect(r.transitions[2]?.command).toBeNull();
    expect(r.pending?.status).toBe('received');
    expect(r.lock.reportedState).toBe('open');

    const done = step(r.lock, r.pending, { type: 'state', seq: 4, state: 'closed' }, at(3));
    expect(done.command).toEqual({ id: 'c1', status: 'done', failure: null, finishedAt: at(3) });
    expect(done.pending).toBeNull();
    expect(done.lock).toMatchObject({ reportedState: 'closed', occupantPartyId: ME, occupantBikeId: BIKE, reportedSeq: 4 });
    expect(done.events.map((e) => e.kind)).toEqual(['state', 'command']);
  });

  it('is not done by a report of the other state', () => {
    const r = run(freeLock(), [
      [0, lockRequest],
      [1, { type: 'state', seq: 4, state: 'open' }],
    ]);
    expect(r.pending?.id).toBe('c1');
    expect(r.last?.command).toBeNull();
  });

  it('unlock is done when the lock reports open, which clears the occupant', () => {
    const closed = freeLock({ reportedState: 'closed', occupantPartyId: ME, occupantBikeId: BIKE });
    const r = run(closed, [
      [0, { type: 'request', id: 'c2', kind: 'unlock', partyId: ME, bikeId: null }],
      [1, { type: 'state', seq: 4, state: 'open' }],
    ]);
    expect(r.last?.command?.status).toBe('done');
    expect(r.lock).toMatchObject({ reportedState: 'open', occupantPartyId: null, occupantBikeId: null, desiredState: 'open' });
  });

  it('fails with device_error when the lock says it could not', () => {
    const r = run(freeLock(), [
      [0, lockRequest],
      [1, { type: 'result', commandId: 'c1', ok: false, error: 'bolt_jammed' }],
    ]);
    expect(r.last?.command).toMatchObject({ status: 'failed', failure: 'device_error' });
    expect(r.last?.events[0]?.detail).toMatchObject({ error: 'bolt_jammed', kind: 'lock', status: 'failed' });
    expect(r.pending).toBeNull();
  });

  it('ignores an acknowledgement or a result of another command', () => {
    const r = run(freeLock(), [
      [0, lockRequest],
      [1, { type: 'ack', commandId: 'other' }],
      [2, { type: 'result', commandId: 'other', ok: false }],
    ]);
    expect(r.pending).toMatchObject({ id: 'c1', status: 'sent' });
  });
});

describe('timeouts', () => {
  it('fail the command when its deadline passes first', () => {
    const r = run(freeLock(), [
      [0, lockRequest],
      [LOCK_COMMAND_TIMEOUT_SECONDS - 1, { type: 'tick' }],
      [LOCK_COMMAND_TIMEOUT_SECONDS, { type: 'tick' }],
    ]);
    expect(r.transitions[1]?.command).toBeNull();
    expect(r.last?.command).toMatchObject({ status: 'failed', failure: 'timeout', finishedAt: at(LOCK_COMMAND_TIMEOUT_SECONDS) });
  });

  it('a late report updates the state but never revives the command; a late closed records the person who asked', () => {
    const r = run(freeLock(), [[0, lockRequest]]);
    // The report comes after the deadline, before any tick: the command failed by then.
    const late = step(r.lock, r.pending, { type: 'state', seq: 4, state: 'closed' }, at(LOCK_COMMAND_TIMEOUT_SECONDS + 2));
    expect(late.command).toMatchObject({ id: 'c1', status: 'failed', failure: 'timeout' });
    expect(late.lock).toMatchObject({ reportedState: 'closed', occupantPartyId: ME, occupantBikeId: BIKE });
    expect(late.pending).toBeNull();

    // After a tick failed it: the service passes the timed-out lock command along.
    const ticked = run(freeLock(), [
      [0, lockRequest],
      [LOCK_COMMAND_TIMEOUT_SECONDS, { type: 'tick' }],
      [LOCK_COMMAND_TIMEOUT_SECONDS + 5, { type: 'state', seq: 4, state: 'closed', timedOutLock: { partyId: ME, bikeId: BIKE } }],
    ]);
    expect(ticked.last?.command).toBeNull();
    expect(ticked.lock).toMatchObject({ reportedState: 'closed', occupantPartyId: ME });
  });

  it('a closed report with no command behind it leaves the occupant unknown', () => {
    const r = step(freeLock(), null, { type: 'state', seq: 4, state: 'closed' }, at(1));
    expect(r.lock).toMatchObject({ reportedState: 'closed', occupantPartyId: null });
  });
});

describe('out-of-order reports', () => {
  it('are ignored when older than the last one applied, but still count as a sign of life', () => {
    const lock = freeLock({ reportedState: 'closed', occupantPartyId: ME, occupantBikeId: BIKE, reportedSeq: 7 });
    const r = step(lock, null, { type: 'state', seq: 6, state: 'open' }, at(5));
    expect(r.lock).toMatchObject({ reportedState: 'closed', occupantPartyId: ME, reportedSeq: 7, reportedAt: at(5) });
    expect(r.events).toEqual([{ kind: 'report_ignored', partyId: null, detail: { seq: 6, last_seq: 7, state: 'open' } }]);
    const same = step(lock, null, { type: 'state', seq: 7, state: 'open' }, at(5));
    expect(same.lock.reportedState).toBe('closed');
  });

  it('start again from a new connection', () => {
    const lock = freeLock({ reportedSeq: 40 });
    const hello = step(lock, null, { type: 'hello', state: 'open' }, at(1));
    expect(hello.lock.reportedSeq).toBe(0);
    const next = step(hello.lock, null, { type: 'state', seq: 1, state: 'closed' }, at(2));
    expect(next.lock.reportedState).toBe('closed');
  });
});

describe('connections', () => {
  it('a disconnect mid-command fails it with offline', () => {
    const r = run(freeLock(), [
      [0, lockRequest],
      [1, { type: 'ack', commandId: 'c1' }],
      [2, { type: 'disconnected' }],
    ]);
    expect(r.last?.command).toMatchObject({ status: 'failed', failure: 'offline' });
    expect(r.lock.connected).toBe(false);
    expect(r.last?.events.map((e) => e.kind)).toEqual(['disconnected', 'command']);
  });

  it('a lock silent past the offline limit goes offline at the next tick, failing its command', () => {
    const r = run(freeLock(), [
      [0, lockRequest],
      [1, { type: 'heartbeat', seq: 4 }],
    ]);
    // Push the deadline out of the way, to see the silence alone.
    const pending = r.pending ? { ...r.pending, deadlineAt: at(1000) } : null;
    const quiet = step(r.lock, pending, { type: 'tick' }, at(1 + LOCK_OFFLINE_AFTER_SECONDS));
    expect(quiet.command).toBeNull();
    const silent = step(r.lock, pending, { type: 'tick' }, at(2 + LOCK_OFFLINE_AFTER_SECONDS));
    expect(silent.lock.connected).toBe(false);
    expect(silent.command).toMatchObject({ status: 'failed', failure: 'offline' });
    expect(silent.events.map((e) => e.kind)).toEqual(['silent', 'command']);
  });

  it('hello marks the lock connected with its state; a heartbeat only refreshes its last word', () => {
    const away = freeLock({ connected: false, reportedAt: null, reportedState: null, reportedSeq: null });
    const hello = step(away, null, { type: 'hello', state: 'open' }, at(1));
    expect(hello.lock).toMatchObject({ connected: true, reportedState: 'open', reportedAt: at(1) });
    expect(hello.events.map((e) => e.kind)).toEqual(['connected', 'state']);
    const beat = step(hello.lock, null, { type: 'heartbeat', seq: 1 }, at(9));
    expect(beat.lock).toMatchObject({ reportedAt: at(9), reportedSeq: 0 });
    expect(beat.events).toEqual([]);
    expect(lockOnline(beat.lock, at(9 + LOCK_OFFLINE_AFTER_SECONDS))).toBe(true);
    expect(lockOnline(beat.lock, at(10 + LOCK_OFFLINE_AFTER_SECONDS))).toBe(false);
  });
});

describe('requests', () => {
  it('one command at a time', () => {
    const r = run(freeLock(), [
      [0, lockRequest],
      [1, { type: 'request', id: 'c2', kind: 'lock', partyId: 'someone', bikeId: 'b2' }],
    ]);
    expect(r.last?.refused).toBe('lock_busy');
    expect(r.pending?.id).toBe('c1');
  });

  it('lock needs the lock free and online', () => {
    expect(step(freeLock({ reportedState: 'closed' }), null, lockRequest, at(1)).refused).toBe('lock_occupied');
    expect(step(freeLock({ reportedState: null }), null, lockRequest, at(1)).refused).toBe('lock_occupied');
    expect(step(freeLock({ connected: false }), null, lockRequest, at(1)).refused).toBe('lock_offline');
    expect(step(freeLock(), null, lockRequest, at(LOCK_OFFLINE_AFTER_SECONDS + 1)).refused).toBe('lock_offline');
  });

  it('unlock needs the caller to be the occupant', () => {
    const mine = freeLock({ reportedState: 'closed', occupantPartyId: ME, occupantBikeId: BIKE });
    const unlock = (partyId: string): LockInput => ({ type: 'request', id: 'u', kind: 'unlock', partyId, bikeId: null });
    expect(step(mine, null, unlock('someone else'), at(1)).refused).toBe('lock_not_yours');
    expect(step(freeLock(), null, unlock(ME), at(1)).refused).toBe('lock_not_yours');
    expect(step(freeLock({ reportedState: 'closed' }), null, unlock(ME), at(1)).refused).toBe('lock_not_yours');
    expect(step(mine, null, unlock(ME), at(1)).refused).toBeNull();
  });
});

describe('tamper', () => {
  it('raises an alarm for the occupant of a closed lock, and only records it otherwise', () => {
    const held = step(freeLock({ reportedState: 'closed', occupantPartyId: ME, occupantBikeId: BIKE }), null, { type: 'tamper' }, at(1));
    expect(held.alarm).toEqual({ partyId: ME, bikeId: BIKE });
    expect(held.events[0]).toMatchObject({ kind: 'alarm', partyId: ME });
    const empty = step(freeLock(), null, { type: 'tamper' }, at(1));
    expect(empty.alarm).toBeNull();
    expect(empty.events.map((e) => e.kind)).toEqual(['alarm']);
  });
});
