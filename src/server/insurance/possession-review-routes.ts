import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  heldItemSchema,
  nextReviewInputSchema,
  possessionReviewInputSchema,
  possessionReviewSchema,
  REVIEW_HOLD_MINUTES,
  reviewInsurerSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
} from '../../domain/possession-review.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import {
  holdReview,
  listReviewInsurers,
  listReviewQueue,
  readPossessionReview,
  releaseReview,
  reviewPossessionVerification,
  takeNextReview,
} from './possession-review.js';

const tags = ['backoffice'];
const id = z.string().check(z.maxLength(64));
const hold = `Holding an item keeps other reviewers off it for ${REVIEW_HOLD_MINUTES} minutes.`;

// Staff's review of the owners' proofs of possession (issue 14): revisors read, staff and admins take, hold and decide.
export function possessionReviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/insurance-verification/insurers',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Every insurance company with its proofs of possession waiting and decided, most waiting first',
          response: { 200: z.array(reviewInsurerSchema) },
        },
      },
      async () => listReviewInsurers(ctx),
    );

    app.get(
      '/backoffice/insurance-verification/insurers/:insurerPartyId/verifications',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'An insurer’s proofs of possession: waiting first (oldest first), then decided (newest first), 20 a page',
          description: 'Optionally of one status; page with ?offset= (next_offset, null on the last page). Unknown insurer: 404 not_found.',
          params: z.object({ insurerPartyId: id }),
          querystring: reviewQueueQuerySchema,
          response: { 200: reviewQueueSchema },
        },
      },
      async (request) => listReviewQueue(ctx, callerOf(request), request.params.insurerPartyId, request.query),
    );

    app.post(
      '/backoffice/insurance-verifications/next',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Take the next proof of possession to review and hold it',
          description:
            `The oldest waiting one no other reviewer holds (one the caller already holds first), optionally of one insurer, leaving out ` +
            `the ids in skip. ${hold} Two reviewers asking at once get different ones. Nothing waiting: id null.`,
          body: nextReviewInputSchema,
          response: { 200: heldItemSchema },
        },
      },
      async (request) => takeNextReview(ctx, callerOf(request), request.body),
    );

    app.get(
      '/backoffice/insurance-verifications/:verificationId',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'One proof of possession with what its review compares',
          description:
            'The proof (pictures and receipt on signed addresses), the bike’s purchase date and price as registered, the policy and the ' +
            'bikes declared when it was bought, what the steps found once decided, who holds it. Unknown: 404 possession_verification_not_found.',
          params: z.object({ verificationId: id }),
          response: { 200: possessionReviewSchema },
        },
      },
      async (request) => readPossessionReview(ctx, callerOf(request), request.params.verificationId),
    );

    app.put(
      '/backoffice/insurance-verifications/:verificationId/hold',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Hold a waiting proof of possession, or renew my hold',
          description: `${hold} Held by another: 409 possession_verification_held; decided: 409 evidence_already_reviewed.`,
          params: z.object({ verificationId: id }),
          response: { 200: heldItemSchema },
        },
      },
      async (request) => holdReview(ctx, callerOf(request), request.params.verificationId),
    );

    app.delete(
      '/backoffice/insurance-verifications/:verificationId/hold',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Let go of my hold (skip the item); another reviewer’s hold is left alone',
          params: z.object({ verificationId: id }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await releaseReview(ctx, callerOf(request), request.params.verificationId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/backoffice/insurance-verifications/:verificationId/review',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Approve or reject a proof of possession (a rejection names its reason); the owner is mailed, the insurer sees it',
          description:
            'With what the steps found (checks: frame_number, plate, purchase_date, price: matches, differs or missing). Sets the ' +
            'insured item’s possession_status, ends the hold, audited as possession_verification.approve / .reject. Held by another: ' +
            '409 possession_verification_held; decided: 409 evidence_already_reviewed.',
          params: z.object({ verificationId: id }),
          body: possessionReviewInputSchema,
          response: { 200: possessionReviewSchema },
        },
      },
      async (request) => reviewPossessionVerification(ctx, callerOf(request), request.params.verificationId, request.body),
    );
  };
}
