import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveyListSchema } from '../../domain/surveys.js';
import type { AppContext } from '../context.js';
import { listSurveys } from './service.js';

// §2 /survey (issue 16): the list of open surveys. Filling one in goes through the flow engine's /api/flows calls.
export function surveyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/surveys/',
      {
        config: { access: 'public' },
        schema: {
          tags: ['surveys'],
          summary: 'The published surveys (flows named survey.*), and for a signed-in caller whether they have answered each',
          response: { 200: surveyListSchema },
        },
      },
      async (request) => listSurveys(ctx.db, request.caller?.partyId ?? null),
    );
  };
}
