import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ownershipVerificationSchema } from '../../domain/ownership.js';
import { APPROVAL_HEADER } from '../../domain/verification.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { readUpload, registerUploads } from '../shared/files/upload.js';
import { addFramePicture, confirmOwner, getVerification, listMyVerifications } from './verification-service.js';

const tags = ['ownership'];
const bikeParams = z.object({ bikeId: z.string() });

// Verify ownership (§2, issue 5): the owner's calls. Staff's review is under /backoffice
// (backoffice/ownership-verifications.ts). The frame upload is multipart, so the parser is registered in
// this plugin's scope only.
export function verificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerUploads(app);

    app.get(
      '/ownership-verifications',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The ownership verification of each bike I own now (status none when not started)',
          response: { 200: z.array(ownershipVerificationSchema) },
        },
      },
      async (request) => listMyVerifications(ctx, callerOf(request)),
    );

    app.get(
      '/bikes/:bikeId/ownership-verification',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The verification of my current ownership of the bike (status none when not started)',
          params: bikeParams,
          response: { 200: ownershipVerificationSchema },
        },
      },
      async (request) => getVerification(ctx, callerOf(request), request.params.bikeId),
    );

    app.post(
      '/bikes/:bikeId/ownership-verification/frame',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Prove holding the bike: a picture of its frame number (multipart, file `file`)',
          description:
            'Stored as a frame_number picture of the current ownership (re-encoded, metadata and GPS removed). ' +
            'The verification then waits for the owner’s national ID (status owner_pending); a rejected one starts over. ' +
            'Already verified: 409 ownership_already_verified.',
          consumes: ['multipart/form-data'],
          params: bikeParams,
          response: { 200: ownershipVerificationSchema },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // The owner check comes before the upload is read, so a stranger's file is never processed.
        await bikeOfCaller(ctx.db, caller, request.params.bikeId);
        return addFramePicture(ctx, caller, request.params.bikeId, await readUpload(request));
      },
    );

    app.post(
      '/bikes/:bikeId/ownership-verification/owner',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Confirm the verification with national ID',
          description:
            `Needs an approval of act verify_ownership with subject_id = the bike's id (POST /identities/verifications/), ` +
            `sent in the ${APPROVAL_HEADER} header; without it 403 approval_required. No frame picture yet: 409 verification_frame_missing.`,
          params: bikeParams,
          headers: z.looseObject({ [APPROVAL_HEADER]: z.optional(z.string().check(z.maxLength(100, { error: 'too_long' }))) }),
          response: { 200: ownershipVerificationSchema },
        },
      },
      async (request) => confirmOwner(ctx, callerOf(request), request.params.bikeId, request.headers[APPROVAL_HEADER]),
    );
  };
}
