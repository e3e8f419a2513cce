import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { bikeEventSchema } from '../../domain/ownership.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { bikeHistory } from './history.js';

const tags = ['ownership'];
const bikeParams = z.object({ bikeId: z.string().check(z.maxLength(64)) });

// A bike's history (issue 5): every state change, who (from the caller's point of view) and when.
export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bikes/:bikeId/history',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "My bike's history, newest first",
          description:
            'The current owner only (404 otherwise). Earlier owners’ part is shown without naming anyone: actor is you, previous_owner, ' +
            'new_owner (someone a transfer was addressed to), requester, staff or system; another ownership’s price is left out.',
          params: bikeParams,
          response: { 200: z.array(bikeEventSchema) },
        },
      },
      async (request) => bikeHistory(ctx, callerOf(request), request.params.bikeId),
    );
  };
}
