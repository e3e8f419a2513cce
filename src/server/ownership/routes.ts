import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { historyRoutes } from './history-routes.js';
import { requestRoutes } from './request-routes.js';
import { salesLinkRoutes } from './sales-link-routes.js';
import { transferRoutes } from './transfer-routes.js';
import { verificationRoutes } from './verification-routes.js';

// Ownership (issue 5): handing a bike over, asking for one, proving one holds one's bike, a public proof for
// a sales ad, and the bike's history.
export function ownershipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(transferRoutes(ctx));
    await app.register(requestRoutes(ctx));
    await app.register(historyRoutes(ctx));
    await app.register(verificationRoutes(ctx));
    await app.register(salesLinkRoutes(ctx));
  };
}
