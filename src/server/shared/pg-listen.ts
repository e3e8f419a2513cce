import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.js';

// LISTEN on some channels, for the areas that fan out between instances through NOTIFY (chats, docks). On PostgreSQL a
// dedicated connection LISTENs (a pooled one would be handed to queries and lose it) and comes back after an error
// with a growing pause; on PGlite, which is one process, the client's own listen().

export interface PgListener {
  stop(): Promise<void>;
}

export interface PgListenOptions {
  channels: readonly string[];
  onPayload(channel: string, payload: string | undefined): void;
  /** After a reconnect: notices sent meanwhile were missed. */
  onReconnect(): void;
  log: FastifyBaseLogger;
  /** Who listens, for the log (e.g. `chat listener`). */
  name: string;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/** Starts listening; resolves once the first LISTEN holds (or failed once, after which it keeps retrying). */
export async function listenToChannels(database: Database, options: PgListenOptions): Promise<PgListener> {
  const { channels, onPayload } = options;
  if (database.client) {
    const client = database.client;
    const unlisten = await Promise.all(channels.map((channel) => client.listen(channel, (payload) => onPayload(channel, payload))));
    return {
      async stop() {
        if (!client.closed) await Promise.all(unlisten.map((u) => u().catch(() => {})));
      },
    };
  }
  if (!database.url) throw new Error(`the ${options.name} needs the PostgreSQL URL or the PGlite client`);
  return listenOnPostgres(database.url, options);
}

async function listenOnPostgres(url: string, options: PgListenOptions): Promise<PgListener> {
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
      options.log.warn({ err }, `${options.name} lost its database connection; reconnecting`);
      scheduleRetry();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (options.channels.includes(message.channel)) options.onPayload(message.channel, message.payload);
    });
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`LISTEN ${channel}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    retryMs = RETRY_MIN_MS;
    if (connectedBefore) options.onReconnect();
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
