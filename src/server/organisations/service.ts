import { and, eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { createOrganisationSchema, Organisation } from '../../domain/organisations.js';
import type { AppContext } from '../context.js';
import { identities, organisationMembers, organisations, parties } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { findIdentity, sessionTokenFor } from '../identity/service.js';

// Business users (§6): a person creates an organisation and acts as it, or as themselves.

const organisationColumns = {
  party_id: organisations.partyId,
  name: organisations.name,
  organisation_type: organisations.organisationType,
  cvr_number: organisations.cvrNumber,
  role: organisationMembers.role,
};

/** The organisations the person belongs to, oldest membership first. */
export async function listMyOrganisations(ctx: AppContext, personPartyId: string): Promise<Organisation[]> {
  return ctx.db
    .select(organisationColumns)
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.partyId, organisationMembers.organisationPartyId))
    .where(eq(organisationMembers.identityPartyId, personPartyId))
    .orderBy(organisationMembers.createdAt, organisations.name);
}

/** A token for the caller as they now are; a switched session stays switched. */
async function freshToken(ctx: AppContext, caller: Caller): Promise<string> {
  const identity = await findIdentity(ctx.db, caller.partyId);
  if (!identity) throw new AppError('invalid_token');
  return sessionTokenFor(ctx, identity, { switchedBy: caller.switchedBy?.partyId });
}

/**
 * Creates a business organisation with the caller as its admin, and makes it the party they act as:
 * the answer carries a token whose party_id is the organisation.
 */
export async function createOrganisation(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof createOrganisationSchema>,
): Promise<{ organisation: Organisation; authentication_token: string }> {
  const organisation = await ctx.db.transaction(async (tx) => {
    const [party] = await tx.insert(parties).values({ kind: 'organisation' }).returning();
    if (!party) throw new Error('party insert returned nothing');
    const [created] = await tx
      .insert(organisations)
      .values({ partyId: party.id, name: input.name, organisationType: input.organisation_type, cvrNumber: input.cvr_number ?? null })
      .returning();
    if (!created) throw new Error('organisation insert returned nothing');
    await tx.insert(organisationMembers).values({ organisationPartyId: party.id, identityPartyId: caller.partyId, role: 'admin' });
    await tx.update(identities).set({ actingPartyId: party.id }).where(eq(identities.partyId, caller.partyId));
    return {
      party_id: created.partyId,
      name: created.name,
      organisation_type: created.organisationType,
      cvr_number: created.cvrNumber,
      role: 'admin' as const,
    };
  });
  return { organisation, authentication_token: await freshToken(ctx, caller) };
}

/**
 * Switches the user the person acts as: themselves (their own party id) or an organisation they belong
 * to; anything else is refused. The choice is kept, so the next login acts as the same user.
 */
export async function chooseActingParty(ctx: AppContext, caller: Caller, partyId: string): Promise<string> {
  if (partyId !== caller.partyId) {
    const [membership] = await ctx.db
      .select({ organisationPartyId: organisationMembers.organisationPartyId })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.identityPartyId, caller.partyId), eq(organisationMembers.organisationPartyId, partyId)));
    if (!membership) throw new AppError('forbidden');
  }
  await ctx.db.update(identities).set({ actingPartyId: partyId }).where(eq(identities.partyId, caller.partyId));
  return freshToken(ctx, caller);
}
