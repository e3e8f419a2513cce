import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  addMemberSchema,
  createBackofficeOrganisationSchema,
  createVoucherBatchSchema,
  frameLookupQuerySchema,
  frameLookupSchema,
  grantCreditsSchema,
  identityDetailSchema,
  memberRoleSchema,
  organisationDetailSchema,
  organisationListQuerySchema,
  organisationPageSchema,
  updateOrganisationSchema,
  voucherBatchDetailSchema,
  voucherBatchListQuerySchema,
  voucherBatchPageSchema,
} from '../../domain/backoffice-orgs.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { lookUpFrameNumber, readIdentityDetail } from './identity-detail.js';
import {
  addMember,
  createOrganisationAsStaff,
  grantCredits,
  listOrganisations,
  readOrganisation,
  removeMember,
  setMemberRole,
  updateOrganisation,
} from './organisations.js';
import { createVoucherBatch, listVoucherBatches, readVoucherBatch } from './vouchers.js';

const tags = ['backoffice'];
const organisationParams = z.object({ partyId: z.uuid() });
const memberParams = z.object({ partyId: z.uuid(), memberPartyId: z.uuid() });

// Issue 14: organisations, voucher batches, a person's detail and the frame-number lookup. Staff, admins and revisors
// read; staff and admins change (each change audited in its own transaction).
export function backofficeOrganisationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/organisations',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Organisations by name (q: part of the name or the CVR number; type), 25 a page from offset',
          querystring: organisationListQuerySchema,
          response: { 200: organisationPageSchema },
        },
      },
      async (request) => listOrganisations(ctx, request.query),
    );

    app.post(
      '/backoffice/organisations',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Create an organisation of any type, with its first admin (a user found by email)',
          body: createBackofficeOrganisationSchema,
          response: { 201: organisationDetailSchema },
        },
      },
      async (request, reply) => {
        const partyId = await createOrganisationAsStaff(ctx, callerOf(request), request.body);
        return reply.status(201).send(await readOrganisation(ctx, partyId));
      },
    );

    app.get(
      '/backoffice/organisations/:partyId',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'An organisation: its fields, members, plan and credits',
          params: organisationParams,
          response: { 200: organisationDetailSchema },
        },
      },
      async (request) => readOrganisation(ctx, request.params.partyId),
    );

    app.patch(
      '/backoffice/organisations/:partyId',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Change its name, type or CVR number (an empty CVR number clears it)',
          params: organisationParams,
          body: updateOrganisationSchema,
          response: { 200: organisationDetailSchema },
        },
      },
      async (request) => {
        await updateOrganisation(ctx, callerOf(request), request.params.partyId, request.body);
        return readOrganisation(ctx, request.params.partyId);
      },
    );

    app.post(
      '/backoffice/organisations/:partyId/members',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Add a user (by email) as member or admin',
          params: organisationParams,
          body: addMemberSchema,
          response: { 201: organisationDetailSchema },
        },
      },
      async (request, reply) => {
        await addMember(ctx, callerOf(request), request.params.partyId, request.body);
        return reply.status(201).send(await readOrganisation(ctx, request.params.partyId));
      },
    );

    app.put(
      '/backoffice/organisations/:partyId/members/:memberPartyId',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: "Change a member's role; 409 organisation_last_admin for the last admin",
          params: memberParams,
          body: memberRoleSchema,
          response: { 200: organisationDetailSchema },
        },
      },
      async (request) => {
        await setMemberRole(ctx, callerOf(request), request.params.partyId, request.params.memberPartyId, request.body.role);
        return readOrganisation(ctx, request.params.partyId);
      },
    );

    app.delete(
      '/backoffice/organisations/:partyId/members/:memberPartyId',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Remove a member; 409 organisation_last_admin for the last admin',
          params: memberParams,
          response: { 200: organisationDetailSchema },
        },
      },
      async (request) => {
        await removeMember(ctx, callerOf(request), request.params.partyId, request.params.memberPartyId);
        return readOrganisation(ctx, request.params.partyId);
      },
    );

    app.post(
      '/backoffice/organisations/:partyId/credits',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Give the organisation unused credits, with a reason (kept in the audit log)',
          params: organisationParams,
          body: grantCreditsSchema,
          response: { 200: organisationDetailSchema },
        },
      },
      async (request) => {
        await grantCredits(ctx, callerOf(request), request.params.partyId, request.body);
        return readOrganisation(ctx, request.params.partyId);
      },
    );

    app.get(
      '/backoffice/voucher-batches',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Voucher batches, newest first, 20 a page from offset',
          querystring: voucherBatchListQuerySchema,
          response: { 200: voucherBatchPageSchema },
        },
      },
      async (request) => listVoucherBatches(ctx, request.query.offset),
    );

    app.post(
      '/backoffice/voucher-batches',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'Make a batch of single-use voucher codes: how many, the credits each gives, the last day',
          body: createVoucherBatchSchema,
          response: { 201: voucherBatchDetailSchema },
        },
      },
      async (request, reply) => {
        const id = await createVoucherBatch(ctx, callerOf(request), request.body);
        return reply.status(201).send(await readVoucherBatch(ctx, id));
      },
    );

    app.get(
      '/backoffice/voucher-batches/:batchId',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'A voucher batch: its codes, who redeemed which, when, and on which bikes',
          params: z.object({ batchId: z.uuid() }),
          response: { 200: voucherBatchDetailSchema },
        },
      },
      async (request) => readVoucherBatch(ctx, request.params.batchId),
    );

    app.get(
      '/backoffice/identities/:partyId',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'A person: national ID verification, role, organisations, bikes, orders, reported conversations, credits',
          params: organisationParams,
          response: { 200: identityDetailSchema },
        },
      },
      async (request) => readIdentityDetail(ctx, request.params.partyId),
    );

    app.get(
      '/backoffice/frame-lookup',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'A frame number across the register: the bike, its owner and its stolen reports',
          querystring: frameLookupQuerySchema,
          response: { 200: frameLookupSchema },
        },
      },
      async (request) => lookUpFrameNumber(ctx, request.query.frame_number),
    );
  };
}
