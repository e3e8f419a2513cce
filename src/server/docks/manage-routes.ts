import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  backofficeDockInputSchema,
  dockChangeSchema,
  dockInputSchema,
  historyQuerySchema,
  lockCommandPageSchema,
  lockEventPageSchema,
  lockInputSchema,
  lockWithSecretSchema,
  managedDockDetailSchema,
  managedDockSchema,
} from '../../domain/docks-manage.js';
import type { AppContext } from '../context.js';
import type { Access } from '../http/auth.js';
import { callerOf } from '../http/auth.js';
import {
  addLock,
  changeDock,
  createDock,
  listManagedDocks,
  lockCommandHistory,
  lockHistory,
  type Manager,
  organisationManager,
  readManagedDock,
  removeLock,
  rotateLockSecret,
} from './manage-service.js';

const dockParams = z.object({ dockId: z.uuid() });
const lockParams = z.object({ dockId: z.uuid(), lockId: z.uuid() });

/** The same calls for staff (/backoffice/docks…) and for an organisation's admins acting as it (/organisations/docks…). */
interface Side {
  prefix: string;
  tags: string[];
  read: Access;
  change: Access;
  manager(request: FastifyRequest): Promise<Manager>;
  who: string;
}

function manageRoutes(ctx: AppContext, side: Side): FastifyPluginAsyncZod {
  const { prefix, tags, read, change, who } = side;
  return async (app) => {
    app.get(
      prefix,
      {
        config: { access: read },
        schema: {
          tags,
          summary: `Docks ${who} manages, by name, with their lock and free counts`,
          response: { 200: z.array(managedDockSchema) },
        },
      },
      async (request) => listManagedDocks(ctx, await side.manager(request)),
    );

    app.get(
      `${prefix}/:dockId`,
      {
        config: { access: read },
        schema: { tags, summary: 'A dock and its locks with their states', params: dockParams, response: { 200: managedDockDetailSchema } },
      },
      async (request) => readManagedDock(ctx, await side.manager(request), request.params.dockId),
    );

    app.patch(
      `${prefix}/:dockId`,
      {
        config: { access: change },
        schema: {
          tags,
          summary: 'Change a dock (any of its fields)',
          params: dockParams,
          body: dockChangeSchema,
          response: { 200: managedDockDetailSchema },
        },
      },
      async (request) => {
        const manager = await side.manager(request);
        await changeDock(ctx, manager, request.params.dockId, request.body);
        return readManagedDock(ctx, manager, request.params.dockId);
      },
    );

    app.post(
      `${prefix}/:dockId/locks`,
      {
        config: { access: change },
        schema: {
          tags,
          summary: 'Add a lock (label unique in the dock); the answer shows its device secret this once',
          params: dockParams,
          body: lockInputSchema,
          response: { 201: lockWithSecretSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addLock(ctx, await side.manager(request), request.params.dockId, request.body.label)),
    );

    app.post(
      `${prefix}/:dockId/locks/:lockId/secret`,
      {
        config: { access: change },
        schema: {
          tags,
          summary: "Rotate a lock's device secret: the old one stops working and the device's connection is closed",
          params: lockParams,
          response: { 200: lockWithSecretSchema },
        },
      },
      async (request) => rotateLockSecret(ctx, await side.manager(request), request.params.dockId, request.params.lockId),
    );

    app.delete(
      `${prefix}/:dockId/locks/:lockId`,
      {
        config: { access: change },
        schema: { tags, summary: 'Remove a lock (not while it holds a bike)', params: lockParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await removeLock(ctx, await side.manager(request), request.params.dockId, request.params.lockId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${prefix}/:dockId/locks/:lockId/events`,
      {
        config: { access: read },
        schema: {
          tags,
          summary: "A lock's history (connections, reports, commands, alarms), newest first, 50 a page from offset",
          params: lockParams,
          querystring: historyQuerySchema,
          response: { 200: lockEventPageSchema },
        },
      },
      async (request) => lockHistory(ctx, await side.manager(request), request.params.dockId, request.params.lockId, request.query.offset),
    );

    app.get(
      `${prefix}/:dockId/locks/:lockId/commands`,
      {
        config: { access: read },
        schema: {
          tags,
          summary: "A lock's commands and how they went, newest first, 50 a page from offset",
          params: lockParams,
          querystring: historyQuerySchema,
          response: { 200: lockCommandPageSchema },
        },
      },
      async (request) =>
        lockCommandHistory(ctx, await side.manager(request), request.params.dockId, request.params.lockId, request.query.offset),
    );
  };
}

// Issue 16: managing docks and locks. Staff, admins and revisors read every dock in the backoffice; staff and admins
// change (audited). An organisation's admin acting as the organisation manages its docks (another's are not found).
export function dockManageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const staff = manageRoutes(ctx, {
    prefix: '/backoffice/docks',
    tags: ['backoffice'],
    read: 'backoffice-read',
    change: 'staff',
    who: 'staff',
    manager: async (request) => ({ kind: 'staff', caller: callerOf(request) }),
  });
  const organisation = manageRoutes(ctx, {
    prefix: '/organisations/docks',
    tags: ['organisations'],
    read: 'user',
    change: 'user',
    who: 'the organisation acted as (its admin)',
    manager: (request) => organisationManager(ctx, callerOf(request)),
  });
  return async (app) => {
    app.post(
      '/backoffice/docks',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['backoffice'],
          summary: 'Create a dock for an organisation (audited)',
          body: backofficeDockInputSchema,
          response: { 201: managedDockDetailSchema },
        },
      },
      async (request, reply) => {
        const manager: Manager = { kind: 'staff', caller: callerOf(request) };
        const id = await createDock(ctx, manager, request.body);
        return reply.status(201).send(await readManagedDock(ctx, manager, id));
      },
    );
    app.post(
      '/organisations/docks',
      {
        config: { access: 'user' },
        schema: {
          tags: ['organisations'],
          summary: 'Create a dock of the organisation acted as (its admin)',
          body: dockInputSchema,
          response: { 201: managedDockDetailSchema },
        },
      },
      async (request, reply) => {
        const manager = await organisationManager(ctx, callerOf(request));
        const id = await createDock(ctx, manager, request.body);
        return reply.status(201).send(await readManagedDock(ctx, manager, id));
      },
    );
    await app.register(staff);
    await app.register(organisation);
  };
}
