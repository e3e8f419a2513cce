import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { listenToChannels, type PgListener } from '../shared/pg-listen.js';
import { CHAT_CHANNEL, type ChatNotice } from './post.js';

// Every instance listens on CHAT_CHANNEL, where each chat write NOTIFYs at commit (post.ts), so a
// message written through one instance reaches the sockets connected to any other (shared/pg-listen.ts).

export type ChatListener = PgListener;

export interface ListenerHandlers {
  onNotice(notice: ChatNotice): void;
  /** After a reconnect: notices sent meanwhile were missed. */
  onReconnect(): void;
  log: FastifyBaseLogger;
}

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
export function startChatListener(database: Database, handlers: ListenerHandlers): Promise<ChatListener> {
  return listenToChannels(database, {
    channels: [CHAT_CHANNEL],
    onPayload: (_channel, payload) => {
      const notice = parseNotice(payload);
      if (notice) handlers.onNotice(notice);
    },
    onReconnect: handlers.onReconnect,
    log: handlers.log,
    name: 'chat listener',
  });
}
