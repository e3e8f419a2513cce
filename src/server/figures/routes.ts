import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_FIGURES_MAX_AGE_SECONDS, publicFiguresSchema } from '../../domain/figures.js';
import type { AppContext } from '../context.js';
import { publicFiguresReader } from './service.js';

// The front page's figures (issue 15): how many bikes are registered and recovered, and how many insurers use the register.
export function figuresRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const readFigures = publicFiguresReader(ctx.db);
  return async (app) => {
    app.get(
      '/public/figures',
      {
        config: { access: 'public', rateLimit: { max: ctx.config.searchRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['public'],
          summary: "The register's figures for the front page",
          description:
            'Public. bikes_registered: bikes with a current owner; bikes_recovered: stolen reports that ended with the bike ' +
            'reported found; insurers: organisations of type insurance_company. Counted at most once a minute per instance.',
          response: { 200: publicFiguresSchema },
        },
      },
      async (_request, reply) => {
        const figures = await readFigures();
        return reply.header('cache-control', `public, max-age=${PUBLIC_FIGURES_MAX_AGE_SECONDS}`).send(figures);
      },
    );
  };
}
