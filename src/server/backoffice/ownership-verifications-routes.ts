import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { rejectVerificationSchema, reviewItemSchema, reviewQuerySchema } from '../../domain/ownership-review.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { listForReview, rejectVerification } from './ownership-verifications.js';

const tags = ['backoffice'];

// Staff's review of ownership verifications (issue 5): revisors may look, staff and admins may reject.
export function ownershipVerificationReviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/ownership-verifications',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Ownership verifications of current owners, newest change first (at most 200), optionally by status',
          description:
            'Each with the bike’s card, the frame picture (signed addresses), the frame number as registered and the owner’s email.',
          querystring: reviewQuerySchema,
          response: { 200: z.array(reviewItemSchema) },
        },
      },
      async (request) => listForReview(ctx, request.query.status),
    );

    app.post(
      '/backoffice/ownership-verifications/:id/reject',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Reject a verification whose picture does not prove the frame number; the owner is told why by mail',
          description: 'Written to the bike’s history and the audit log. Already rejected: 409 verification_already_rejected.',
          params: z.object({ id: z.string() }),
          body: rejectVerificationSchema,
          response: { 200: reviewItemSchema },
        },
      },
      async (request) => rejectVerification(ctx, callerOf(request), request.params.id, request.body.reason),
    );
  };
}
