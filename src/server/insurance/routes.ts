import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { insurerReportSchema, insurerReportsAnswerSchema, insurerReportsQuerySchema } from '../../domain/insurance.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { listInsurerReports, readInsurerReport } from './service.js';

const tags = ['insurance'];
/** Any text: an id that is not a UUID is simply not found (404). */
const id = z.string().check(z.maxLength(64));
const access =
  'Only members of the insurance company (any other signed-in person: 403 forbidden; a party that is not an ' +
  'insurance company of the register: 404 not_found). Never the personal ID number.';

// The insurance company's area (§2 /insurance/{insurerPartyId}/admin). For now: the stolen reports the owners
// shared with the company, read-only.
export function insuranceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/insurance/:insurerPartyId/stolen-reports/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The stolen reports shared with my insurance company, newest first, 20 at a time',
          description: `${access} Page with ?offset= (next_offset, null on the last page).`,
          params: z.object({ insurerPartyId: id }),
          querystring: insurerReportsQuerySchema,
          response: { 200: insurerReportsAnswerSchema },
        },
      },
      async (request) => listInsurerReports(ctx, callerOf(request), request.params.insurerPartyId, request.query.offset),
    );

    app.get(
      '/insurance/:insurerPartyId/stolen-reports/:reportId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One stolen report shared with my insurance company',
          description: `${access} A report not shared with this company: 404 stolen_report_not_found.`,
          params: z.object({ insurerPartyId: id, reportId: id }),
          response: { 200: insurerReportSchema },
        },
      },
      async (request) => readInsurerReport(ctx, callerOf(request), request.params.insurerPartyId, request.params.reportId),
    );
  };
}
