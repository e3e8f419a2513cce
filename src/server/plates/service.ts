import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { normalisePlateId, plateUrlPath } from '../../domain/bikes/plate-id.js';
import type { MyPlate, PlateCheck, StickerAnswer } from '../../domain/bikes.js';
import { PLATE_ID_MIN_LENGTH } from '../../domain/constants.js';
import type { Language } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { bikeOwnerships, bikes, equipment, plateBatches, plates } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { errorMessage } from '../i18n/index.js';
import { type CardRow, cardColumns, currentOwnershipOfBike, toCard, visibleToStrangers } from '../shared/public-cards.js';

// Plates (§3 bikekey_id, §4 plate check, §2 stickers): a printed QR sticker is unassigned, on a bike, or
// on a piece of equipment. Assigning one is a single conditional UPDATE, so two owners racing for the
// same plate cannot both get it.

export type PlateTarget = { bikeId: string } | { equipmentId: string };

export interface ClaimedPlate {
  id: string;
  kind: 'standard' | 'insurance';
  includesRegistration: boolean;
}

/** The plate with its batch, or undefined. */
export async function findPlate(db: Db, plateId: string) {
  const [row] = await db
    .select({
      id: plates.id,
      bikeId: plates.bikeId,
      equipmentId: plates.equipmentId,
      kind: plateBatches.kind,
      includesRegistration: plateBatches.includesRegistration,
      insurerPartyId: plateBatches.insurerPartyId,
    })
    .from(plates)
    .innerJoin(plateBatches, eq(plateBatches.id, plates.batchId))
    .where(eq(plates.id, plateId))
    .limit(1);
  return row;
}

/**
 * Puts the plate on a bike or a piece of equipment, if it is ours and free; else 422 on `field`:
 * plate_invalid (not one of ours), plate_already_registered (on a bike), plate_on_equipment.
 * A plate already on the same target is accepted as it is.
 */
export async function claimPlate(tx: Db, rawId: string, target: PlateTarget, field = 'bikekey_id'): Promise<ClaimedPlate> {
  const id = normalisePlateId(rawId);
  if (id.length < PLATE_ID_MIN_LENGTH) throw new AppError('plate_id_too_short', field);
  const set = 'bikeId' in target ? { bikeId: target.bikeId, equipmentId: null } : { equipmentId: target.equipmentId, bikeId: null };
  const already = 'bikeId' in target ? eq(plates.bikeId, target.bikeId) : eq(plates.equipmentId, target.equipmentId);
  const [claimed] = await tx
    .update(plates)
    .set({ ...set, assignedAt: new Date() })
    .where(and(eq(plates.id, id), or(and(isNull(plates.bikeId), isNull(plates.equipmentId)), already)))
    .returning({ batchId: plates.batchId });
  if (!claimed) {
    const plate = await findPlate(tx, id);
    if (!plate) throw new AppError('plate_invalid', field);
    throw new AppError(plate.bikeId ? 'plate_already_registered' : 'plate_on_equipment', field);
  }
  const [batch] = await tx
    .select({ kind: plateBatches.kind, includesRegistration: plateBatches.includesRegistration })
    .from(plateBatches)
    .where(eq(plateBatches.id, claimed.batchId));
  if (!batch) throw new Error('plate without batch');
  return { id, ...batch };
}

/** Takes every plate off a bike (not off its equipment); answers the plates released, with their batches. */
export async function releasePlatesOfBike(tx: Db, bikeId: string): Promise<ClaimedPlate[]> {
  const released = await tx
    .update(plates)
    .set({ bikeId: null, assignedAt: null })
    .where(eq(plates.bikeId, bikeId))
    .returning({ id: plates.id, batchId: plates.batchId });
  if (released.length === 0) return [];
  const batches = await tx
    .select({ id: plateBatches.id, kind: plateBatches.kind, includesRegistration: plateBatches.includesRegistration })
    .from(plateBatches)
    .where(
      inArray(
        plateBatches.id,
        released.map((p) => p.batchId),
      ),
    );
  return released.map((p) => {
    const batch = batches.find((b) => b.id === p.batchId);
    return { id: p.id, kind: batch?.kind ?? 'standard', includesRegistration: batch?.includesRegistration ?? false };
  });
}

/** Takes every plate off the equipment of a bike (before the equipment is deleted with the bike). */
export async function releasePlatesOfBikeEquipment(tx: Db, bikeId: string): Promise<void> {
  await tx
    .update(plates)
    .set({ equipmentId: null, assignedAt: null })
    .where(inArray(plates.equipmentId, tx.select({ id: equipment.id }).from(equipment).where(eq(equipment.bikeId, bikeId))));
}

/** The plate on each bike (the first one put on it), by bike id. */
export async function plateIdsOfBikes(db: Db, bikeIds: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (bikeIds.length === 0) return result;
  const rows = await db
    .select({ id: plates.id, bikeId: plates.bikeId })
    .from(plates)
    .where(inArray(plates.bikeId, bikeIds))
    .orderBy(asc(plates.assignedAt), asc(plates.id));
  for (const row of rows) if (row.bikeId && !result.has(row.bikeId)) result.set(row.bikeId, row.id);
  return result;
}

