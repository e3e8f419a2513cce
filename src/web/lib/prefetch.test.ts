import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPrefetchQueue, prefetchAllowed } from './prefetch';

describe('the prefetch queue (§9: batches of 4, 3 s apart)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const clock = { now: () => Date.now(), setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) };
  const tasks = (n: number) => Array.from({ length: n }, () => vi.fn(() => Promise.resolve()));
  const ran = (list: ReturnType<typeof tasks>) => list.filter((task) => task.mock.calls.length > 0).length;

  it('runs four at once, then four more every 3 s until done', async () => {
    const queue = createPrefetchQueue(clock);
    const list = tasks(10);
    queue.add(list);
    await vi.advanceTimersByTimeAsync(0);
    expect(ran(list)).toBe(4);
    expect(list.slice(0, 4).every((task) => task.mock.calls.length === 1)).toBe(true);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(ran(list)).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran(list)).toBe(8);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ran(list)).toBe(10);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(list.every((task) => task.mock.calls.length === 1)).toBe(true);
  });

  it('runs a task once however often it is added, and keeps 3 s after the last batch for new ones', async () => {
    const queue = createPrefetchQueue(clock);
    const first = tasks(2);
    queue.add(first);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran(first)).toBe(2);
    const later = tasks(1);
    queue.add([...first, ...later]);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(ran(later)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran(later)).toBe(1);
    expect(first.every((task) => task.mock.calls.length === 1)).toBe(true);
    // Long after the last batch, a new task starts at once.
    await vi.advanceTimersByTimeAsync(10_000);
    const fresh = tasks(1);
    queue.add(fresh);
    await vi.advanceTimersByTimeAsync(0);
    expect(ran(fresh)).toBe(1);
  });

  it('shrugs off a task that fails', async () => {
    const queue = createPrefetchQueue(clock);
    const failing = vi.fn(() => Promise.reject(new Error('chunk gone')));
    const next = tasks(1);
    queue.add([failing, ...next]);
    await vi.advanceTimersByTimeAsync(0);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(ran(next)).toBe(1);
  });
});

describe('prefetchAllowed', () => {
  it('skips save-data and 2G connections, and allows the rest or an unknown connection', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
  });
});
