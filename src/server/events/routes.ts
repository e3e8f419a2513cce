import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppContext } from '../context.js';
import { events } from '../db/schema.js';

const slug = z.string().check(z.regex(/^[\w.-]{1,64}$/));
const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));

// §7 Events: POST /actions/{category}/{action}?installed=true|false, stored for product analytics.
export function eventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/actions/:category/:action',
      {
        // Analytics are not acts on an account: not in the switch-user audit log (backoffice/switch-user.ts).
        config: { access: 'public', switchAudit: false, rateLimit: { max: 300, timeWindow: '1 minute' } },
        bodyLimit: 16 * 1024,
        schema: {
          tags: ['events'],
          summary: 'Record an event',
          params: z.object({ category: slug, action: slug }),
          querystring: z.object({ installed: z.optional(z.enum(['true', 'false'])) }),
          body: z._default(
            z.object({
              event_name: text(200),
              event_id: text(200),
              source_url: text(2000),
              value: z.optional(z.number()),
              data: z.optional(z.record(z.string(), z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean(), z.null()]))),
            }),
            {},
          ),
          response: { 202: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        const sessionId = request.headers['x-session-id'];
        const { event_name, event_id, source_url, value, data } = request.body;
        await ctx.db.insert(events).values({
          category: request.params.category,
          action: request.params.action,
          name: event_name ?? null,
          eventId: event_id ?? null,
          sourceUrl: source_url ?? null,
          installed: request.query.installed === 'true',
          data: value === undefined && !data ? null : { ...data, ...(value === undefined ? {} : { value }) },
          // Staff browsing as a user (switch-user) are not counted as that user.
          partyId: request.caller && !request.caller.switchedBy ? request.caller.partyId : null,
          sessionId: typeof sessionId === 'string' ? sessionId.slice(0, 100) : null,
        });
        return reply.status(202).send({ ok: true });
      },
    );
  };
}
