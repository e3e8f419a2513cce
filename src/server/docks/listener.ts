import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { listenToChannels, type PgListener } from '../shared/pg-listen.js';
import { LOCK_REVOKED_CHANNEL } from './lock-secret.js';
import { LOCK_COMMANDS_CHANNEL, LOCK_EVENTS_CHANNEL, type LockCommandNotice, type LockEventNotice } from './lock-service.js';

// Every instance listens on LOCK_EVENTS_CHANNEL (its browsers hear every lock change, whichever instance made it) and
// LOCK_COMMANDS_CHANNEL (the instance holding a lock's device socket pushes the command, whichever instance took it),
// and LOCK_REVOKED_CHANNEL (a lock's secret rotated or the lock removed: the instance holding its socket closes it),
// through shared/pg-listen.ts, as chats do.

export type LockListener = PgListener;

export interface LockListenerHandlers {
  onEvent(notice: LockEventNotice): void;
  onCommand(notice: LockCommandNotice): void;
  /** The lock's device credentials changed (manage-service.ts): its connection must end. */
  onRevoked(lockId: string): void;
  /** After a reconnect: notices sent meanwhile were missed. */
  onReconnect(): void;
  log: FastifyBaseLogger;
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length <= 64;

export function parseEventNotice(payload: string | undefined): LockEventNotice | null {
  try {
    const v = JSON.parse(payload ?? '') as Partial<Record<string, unknown>>;
    if (!isId(v.lock_id) || !isId(v.dock_id)) return null;
    return {
      lock_id: v.lock_id,
      dock_id: v.dock_id,
      command_id: isId(v.command_id) ? v.command_id : null,
      alarm_id: isId(v.alarm_id) ? v.alarm_id : null,
    };
  } catch {
    return null;
  }
}

export function parseCommandNotice(payload: string | undefined): LockCommandNotice | null {
  try {
    const v = JSON.parse(payload ?? '') as Partial<Record<string, unknown>>;
    if (!isId(v.lock_id) || !isId(v.command_id) || (v.kind !== 'lock' && v.kind !== 'unlock')) return null;
    return { lock_id: v.lock_id, command_id: v.command_id, kind: v.kind };
  } catch {
    return null;
  }
}

export function startLockListener(database: Database, handlers: LockListenerHandlers): Promise<LockListener> {
  return listenToChannels(database, {
    channels: [LOCK_EVENTS_CHANNEL, LOCK_COMMANDS_CHANNEL, LOCK_REVOKED_CHANNEL],
    onPayload: (channel, payload) => {
      if (channel === LOCK_EVENTS_CHANNEL) {
        const notice = parseEventNotice(payload);
        if (notice) handlers.onEvent(notice);
      } else if (channel === LOCK_COMMANDS_CHANNEL) {
        const notice = parseCommandNotice(payload);
        if (notice) handlers.onCommand(notice);
      } else if (channel === LOCK_REVOKED_CHANNEL && payload && isId(payload)) {
        handlers.onRevoked(payload);
      }
    },
    onReconnect: handlers.onReconnect,
    log: handlers.log,
    name: 'lock listener',
  });
}
