import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_VITALS_DEBOUNCE_MS } from '../../domain/constants';
import { keyedDebounce } from './debounce';

describe('keyedDebounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends only the last value, once the key has been quiet for the wait', () => {
    const send = vi.fn();
    const debounce = keyedDebounce<number>(WEB_VITALS_DEBOUNCE_MS, send);
    debounce.push('LCP', 1);
    vi.advanceTimersByTime(2_000);
    debounce.push('LCP', 2);
    vi.advanceTimersByTime(2_999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('LCP', 2);
  });

  it('debounces each key on its own', () => {
    const send = vi.fn();
    const debounce = keyedDebounce<number>(3_000, send);
    debounce.push('LCP', 1);
    vi.advanceTimersByTime(1_000);
    debounce.push('CLS', 5);
    vi.advanceTimersByTime(2_000);
    expect(send.mock.calls).toEqual([['LCP', 1]]);
    debounce.push('LCP', 7);
    vi.advanceTimersByTime(1_000);
    expect(send.mock.calls).toEqual([
      ['LCP', 1],
      ['CLS', 5],
    ]);
    vi.advanceTimersByTime(2_000);
    expect(send.mock.calls).toEqual([
      ['LCP', 1],
      ['CLS', 5],
      ['LCP', 7],
    ]);
  });

  it('flush sends everything pending at once and nothing twice', () => {
    const send = vi.fn();
    const debounce = keyedDebounce<number>(3_000, send);
    debounce.push('LCP', 1);
    debounce.push('CLS', 2);
    debounce.flush();
    expect(send.mock.calls).toEqual([
      ['LCP', 1],
      ['CLS', 2],
    ]);
    vi.advanceTimersByTime(10_000);
    debounce.flush();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
