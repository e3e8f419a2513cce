import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { DOCK_ACCESS, LOCK_COMMAND_FAILURES, LOCK_COMMAND_KINDS, LOCK_COMMAND_STATUSES, LOCK_VIEW_STATES } from '../../domain/docks.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { sendError } from '../http/errors.js';
import { commandOf, requestCommand } from './commands.js';
import type { DeviceHub } from './device-hub.js';
import type { DockLiveHub } from './live.js';
import { dockDetail, listDocks, lockableBikes, lockViews, usableLock } from './views.js';

// A person's docks (issue 16): the docks they may use, each lock's state, lock and unlock; the live channels of
// browsers and of the locks' devices. Everything acts for the person themselves (their own party), whatever
// organisation they act for: a bike is locked by its owner.

const tags = ['docks'];
const dockParams = z.object({ dockId: z.uuid() });
const lockParams = z.object({ dockId: z.uuid(), lockId: z.uuid() });
const commandParams = z.object({ dockId: z.uuid(), lockId: z.uuid(), commandId: z.uuid() });
const errorBody = z.object({ detail: z.string(), code: z.string() });

const commandSchema = z.object({
  id: z.string(),
  lock_id: z.string(),
  kind: z.enum(LOCK_COMMAND_KINDS),
  status: z.enum(LOCK_COMMAND_STATUSES),
  failure: z.nullable(z.enum(LOCK_COMMAND_FAILURES)),
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
});
const lockSchema = z.object({
  id: z.string(),
  dock_id: z.string(),
  label: z.string(),
  state: z.enum(LOCK_VIEW_STATES),
  my_bike: z.nullable(z.object({ id: z.string(), label: z.string() })),
  last_reported_at: z.nullable(z.string()),
  my_command: z.nullable(commandSchema),
});
const dockSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  organisation_name: z.string(),
  access: z.enum(DOCK_ACCESS),
  lock_count: z.number(),
  free_count: z.number(),
});
const dockDetailSchema = z.extend(dockSummarySchema, { locks: z.array(lockSchema) });
const lockPageSchema = z.extend(lockSchema, { bikes: z.array(z.object({ id: z.string(), label: z.string() })) });
const commandBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lock'), bike_id: z.uuid() }),
  z.object({ kind: z.literal('unlock') }),
]);

/** The user's calls (inside /api). */
export function dockRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const viewerOf = (request: Parameters<typeof callerOf>[0]) => {
      const caller = callerOf(request);
      return { partyId: caller.partyId, language: caller.language };
    };

    app.get(
      '/docks/',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'The docks I may use, with their free locks', response: { 200: z.array(dockSummarySchema) } },
      },
      async (request) => listDocks(ctx.db, viewerOf(request).partyId),
    );

    app.get(
      '/docks/:dockId',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'A dock I may use, with each lock as I see it', params: dockParams, response: { 200: dockDetailSchema } },
      },
      async (request) => dockDetail(ctx.db, viewerOf(request), request.params.dockId),
    );

    app.get(
      '/docks/:dockId/locks/:lockId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'A lock as I see it, and my bikes that may be locked in it',
          params: lockParams,
          response: { 200: lockPageSchema },
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const { lock } = await usableLock(ctx.db, viewer.partyId, request.params.dockId, request.params.lockId);
        const [view] = await lockViews(ctx.db, viewer, [lock]);
        return { ...(view as NonNullable<typeof view>), bikes: await lockableBikes(ctx.db, viewer) };
      },
    );

    app.post(
      '/docks/:dockId/locks/:lockId/commands',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Lock my bike in the lock, or unlock it: answered at once (sent); the lock reports how it went',
          params: lockParams,
          body: commandBody,
          response: { 202: commandSchema },
        },
      },
      async (request, reply) => {
        const { dockId, lockId } = request.params;
        return reply.status(202).send(await requestCommand(ctx.db, viewerOf(request).partyId, dockId, lockId, request.body));
      },
    );

    app.get(
      '/docks/:dockId/locks/:lockId/commands/:commandId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One of my commands to the lock and how it went',
          params: commandParams,
          response: { 200: commandSchema },
        },
      },
      async (request) => {
        const { dockId, lockId, commandId } = request.params;
        return commandOf(ctx.db, viewerOf(request).partyId, dockId, lockId, commandId);
      },
    );
  };
}

/** The WebSockets under /api: a dock's live channel and the locks' devices (registered where @fastify/websocket is). */
export function dockSocketRoutes(live: DockLiveHub, devices: DeviceHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: 'GET',
      url: '/docks/:dockId/live',
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The live channel of a dock (WebSocket): each lock as I see it, my commands, alarms of my bikes',
        description:
          'Open as a WebSocket and send {"type":"auth","token":"<session token>"} first; the server answers {"type":"ready"} and a ' +
          '{"type":"lock"} frame per lock, then pushes {"type":"lock"}, {"type":"command"} and {"type":"alarm"} frames ' +
          '(domain/docks-live.ts). A bad token closes with 4401, a dock I may not use with 4404. A plain GET answers 426.',
        params: dockParams,
        response: { 426: errorBody },
      },
      handler: async (request, reply) => sendError(reply, request, 426, 'websocket_required'),
      wsHandler: (socket, request) => live.attach(socket, (request.params as { dockId: string }).dockId, null),
    });

    app.route({
      method: 'GET',
      url: '/devices/locks/live',
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A lock's device connection (WebSocket), authenticated per lock by its first frame",
        description:
          'The first frame is {"type":"hello","lock_id","secret","firmware","state"}; the server answers {"type":"welcome"} or closes ' +
          'with 4401. Then the device sends state {seq,state}, ack {command_id}, result {command_id,ok,error}, heartbeat {seq} and ' +
          'alarm {kind:"tamper"}; the server sends command {id,kind} (domain/lock-device.ts). A plain GET answers 426.',
        response: { 426: errorBody },
      },
      handler: async (request, reply) => sendError(reply, request, 426, 'websocket_required'),
      wsHandler: (socket) => devices.attach(socket),
    });
  };
}

/**
 * The spec's live channel of one lock at the page's own address, /app/docks/{dockId}/locks/{lockId}/websocket: an
 * upgrade request opens the socket; a plain GET falls through to the web shell, like any other page.
 */
export function lockPageSocketRoute(live: DockLiveHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: 'GET',
      url: '/app/docks/:dockId/locks/:lockId/websocket',
      schema: { hide: true },
      handler: (_request, reply) => reply.callNotFound(),
      wsHandler: (socket, request) => {
        const { dockId, lockId } = request.params as { dockId: string; lockId: string };
        if (!UUID.test(dockId) || !UUID.test(lockId)) return socket.close(4404, 'not_found');
        live.attach(socket, dockId, lockId);
      },
    });
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
