import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { bikeDetailSchema } from '../../domain/bikes.js';
import { insurersAnswerSchema, stolenReportInputSchema, stolenReportSchema } from '../../domain/theft.js';
import { APPROVAL_HEADER } from '../../domain/verification.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { requestLanguage } from '../http/errors.js';
import { sendPdf } from '../http/pdf-reply.js';
import { reportFound } from './found-service.js';
import { listInsurers } from './insurers.js';
import { policeReportFile } from './police-report.js';
import { stolenReportOfCaller } from './report-read.js';
import { fileStolenReport } from './report-service.js';

const tags = ['theft'];
/** Any text: an id that is not a UUID is simply not found (404), like someone else's bike. */
const bikeParams = z.object({ bikeId: z.string().check(z.maxLength(64)) });

// Theft and recovery (issue 6): filing a stolen report, reading it and its police report, the insurers
// to choose from, and reporting a stolen bike found. Only the bike's current owner reaches any of it.
export function theftRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/stolen-reports/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Report one of my bikes stolen',
          description:
            'The whole §3 stolen report; every problem is answered at once (422, one detail per field, type = the error code). ' +
            'Not my bike: 404 bike_not_found. Already stolen: 409 bike_already_reported_stolen. An insurer not in GET /insurers/: ' +
            '422 insurer_not_found. The bike is then shown as stolen everywhere, a pending transfer is cancelled, live sales ' +
            'links are revoked, and the owner gets a confirmation mail.',
          body: stolenReportInputSchema,
          response: { 201: stolenReportSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await fileStolenReport(ctx, callerOf(request), request.body, requestLanguage(request))),
    );

    app.get(
      '/bikes/:bikeId/stolen-report',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The stolen report of one of my bikes (personal ID number masked)',
          description: '404 stolen_report_not_found unless the bike is stolen and I filed the report under my current ownership.',
          params: bikeParams,
          response: { 200: stolenReportSchema },
        },
      },
      async (request) => stolenReportOfCaller(ctx, callerOf(request), request.params.bikeId),
    );

    app.get(
      '/bikes/:bikeId/stolen-report/police-report.pdf',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The police report of one of my stolen bikes (PDF, in the language of the request)',
          description:
            'Same access as the report (404 stolen_report_not_found). Holds the full personal ID number: never cached, and each ' +
            'download is written to the audit log (cpr.read: the reader — the staff member under switch-user — and whose number it is).',
          params: bikeParams,
        },
      },
      async (request, reply) => {
        const file = await policeReportFile(ctx, callerOf(request), request.params.bikeId, requestLanguage(request));
        return sendPdf(reply, file);
      },
    );

    app.get(
      '/insurers/',
      {
        // Public: the names of the insurance companies are no secret, and /forsikringsfordel shows them to visitors.
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The insurance companies of the register, by name',
          description: 'Public. Every organisation of type insurance_company: its party id and name, by name.',
          response: { 200: insurersAnswerSchema },
        },
      },
      async () => ({ insurers: await listInsurers(ctx) }),
    );

    app.post(
      '/bikes/:bikeId/found-reports/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Report one of my stolen bikes found',
          description:
            `Needs an approval through national ID of act report_found with subject_id = the bike's id (POST /identities/verifications/), ` +
            `sent in the ${APPROVAL_HEADER} header; without it 403 approval_required. Not my bike: 404 bike_not_found; not stolen: ` +
            '409 bike_not_reported_stolen. Deletes the report; answers the bike as GET /bikes/{bikeId}/ does.',
          params: bikeParams,
          headers: z.looseObject({ [APPROVAL_HEADER]: z.optional(z.string().check(z.maxLength(100))) }),
          response: { 200: bikeDetailSchema },
        },
      },
      async (request) => reportFound(ctx, callerOf(request), request.params.bikeId, request.headers[APPROVAL_HEADER]),
    );
  };
}
