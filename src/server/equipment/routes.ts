import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { equipmentFieldsSchema, equipmentSchema, updateEquipmentSchema } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { createEquipment, deleteEquipment, listEquipment, updateEquipment } from './service.js';

const tags = ['equipment'];
const bikeParams = z.object({ bikeId: z.string() });
const itemParams = z.object({ bikeId: z.string(), equipmentId: z.string() });

// Batteries, locks and accessories of a bike (§3 Equipment draft); their documents are uploaded
// through /bikes/{bikeId}/documents with equipment_id.
export function equipmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bikes/:bikeId/equipment/',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'The equipment of my bike', params: bikeParams, response: { 200: z.array(equipmentSchema) } },
      },
      async (request) => listEquipment(ctx, callerOf(request), request.params.bikeId),
    );

    app.post(
      '/bikes/:bikeId/equipment/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Add a battery, lock or accessory (plate_ids attach free plates)',
          params: bikeParams,
          body: equipmentFieldsSchema,
          response: { 201: equipmentSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createEquipment(ctx, callerOf(request), request.params.bikeId, request.body)),
    );

    app.patch(
      '/bikes/:bikeId/equipment/:equipmentId/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Change equipment: the fields sent (null clears); plate_ids, when sent, is the whole new list',
          params: itemParams,
          body: updateEquipmentSchema,
          response: { 200: equipmentSchema },
        },
      },
      async (request) => updateEquipment(ctx, callerOf(request), request.params.bikeId, request.params.equipmentId, request.body),
    );

    app.delete(
      '/bikes/:bikeId/equipment/:equipmentId/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete equipment with its documents; its plates are set free',
          params: itemParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteEquipment(ctx, callerOf(request), request.params.bikeId, request.params.equipmentId);
        return reply.status(204).send(null);
      },
    );
  };
}
