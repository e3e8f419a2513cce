import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createFlowSchema,
  flowCheckAnswerSchema,
  flowDefinitionBodySchema,
  flowDetailSchema,
  flowListSchema,
  flowMemoParamsSchema,
  flowResponsesPageSchema,
  responsesFilterSchema,
  responsesQuerySchema,
  surveyListSchema,
  surveyStatsSchema,
} from '../../domain/flow-admin.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { listSurveys, responsesExport, responsesPage, surveyExport, surveyStats } from './backoffice-answers.js';
import {
  checkDefinition,
  createFlow,
  flowDetail,
  listFlows,
  publishDraft,
  retireFlow,
  saveDraft,
  startDraft,
  wordedProblems,
} from './backoffice-definitions.js';

const tags = ['backoffice'];
const params = flowMemoParamsSchema;
const refused =
  'A broken definition: 422 with a detail entry per problem, loc = ["body", "definition", …its JSON path], msg = the reason ' +
  "in the caller's language, type = the code (domain/flow-rules.ts or a field code). Written to the audit log.";
const filters = 'Filters: version; from/to (the day submitted, Copenhagen time, inclusive).';

function sendCsv(reply: FastifyReply, file: { fileName: string; text: string }) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .type('text/csv; charset=utf-8')
    .send(file.text);
}

// Flows in the backoffice and the survey admin panel (issue 16): the revisor reads, staff and admins change.
export function backofficeFlowRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/flows',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Every flow: its published version, draft, retired versions and answers',
          response: { 200: flowListSchema },
        },
      },
      async (request) => ({ items: await listFlows(ctx, requestLanguage(request)) }),
    );

    app.post(
      '/backoffice/flows',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'A new flow: its definition becomes version 1, a draft',
          description: `The memo taken: 409 flow_exists. The definition's memo must be the same (422 flow_memo_mismatch). ${refused}`,
          body: createFlowSchema,
          response: { 201: flowDetailSchema },
        },
      },
      async (request, reply) => {
        const detail = await createFlow(ctx, callerOf(request), request.body.memo, request.body.definition);
        return reply.status(201).send(detail);
      },
    );

    app.post(
      '/backoffice/flows/check',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: "A definition's problems, without saving it (an empty list: it may be saved)",
          body: flowDefinitionBodySchema,
          response: { 200: flowCheckAnswerSchema },
        },
      },
      async (request) => ({ problems: wordedProblems(checkDefinition(request.body.definition).problems, requestLanguage(request)) }),
    );

    app.get(
      '/backoffice/flows/:memo',
      {
        config: { access: 'backoffice-read' },
        schema: { tags, summary: "A flow's versions, newest first", params, response: { 200: flowDetailSchema } },
      },
      async (request) => flowDetail(ctx, request.params.memo),
    );

    app.put(
      '/backoffice/flows/:memo/draft',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: "Save the draft's definition",
          description: `No draft: 409 flow_no_draft. ${refused}`,
          params,
          body: flowDefinitionBodySchema,
          response: { 200: flowDetailSchema },
        },
      },
      async (request) => saveDraft(ctx, callerOf(request), request.params.memo, request.body.definition),
    );

    app.post(
      '/backoffice/flows/:memo/draft',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Start a new draft from the published version (or the newest one)',
          description: 'A draft already: 409 flow_draft_exists. Written to the audit log.',
          params,
          response: { 200: flowDetailSchema },
        },
      },
      async (request) => startDraft(ctx, callerOf(request), request.params.memo),
    );

    app.post(
      '/backoffice/flows/:memo/publish',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Publish the draft; the version published before is retired in the same transaction',
          description: `No draft: 409 flow_no_draft. ${refused}`,
          params,
          response: { 200: flowDetailSchema },
        },
      },
      async (request) => publishDraft(ctx, callerOf(request), request.params.memo),
    );

    app.post(
      '/backoffice/flows/:memo/retire',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Retire the published version: the flow closes (its answers are kept)',
          description: 'Nothing published: 409 flow_not_published. Written to the audit log.',
          params,
          response: { 200: flowDetailSchema },
        },
      },
      async (request) => retireFlow(ctx, callerOf(request), request.params.memo),
    );

    app.get(
      '/backoffice/flows/:memo/responses',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Submitted answers, newest first, 50 a page (next_cursor gives the next)',
          description: `${filters} Never who answered, only whether they were signed in.`,
          params,
          querystring: responsesQuerySchema,
          response: { 200: flowResponsesPageSchema },
        },
      },
      async (request) => responsesPage(ctx, request.params.memo, request.query),
    );

    app.get(
      '/backoffice/flows/:memo/responses.csv',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'The submitted answers as CSV (UTF-8 with BOM, RFC 4180), one row per response, one column per field',
          description: filters,
          params,
          querystring: responsesFilterSchema,
        },
      },
      async (request, reply) => sendCsv(reply, await responsesExport(ctx, request.params.memo, request.query)),
    );

    app.get(
      '/backoffice/surveys',
      {
        config: { access: 'backoffice-read' },
        schema: { tags, summary: 'The survey flows (memo survey.…) and their answers so far', response: { 200: surveyListSchema } },
      },
      async (request) => ({ items: await listSurveys(ctx, requestLanguage(request)) }),
    );

    app.get(
      '/backoffice/surveys/:memo/stats',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: "A survey's answers per day (default the last 30 days, every day listed) and per option of each choice",
          description: `${filters} At most 366 days.`,
          params,
          querystring: responsesFilterSchema,
          response: { 200: surveyStatsSchema },
        },
      },
      async (request) => surveyStats(ctx, request.params.memo, request.query, requestLanguage(request)),
    );

    app.get(
      '/backoffice/surveys/:memo/responses.csv',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: "A survey's answers as CSV (as the flows' export)",
          description: filters,
          params,
          querystring: responsesFilterSchema,
        },
      },
      async (request, reply) => sendCsv(reply, await surveyExport(ctx, request.params.memo, request.query)),
    );
  };
}
