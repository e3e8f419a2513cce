import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { pictureSchema } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { readUpload, registerUploads } from '../shared/files/upload.js';
import { addPicture, deletePicture, listPictures, publicPictureFile, signedPictureFile } from './service.js';

const tags = ['pictures'];
const bikeParams = z.object({ bikeId: z.string() });
const fileParams = z.object({ pictureId: z.uuid({ error: 'field_invalid' }), size: z.enum(['full', 'thumb'], { error: 'field_invalid' }) });
const signedQuery = z.object({
  exp: z.coerce.number({ error: 'field_invalid' }).check(z.int({ error: 'field_invalid' })),
  sig: z.string({ error: 'field_required' }).check(z.maxLength(100, { error: 'too_long' })),
});
/** How long anyone may cache a public picture: short, since the bike may stop being searchable. */
const PUBLIC_MAX_AGE = 300;

// Pictures of a bike (§1 "private pictures are visible only to the owner; the public picture is
// visible to anyone searching"). Uploads are multipart (field `kind`, file `file`); the parser lives
// in this plugin only.
export function pictureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerUploads(app);

    app.post(
      '/bikes/:bikeId/pictures',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Add a picture (multipart: field kind, file file); a public one replaces the bike’s public picture',
          consumes: ['multipart/form-data'],
          params: bikeParams,
          response: { 201: pictureSchema },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { bikeId } = request.params;
        // The owner check comes before the upload is read, so a stranger's file is never processed.
        await bikeOfCaller(ctx.db, caller, bikeId);
        const picture = await addPicture(ctx, caller, bikeId, await readUpload(request));
        return reply.status(201).send(picture);
      },
    );

    app.get(
      '/bikes/:bikeId/pictures',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The pictures of my bike, on short-lived signed addresses',
          params: bikeParams,
          response: { 200: z.array(pictureSchema) },
        },
      },
      async (request) => listPictures(ctx, callerOf(request), request.params.bikeId),
    );

    app.delete(
      '/bikes/:bikeId/pictures/:pictureId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a picture of my bike',
          params: z.object({ bikeId: z.string(), pictureId: z.string() }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deletePicture(ctx, callerOf(request), request.params.bikeId, request.params.pictureId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/files/pictures/:pictureId/:size',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A picture’s file on the owner’s signed address (size full or thumb); 403 without a valid signature',
          params: fileParams,
          querystring: signedQuery,
        },
      },
      async (request, reply) => {
        const file = await signedPictureFile(ctx, { ...request.params, ...request.query });
        return reply
          .header('cache-control', `private, max-age=${file.maxAge}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .type(file.contentType)
          .send(file.body);
      },
    );

    app.get(
      '/public/pictures/:pictureId/:size',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A bike’s public picture (size full or thumb), while the bike is searchable or reported stolen',
          params: fileParams,
        },
      },
      async (request, reply) => {
        const file = await publicPictureFile(ctx, request.params);
        return reply
          .header('cache-control', `public, max-age=${PUBLIC_MAX_AGE}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .type(file.contentType)
          .send(file.body);
      },
    );
  };
}
