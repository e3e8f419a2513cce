import { and, count, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type {
  CreateBackofficeOrganisation,
  OrganisationDetail,
  OrganisationPage,
  UpdateOrganisation,
} from '../../domain/backoffice-orgs.js';
import { ORGANISATIONS_PAGE_SIZE } from '../../domain/backoffice-orgs.js';
import type { PlanType } from '../../domain/bikes.js';
import type { ORGANISATION_TYPES } from '../../domain/session.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, identities, organisationMembers, organisations, parties } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange } from '../shared/audit.js';
import { isUuid } from '../shared/files/ids.js';
import { creditsOverview } from '../webshop/credits.js';
import { addCredits } from '../webshop/service.js';

// Organisations for staff (issue 14): find them, create one of any type (insurance companies too) with its first
// admin, change its name, type and CVR number, its members and their roles, and give it credits. Every change is
// one transaction with its audit entry. An organisation is never left without an admin.

/** A LIKE pattern that matches `text` literally anywhere. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const memberCount = sql<number>`(select count(*)::int from ${organisationMembers} where ${organisationMembers.organisationPartyId} = ${organisations.partyId})`;

/** GET /backoffice/organisations: by name, a page at a time, with the number of members. */
export async function listOrganisations(
  ctx: AppContext,
  query: { q: string; type?: (typeof ORGANISATION_TYPES)[number] | undefined; offset: number },
): Promise<OrganisationPage> {
  const digits = query.q.replace(/\s/g, '');
  const where = and(
    query.q ? or(ilike(organisations.name, containing(query.q)), digits ? eq(organisations.cvrNumber, digits) : undefined) : undefined,
    query.type ? eq(organisations.organisationType, query.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        partyId: organisations.partyId,
        name: organisations.name,
        organisationType: organisations.organisationType,
        cvrNumber: organisations.cvrNumber,
        createdAt: organisations.createdAt,
        members: memberCount,
      })
      .from(organisations)
      .where(where)
      .orderBy(sql`lower(${organisations.name})`, organisations.partyId)
      .limit(ORGANISATIONS_PAGE_SIZE)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(organisations).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      party_id: row.partyId,
      name: row.name,
      organisation_type: row.organisationType,
      cvr_number: row.cvrNumber,
      created_at: row.createdAt.toISOString(),
      members: Number(row.members),
    })),
    total: total?.n ?? 0,
    offset: query.offset,
    page_size: ORGANISATIONS_PAGE_SIZE,
  };
}

type OrganisationRow = typeof organisations.$inferSelect;

/** The organisation's own fields as the audit log keeps them. */
const fieldsOf = (row: OrganisationRow) => ({ name: row.name, organisation_type: row.organisationType, cvr_number: row.cvrNumber });

async function lockedOrganisation(tx: Db, partyId: string): Promise<OrganisationRow> {
  const [row] = isUuid(partyId) ? await tx.select().from(organisations).where(eq(organisations.partyId, partyId)).for('update') : [];
  if (!row) throw new AppError('organisation_not_found');
  return row;
}

