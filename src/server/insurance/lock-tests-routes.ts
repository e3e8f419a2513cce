import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  evidenceQuerySchema,
  evidenceReviewSchema,
  lockTestInputSchema,
  lockTestSchema,
  lockTestsAnswerSchema,
} from '../../domain/insurance-evidence.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { createLockTest, listLockTests, readLockTest, reviewLockTest } from './lock-tests.js';

const tags = ['insurance'];
const id = z.string().check(z.maxLength(64));
const access =
  'The insurer’s members see all of their company’s; anyone else signed in sees their own (another’s: 404). ' +
  'A party that is not an insurance company of the register: 404 not_found. The certificate on a short-lived signed address.';

// The insurer's lock test (/insurance/{insurerPartyId}/lock-test-portal and /{lockTestResponseId}).
export function lockTestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/insurance/:insurerPartyId/lock-tests/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Answer an insurer’s lock test for my bike',
          description:
            'The lock’s type, brand, model, key number, Varefakta number, certificate date (not in the future), whether the ' +
            'certificate names the frame number and is stamped by the dealer, and the id of the bike’s document of kind ' +
            'lock_certificate uploaded first through POST /bikes/{bikeId}/documents. policy_id (its id or the insurer’s ' +
            'policy number) must be one of my policies with the insurer (else 422). Sets the insured item’s lock_status to ' +
            'submitted. One already waiting for the bike: 409 evidence_pending.',
          params: z.object({ insurerPartyId: id }),
          body: lockTestInputSchema,
          response: { 201: lockTestSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createLockTest(ctx, callerOf(request), request.params.insurerPartyId, request.body)),
    );

    app.get(
      '/insurance/:insurerPartyId/lock-tests/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Lock tests for an insurer, newest first, 20 a page, optionally of one status',
          description: `${access} Page with ?offset= (next_offset, null on the last page; total: how many the filter matches).`,
          params: z.object({ insurerPartyId: id }),
          querystring: evidenceQuerySchema,
          response: { 200: lockTestsAnswerSchema },
        },
      },
      async (request) => listLockTests(ctx, callerOf(request), request.params.insurerPartyId, request.query),
    );

    app.get(
      '/insurance/:insurerPartyId/lock-tests/:lockTestId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One lock test’s answers',
          description: `${access} Unknown or not visible: 404 lock_test_not_found.`,
          params: z.object({ insurerPartyId: id, lockTestId: id }),
          response: { 200: lockTestSchema },
        },
      },
      async (request) => readLockTest(ctx, callerOf(request), request.params.insurerPartyId, request.params.lockTestId),
    );

    app.post(
      '/insurance/:insurerPartyId/lock-tests/:lockTestId/review',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Approve or reject a waiting lock test (the insurer’s members)',
          description:
            'decision approved or rejected (then a reason is required). Sets the insured item’s lock_status and mails the ' +
            'owner. Not a member: 403 forbidden; another insurer’s or unknown: 404 lock_test_not_found; decided already: ' +
            '409 evidence_already_reviewed.',
          params: z.object({ insurerPartyId: id, lockTestId: id }),
          body: evidenceReviewSchema,
          response: { 200: lockTestSchema },
        },
      },
      async (request) => reviewLockTest(ctx, callerOf(request), request.params.insurerPartyId, request.params.lockTestId, request.body),
    );
  };
}
