import { useEffect, useSyncExternalStore } from 'react';
import { SLOW_ROUTE_NOTICE_MS } from '../../domain/constants';

/**
 * §9 slow-route notice: while something is loading a page's code or data (each whole-area loading state counts
 * itself in), a notice is due once loading has gone on for 1 s without a break; it goes when the last one ends.
 */
export function createSlowWatch(delayMs = SLOW_ROUTE_NOTICE_MS) {
  let pending = 0;
  let slow = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (slow === value) return;
    slow = value;
    for (const listener of listeners) listener();
  };
  return {
    /** Counts one loading state in; the returned function counts it out. */
    start(): () => void {
      pending += 1;
      timer ??= setTimeout(() => {
        timer = null;
        if (pending > 0) set(true);
      }, delayMs);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending -= 1;
        // Settled after the current work, so a page whose code arrives and whose data then loads (one commit
        // unmounts the first loading state and mounts the next) is one wait, not two.
        queueMicrotask(() => {
          if (pending > 0) return;
          if (timer !== null) clearTimeout(timer);
          timer = null;
          set(false);
        });
      };
    },
    isSlow: () => slow,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const watch = createSlowWatch();

/** Counts a loading state in for as long as the component showing it is on the page. */
export function useCountAsLoading(): void {
  useEffect(() => watch.start(), []);
}

/** Whether the page has been loading for more than 1 s. */
export function useSlowRoute(): boolean {
  return useSyncExternalStore(watch.subscribe, watch.isSlow, () => false);
}