/** GET /backoffice/organisations/{partyId}: its fields, members, plan and credits. */
export async function readOrganisation(ctx: AppContext, partyId: string): Promise<OrganisationDetail> {
  const [row] = isUuid(partyId) ? await ctx.db.select().from(organisations).where(eq(organisations.partyId, partyId)) : [];
  if (!row) throw new AppError('organisation_not_found');
  const members = await ctx.db
    .select({
      partyId: organisationMembers.identityPartyId,
      email: identities.email,
      firstName: identities.firstName,
      lastName: identities.lastName,
      role: organisationMembers.role,
      addedAt: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(identities, eq(identities.partyId, organisationMembers.identityPartyId))
    .where(eq(organisationMembers.organisationPartyId, partyId))
    .orderBy(organisationMembers.createdAt, identities.email);
  const [credits] = await ctx.db
    .select({ total: count(), used: count(bikeCredits.bikeOwnershipId) })
    .from(bikeCredits)
    .where(eq(bikeCredits.partyId, partyId));
  return {
    party_id: row.partyId,
    name: row.name,
    organisation_type: row.organisationType,
    cvr_number: row.cvrNumber,
    created_at: row.createdAt.toISOString(),
    members: members.length,
    members_list: members.map((m) => ({
      party_id: m.partyId,
      email: m.email,
      name: [m.firstName, m.lastName].filter(Boolean).join(' ') || null,
      role: m.role,
      added_at: m.addedAt.toISOString(),
    })),
    credits: await creditsOverview(ctx.db, partyId),
    credits_total: credits?.total ?? 0,
    credits_used: credits?.used ?? 0,
  };
}

async function identityByEmail(tx: Db, email: string): Promise<{ partyId: string; email: string }> {
  const [identity] = await tx
    .select({ partyId: identities.partyId, email: identities.email })
    .from(identities)
    .where(sql`lower(${identities.email}) = ${email.trim().toLowerCase()}`);
  if (!identity) throw new AppError('email_unknown', 'email');
  return identity;
}

/** POST /backoffice/organisations: the organisation and its first admin (a user found by email). */
export async function createOrganisationAsStaff(ctx: AppContext, caller: Caller, input: CreateBackofficeOrganisation): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ partyId: identities.partyId })
      .from(identities)
      .where(sql`lower(${identities.email}) = ${input.admin_email.toLowerCase()}`);
    if (!admin) throw new AppError('email_unknown', 'admin_email');
    const [party] = await tx.insert(parties).values({ kind: 'organisation' }).returning({ id: parties.id });
    if (!party) throw new Error('party insert returned nothing');
    const [created] = await tx
      .insert(organisations)
      .values({ partyId: party.id, name: input.name, organisationType: input.organisation_type, cvrNumber: input.cvr_number ?? null })
      .returning();
    if (!created) throw new Error('organisation insert returned nothing');
    await tx.insert(organisationMembers).values({ organisationPartyId: party.id, identityPartyId: admin.partyId, role: 'admin' });
    await auditStaffChange(tx, caller, {
      action: 'organisation.create',
      record: { type: 'organisation', id: party.id },
      targetPartyId: admin.partyId,
      before: null,
      after: { ...fieldsOf(created), admin: input.admin_email.toLowerCase() },
    });
    return party.id;
  });
}

/** PATCH /backoffice/organisations/{partyId}: the fields given; nothing to change is a 422. */
export async function updateOrganisation(ctx: AppContext, caller: Caller, partyId: string, input: UpdateOrganisation): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedOrganisation(tx, partyId);
    const before = fieldsOf(row);
    const wanted = {
      name: input.name ?? row.name,
      organisation_type: input.organisation_type ?? row.organisationType,
      cvr_number: input.cvr_number === undefined ? row.cvrNumber : input.cvr_number,
    };
    const changed = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((key) => wanted[key] !== before[key]);
    if (changed.length === 0) throw new AppError('no_changes');
    await tx
      .update(organisations)
      .set({ name: wanted.name, organisationType: wanted.organisation_type, cvrNumber: wanted.cvr_number })
      .where(eq(organisations.partyId, partyId));
    await auditStaffChange(tx, caller, {
      action: 'organisation.update',
      record: { type: 'organisation', id: partyId },
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, wanted[key]])),
    });
  });
}

/** POST /backoffice/organisations/{partyId}/members: a user found by email joins as member or admin. */
export async function addMember(ctx: AppContext, caller: Caller, partyId: string, input: { email: string; role: 'admin' | 'member' }) {
  await ctx.db.transaction(async (tx) => {
    await lockedOrganisation(tx, partyId);
    const identity = await identityByEmail(tx, input.email);
    const added = await tx
      .insert(organisationMembers)
      .values({ organisationPartyId: partyId, identityPartyId: identity.partyId, role: input.role })
      .onConflictDoNothing()
      .returning({ role: organisationMembers.role });
    if (added.length === 0) throw new AppError('organisation_member_exists', 'email');
    await auditStaffChange(tx, caller, {
      action: 'organisation.member_add',
      record: { type: 'organisation', id: partyId },
      targetPartyId: identity.partyId,
      before: null,
      after: { member: identity.email, role: input.role },
    });
  });
}

