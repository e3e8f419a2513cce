import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { documentSchema } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { readUpload, registerUploads } from '../shared/files/upload.js';
import { addDocument, deleteDocument, listDocuments, signedDocumentFile } from './service.js';

const tags = ['documents'];
const bikeParams = z.object({ bikeId: z.string() });

// Documents of a bike and its equipment (§3): receipts, forms, lock certificates; always private.
export function documentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerUploads(app);

    app.post(
      '/bikes/:bikeId/documents',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Add a document (multipart: field kind, optional equipment_id, file file): PDF, JPEG, PNG or WebP',
          consumes: ['multipart/form-data'],
          params: bikeParams,
          response: { 201: documentSchema },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { bikeId } = request.params;
        // The owner check comes before the upload is read.
        await bikeOfCaller(ctx.db, caller, bikeId);
        const document = await addDocument(ctx, caller, bikeId, await readUpload(request));
        return reply.status(201).send(document);
      },
    );

    app.get(
      '/bikes/:bikeId/documents',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The documents of my bike and of its equipment (equipment_id set), on short-lived signed addresses',
          params: bikeParams,
          response: { 200: z.array(documentSchema) },
        },
      },
      async (request) => listDocuments(ctx, callerOf(request), request.params.bikeId),
    );

    app.delete(
      '/bikes/:bikeId/documents/:documentId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a document of my bike or its equipment',
          params: z.object({ bikeId: z.string(), documentId: z.string() }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteDocument(ctx, callerOf(request), request.params.bikeId, request.params.documentId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/files/documents/:documentId',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A document’s file on the owner’s signed address, as a download; 403 without a valid signature',
          params: z.object({ documentId: z.uuid({ error: 'field_invalid' }) }),
          querystring: z.object({
            exp: z.coerce.number({ error: 'field_invalid' }).check(z.int({ error: 'field_invalid' })),
            sig: z.string({ error: 'field_required' }).check(z.maxLength(100, { error: 'too_long' })),
          }),
        },
      },
      async (request, reply) => {
        const file = await signedDocumentFile(ctx, { documentId: request.params.documentId, ...request.query });
        return reply
          .header('cache-control', `private, max-age=${file.maxAge}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', file.disposition)
          .type(file.contentType)
          .send(file.body);
      },
    );
  };
}
