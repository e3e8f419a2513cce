import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { normalisePlateId, plateUrlPath } from '../../domain/bikes/plate-id.js';
import {
  PLATE_BATCHES_PAGE_SIZE,
  PLATES_PAGE_SIZE,
  type PlateAssignAnswer,
  type PlateBatch,
  type PlateBatchesAnswer,
  type PlateBatchKind,
  type PlateDetail,
  type PlateHistoryEntry,
  type PlateOrganisation,
  type PlateRow,
  type PlatesAnswer,
  type PlatesQuery,
} from '../../domain/plates.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  auditLog,
  bikeOwnerships,
  bikes,
  equipment,
  identities,
  organisations,
  plateBatches,
  plateEvents,
  plateOwnState,
  plates,
  shipments,
} from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { auditStaffChange } from '../shared/audit.js';
import { brandNameOf } from '../shared/bike-words.js';
import { createPlateBatch } from './batches.js';

// The backoffice's plates (issue 14): batches made by staff (the same createPlateBatch as `npm run plates`), their
// counts, any plate's state and history, and ranges of a batch given to an organisation. Lists are paged on the
// server; a batch's plates are in ID order ("C" collation: a prefix is a range of plate_batch_id_idx / plate_id_c_idx).

/** The plate's ID in the order of the indexes. */
const idC = sql`(${plates.id} collate "C")`;
/** The plate's state from its own row: the same definition shipping uses (db/schema.ts plateOwnState). */
const ownState = plateOwnState(plates);

/** A batch's kind as the backoffice names it, from the table's kind and its registration flag. */
function kindOf(batch: { kind: 'standard' | 'insurance'; includesRegistration: boolean }): PlateBatchKind {
  if (batch.kind === 'insurance') return 'insurance';
  return batch.includesRegistration ? 'registration' : 'standard';
}

async function batchOrThrow(db: Db, batchId: string) {
  const [batch] = await db.select().from(plateBatches).where(eq(plateBatches.id, batchId));
  if (!batch) throw new AppError('plate_batch_not_found');
  return batch;
}

/** The plates of the batch at hand (in the batches' query below). */
const ofBatch = sql`${plates.batchId} = ${plateBatches.id}`;

/**
 * The batches with their counts and first and last IDs, in the order given. The counts are the batch's own, kept by
 * triggers on plate (migrations plates and plate_batch_state_counts), the ends two index probes: a batch of 100 000
 * plates is not counted on each request.
 */
async function withCounts(db: Db, batches: (typeof plateBatches.$inferSelect)[]): Promise<PlateBatch[]> {
  if (batches.length === 0) return [];
  const ids = batches.map((b) => b.id);
  const [counted, insurers] = await Promise.all([
    db
      .select({
        id: plateBatches.id,
        first: sql<string | null>`(select min(${idC}) from ${plates} where ${ofBatch})`,
        last: sql<string | null>`(select max(${idC}) from ${plates} where ${ofBatch})`,
      })
      .from(plateBatches)
      .where(inArray(plateBatches.id, ids)),
    db
      .select({ partyId: organisations.partyId, name: organisations.name })
      .from(organisations)
      .where(
        inArray(
          organisations.partyId,
          batches.flatMap((b) => (b.insurerPartyId ? [b.insurerPartyId] : [])),
        ),
      ),
  ]);
  return batches.map((batch) => {
    const counts = counted.find((c) => c.id === batch.id);
    const insurer = insurers.find((i) => i.partyId === batch.insurerPartyId);
    const total = batch.plateCount;
    return {
      id: batch.id,
      name: batch.name,
      kind: kindOf(batch),
      insurer: insurer ? { party_id: insurer.partyId, name: insurer.name } : null,
      created_at: batch.createdAt.toISOString(),
      first_id: counts?.first ?? null,
      last_id: counts?.last ?? null,
      counts: {
        total,
        free: total - batch.inUseCount - batch.organisationCount - batch.shippedCount,
        organisation: batch.organisationCount,
        shipped: batch.shippedCount,
        in_use: batch.inUseCount,
      },
    };
  });
}

/** GET /backoffice/plates/batches: newest first, a page at a time. */
export async function listBatches(ctx: AppContext, offset: number): Promise<PlateBatchesAnswer> {
  const [page, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(plateBatches)
      .orderBy(desc(plateBatches.createdAt), desc(plateBatches.id))
      .limit(PLATE_BATCHES_PAGE_SIZE)
      .offset(offset),
    ctx.db.select({ n: count() }).from(plateBatches),
  ]);
  const total = counted?.n ?? 0;
  return {
    items: await withCounts(ctx.db, page),
    total,
    next_offset: offset + page.length < total ? offset + page.length : null,
  };
}