/** §4 plate check, with the message in the caller's language (already registered names the ID). */
export async function checkPlate(ctx: AppContext, rawId: string, language: Language): Promise<PlateCheck> {
  const id = normalisePlateId(rawId);
  const answer = (status: PlateCheck['status'], message: string): PlateCheck => ({ bikekey_id: id, status, message });
  if (id.length < PLATE_ID_MIN_LENGTH) return answer('invalid', errorMessage('plate_id_too_short', language));
  const plate = await findPlate(ctx.db, id);
  if (!plate) return answer('invalid', errorMessage('plate_invalid', language));
  if (plate.bikeId) return answer('already_registered', `${errorMessage('plate_already_registered', language)}: ${id}`);
  if (plate.equipmentId) return answer('equipment', errorMessage('plate_on_equipment', language));
  return answer('valid', errorMessage('plate_valid', language));
}

/** The plates on the caller's bikes and on their equipment, for printing and showing (/app/qr-id). */
export async function listMyPlates(ctx: AppContext, caller: Caller): Promise<MyPlate[]> {
  const mine = and(eq(bikeOwnerships.partyId, caller.actingPartyId), isNull(bikeOwnerships.endedAt));
  const onBikes = await ctx.db
    .select({ id: plates.id, bikeId: bikes.id, nickname: bikeOwnerships.nickname, model: bikes.model, brandName: bikes.brandName })
    .from(plates)
    .innerJoin(bikes, eq(bikes.id, plates.bikeId))
    .innerJoin(bikeOwnerships, eq(bikeOwnerships.bikeId, bikes.id))
    .where(mine)
    .orderBy(asc(bikes.createdAt), asc(plates.id));
  const onEquipment = await ctx.db
    .select({
      id: plates.id,
      bikeId: equipment.bikeId,
      equipmentId: equipment.id,
      productName: equipment.productName,
      type: equipment.itemTypeMemo,
    })
    .from(plates)
    .innerJoin(equipment, eq(equipment.id, plates.equipmentId))
    .innerJoin(bikeOwnerships, eq(bikeOwnerships.bikeId, equipment.bikeId))
    .where(mine)
    .orderBy(asc(equipment.createdAt), asc(plates.id));
  // Plates sent to the caller (issue 14: shipped by staff), not yet on a bike or equipment.
  const sentToMe = await ctx.db
    .select({ id: plates.id })
    .from(plates)
    .where(and(eq(plates.ownerPartyId, caller.actingPartyId), isNull(plates.bikeId), isNull(plates.equipmentId)))
    .orderBy(asc(plates.id));
  const label = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ') || null;
  return [
    ...onBikes.map((p) => ({
      bikekey_id: p.id,
      bike_id: p.bikeId,
      equipment_id: null,
      label: p.nickname ?? label(p.brandName, p.model),
      url_path: plateUrlPath(p.id),
    })),
    ...onEquipment.map((p) => ({
      bikekey_id: p.id,
      bike_id: p.bikeId,
      equipment_id: p.equipmentId,
      label: p.productName ?? p.type,
      url_path: plateUrlPath(p.id),
    })),
    ...sentToMe.map((p) => ({ bikekey_id: p.id, bike_id: null, equipment_id: null, label: null, url_path: plateUrlPath(p.id) })),
  ];
}

/**
 * What a scanned sticker leads to (§2 Stickers): a registered bike's public card (when it is searchable
 * or reported stolen), a plate of ours not yet registered, an insurer's plate, a plate on equipment, or
 * nothing we know. Never the owner.
 */
export async function stickerAnswer(ctx: AppContext, rawId: string): Promise<StickerAnswer> {
  const id = normalisePlateId(rawId);
  const answer = (status: StickerAnswer['status'], extra: Partial<StickerAnswer> = {}): StickerAnswer => ({
    sticker_id: id,
    status,
    bike: null,
    insurer_party_id: null,
    ...extra,
  });
  if (id.length < PLATE_ID_MIN_LENGTH || id.length > 64) return answer('unknown');
  const [row] = await stickerQuery(ctx.db).execute({ id });
  if (!row) return answer('unknown');
  if (row.plateBikeId) {
    // A card only for a registered bike shown to strangers; a hidden one answers registered without it.
    const shown = row.id !== null && row.ownershipId !== null;
    return answer('registered', { bike: shown ? toCard(ctx, row as CardRow) : null });
  }
  if (row.equipmentId) return answer('equipment');
  if (row.kind === 'insurance') return answer('insurance', { insurer_party_id: row.insurerPartyId });
  return answer('unregistered');
}

/**
 * A scan in ONE prepared query (it is in the performance budget): the plate, its batch, and the card of
 * the bike it is on when that bike is registered and shown to strangers.
 */
const stickerQuery = preparedQuery((db) =>
  db
    .select({
      plateBikeId: plates.bikeId,
      equipmentId: plates.equipmentId,
      kind: plateBatches.kind,
      insurerPartyId: plateBatches.insurerPartyId,
      ownershipId: bikeOwnerships.id,
      ...cardColumns,
    })
    .from(plates)
    .innerJoin(plateBatches, eq(plateBatches.id, plates.batchId))
    .leftJoin(bikes, and(eq(bikes.id, plates.bikeId), visibleToStrangers))
    .leftJoin(bikeOwnerships, currentOwnershipOfBike)
    .where(eq(plates.id, sql.placeholder('id')))
    .limit(1)
    .prepare('sticker_lookup'),
);
