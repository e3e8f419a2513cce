import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSlowWatch } from './slow-route';

describe('the slow-route notice (§9: after 1 s of loading)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is due after 1 s of loading and goes when loading ends', async () => {
    const watch = createSlowWatch();
    const changes = vi.fn();
    watch.subscribe(changes);
    const end = watch.start();
    vi.advanceTimersByTime(999);
    expect(watch.isSlow()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(watch.isSlow()).toBe(true);
    end();
    await Promise.resolve();
    expect(watch.isSlow()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('never shows for loading that ends within 1 s', async () => {
    const watch = createSlowWatch();
    watch.start()();
    await Promise.resolve();
    vi.advanceTimersByTime(5_000);
    expect(watch.isSlow()).toBe(false);
  });

  it('counts loading that hands over to more loading (the code, then the data) as one wait', async () => {
    const watch = createSlowWatch();
    const code = watch.start();
    vi.advanceTimersByTime(600);
    // In one commit: the code's loading state goes, the data's comes.
    code();
    const data = watch.start();
    await Promise.resolve();
    vi.advanceTimersByTime(400);
    expect(watch.isSlow()).toBe(true);
    data();
    data();
    await Promise.resolve();
    expect(watch.isSlow()).toBe(false);
  });
});