/** GET /backoffice/plates/batches/{batchId} */
export async function readBatch(ctx: AppContext, batchId: string): Promise<PlateBatch> {
  const [batch] = await withCounts(ctx.db, [await batchOrThrow(ctx.db, batchId)]);
  if (!batch) throw new AppError('plate_batch_not_found');
  return batch;
}

export interface BatchInput {
  name: string;
  prefix: string;
  kind: PlateBatchKind;
  count: number;
  insurer_party_id?: string | null | undefined;
}

/** POST /backoffice/plates/batches: makes the plates and writes plate.batch_create, in one transaction. */
export async function createBatch(ctx: AppContext, caller: Caller, input: BatchInput): Promise<PlateBatch> {
  const insurerPartyId = input.insurer_party_id ?? null;
  if ((input.kind === 'insurance') !== (insurerPartyId !== null)) throw new AppError('plate_insurer_required', 'insurer_party_id');
  if (insurerPartyId) {
    const [insurer] = await ctx.db
      .select({ type: organisations.organisationType })
      .from(organisations)
      .where(eq(organisations.partyId, insurerPartyId));
    if (insurer?.type !== 'insurance_company') throw new AppError('insurer_not_found', 'insurer_party_id');
  }
  const batchId = await ctx.db.transaction(async (tx) => {
    const made = await createPlateBatch(tx, {
      name: input.name,
      count: input.count,
      prefix: input.prefix,
      kind: input.kind === 'insurance' ? 'insurance' : 'standard',
      includesRegistration: input.kind === 'registration',
      insurerPartyId,
    });
    const sorted = [...made.ids].sort();
    await auditStaffChange(tx, caller, {
      action: 'plate.batch_create',
      record: { type: 'plate_batch', id: made.batchId },
      targetPartyId: insurerPartyId,
      before: null,
      after: { name: input.name, kind: input.kind, prefix: input.prefix, insurer_party_id: insurerPartyId, count: made.ids.length },
      data: { first_id: sorted[0] ?? null, last_id: sorted.at(-1) ?? null },
    });
    return made.batchId;
  });
  return readBatch(ctx, batchId);
}

