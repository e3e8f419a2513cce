import { createHmac, timingSafeEqual } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppContext } from '../context.js';
import { outbox } from '../db/schema.js';
import { AppError } from '../http/errors.js';

/**
 * The key that opens the development mailbox from another machine (a phone on the same network), printed at
 * start-up: derived from the JWT secret, so it stays the same across restarts and differs between installations.
 */
export function mailboxKey(ctx: AppContext): string {
  return createHmac('sha256', ctx.config.jwtSecret).update('dev-mailbox').digest('base64url').slice(0, 24);
}

/** The socket's own address, never a forwarded header: a request from this machine. */
function fromThisMachine(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
}

function keyMatches(given: string | undefined, key: string): boolean {
  if (!given || given.length !== key.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(key));
}

/**
 * The development mailbox: every mail in the outbox, newest first. Registered only outside production. It holds
 * everyone's mail (password-reset links among it), so it answers only this machine, or a caller with the key.
 */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const key = mailboxKey(ctx);
  return async (app) => {
    app.addHook('onReady', async () => {
      ctx.log.info(`development mailbox: /dev/mailbox from this machine, or from elsewhere with ?key=${key}`);
    });
    app.get(
      '/dev/mailbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['development'],
          summary: 'Mail kept in the outbox (not in production)',
          querystring: z.object({ to: z.optional(z.string()), key: z.optional(z.string()) }),
          response: {
            200: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string(),
                headers: z.record(z.string(), z.string()),
                created_at: z.string(),
              }),
            ),
          },
        },
      },
      async (request) => {
        if (!fromThisMachine(request.socket.remoteAddress) && !keyMatches(request.query.key, key)) throw new AppError('mailbox_local_only');
        const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(200);
        const to = request.query.to?.toLowerCase();
        return rows
          .filter((m) => !to || m.to.toLowerCase() === to)
          .map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            headers: m.headers ?? {},
            created_at: m.createdAt.toISOString(),
          }));
      },
    );
  };
}
