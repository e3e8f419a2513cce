import { LOCK_OFFLINE_AFTER_SECONDS } from '../../domain/docks.js';
import type { AppContext } from '../context.js';
import { expireDue } from './lock-service.js';

// Every instance runs this timer (issue 16): commands past their deadline fail with `timeout`, and locks silent past
// LOCK_OFFLINE_AFTER_SECONDS go offline. lock-service.ts expireDue makes sure one instance does each, once.

const CHECK_EVERY_MS = 1_000;

export function startLockDeadlines(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = expireDue(ctx.db, LOCK_OFFLINE_AFTER_SECONDS)
      .catch((err: unknown) => ctx.log.warn({ err }, 'lock deadlines failed'))
      .finally(() => {
        running = null;
      });
  }, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
