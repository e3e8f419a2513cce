import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.js';
import { CHAT_CHANNEL, type ChatNotice } from './post.js';

// Every instance listens on CHAT_CHANNEL, where each chat write NOTIFYs at commit (post.ts), so a
// message written through one instance reaches the sockets connected to any other. On PostgreSQL a
// dedicated connection LISTENs (a pooled one would be handed to queries and lose it), and comes back
// after an error with a growing pause; on PGlite, which is one process, the client's own listen().

export interface ChatListener {
  stop(): Promise<void>;
}

export interface ListenerHandlers {
  onNotice(notice: ChatNotice): void;
  /** After a reconnect: notices sent meanwhile were missed. */
  onReconnect(): void;
  log: FastifyBaseLogger;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/** The notice in a NOTIFY payload, or null for anything that is not one (never trust a channel blindly). */
export function parseNotice(payload: string | undefined): ChatNotice | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<Record<string, unknown>>;
    if (typeof value.chat_id !== 'string') return null;
    if (value.type === 'message' && typeof value.message_id === 'string') {
      return { type: 'message', chat_id: value.chat_id, message_id: value.message_id };
    }
    if (value.type === 'chat') return { type: 'chat', chat_id: value.chat_id };
    if (value.type === 'read' && typeof value.party_id === 'string')
      return { type: 'read', chat_id: value.chat_id, party_id: value.party_id };
    return null;
  } catch {
    return null;
  }
}

/** Starts listening; resolves once the first LISTEN holds (or failed once, after which it keeps retrying). */
export async function startChatListener(database: Database, handlers: ListenerHandlers): Promise<ChatListener> {
  const onPayload = (payload: string | undefined) => {
    const notice = parseNotice(payload);
    if (notice) handlers.onNotice(notice);
  };
  if (database.client) {
    const unlisten = await database.client.listen(CHAT_CHANNEL, onPayload);
    return {
      async stop() {
        if (!database.client?.closed) await unlisten().catch(() => {});
      },
    };
  }
  if (!database.url) throw new Error('the chat listener needs the PostgreSQL URL or the PGlite client');
  return listenOnPostgres(database.url, onPayload, handlers);
}

async function listenOnPostgres(url: string, onPayload: (payload: string | undefined) => void, handlers: ListenerHandlers) {
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
      handlers.log.warn({ err }, 'chat listener lost its database connection; reconnecting');
      scheduleRetry();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === CHAT_CHANNEL) onPayload(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHAT_CHANNEL}`);
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
