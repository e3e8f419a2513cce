import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppContext } from '../context.js';
import { outbox } from '../db/schema.js';

/** The development mailbox: every mail in the outbox, newest first. Registered only outside production. */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mailbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['development'],
          summary: 'Mail kept in the outbox (not in production)',
          querystring: z.object({ to: z.optional(z.string()) }),
          response: {
            200: z.array(
              z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), created_at: z.string() }),
            ),
          },
        },
      },
      async (request) => {
        const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(200);
        const to = request.query.to?.toLowerCase();
        return rows
          .filter((m) => !to || m.to.toLowerCase() === to)
          .map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt.toISOString() }));
      },
    );
  };
}
