import { afterEach, describe, expect, it } from 'vitest';
import type { DockDetail, LockCommandView, LockView } from '../../domain/docks';
import { queryClient } from '../lib/query-client';
import { applyCommand, applyLockView, dockKeys, type LockDetail } from './docks-api';

// What a live frame does to the cached answers of the dock pages: a lock's new view replaces the old one (keeping the
// finished command the page shows), and a command's news reaches the lock it belongs to, never an older one over a newer.

const party = 'party-1';
const command = (id: string, status: LockCommandView['status'], created_at: string): LockCommandView => ({
  id,
  lock_id: 'l1',
  kind: 'unlock',
  status,
  failure: status === 'failed' ? 'device_error' : null,
  created_at,
  finished_at: null,
});
const lock = (patch: Partial<LockView> = {}): LockView => ({
  id: 'l1',
  dock_id: 'd1',
  label: 'A3',
  state: 'occupied_by_me',
  my_bike: { id: 'b1', label: 'Kildemoes' },
  last_reported_at: '2026-11-25T10:00:00.000Z',
  my_command: null,
  ...patch,
});
const dock = (locks: LockView[]): DockDetail => ({
  id: 'd1',
  name: 'Stationspladsen',
  address: 'Stationspladsen 1',
  latitude: 56.15,
  longitude: 10.2,
  organisation_name: 'Demo',
  access: 'members',
  lock_count: locks.length,
  free_count: 0,
  locks,
});

afterEach(() => queryClient.clear());

describe('a lock frame', () => {
  it('replaces the lock in the dock and keeps a finished command of mine the frame does not carry', () => {
    const done = command('c1', 'done', '2026-11-25T10:00:00.000Z');
    queryClient.setQueryData(
      dockKeys.detail(party, 'd1'),
      dock([lock({ my_command: done }), lock({ id: 'l2', label: 'A4', state: 'free' })]),
    );
    applyLockView(party, lock({ state: 'free', my_bike: null, my_command: null }));
    const after = queryClient.getQueryData<DockDetail>(dockKeys.detail(party, 'd1'));
    expect(after?.locks[0]).toMatchObject({ state: 'free', my_bike: null, my_command: done });
    expect(after?.locks[1]?.label).toBe('A4');
  });

  it('drops a command still waiting when the frame says none is (it finished or was never mine)', () => {
    queryClient.setQueryData(dockKeys.detail(party, 'd1'), dock([lock({ my_command: command('c1', 'sent', '2026-11-25T10:00:00.000Z') })]));
    applyLockView(party, lock());
    expect(queryClient.getQueryData<DockDetail>(dockKeys.detail(party, 'd1'))?.locks[0]?.my_command).toBeNull();
  });

  it('keeps the bikes of the lock page and changes its view', () => {
    const key = dockKeys.lock(party, 'd1', 'l1');
    queryClient.setQueryData<LockDetail>(key, { ...lock({ state: 'free', my_bike: null }), bikes: [{ id: 'b1', label: 'Kildemoes' }] });
    applyLockView(party, lock({ state: 'locking', my_bike: null }));
    expect(queryClient.getQueryData<LockDetail>(key)).toMatchObject({ state: 'locking', bikes: [{ id: 'b1', label: 'Kildemoes' }] });
  });
});

describe('a command frame', () => {
  it('updates my command on its lock', () => {
    const key = dockKeys.lock(party, 'd1', 'l1');
    queryClient.setQueryData<LockDetail>(key, { ...lock({ my_command: command('c1', 'sent', '2026-11-25T10:00:00.000Z') }), bikes: [] });
    applyCommand(party, 'd1', command('c1', 'received', '2026-11-25T10:00:00.000Z'));
    expect(queryClient.getQueryData<LockDetail>(key)?.my_command?.status).toBe('received');
  });

  it('never puts an older command over a newer one (a late frame)', () => {
    const key = dockKeys.lock(party, 'd1', 'l1');
    const newer = command('c2', 'sent', '2026-11-25T10:01:00.000Z');
    queryClient.setQueryData<LockDetail>(key, { ...lock({ my_command: newer }), bikes: [] });
    applyCommand(party, 'd1', command('c1', 'failed', '2026-11-25T10:00:00.000Z'));
    expect(queryClient.getQueryData<LockDetail>(key)?.my_command).toEqual(newer);
  });
});
