import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  evidenceQuerySchema,
  possessionVerificationInputSchema,
  possessionVerificationSchema,
  possessionVerificationsAnswerSchema,
} from '../../domain/insurance-evidence.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { createPossessionVerification, listPossessionVerifications, readPossessionVerification } from './possession.js';

const tags = ['insurance'];
const id = z.string().check(z.maxLength(64));
const access =
  'The insurer’s members see all of their company’s; anyone else signed in sees their own (another’s: 404). ' +
  'A party that is not an insurance company of the register: 404 not_found. Pictures and the receipt on short-lived signed addresses.';

// Proof of possession for an insurer (/insurance/{insurerPartyId}/verify-bike-possession). Staff review it through
// the backoffice (reviewPossessionVerification); there is no review call here.
export function possessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/insurance/:insurerPartyId/possession-verifications/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Prove to an insurer that I have my bike',
          description:
            'The frame number (must be the bike’s), the plate ID (a plate on the bike; then its picture is required), and the ids ' +
            'of the bike’s picture of kind frame_number, of kind plate, and its document of kind receipt, uploaded first ' +
            'through POST /bikes/{bikeId}/pictures and /documents; contact details. Sets the insured item’s possession_status ' +
            'to submitted when the bike is under one of my policies with this insurer. Another bike: 404 bike_not_found; ' +
            'one already waiting for review: 409 evidence_pending.',
          params: z.object({ insurerPartyId: id }),
          body: possessionVerificationInputSchema,
          response: { 201: possessionVerificationSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createPossessionVerification(ctx, callerOf(request), request.params.insurerPartyId, request.body)),
    );

    app.get(
      '/insurance/:insurerPartyId/possession-verifications/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Proofs of possession for an insurer, newest first, 20 a page, optionally of one status',
          description: `${access} Page with ?offset= (next_offset, null on the last page; total: how many the filter matches).`,
          params: z.object({ insurerPartyId: id }),
          querystring: evidenceQuerySchema,
          response: { 200: possessionVerificationsAnswerSchema },
        },
      },
      async (request) => listPossessionVerifications(ctx, callerOf(request), request.params.insurerPartyId, request.query),
    );

    app.get(
      '/insurance/:insurerPartyId/possession-verifications/:verificationId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One proof of possession',
          description: `${access} Unknown or not visible: 404 possession_verification_not_found.`,
          params: z.object({ insurerPartyId: id, verificationId: id }),
          response: { 200: possessionVerificationSchema },
        },
      },
      async (request) => readPossessionVerification(ctx, callerOf(request), request.params.insurerPartyId, request.params.verificationId),
    );
  };
}
