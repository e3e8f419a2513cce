import { PREFETCH_BATCH_INTERVAL_MS, PREFETCH_BATCH_SIZE } from '../../domain/constants';

type Task = () => Promise<unknown>;

interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
}

const realClock: Clock = { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms) };

/**
 * §9 page prefetch: runs each task (a page's code loader) once, four at a time, with 3 s between batches, so
 * fetching ahead never crowds out what the visitor is doing. A failed task is forgotten (the visit tries again).
 */
export function createPrefetchQueue(clock: Clock = realClock, batchSize = PREFETCH_BATCH_SIZE, intervalMs = PREFETCH_BATCH_INTERVAL_MS) {
  const seen = new Set<Task>();
  const waiting: Task[] = [];
  let scheduled = false;
  let lastBatchAt = Number.NEGATIVE_INFINITY;

  const runBatch = () => {
    scheduled = false;
    lastBatchAt = clock.now();
    for (const task of waiting.splice(0, batchSize)) task().catch(() => undefined);
    schedule();
  };
  const schedule = () => {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    clock.setTimeout(runBatch, Math.max(0, lastBatchAt + intervalMs - clock.now()));
  };

  return {
    /** Queues the tasks not seen before; the next batch starts at once, or 3 s after the last one. */
    add(tasks: Iterable<Task>): void {
      for (const task of tasks) {
        if (seen.has(task)) continue;
        seen.add(task);
        waiting.push(task);
      }
      schedule();
    },
  };
}

interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetch for a visitor who asked to save data or is on a slow connection. */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  return connection.saveData !== true && connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}
