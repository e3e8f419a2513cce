import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mail/mailer.js';
import type { PaymentsPort } from './adapters/payments/port.js';
import type { Storage } from './adapters/storage/port.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';

/** What every service needs, built once in app.ts and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  /** Stripe, or the development payment provider, through the one adapter (adapters/payments). */
  payments: PaymentsPort;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The context the app's services run with; main.ts seeds the demo data through it. */
    appContext: AppContext;
  }
}
