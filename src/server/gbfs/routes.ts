import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { discoveryFeed, stationInformationFeed, stationStatusFeed, systemInformationFeed } from './feed.js';

const tags = ['gbfs'];

/** Open to any site (a public feed) and kept by readers as long as its ttl says. */
function feed<T extends { ttl: number }>(reply: FastifyReply, body: T): T {
  reply.header('access-control-allow-origin', '*');
  reply.header('cache-control', `public, max-age=${body.ttl}`);
  return body;
}

// Issue 16: the docks and their free locks as a public GBFS 2.3 feed (server/gbfs/feed.ts).
export function gbfsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: 'public' as const };
    app.get(
      '/gbfs/gbfs.json',
      { config, schema: { tags, summary: 'GBFS 2.3 discovery: the feeds, by language, with absolute URLs' } },
      async (_request, reply) => feed(reply, discoveryFeed(ctx)),
    );
    app.get(
      '/gbfs/system_information.json',
      { config, schema: { tags, summary: 'GBFS 2.3 system_information: who publishes the feed' } },
      async (_request, reply) => feed(reply, systemInformationFeed(ctx)),
    );
    app.get(
      '/gbfs/station_information.json',
      { config, schema: { tags, summary: 'GBFS 2.3 station_information: the published docks, where they are and their number of locks' } },
      async (_request, reply) => feed(reply, await stationInformationFeed(ctx)),
    );
    app.get(
      '/gbfs/station_status.json',
      {
        config,
        schema: { tags, summary: 'GBFS 2.3 station_status: free locks now (num_docks_available); a dock parks bikes, it rents none' },
      },
      async (_request, reply) => feed(reply, await stationStatusFeed(ctx)),
    );
  };
}
