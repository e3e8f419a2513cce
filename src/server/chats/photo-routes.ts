import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { chatMessageSchema } from '../../domain/chats.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { registerUploads } from '../shared/files/upload.js';
import { assertMayWrite, participationOf } from './access.js';
import { readPhotoUpload, signedChatPhoto, withStoredPhoto } from './photos.js';
import { postMessage } from './service.js';

const tags = ['chats'];

// A message with a photo (multipart), and the photo's file on the participants' signed address. The
// multipart parser is registered in this plugin only, so the other chat calls stay JSON-only.
export function chatPhotoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerUploads(app);

    app.post(
      '/chats/:chatId/messages/photo',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Write with a photo (multipart: fields content, latitude, longitude, place_label; file file); the photo is re-encoded without metadata',
          consumes: ['multipart/form-data'],
          params: z.object({ chatId: z.string() }),
          response: { 201: chatMessageSchema },
        },
      },
      async (request, reply) => {
        // Participation and blocks are checked before the upload is read: a stranger's file is never processed.
        const me = await participationOf(ctx.db, request.params.chatId, callerOf(request).actingPartyId);
        await assertMayWrite(ctx.db, me);
        const upload = await readPhotoUpload(request);
        const message = await withStoredPhoto(ctx, me.chatId, upload.body, (keys) => postMessage(ctx, me, { ...upload.message, ...keys }));
        return reply.status(201).send(message);
      },
    );

    app.get(
      '/files/chat-photos/:messageId/:size',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A chat photo (size full or thumb) on a participant’s signed address; 403 without a valid signature',
          params: z.object({ messageId: z.string(), size: z.enum(['full', 'thumb'], { error: 'field_invalid' }) }),
          querystring: z.object({
            exp: z.coerce.number({ error: 'field_invalid' }).check(z.int({ error: 'field_invalid' })),
            sig: z.string({ error: 'field_required' }).check(z.maxLength(100, { error: 'too_long' })),
          }),
        },
      },
      async (request, reply) => {
        const file = await signedChatPhoto(ctx, { ...request.params, ...request.query });
        return reply
          .header('cache-control', `private, max-age=${file.maxAge}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .type(file.contentType)
          .send(file.body);
      },
    );
  };
}
