import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { flowAnswersSchema, flowDefinitionSchema, flowMemoSchema } from '../../domain/flows.js';
import { LANGUAGES } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { readUpload, registerUploads } from '../shared/files/upload.js';
import { deleteDraft, publishedFlow, readDraft, saveDraft, storeFlowPicture, submitFlow } from './service.js';

const tags = ['flows'];
const params = z.object({ memo: flowMemoSchema });
const version = z.number({ error: 'field_required' }).check(z.int({ error: 'field_invalid' }), z.minimum(1, { error: 'field_invalid' }));
const language = z.optional(z.enum(LANGUAGES, { error: 'field_invalid' }));

const publishedSchema = z.object({ id: z.string(), memo: z.string(), version: z.number(), definition: flowDefinitionSchema });
const draftSchema = z.object({
  version: z.number(),
  published_version: z.number(),
  answers: flowAnswersSchema,
  current_step: z.nullable(z.string()),
  updated_at: z.string(),
});
const resultSchema = z.object({
  name: z.string(),
  heading: z.string(),
  summary: z.string(),
  lines: z.array(z.object({ label: z.string(), value: z.string() })),
  source: z.object({ label: z.string(), url: z.string(), year: z.number() }),
});

// Flows (issue 16, §2): the published definitions by memo, open to visitors, and the answering of them: a signed-in
// person's draft kept on the server, the submission (visitors too, rate limited by address) and a picture upload.
export function flowRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rateLimit = { max: ctx.config.searchRateLimitPerMinute, timeWindow: '1 minute' };
  const writeLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  return async (app) => {
    app.get(
      '/flows/:memo',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags,
          summary: 'The published version of a flow (404 flow_not_found for an unknown, only drafted or retired memo)',
          params,
          response: { 200: publishedSchema },
        },
      },
      async (request) => publishedFlow(ctx.db, request.params.memo),
    );

    app.get(
      '/flows/:memo/draft',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'My draft of a flow (404 without one); version and published_version differ when the flow changed since',
          params,
          response: { 200: draftSchema },
        },
      },
      async (request) => readDraft(ctx.db, callerOf(request).partyId, request.params.memo),
    );

    app.put(
      '/flows/:memo/draft',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Keep my answers so far, for the published version (checked for their shape only; 409 flow_version_changed)',
          params,
          body: z.object({ version, answers: flowAnswersSchema, current_step: z.nullable(z.string().check(z.maxLength(60))), language }),
          response: { 200: draftSchema },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        return saveDraft(ctx.db, caller.partyId, request.params.memo, {
          ...request.body,
          language: request.body.language ?? caller.language,
        });
      },
    );

    app.delete(
      '/flows/:memo/draft',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Forget my draft of a flow (404 without one)', params, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteDraft(ctx.db, callerOf(request).partyId, request.params.memo);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/flows/:memo/responses',
      {
        config: { access: 'public', rateLimit: writeLimit },
        schema: {
          tags,
          summary:
            'Submit answers to the published version (visitors too; 409 flow_version_changed, 422 naming each field); returns the end’s result if it computes one',
          params,
          body: z.object({ version, answers: flowAnswersSchema, language }),
          response: { 201: z.object({ id: z.string(), version: z.number(), result: z.nullable(resultSchema) }) },
        },
      },
      async (request, reply) => {
        const caller = request.caller;
        const submitted = await submitFlow(ctx, caller, request.params.memo, {
          ...request.body,
          language: request.body.language ?? caller?.language ?? requestLanguage(request),
        });
        return reply.status(201).send(submitted);
      },
    );

    await app.register(async (plugin) => {
      await registerUploads(plugin);
      const uploads = plugin.withTypeProvider<ZodTypeProvider>();
      uploads.post(
        '/flows/:memo/pictures',
        {
          config: { access: 'public', rateLimit: writeLimit },
          schema: {
            tags,
            summary: 'A picture for a picture field (multipart, file `file`); re-encoded without metadata; its id goes in the answer',
            consumes: ['multipart/form-data'],
            params,
            response: { 201: z.object({ id: z.string() }) },
          },
        },
        async (request, reply) => {
          // The flow is looked up before the upload is read: a file for no flow is never processed.
          await publishedFlow(ctx.db, request.params.memo);
          const upload = await readUpload(request);
          return reply.status(201).send(await storeFlowPicture(ctx, upload.file.body));
        },
      );
    });
  };
}
