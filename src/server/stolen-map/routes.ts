import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  mapClustersAnswerSchema,
  mapClustersQuerySchema,
  mapListAnswerSchema,
  mapListQuerySchema,
  stolenBikePageSchema,
} from '../../domain/stolen-map.js';
import type { AppContext } from '../context.js';
import { StolenMapData } from './points.js';
import { mapClusters, mapList, stolenBikePage } from './service.js';

const tags = ['stolen-bike-map'];

// The stolen-bike map (issue 6): clusters, the list beside the map and one stolen bike's public page.
export function stolenMapRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // This instance's map data (stolen-map/points.ts), kept in step with the database by the map version.
  const data = new StolenMapData(ctx.db);
  // Like public search (SEARCH_RATE_LIMIT_PER_MINUTE); a panned or zoomed map asks again for its clusters
  // and for the list of what it shows each time, so those two get five times as many.
  const max = ctx.config.searchRateLimitPerMinute;
  const rateLimit = { max, timeWindow: '1 minute' };
  const panRateLimit = { max: max * 5, timeWindow: '1 minute' };
  return async (app) => {
    app.get(
      '/stolen-bike-map/clusters',
      {
        config: { access: 'public', rateLimit: panRateLimit },
        // Plain JSON.stringify instead of the schema check: the answer is built field by field from the
        // in-memory index (no database row reaches it; its type says its shape), and checking a few hundred
        // clusters on every pan was the largest cost of the call. The schema still documents it.
        serializerCompiler: () => (answer) => JSON.stringify(answer),
        schema: {
          tags,
          summary: 'Clusters of the stolen bikes matching the filters in a box at a zoom',
          description:
            'Public places only (~1 km). A cluster has a count and the zoom at which it breaks apart; one bike has its bike_id. ' +
            '`total` counts the matching stolen bikes anywhere.',
          querystring: mapClustersQuerySchema,
          response: { 200: mapClustersAnswerSchema },
        },
      },
      async (request) => mapClusters(data, request.query),
    );

    app.get(
      '/stolen-bike-map/list',
      {
        config: { access: 'public', rateLimit: panRateLimit },
        schema: {
          tags,
          summary: 'The stolen bikes matching the filters (and the box, when given), newest noted first',
          description: 'A page of 20 from `offset`; the area is zip code and town, the place the public ~1 km one. Never the owner.',
          querystring: mapListQuerySchema,
          response: { 200: mapListAnswerSchema },
        },
      },
      async (request) => mapList(ctx, data, request.query),
    );

    app.get(
      '/stolen-bike-map/:bikeId',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags,
          summary: "A stolen bike's public page: the summary and its public card",
          description: 'Only while the bike is reported stolen; else (found, unknown) 404 stolen_bike_not_found.',
          params: z.object({ bikeId: z.string() }),
          response: { 200: stolenBikePageSchema },
        },
      },
      async (request) => stolenBikePage(ctx, request.params.bikeId),
    );
  };
}
