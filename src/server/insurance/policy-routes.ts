import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  createPolicySchema,
  lookupAnswerSchema,
  policiesAnswerSchema,
  policiesQuerySchema,
  policySchema,
  updatePolicyBikesSchema,
} from '../../domain/insurance-policies.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { createPolicy, listPolicies, lookUpPreRegistered, readPolicy, updatePolicyBikes } from './policies.js';

const tags = ['insurance'];
/** Any text: an id that is not a UUID is simply not found (404). */
const id = z.string().check(z.maxLength(64));
const access =
  'The holder (acting as themselves) or a member of the insurer acting as the insurer; anyone else, staff ' +
  'included: 404 policy_not_found.';

// §7 Insurance: policies, for their holders and their insurer's members (policies.ts).
export function policyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/insurance/policies/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'My insurance policies, or my insurer’s when I act as an insurance company',
          description:
            'Newest first, 20 at a time (?offset=, next_offset null on the last page); filtered by ?status=, ?type= ' +
            'and ?q= (the start of the insurer’s policy number). The insurer’s members also see each holder and the ' +
            'pre-registration details.',
          querystring: policiesQuerySchema,
          response: { 200: policiesAnswerSchema },
        },
      },
      async (request) => listPolicies(ctx, callerOf(request), request.query),
    );

    app.get(
      '/insurance/policies/:policyId/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One policy: its insured bikes, their possession and lock status, what is missing, the plates sent',
          description: access,
          params: z.object({ policyId: id }),
          response: { 200: policySchema },
        },
      },
      async (request) => readPolicy(ctx, callerOf(request), request.params.policyId),
    );

    app.post(
      '/insurance/policies/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Take out or claim a policy with an insurer of the register; an insurer’s member pre-registers one',
          description:
            'A person: the policy the insurer pre-registered under insurer_policy_id becomes theirs (its type and ' +
            'coverage kept), else a new active one (coverage needed); acknowledgement_privacy and ' +
            'acknowledgement_data_share must be true (422 policy_acknowledgement_required); bikes (mine, at most ' +
            'number_of_bikes: 422 policy_bike_not_mine, policy_too_many_bikes) become the insured items; ' +
            'plates_address orders one insurance plate per bike (a shipment for the policy). A number held by ' +
            'someone: 409 policy_number_taken. A member acting as the insurer named pre-registers a policy with ' +
            'pre_registration (the customer’s details, the lookup’s autofill). Acting as another organisation: 403.',
          body: createPolicySchema,
          response: { 201: policySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createPolicy(ctx, callerOf(request), request.body)),
    );

    app.patch(
      '/insurance/policies/:policyId/bikes/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Set the number of bikes of my policy, and which of my bikes are insured',
          description:
            'The holder only (anyone else: 404 policy_not_found). Never more insured bikes than number_of_bikes ' +
            '(422 policy_too_many_bikes); bikes left out are no longer insured, kept ones keep their evidence.',
          params: z.object({ policyId: id }),
          body: updatePolicyBikesSchema,
          response: { 200: policySchema },
        },
      },
      async (request) => updatePolicyBikes(ctx, callerOf(request), request.params.policyId, request.body),
    );

    app.post(
      '/insurance/:insurerPartyId/policies/pre-registration-lookup/:insurerPolicyId/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Look up a policy the insurer pre-registered, by the insurer’s policy number',
          description:
            'Answers policy_id and the details the insurer gave (autofill); claim it with POST /insurance/policies/. ' +
            'No pre-registered policy with that number at that insurer: 404 policy_not_found. A contents policy: ' +
            '400 with detail { pre_registered_policy, insurer_party_id } (§8: the contents-signup page claims it).',
          params: z.object({ insurerPartyId: id, insurerPolicyId: z.string().check(z.maxLength(64)) }),
          response: { 200: lookupAnswerSchema },
        },
      },
      async (request) => lookUpPreRegistered(ctx, request.params.insurerPartyId, request.params.insurerPolicyId),
    );
  };
}