/** A text for LIKE that matches only itself. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** GET /backoffice/plates: plates in ID order, by batch, state and the beginning of the ID; keyset pages (`after`). */
export async function listPlates(ctx: AppContext, query: PlatesQuery): Promise<PlatesAnswer> {
  const rows = await ctx.db
    .select({
      id: plates.id,
      batchId: plates.batchId,
      state: ownState,
      bikeId: plates.bikeId,
      equipmentId: plates.equipmentId,
      organisationPartyId: plates.organisationPartyId,
      organisationName: organisations.name,
    })
    .from(plates)
    .leftJoin(organisations, eq(organisations.partyId, plates.organisationPartyId))
    .where(
      and(
        query.batch_id ? eq(plates.batchId, query.batch_id) : undefined,
        query.q ? sql`${idC} like ${likePrefix(query.q)}` : undefined,
        query.after ? sql`${idC} > ${query.after}` : undefined,
        query.state ? sql`${ownState} = ${query.state}` : undefined,
      ),
    )
    .orderBy(idC)
    .limit(PLATES_PAGE_SIZE + 1);
  const page = rows.slice(0, PLATES_PAGE_SIZE);
  return {
    items: page.map(
      (row): PlateRow => ({
        id: row.id,
        batch_id: row.batchId,
        state: row.state,
        organisation:
          row.organisationPartyId && row.organisationName ? { party_id: row.organisationPartyId, name: row.organisationName } : null,
        bike_id: row.bikeId,
        equipment_id: row.equipmentId,
      }),
    ),
    next_after: rows.length > PLATES_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** GET /backoffice/plates/{plateId}: the plate (ID normalised), where it is, who has it, and its history. */
export async function plateDetail(ctx: AppContext, rawId: string): Promise<PlateDetail> {
  const id = normalisePlateId(rawId);
  const [row] = await ctx.db
    .select({
      plate: plates,
      batch: plateBatches,
      state: ownState,
      organisationName: organisations.name,
    })
    .from(plates)
    .innerJoin(plateBatches, eq(plateBatches.id, plates.batchId))
    .leftJoin(organisations, eq(organisations.partyId, plates.organisationPartyId))
    .where(eq(plates.id, id));
  if (!row) throw new AppError('plate_not_found');
  const { plate, batch } = row;

  const bikeId =
    plate.bikeId ??
    (plate.equipmentId
      ? ((await ctx.db.select({ bikeId: equipment.bikeId }).from(equipment).where(eq(equipment.id, plate.equipmentId)))[0]?.bikeId ?? null)
      : null);
  const [bike] = bikeId
    ? await ctx.db
        .select({ id: bikes.id, brandId: bikes.brandId, brandName: bikes.brandName, model: bikes.model, ownerEmail: identities.email })
        .from(bikes)
        .leftJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
        .leftJoin(identities, eq(identities.partyId, bikeOwnerships.partyId))
        .where(eq(bikes.id, bikeId))
    : [];

  const [sent, events, audits] = await Promise.all([
    // The envelope it went in: among the shipments to the party it was sent to (shipment_party_idx), not all of them.
    plate.ownerPartyId
      ? ctx.db
          .select({ partyId: shipments.partyId, email: identities.email, shippedAt: shipments.shippedAt })
          .from(shipments)
          .leftJoin(identities, eq(identities.partyId, shipments.partyId))
          .where(
            and(
              eq(shipments.partyId, plate.ownerPartyId),
              inArray(shipments.status, ['shipped', 'delivered']),
              sql`${id} = any(${shipments.plateIds})`,
            ),
          )
          .orderBy(desc(shipments.shippedAt))
      : [],
    ctx.db.select().from(plateEvents).where(eq(plateEvents.plateId, id)).orderBy(asc(plateEvents.createdAt)),
    // The staff changes of this plate: its own entries, and its batch's that cover it (the batch made, a range given).
    ctx.db
      .select({ action: auditLog.action, at: auditLog.createdAt, email: identities.email, data: auditLog.data })
      .from(auditLog)
      .leftJoin(identities, eq(identities.partyId, auditLog.actorPartyId))
      .where(
        or(
          and(eq(auditLog.recordType, 'plate'), eq(auditLog.recordId, id)),
          and(
            eq(auditLog.recordType, 'plate_batch'),
            eq(auditLog.recordId, batch.id),
            or(
              eq(auditLog.action, 'plate.batch_create'),
              sql`(${auditLog.data}->>'from_id') collate "C" <= ${id} and (${auditLog.data}->>'to_id') collate "C" >= ${id}`,
            ),
          ),
        ),
      )
      .orderBy(asc(auditLog.createdAt)),
  ]);

  const entry = (kind: PlateHistoryEntry['kind'], at: Date, extra: Partial<PlateHistoryEntry> = {}): PlateHistoryEntry => ({
    kind,
    at: at.toISOString(),
    actor_email: null,
    action: null,
    bike_id: null,
    organisation_name: null,
    ...extra,
  });
  const created = audits.find((a) => a.action === 'plate.batch_create');
  const history: PlateHistoryEntry[] = [
    entry('batch_created', batch.createdAt, { actor_email: created?.email ?? null, action: created ? created.action : null }),
    ...audits
      .filter((a) => a !== created)
      .map((a) =>
        a.action === 'plate.assign_range'
          ? entry('organisation_assigned', a.at, {
              actor_email: a.email,
              action: a.action,
              organisation_name: String((a.data as { organisation_name?: unknown } | null)?.organisation_name ?? ''),
            })
          : entry('staff_change', a.at, { actor_email: a.email, action: a.action }),
      ),
    ...sent.flatMap((s) => (s.shippedAt ? [entry('shipped', s.shippedAt)] : [])),
    ...events.map((e) => entry(e.kind, e.createdAt, { bike_id: e.bikeId })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const shipment = sent[0];
  return {
    id: plate.id,
    batch_id: batch.id,
    state: row.state,
    organisation:
      plate.organisationPartyId && row.organisationName ? { party_id: plate.organisationPartyId, name: row.organisationName } : null,
    bike_id: plate.bikeId,
    equipment_id: plate.equipmentId,
    batch: { id: batch.id, name: batch.name, kind: kindOf(batch), created_at: batch.createdAt.toISOString() },
    url_path: plateUrlPath(plate.id),
    bike: bike ? { id: bike.id, brand: brandNameOf(bike), model: bike.model, owner_email: bike.ownerEmail } : null,
    shipped_to: shipment
      ? { party_id: shipment.partyId, email: shipment.email, shipped_at: shipment.shippedAt?.toISOString() ?? null }
      : null,
    history,
  };
}

/**
 * POST /backoffice/plates/batches/{batchId}/assignments: gives the plates from `from` to `to` (in the batch's ID order;
 * the whole batch without them) to an organisation. All or nothing: one conditional UPDATE takes the plates that are
 * free or already the organisation's; if it took fewer than the range holds, 409 plate_range_taken and nothing changes.
 */
export async function assignRange(
  ctx: AppContext,
  caller: Caller,
  batchId: string,
  input: { organisation_party_id: string; from_id?: string | undefined; to_id?: string | undefined },
): Promise<PlateAssignAnswer> {
  await batchOrThrow(ctx.db, batchId);
  const [organisation] = await ctx.db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.partyId, input.organisation_party_id));
  if (!organisation) throw new AppError('plate_organisation_unknown', 'organisation_party_id');
  const inBatch = eq(plates.batchId, batchId);
  const [ends] = await ctx.db
    .select({ first: sql<string | null>`min(${idC})`, last: sql<string | null>`max(${idC})` })
    .from(plates)
    .where(inBatch);
  const endOf = async (given: string | undefined, fallback: string | null | undefined, field: string) => {
    if (!given) {
      if (!fallback) throw new AppError('plate_range_invalid', field);
      return fallback;
    }
    const [found] = await ctx.db
      .select({ id: plates.id })
      .from(plates)
      .where(and(inBatch, eq(plates.id, given)));
    if (!found) throw new AppError('plate_range_invalid', field);
    return found.id;
  };
  const from = await endOf(input.from_id, ends?.first, 'from_id');
  const to = await endOf(input.to_id, ends?.last, 'to_id');
  // Plate IDs are ASCII letters and digits: JavaScript's order is "C"'s.
  if (from > to) throw new AppError('plate_range_invalid', 'to_id');
  const range = and(inBatch, sql`${idC} between ${from} and ${to}`);
  const target = input.organisation_party_id;
  return ctx.db.transaction(async (tx) => {
    const [inRange] = await tx.select({ n: count() }).from(plates).where(range);
    const taken = await tx
      .update(plates)
      .set({
        organisationPartyId: target,
        organisationAssignedAt: sql`case when ${plates.organisationPartyId} = ${target} then ${plates.organisationAssignedAt} else now() end`,
      })
      .where(
        and(
          range,
          isNull(plates.bikeId),
          isNull(plates.equipmentId),
          or(isNull(plates.organisationPartyId), eq(plates.organisationPartyId, target)),
          // Not sent to a buyer (its state would be shipped).
          isNull(plates.ownerPartyId),
        ),
      )
      .returning({ id: plates.id });
    if (taken.length !== (inRange?.n ?? 0)) throw new AppError('plate_range_taken');
    await auditStaffChange(tx, caller, {
      action: 'plate.assign_range',
      record: { type: 'plate_batch', id: batchId },
      targetPartyId: target,
      before: { organisation_party_id: null },
      after: { organisation_party_id: target },
      data: { from_id: from, to_id: to, count: taken.length, organisation_name: organisation.name },
    });
    return { assigned: taken.length, from_id: from, to_id: to };
  });
}

/** GET /backoffice/plates/organisations: organisations by name (an insurer for a batch, an owner for a range). */
export async function searchOrganisations(ctx: AppContext, q: string, type: 'insurance_company' | undefined): Promise<PlateOrganisation[]> {
  const rows = await ctx.db
    .select({ party_id: organisations.partyId, name: organisations.name, type: organisations.organisationType })
    .from(organisations)
    .where(
      and(
        q ? sql`${organisations.name} ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
        type ? eq(organisations.organisationType, type) : undefined,
      ),
    )
    .orderBy(asc(organisations.name))
    .limit(20);
  return rows;
}

/** Each plate of a batch in ID order, for its print sheet. */
export async function batchPlateIds(ctx: AppContext, batchId: string): Promise<{ name: string; ids: string[] }> {
  const batch = await batchOrThrow(ctx.db, batchId);
  const rows = await ctx.db.select({ id: plates.id }).from(plates).where(eq(plates.batchId, batchId)).orderBy(idC);
  return { name: batch.name, ids: rows.map((r) => r.id) };
}
