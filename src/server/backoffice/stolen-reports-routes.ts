import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  hideStolenReportSchema,
  mergeStolenReportSchema,
  stolenReviewAnswerSchema,
  stolenReviewItemSchema,
  stolenReviewQuerySchema,
} from '../../domain/stolen-review.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { decideStolenReport, listStolenReports, stolenReportForReview } from './stolen-reports.js';

const tags = ['backoffice'];
const params = z.object({ id: z.string().check(z.maxLength(64)) });
const conflicts =
  'A merged report is settled: 409 stolen_report_merged. Found, unknown or not an id: 404 stolen_report_not_found. ' +
  'Written to the audit log (record stolen_report, review fields before and after); the public map follows at once.';

// Staff's review of stolen reports for the public stolen-bike map (issue 14): revisors may look, staff and admins decide.
export function stolenReportReviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/stolen-reports',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Open stolen reports for review, waiting ones first, then newest reported first (20 a page from offset)',
          description:
            'Filters: state; from/to (the day reported, inclusive); region; postal_from/postal_to (the zip code of the place of the ' +
            'theft, inclusive); q (part of the frame number as reported). Each with the bike, its pictures (signed addresses), the ' +
            "exact place, the owner's words and the other open reports of the same bike or frame number (merge candidates).",
          querystring: stolenReviewQuerySchema,
          response: { 200: stolenReviewAnswerSchema },
        },
      },
      async (request) => listStolenReports(ctx, request.query),
    );

    app.get(
      '/backoffice/stolen-reports/:id',
      {
        config: { access: 'backoffice-read' },
        schema: { tags, summary: 'One open stolen report as staff review it', params, response: { 200: stolenReviewItemSchema } },
      },
      async (request) => stolenReportForReview(ctx, request.params.id),
    );

    app.post(
      '/backoffice/stolen-reports/:id/approve',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Approve a stolen report for the public map (from new or hidden)',
          description: `Already approved: 409 stolen_report_already_approved. ${conflicts}`,
          params,
          response: { 200: stolenReviewItemSchema },
        },
      },
      async (request) => decideStolenReport(ctx, callerOf(request), request.params.id, { action: 'approve' }),
    );

    app.post(
      '/backoffice/stolen-reports/:id/hide',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Hide a stolen report from the public map, with the reason (from new or approved)',
          description: `Already hidden: 409 stolen_report_already_hidden. ${conflicts}`,
          params,
          body: hideStolenReportSchema,
          response: { 200: stolenReviewItemSchema },
        },
      },
      async (request) => decideStolenReport(ctx, callerOf(request), request.params.id, { action: 'hide', reason: request.body.reason }),
    );

    app.post(
      '/backoffice/stolen-reports/:id/merge',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Merge a duplicate stolen report into another open report of the same bike or frame number',
          description: `The merged report leaves the map; the kept one keeps its own review. Not such a report: 422 stolen_report_not_duplicate. ${conflicts}`,
          params,
          body: mergeStolenReportSchema,
          response: { 200: stolenReviewItemSchema },
        },
      },
      async (request) =>
        decideStolenReport(ctx, callerOf(request), request.params.id, { action: 'merge', intoReportId: request.body.into_report_id }),
    );
  };
}