/** The member's row; the organisation's row is locked first, so two changes to its members at once run one after the other (two demotions cannot both pass). */
async function lockedMembership(tx: Db, partyId: string, memberPartyId: string) {
  await lockedOrganisation(tx, partyId);
  const [member] = isUuid(memberPartyId)
    ? await tx
        .select({ role: organisationMembers.role, email: identities.email })
        .from(organisationMembers)
        .innerJoin(identities, eq(identities.partyId, organisationMembers.identityPartyId))
        .where(and(eq(organisationMembers.organisationPartyId, partyId), eq(organisationMembers.identityPartyId, memberPartyId)))
    : [];
  if (!member) throw new AppError('organisation_member_not_found');
  return member;
}

async function otherAdmins(tx: Db, partyId: string, memberPartyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationPartyId, partyId),
        eq(organisationMembers.role, 'admin'),
        sql`${organisationMembers.identityPartyId} <> ${memberPartyId}`,
      ),
    );
  return row?.n ?? 0;
}

/** PUT /backoffice/organisations/{partyId}/members/{memberPartyId}: admin or member; the last admin stays admin. */
export async function setMemberRole(ctx: AppContext, caller: Caller, partyId: string, memberPartyId: string, role: 'admin' | 'member') {
  await ctx.db.transaction(async (tx) => {
    const member = await lockedMembership(tx, partyId, memberPartyId);
    if (member.role === role) return;
    if (member.role === 'admin' && (await otherAdmins(tx, partyId, memberPartyId)) === 0) throw new AppError('organisation_last_admin');
    await tx
      .update(organisationMembers)
      .set({ role })
      .where(and(eq(organisationMembers.organisationPartyId, partyId), eq(organisationMembers.identityPartyId, memberPartyId)));
    await auditStaffChange(tx, caller, {
      action: 'organisation.member_role',
      record: { type: 'organisation', id: partyId },
      targetPartyId: memberPartyId,
      before: { member: member.email, role: member.role },
      after: { member: member.email, role },
    });
  });
}

/** DELETE /backoffice/organisations/{partyId}/members/{memberPartyId}: never the last admin. */
export async function removeMember(ctx: AppContext, caller: Caller, partyId: string, memberPartyId: string) {
  await ctx.db.transaction(async (tx) => {
    const member = await lockedMembership(tx, partyId, memberPartyId);
    if (member.role === 'admin' && (await otherAdmins(tx, partyId, memberPartyId)) === 0) throw new AppError('organisation_last_admin');
    await tx
      .delete(organisationMembers)
      .where(and(eq(organisationMembers.organisationPartyId, partyId), eq(organisationMembers.identityPartyId, memberPartyId)));
    // Someone who acted as the organisation acts as themselves from their next login.
    await tx
      .update(identities)
      .set({ actingPartyId: memberPartyId })
      .where(and(eq(identities.partyId, memberPartyId), isNotNull(identities.actingPartyId), eq(identities.actingPartyId, partyId)));
    await auditStaffChange(tx, caller, {
      action: 'organisation.member_remove',
      record: { type: 'organisation', id: partyId },
      targetPartyId: memberPartyId,
      before: { member: member.email, role: member.role },
      after: null,
    });
  });
}

/** POST /backoffice/organisations/{partyId}/credits: unused credits (source staff), with the reason in the audit log. */
export async function grantCredits(
  ctx: AppContext,
  caller: Caller,
  partyId: string,
  input: { count: number; plan_type: PlanType; reason: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockedOrganisation(tx, partyId);
    const before = await unusedCredits(tx, partyId);
    await addCredits(tx, partyId, input.count, input.plan_type, 'staff');
    await auditStaffChange(tx, caller, {
      action: 'organisation.credits_grant',
      record: { type: 'organisation', id: partyId },
      before: { unused_credits: before },
      after: { unused_credits: before + input.count },
      data: { count: input.count, plan_type: input.plan_type, reason: input.reason },
    });
  });
}

async function unusedCredits(tx: Db, partyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bikeCredits)
    .where(and(eq(bikeCredits.partyId, partyId), sql`${bikeCredits.bikeOwnershipId} is null`));
  return row?.n ?? 0;
}
