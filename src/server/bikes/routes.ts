import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { bikeDetailSchema, bikeSchema, createBikeSchema, publicBikeSchema, updateBikeSchema } from '../../domain/bikes.js';
import { APPROVAL_HEADER } from '../../domain/verification.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { deleteBike, getBike, listMyBikes, previewPublicBike, registerBike, updateBike } from './service.js';

const tags = ['bikes'];
/** Any text: a bike id that is not a UUID is simply not found (404), like someone else's bike. */
const bikeParams = z.object({ bikeId: z.string().check(z.maxLength(64)) });

// Bikes (issue 4): the caller's own bikes. §7 leaves these calls unshown; they follow its style.
export function bikeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bikes/',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'My bikes: those the party I act as owns now, newest first', response: { 200: z.array(bikeSchema) } },
      },
      async (request) => listMyBikes(ctx, callerOf(request)),
    );

    app.post(
      '/bikes/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Register a bike by frame number and/or plate',
          description:
            'Needs frame_number or bikekey_id (422 fill_all_fields). The frame number must be free (422 frame_number_in_use), ' +
            'the plate one of ours and free (422 plate_invalid, plate_already_registered, plate_on_equipment). Uses a credit: ' +
            "the plate's own registration, else an unused credit, else the subscription; none: 402 no_subscription.",
          body: createBikeSchema,
          response: { 201: bikeSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await registerBike(ctx, callerOf(request), request.body)),
    );

    app.get(
      '/bikes/:bikeId/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One of my bikes, with its pictures, documents and equipment',
          params: bikeParams,
          response: { 200: bikeDetailSchema },
        },
      },
      async (request) => getBike(ctx, callerOf(request), request.params.bikeId),
    );

    app.patch(
      '/bikes/:bikeId/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Change one of my bikes (what is sent; null clears)',
          description:
            'Adding or correcting the frame number or plate is checked as in registering; a bike reported stolen keeps both (409 bike_stolen_locked).',
          params: bikeParams,
          body: updateBikeSchema,
          response: { 200: bikeSchema },
        },
      },
      async (request) => updateBike(ctx, callerOf(request), request.params.bikeId, request.body),
    );

    app.delete(
      '/bikes/:bikeId/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete one of my bikes with its pictures, documents and equipment',
          description:
            `A bike with a frame number or plate needs an approval through national ID of act delete_bike with subject_id = the bike's id ` +
            `(POST /identities/verifications/), sent in the ${APPROVAL_HEADER} header; without it 403 approval_required. ` +
            'A bike reported stolen cannot be deleted (409 bike_stolen_locked). Its plates become free; its credit returns unused.',
          params: bikeParams,
          headers: z.looseObject({ [APPROVAL_HEADER]: z.optional(z.string().check(z.maxLength(100))) }),
        },
      },
      async (request, reply) => {
        await deleteBike(ctx, callerOf(request), request.params.bikeId, request.headers[APPROVAL_HEADER]);
        return reply.status(204).send();
      },
    );

    app.get(
      '/bikes/:bikeId/public',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'What strangers see of one of my bikes (search, plate scans)',
          params: bikeParams,
          response: { 200: publicBikeSchema },
        },
      },
      async (request) => previewPublicBike(ctx, callerOf(request), request.params.bikeId),
    );
  };
}
