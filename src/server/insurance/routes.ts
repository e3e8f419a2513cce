import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  claimDossierSchema,
  claimMoveSchema,
  claimsAnswerSchema,
  claimsQuerySchema,
  insuredBikeSchema,
  insurerOverviewSchema,
} from '../../domain/insurance.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { sendPdf } from '../http/pdf-reply.js';
import { insuredBike, insurerOverview } from './admin.js';
import { claimPoliceReport, listInsurerClaims, listOwnClaims, moveClaim, readClaimDossier } from './claims.js';

const tags = ['insurance'];
/** Any text: an id that is not a UUID is simply not found (404). */
const id = z.string().check(z.maxLength(64));
const access =
  'Only members of the insurance company (any other signed-in person, staff included: 403 forbidden; a party that is ' +
  'not an insurance company of the register: 404 not_found).';
const claimParams = z.object({ insurerPartyId: id, claimId: id });

// The insurance company's area (§2 /insurance/{insurerPartyId}/admin): its home, its claims (a stolen report shared
// with it arrives as one) with their dossier, police report and steps, an insured bike; and the owner's own claims.
export function insuranceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/insurance/self/claims/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'My claims (of the party I act as) and their states, newest first, 20 at a time',
          description:
            'Filters as the insurer’s list, and bike_id (one bike’s claims: the bike page tells the newest one’s state). Each step the insurer takes is also mailed to me.',
          querystring: claimsQuerySchema,
          response: { 200: claimsAnswerSchema },
        },
      },
      async (request) => listOwnClaims(ctx, callerOf(request), request.query),
    );

    app.get(
      '/insurance/:insurerPartyId/admin/overview',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The insurer’s home: claims by state, possession checks and lock tests waiting, policies',
          description: access,
          params: z.object({ insurerPartyId: id }),
          response: { 200: insurerOverviewSchema },
        },
      },
      async (request) => insurerOverview(ctx, callerOf(request), request.params.insurerPartyId),
    );

    app.get(
      '/insurance/:insurerPartyId/claims/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The insurer’s claims, newest first, 20 at a time',
          description: `${access} Filters: status, from and to (the arrival date, inclusive, YYYY-MM-DD), q (part of the frame number or of the owner’s name), bike_id. Page with ?offset= (next_offset, null on the last page). Never the personal ID number.`,
          params: z.object({ insurerPartyId: id }),
          querystring: claimsQuerySchema,
          response: { 200: claimsAnswerSchema },
        },
      },
      async (request) => listInsurerClaims(ctx, callerOf(request), request.params.insurerPartyId, request.query),
    );

    app.get(
      '/insurance/:insurerPartyId/claims/:claimId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'A claim’s dossier: the report, the bike’s evidence, its owners, earlier reports, fraud signals, steps',
          description: `${access} Another insurer’s claim: 404 claim_not_found. Never the personal ID number. The bike’s receipts, lock certificates and receipt pictures come with short-lived signed addresses (url) to open them.`,
          params: claimParams,
          response: { 200: claimDossierSchema },
        },
      },
      async (request) => readClaimDossier(ctx, callerOf(request), request.params.insurerPartyId, request.params.claimId),
    );

    app.get(
      '/insurance/:insurerPartyId/claims/:claimId/police-report.pdf',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The police report of a claim (PDF, in the language of the request)',
          description: `${access} Holds the full personal ID number: never cached, and each download is written to the audit log (cpr.read).`,
          params: claimParams,
        },
      },
      async (request, reply) => {
        const { insurerPartyId, claimId } = request.params;
        return sendPdf(reply, await claimPoliceReport(ctx, callerOf(request), insurerPartyId, claimId, requestLanguage(request)));
      },
    );

    app.post(
      '/insurance/:insurerPartyId/claims/:claimId/events/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Move a claim a step: in_review, approved, paid, or rejected (with a reason)',
          description:
            `${access} received → in_review → approved → paid, or rejected from any of the three: another step 409 ` +
            'claim_move_not_allowed; a rejection without a reason 422 claim_rejection_reason_required. The owner is told by mail. ' +
            'Paid, when the owner agreed to the ownership transfer: the bike’s registration moves to the insurer. Answers the dossier.',
          params: claimParams,
          body: claimMoveSchema,
          response: { 200: claimDossierSchema },
        },
      },
      async (request) => moveClaim(ctx, callerOf(request), request.params.insurerPartyId, request.params.claimId, request.body),
    );

    app.get(
      '/insurance/:insurerPartyId/admin/policies/:policyId/bikes/:bikeId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'A bike under one of the insurer’s policies: its facts, possession and lock status, claims',
          description: `${access} A bike not under this insurer’s policy: 404 insured_bike_not_found.`,
          params: z.object({ insurerPartyId: id, policyId: id, bikeId: id }),
          response: { 200: insuredBikeSchema },
        },
      },
      async (request) => {
        const { insurerPartyId, policyId, bikeId } = request.params;
        return insuredBike(ctx, callerOf(request), insurerPartyId, policyId, bikeId);
      },
    );
  };
}
