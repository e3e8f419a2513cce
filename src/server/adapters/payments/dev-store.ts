import { createHmac } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import { devPaymentObjects } from '../../db/schema.js';
import { newId, nowSeconds, resourceMissing } from './dev-params.js';
import { WEBHOOK_PATH } from './port.js';

// The development payment provider's objects (sessions, customers, prices, payment intents, subscriptions,
// invoices …) in dev_payment_object, each as its API shows it (`data`) with what the provider keeps to itself
// (`internal`), and the webhook events their changes post.

/** One stored object: `data` is the Stripe object; `status` the provider's own state, changed only in a mutation. */
export interface Stored<D, I = Record<string, never>> {
  id: string;
  object: string;
  status: string;
  data: D;
  internal: I;
}

/** What a mutation can do: read objects locked, write them, and post events once it is committed. */
export interface Mutation {
  /** The object, locked until the mutation ends; Stripe's resource_missing when there is none (400 when `param` names it). */
  lock<D, I = Record<string, never>>(id: string, object: string, param?: string): Promise<Stored<D, I>>;
  /** As DevStore.find, inside the mutation (the only reads it may make: PGlite runs one transaction at a time). */
  find<D, I = Record<string, never>>(object: string, field?: string, value?: string): Promise<Stored<D, I>[]>;
  insert<D, I>(row: Stored<D, I>): Promise<void>;
  save<D, I>(row: Stored<D, I>): Promise<void>;
  /** An event to post after the commit, in the order emitted; `previous` is Stripe's previous_attributes. */
  emit(type: string, object: object, previous?: object): void;
}

export interface DevStore {
  get<D, I = Record<string, never>>(id: string, object: string): Promise<Stored<D, I> | undefined>;
  /** Objects of a kind (whose top-level `field` is `value`), oldest first. */
  find<D, I = Record<string, never>>(object: string, field?: string, value?: string): Promise<Stored<D, I>[]>;
  /**
   * Runs one change of state: one at a time in this process (so events about an object are posted in the order
   * its changes were made), in a transaction with the rows it reads locked (so a second instance on the same
   * database cannot interleave). Its events are posted, each awaited, before it answers.
   */
  mutate<T>(work: (m: Mutation) => Promise<T>): Promise<T>;
}

/** The top-level fields of `before` that `after` changed, with their old values (an updated event's previous_attributes). */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(old)
      .filter((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key]))
      .map((key) => [key, old[key]]),
  );
}

export function createDevStore(app: FastifyInstance, db: Db, webhookSecret: string): DevStore {
  const asStored = <D, I>(row: typeof devPaymentObjects.$inferSelect) => row as unknown as Stored<D, I>;

  /** Posts an event to the product's webhook route, signed as Stripe signs: t=<unix>,v1=<HMAC-SHA256 of "t.body">. */
  async function deliver(type: string, object: object, previous?: object) {
    const created = nowSeconds();
    const body = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    });
    const signature = createHmac('sha256', webhookSecret).update(`${created}.${body}`).digest('hex');
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${created},v1=${signature}` },
      payload: body,
    });
    if (res.statusCode !== 200) app.log.warn({ type, status: res.statusCode }, 'dev payment provider: webhook not accepted');
  }

  async function find<D, I>(executor: Db, object: string, field?: string, value?: string) {
    const rows = await executor
      .select()
      .from(devPaymentObjects)
      .where(
        and(
          eq(devPaymentObjects.object, object),
          field === undefined ? undefined : sql`${devPaymentObjects.data}->>${field} = ${value ?? null}`,
        ),
      )
      .orderBy(asc(devPaymentObjects.createdAt), asc(devPaymentObjects.id));
    return rows.map((row) => asStored<D, I>(row));
  }

  let lane: Promise<unknown> = Promise.resolve();

  return {
    async get(id, object) {
      const [row] = await db
        .select()
        .from(devPaymentObjects)
        .where(and(eq(devPaymentObjects.id, id), eq(devPaymentObjects.object, object)));
      return row ? asStored(row) : undefined;
    },

    find: (object, field, value) => find(db, object, field, value),

    mutate(work) {
      const run = lane.then(async () => {
        const events: [string, object, object | undefined][] = [];
        const result = await db.transaction((tx) =>
          work({
            async lock(id, object, param) {
              const [row] = await tx
                .select()
                .from(devPaymentObjects)
                .where(and(eq(devPaymentObjects.id, id), eq(devPaymentObjects.object, object)))
                .for('update');
              if (!row) throw resourceMissing(object, id, param);
              return asStored(row);
            },
            find: (object, field, value) => find(tx as unknown as Db, object, field, value),
            async insert(row) {
              await tx.insert(devPaymentObjects).values(row);
            },
            async save(row) {
              await tx
                .update(devPaymentObjects)
                .set({ status: row.status, data: row.data, internal: row.internal })
                .where(eq(devPaymentObjects.id, row.id));
            },
            emit(type, object, previous) {
              events.push([type, object, previous]);
            },
          }),
        );
        for (const [type, object, previous] of events) await deliver(type, object, previous);
        return result;
      });
      lane = run.catch(() => {});
      return run;
    },
  };
}
