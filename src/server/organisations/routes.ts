import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { authenticationTokenSchema } from '../../domain/identity.js';
import { actingPartySchema, createdOrganisationSchema, createOrganisationSchema, organisationSchema } from '../../domain/organisations.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { chooseActingParty, createOrganisation, listMyOrganisations } from './service.js';

const tags = ['organisations'];

// Business users (§6). §7 leaves the organisation calls open; these follow the identity calls' style.
export function organisationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/organisations/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Create a business user: an organisation with me as its admin, acted as from now on',
          body: createOrganisationSchema,
          response: { 201: createdOrganisationSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createOrganisation(ctx, callerOf(request), request.body)),
    );

    app.get(
      '/organisations/mine',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'The organisations I belong to', response: { 200: z.array(organisationSchema) } },
      },
      async (request) => listMyOrganisations(ctx, callerOf(request).partyId),
    );

    app.post(
      '/identities/acting-party/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['identity'],
          summary: 'Change user: act as myself (my own party id) or as one of my organisations',
          body: actingPartySchema,
          response: { 200: authenticationTokenSchema },
        },
      },
      async (request) => ({ authentication_token: await chooseActingParty(ctx, callerOf(request), request.body.party_id) }),
    );
  };
}
