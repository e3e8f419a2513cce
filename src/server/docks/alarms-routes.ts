import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { alarmReportAnswersSchema, alarmReportOutcomeSchema, dockAlarmSchema } from '../../domain/docks-alarms.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { dismissAlarm, listMyAlarms, reportAlarmStolen } from './alarms-service.js';

const tags = ['docks'];
const params = z.object({ alarmId: z.uuid() });

// Issue 16: a tamper alarm from the lock holding my bike, and its one-tap stolen report (alarms-service.ts). Only
// the alarm's own party reaches it; anyone else's alarm is not found.
export function dockAlarmRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/docks/alarms/',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'My open alarms: dock, lock, bike and when', response: { 200: z.array(dockAlarmSchema) } },
      },
      async (request) => listMyAlarms(ctx, callerOf(request)),
    );

    app.post(
      '/docks/alarms/:alarmId/stolen-report',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "Report the alarm's bike stolen with the dock's place and the alarm's time filled in: filed, or the questions left (asked again with their answers, it files). A second tap answers the same report",
          params,
          body: alarmReportAnswersSchema,
          response: { 200: alarmReportOutcomeSchema },
        },
      },
      async (request) => reportAlarmStolen(ctx, callerOf(request), request.params.alarmId, request.body),
    );

    app.post(
      '/docks/alarms/:alarmId/dismiss',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Dismiss the alarm (the bike is fine)', params, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await dismissAlarm(ctx, callerOf(request), request.params.alarmId);
        return reply.status(204).send(null);
      },
    );
  };
}
