import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { startTransferSchema, TRANSFER_VALID_DAYS, transferDecisionSchema, transferSchema } from '../../domain/ownership.js';
import { APPROVAL_HEADER } from '../../domain/verification.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { sendPdf } from '../http/pdf-reply.js';
import { billOfSaleFile, billOfSaleVerificationSchema, verifyBillOfSale } from './bill-of-sale.js';
import { acceptTransfer, confirmTransfer } from './transfer-accept.js';
import { cancelTransfer, declineTransfer } from './transfer-decisions.js';
import { CONFIRMATION_DAYS_AFTER_ACCEPT } from './transfer-view.js';
import { getTransfer, incomingTransfers, myTransfers, startTransfer, transfersOfBike } from './transfers.js';

const tags = ['ownership'];
/** Any text: an id that is not a UUID is simply not found (404), like someone else's. */
const bikeParams = z.object({ bikeId: z.string().check(z.maxLength(64)) });
const transferParams = z.object({ id: z.string().check(z.maxLength(64)) });
const approvalHeaders = z.looseObject({ [APPROVAL_HEADER]: z.optional(z.string().check(z.maxLength(100))) });
/** The decision's body may be left out when the transfer is addressed to the caller's party or verified email. */
const decisionBody = z.nullish(transferDecisionSchema);

// Transfers (§2 transfer-ownership / receive-bike, issue 5) and the signed bill of sale.
export function transferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rateLimit = { max: ctx.config.searchRateLimitPerMinute, timeWindow: '1 minute' };
  return async (app) => {
    app.post(
      '/bikes/:bikeId/transfers',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Hand one of my bikes over to the owner of an email address',
          description:
            `The recipient gets a link (valid ${TRANSFER_VALID_DAYS} days) to accept or decline. Only the current owner (404 otherwise). ` +
            '409 bike_reported_stolen; 409 transfer_pending while another is pending; 422 transfer_to_self (field email) for my own address. ' +
            'Pictures and documents not handed over are deleted when the bike moves.',
          params: bikeParams,
          body: startTransferSchema,
          response: { 201: transferSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await startTransfer(ctx, callerOf(request), request.params.bikeId, request.body)),
    );

    app.get(
      '/bikes/:bikeId/transfers',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "My transfers of one of my bikes, newest first (the owner's view)",
          params: bikeParams,
          response: { 200: z.array(transferSchema) },
        },
      },
      async (request) => transfersOfBike(ctx, callerOf(request), request.params.bikeId),
    );

    app.get(
      '/ownership-transfers/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Every transfer I made or took, newest first (my records, with the bills of sale)',
          response: { 200: z.array(transferSchema) },
        },
      },
      async (request) => myTransfers(ctx, callerOf(request)),
    );

    app.get(
      '/ownership-transfers/incoming',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Pending transfers to me: to my email (once verified) or to me after an ownership request',
          response: { 200: z.array(transferSchema) },
        },
      },
      async (request) => incomingTransfers(ctx, callerOf(request)),
    );

    app.get(
      '/ownership-transfers/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One transfer, for its seller or its recipient (the token of the email link, or my verified email)',
          description: 'Anyone else: 404 transfer_not_found. A pending transfer past its expiry is answered as expired.',
          params: transferParams,
          querystring: z.object({ token: z.optional(z.string().check(z.maxLength(200, { error: 'too_long' }))) }),
          response: { 200: transferSchema },
        },
      },
      async (request) => getTransfer(ctx, callerOf(request), request.params.id, request.query.token),
    );

    app.delete(
      '/ownership-transfers/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Cancel a pending transfer of my bike (the recipient is told)',
          description: '409 transfer_not_pending when it was decided or expired.',
          params: transferParams,
          response: { 200: transferSchema },
        },
      },
      async (request) => cancelTransfer(ctx, callerOf(request), request.params.id),
    );

    app.post(
      '/ownership-transfers/:id/accept',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Take the bike over: the old ownership ends and mine starts',
          description:
            '410 transfer_expired; 409 transfer_not_pending (decided, or the seller no longer owns the bike); 409 bike_reported_stolen; ' +
            `422 transfer_to_self. With ${APPROVAL_HEADER} (my approval of act confirm_transfer with subject_id = the transfer's id), ` +
            'my confirmation through national ID is recorded as well (403 approval_required when it is not valid).',
          params: transferParams,
          headers: approvalHeaders,
          body: decisionBody,
          response: { 200: transferSchema },
        },
      },
      async (request) => acceptTransfer(ctx, callerOf(request), request.params.id, request.body?.token, request.headers[APPROVAL_HEADER]),
    );

    app.post(
      '/ownership-transfers/:id/decline',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Decline a transfer addressed to me (the seller is told)',
          description: '410 transfer_expired; 409 transfer_not_pending.',
          params: transferParams,
          body: decisionBody,
          response: { 200: transferSchema },
        },
      },
      async (request) => declineTransfer(ctx, callerOf(request), request.params.id, request.body?.token),
    );

    app.post(
      '/ownership-transfers/:id/confirmation',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Confirm my side of a transfer through national ID (both sides: a signed bill of sale)',
          description:
            `Needs ${APPROVAL_HEADER}: my approval of act confirm_transfer with subject_id = the transfer's id (403 approval_required). ` +
            `Taken while pending and for ${CONFIRMATION_DAYS_AFTER_ACCEPT} days after the bike was taken over (else 409 transfer_not_pending; ` +
            '410 transfer_expired).',
          params: transferParams,
          headers: approvalHeaders,
          body: decisionBody,
          response: { 200: transferSchema },
        },
      },
      async (request) => confirmTransfer(ctx, callerOf(request), request.params.id, request.body?.token, request.headers[APPROVAL_HEADER]),
    );

    app.get(
      '/ownership-transfers/:id/bill-of-sale',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The signed bill of sale (PDF), for the seller and the buyer',
          description: '404 bill_of_sale_not_found until the bike was taken over and both sides confirmed through national ID.',
          params: transferParams,
        },
      },
      async (request, reply) => {
        const file = await billOfSaleFile(ctx, callerOf(request), request.params.id);
        return sendPdf(reply, file);
      },
    );

    app.get(
      '/bills-of-sale/:transferId/verification',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags,
          summary: 'Check a bill of sale: is it the genuine document? (no names)',
          description:
            'valid: the stored document is intact and its signature verifies with the register’s key. Compare sha256 with the SHA-256 ' +
            'of the file you hold. 404 bill_of_sale_not_found for an unknown id.',
          params: z.object({ transferId: z.string().check(z.maxLength(64)) }),
          response: { 200: billOfSaleVerificationSchema },
        },
      },
      async (request) => verifyBillOfSale(ctx, request.params.transferId),
    );
  };
}
