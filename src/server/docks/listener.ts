import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.js';
import { LOCK_REVOKED_CHANNEL } from './lock-secret.js';
import { LOCK_COMMANDS_CHANNEL, LOCK_EVENTS_CHANNEL, type LockCommandNotice, type LockEventNotice } from './lock-service.js';

// Every instance listens on LOCK_EVENTS_CHANNEL (its browsers hear every lock change, whichever instance made it) and
// LOCK_COMMANDS_CHANNEL (the instance holding a lock's device socket pushes the command, whichever instance took it),
// and LOCK_REVOKED_CHANNEL (a lock's secret rotated or the lock removed: the instance holding its socket closes it),
// the way chats/listener.ts does: a dedicated PostgreSQL connection that comes back after an error with a growing
// pause, or PGlite's own listen().

export interface LockListener {
  stop(): Promise<void>;
}

export interface LockListenerHandlers {
  onEvent(notice: LockEventNotice): void;
  onCommand(notice: LockCommandNotice): void;
  /** The lock's device credentials changed (manage-service.ts): its connection must end. */
  onRevoked(lockId: string): void;
  /** After a reconnect: notices sent meanwhile were missed. */
  onReconnect(): void;
  log: FastifyBaseLogger;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;
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

export async function startLockListener(database: Database, handlers: LockListenerHandlers): Promise<LockListener> {
  const onPayload = (channel: string, payload: string | undefined) => {
    if (channel === LOCK_EVENTS_CHANNEL) {
      const notice = parseEventNotice(payload);
      if (notice) handlers.onEvent(notice);
    } else if (channel === LOCK_COMMANDS_CHANNEL) {
      const notice = parseCommandNotice(payload);
      if (notice) handlers.onCommand(notice);
    } else if (channel === LOCK_REVOKED_CHANNEL && payload && isId(payload)) {
      handlers.onRevoked(payload);
    }
  };
  if (database.client) {
    const client = database.client;
    const unlisten = await Promise.all(
      [LOCK_EVENTS_CHANNEL, LOCK_COMMANDS_CHANNEL, LOCK_REVOKED_CHANNEL].map((channel) =>
        client.listen(channel, (payload) => onPayload(channel, payload)),
      ),
    );
    return {
      async stop() {
        if (!client.closed) await Promise.all(unlisten.map((u) => u().catch(() => {})));
      },
    };
  }
  if (!database.url) throw new Error('the lock listener needs the PostgreSQL URL or the PGlite client');
  return listenOnPostgres(database.url, onPayload, handlers);
}

async function listenOnPostgres(
  url: string,
  onPayload: (channel: string, payload: string | undefined) => void,
  handlers: LockListenerHandlers,
) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = RETRY_MIN_MS;
  let connectedBefore = false;

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.end().catch(() => {});
      if (stopped) return;
      handlers.log.warn({ err }, 'lock listener lost its database connection; reconnecting');
      scheduleRetry();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => onPayload(message.channel, message.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${LOCK_EVENTS_CHANNEL}`);
      await next.query(`LISTEN ${LOCK_COMMANDS_CHANNEL}`);
      await next.query(`LISTEN ${LOCK_REVOKED_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    retryMs = RETRY_MIN_MS;
    if (connectedBefore) handlers.onReconnect();
    connectedBefore = true;
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
