import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  auditEntrySchema,
  auditQuerySchema,
  backofficeIdentitySchema,
  backofficeWorkSchema,
  identitySearchSchema,
  roleChangeSchema,
} from '../../domain/backoffice.js';
import { authenticationTokenSchema } from '../../domain/identity.js';
import { IDENTITY_ROLES } from '../../domain/roles.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { backofficeOrganisationRoutes } from './organisations-routes.js';
import { ownershipVerificationReviewRoutes } from './ownership-verifications-routes.js';
import { setRole } from './roles.js';
import { listAuditLog, searchIdentities } from './service.js';
import { stolenReportReviewRoutes } from './stolen-reports-routes.js';
import { switchBack, switchUser } from './switch-user.js';
import { ticketRoutes } from './tickets-routes.js';
import { backofficeWork } from './work.js';

const tags = ['backoffice'];

// The backoffice's first calls: find a user, switch to them (§6, §7 switch-user), roles, the audit log.
export function backofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(ownershipVerificationReviewRoutes(ctx));
    await app.register(ticketRoutes(ctx));
    await app.register(stolenReportReviewRoutes(ctx));
    await app.register(backofficeOrganisationRoutes(ctx));
    app.get(
      '/backoffice/work',
      {
        config: { access: 'backoffice-read' },
        schema: { tags, summary: 'The work waiting, queue by queue (the backoffice home)', response: { 200: backofficeWorkSchema } },
      },
      async () => backofficeWork(ctx),
    );
    app.get(
      '/backoffice/identities',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'Find users by email or name (newest first, at most 50)',
          querystring: identitySearchSchema,
          response: { 200: z.array(backofficeIdentitySchema) },
        },
      },
      async (request) => searchIdentities(ctx, callerOf(request), request.query.q),
    );

    app.put(
      '/backoffice/identities/:partyId/role',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "Set a user's role (admin; not one's own)",
          params: z.object({ partyId: z.uuid() }),
          body: roleChangeSchema,
          response: { 200: z.object({ party_id: z.string(), role: z.enum(IDENTITY_ROLES) }) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // An admin cannot demote themselves, so there is always someone left to undo a mistake.
        if (request.params.partyId === caller.partyId) throw new AppError('forbidden');
        const change = await setRole(ctx.db, { partyId: request.params.partyId }, request.body.role, {
          partyId: caller.switchedBy?.partyId ?? caller.partyId,
          via: 'backoffice',
        });
        return { party_id: change.partyId, role: change.to };
      },
    );

    app.get(
      '/backoffice/audit-log',
      {
        config: { access: 'backoffice-read' },
        schema: {
          tags,
          summary: 'The newest audit entries: staff actions, switch-user, and reads of full CPR numbers',
          description:
            'At most 200, newest first; party_id: only those with that party as actor or target; record_type (and record_id): only those ' +
            'about that record, with its fields before and after. Actions: switch_user.start, ' +
            'switch_user.request (a change made while switched: method, route, status), switch_user.end, identity.role, identity.delete, ' +
            'ticket.read_chat, ticket.close, ownership_verification.reject, organisation.create, organisation.update, organisation.member_add, ' +
            'organisation.member_role, organisation.member_remove, organisation.credits_grant, voucher.batch_create, possession_verification.approve / .reject, and cpr.read (a full CPR number / fødselsnummer was read: the actor is who ' +
            'really read it — the staff member under switch-user — the target whose number it is; data names the resource).',
          querystring: auditQuerySchema,
          response: { 200: z.array(auditEntrySchema) },
        },
      },
      async (request) =>
        listAuditLog(ctx, { partyId: request.query.party_id, recordType: request.query.record_type, recordId: request.query.record_id }),
    );

    app.post(
      '/identities/switch-user/back',
      {
        // Any switched session may end itself; its entry in the audit log is written by switchBack.
        config: { access: 'user', switchAudit: false },
        schema: {
          tags: ['identity'],
          summary: 'End a switch-user: a fresh token of who really acts',
          response: { 200: authenticationTokenSchema },
        },
      },
      async (request) => ({ authentication_token: await switchBack(ctx, callerOf(request)) }),
    );

    app.post(
      '/identities/switch-user/:id',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['identity'],
          summary:
            'Act as another user (staff: private and business users; admin: anyone). The token carries switched_by and lasts an hour.',
          params: z.object({ id: z.uuid() }),
          response: { 200: authenticationTokenSchema },
        },
      },
      async (request) => ({ authentication_token: await switchUser(ctx, callerOf(request), request.params.id) }),
    );
  };
}
