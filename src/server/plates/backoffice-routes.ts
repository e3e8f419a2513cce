import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  plateAssignAnswerSchema,
  plateAssignSchema,
  plateBatchCreateSchema,
  plateBatchesAnswerSchema,
  plateBatchesQuerySchema,
  plateBatchSchema,
  plateDetailSchema,
  plateOrganisationSchema,
  plateOrganisationsQuerySchema,
  platesAnswerSchema,
  platesQuerySchema,
} from '../../domain/plates.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { sendPdf } from '../http/pdf-reply.js';
import {
  assignRange,
  batchPlateIds,
  createBatch,
  listBatches,
  listPlates,
  plateDetail,
  readBatch,
  searchOrganisations,
} from './backoffice.js';
import { printSheetFileName, printSheetPdf } from './print-sheet.js';

const tags = ['backoffice'];
const batchParams = z.object({ batchId: z.uuid({ error: 'field_invalid' }) });

// /backoffice/plates (issue 14): staff, admins and revisors read; staff and admins make batches and give ranges away.
export function backofficePlateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/plates/batches',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Plate batches, newest first, 20 a page, with their counts (total, free, organisation, shipped, in use)',
          querystring: plateBatchesQuerySchema,
          response: { 200: plateBatchesAnswerSchema },
        },
      },
      async (request) => listBatches(ctx, request.query.offset),
    );

    app.post(
      '/backoffice/plates/batches',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Make a batch of 1-5000 plates with fresh random IDs (audited plate.batch_create)',
          description:
            'kind: standard, registration (sold with a registration) or insurance (insurer_party_id names the insurance company). ' +
            'prefix: up to 4 characters of the plate alphabet the IDs begin with.',
          body: plateBatchCreateSchema,
          response: { 201: plateBatchSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await createBatch(ctx, callerOf(request), request.body)),
    );

    app.get(
      '/backoffice/plates/batches/:batchId',
      {
        config: { access: 'backoffice-read' },
        schema: { tags, summary: 'A plate batch with its counts', params: batchParams, response: { 200: plateBatchSchema } },
      },
      async (request) => readBatch(ctx, request.params.batchId),
    );

    app.get(
      '/backoffice/plates/batches/:batchId/print-sheet.pdf',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: "A batch's print sheet: each plate's QR code (its GS1 Digital Link address) with the ID under it, 24 labels an A4 page",
          params: batchParams,
        },
      },
      async (request, reply) => {
        const batch = await batchPlateIds(ctx, request.params.batchId);
        const body = await printSheetPdf(ctx.config.publicUrl, batch.name, batch.ids);
        return sendPdf(reply, { fileName: printSheetFileName(batch.name), body });
      },
    );

    app.post(
      '/backoffice/plates/batches/:batchId/assignments',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Give plates of a batch (from_id to to_id in ID order; the whole batch without them) to an organisation',
          description:
            'All or nothing (audited plate.assign_range): 409 plate_range_taken when a plate of the range is on a bike or equipment, ' +
            "shipped to a buyer or another organisation's; 422 plate_range_invalid when from or to is not in the batch or from comes after to.",
          params: batchParams,
          body: plateAssignSchema,
          response: { 200: plateAssignAnswerSchema },
        },
      },
      async (request) => assignRange(ctx, callerOf(request), request.params.batchId, request.body),
    );

    app.get(
      '/backoffice/plates',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Plates in ID order, 50 a page: of a batch, in a state, beginning with q; after: the last ID of the page before',
          querystring: platesQuerySchema,
          response: { 200: platesAnswerSchema },
        },
      },
      async (request) => listPlates(ctx, request.query),
    );

    app.get(
      '/backoffice/plates/organisations',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Organisations by name (at most 20): to give plates to, or the insurer of an insurance batch',
          querystring: plateOrganisationsQuerySchema,
          response: { 200: z.array(plateOrganisationSchema) },
        },
      },
      async (request) => searchOrganisations(ctx, request.query.q, request.query.type),
    );

    app.get(
      '/backoffice/plates/:plateId',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Any plate by its ID (normalised): its state, batch, organisation, shipment, bike and owner, and its history',
          params: z.object({ plateId: z.string().check(z.maxLength(64, { error: 'too_long' })) }),
          response: { 200: plateDetailSchema },
        },
      },
      async (request) => plateDetail(ctx, request.params.plateId),
    );
  };
}
