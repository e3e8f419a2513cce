import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FrameLookup, IdentityDetail } from '../../domain/backoffice-orgs.js';
import { findBrand } from '../../domain/bikes/brands.js';
import { normaliseFrameNumber } from '../../domain/bikes/frame-number.js';
import type { AppContext } from '../context.js';
import { bikeOwnerships, bikes, identities, orders, organisationMembers, organisations, theftReports, tickets } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { isUuid } from '../shared/files/ids.js';
import { creditsOverview } from '../webshop/credits.js';

// A person as staff see them (issue 14), and a frame number looked up across bikes and stolen reports. Reads only:
// the national ID number itself is never shown here (that read is audited where it happens, cpr.read).

/** At most this many of each list: the newest. */
const LIST_LIMIT = 50;

const brandOf = (row: { brandId: string | null; brandName: string | null }) => findBrand(row.brandId)?.name ?? row.brandName ?? null;

/** GET /backoffice/identities/{partyId}. */
export async function readIdentityDetail(ctx: AppContext, partyId: string): Promise<IdentityDetail> {
  const [person] = isUuid(partyId) ? await ctx.db.select().from(identities).where(eq(identities.partyId, partyId)) : [];
  if (!person) throw new AppError('identity_not_found');
  const [memberships, owned, placed, reported, credits] = await Promise.all([
    ctx.db
      .select({
        partyId: organisations.partyId,
        name: organisations.name,
        organisationType: organisations.organisationType,
        role: organisationMembers.role,
      })
      .from(organisationMembers)
      .innerJoin(organisations, eq(organisations.partyId, organisationMembers.organisationPartyId))
      .where(eq(organisationMembers.identityPartyId, partyId))
      .orderBy(organisations.name),
    ctx.db
      .select({
        bikeId: bikes.id,
        frameNumber: bikes.frameNumber,
        brandId: bikes.brandId,
        brandName: bikes.brandName,
        model: bikes.model,
        reportedStolen: bikes.reportedStolen,
        startedAt: bikeOwnerships.startedAt,
      })
      .from(bikeOwnerships)
      .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
      .where(and(eq(bikeOwnerships.partyId, partyId), isNull(bikeOwnerships.endedAt)))
      .orderBy(desc(bikeOwnerships.startedAt))
      .limit(LIST_LIMIT),
    ctx.db
      .select()
      .from(orders)
      .where(or(eq(orders.partyId, partyId), eq(orders.placedByPartyId, partyId)))
      .orderBy(desc(orders.createdAt))
      .limit(LIST_LIMIT),
    ctx.db
      .select({ id: tickets.id, reason: tickets.reason, status: tickets.status, createdAt: tickets.createdAt })
      .from(tickets)
      .where(eq(tickets.reporterPartyId, partyId))
      .orderBy(desc(tickets.createdAt))
      .limit(LIST_LIMIT),
    creditsOverview(ctx.db, partyId),
  ]);
  return {
    party_id: person.partyId,
    email: person.email,
    name: [person.firstName, person.lastName].filter(Boolean).join(' ') || null,
    role: person.role,
    region: person.region,
    language: person.language,
    signed_up_at: person.signedUpAt.toISOString(),
    email_verified_at: person.emailVerifiedAt?.toISOString() ?? null,
    verified_on: person.verifiedOn?.toISOString() ?? null,
    eid_provider: person.eidProvider,
    verified_name: person.verifiedName,
    organisations: memberships.map((m) => ({ party_id: m.partyId, name: m.name, organisation_type: m.organisationType, role: m.role })),
    bikes: owned.map((b) => ({
      bike_id: b.bikeId,
      frame_number: b.frameNumber,
      brand: brandOf(b),
      model: b.model,
      reported_stolen: b.reportedStolen,
      owned_since: b.startedAt.toISOString(),
    })),
    orders: placed.map((o) => ({
      id: o.id,
      status: o.status,
      family: o.family,
      gross_ore: o.grossOre,
      currency: o.currency,
      created_at: o.createdAt.toISOString(),
    })),
    tickets: reported.map((r) => ({ id: r.id, reason: r.reason, status: r.status, created_at: r.createdAt.toISOString() })),
    credits,
  };
}

/**
 * GET /backoffice/frame-lookup?frame_number= : the bike registered with that frame number (its normal form, §5, is
 * unique) with its current owner, and that bike's stolen reports, open or found.
 */
export async function lookUpFrameNumber(ctx: AppContext, frameNumber: string): Promise<FrameLookup> {
  const normalised = normaliseFrameNumber(frameNumber);
  const found = await ctx.db
    .select({
      bikeId: bikes.id,
      frameNumber: bikes.frameNumber,
      brandId: bikes.brandId,
      brandName: bikes.brandName,
      model: bikes.model,
      reportedStolen: bikes.reportedStolen,
      ownerPartyId: bikeOwnerships.partyId,
      ownerEmail: identities.email,
      ownerOrganisation: organisations.name,
    })
    .from(bikes)
    .leftJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
    .leftJoin(identities, eq(identities.partyId, bikeOwnerships.partyId))
    .leftJoin(organisations, eq(organisations.partyId, bikeOwnerships.partyId))
    .where(eq(bikes.frameNumberNormalised, normalised));
  const bikeIds = found.map((b) => b.bikeId);
  const reports =
    bikeIds.length === 0
      ? []
      : await ctx.db
          .select({
            id: theftReports.id,
            bikeId: theftReports.bikeId,
            frameNumber: theftReports.frameNumber,
            createdAt: theftReports.createdAt,
            foundAt: theftReports.foundAt,
          })
          .from(theftReports)
          .where(inArray(theftReports.bikeId, bikeIds))
          .orderBy(desc(theftReports.createdAt))
          .limit(LIST_LIMIT);
  return {
    normalised,
    bikes: found.map((b) => ({
      bike_id: b.bikeId,
      frame_number: b.frameNumber,
      brand: brandOf(b),
      model: b.model,
      reported_stolen: b.reportedStolen,
      owner_party_id: b.ownerPartyId,
      owner: b.ownerEmail ?? b.ownerOrganisation,
    })),
    reports: reports.map((r) => ({
      id: r.id,
      bike_id: r.bikeId,
      frame_number: r.frameNumber,
      created_at: r.createdAt.toISOString(),
      found_at: r.foundAt?.toISOString() ?? null,
    })),
  };
}
