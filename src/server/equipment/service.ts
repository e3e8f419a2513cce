import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Equipment, EquipmentType, equipmentFieldsSchema, updateEquipmentSchema } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { documents, equipment, plates } from '../db/schema.js';
import { documentsOfEquipment } from '../documents/service.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { lockOwnership } from '../pictures/service.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { isUuid } from '../shared/files/ids.js';
import { emptyTrashQuietly, trashKeys } from '../shared/files/trash.js';

// Equipment of a bike (§3 Equipment draft): batteries, locks and accessories, each with plates
// (stickers), serial numbers, DNA paste ids and documents. The lock fields (type, key number,
// Varefakta number, certificate date, frame-number match, dealer's stamp) mean something only for a
// lock, and the accessory type only for an accessory: they are cleared for any other type, on
// create and on update (also when the type changes), so a battery never carries a lock's key number.

type EquipmentRow = typeof equipment.$inferSelect;
type CreateInput = z.output<typeof equipmentFieldsSchema>;
type UpdateInput = z.output<typeof updateEquipmentSchema>;

const LOCK_ONLY = {
  frameNumberMatch: null,
  hasSignature: null,
  varefaktaNumber: null,
  lockDate: null,
  physicalKeyNumber: null,
  lockTypeMemo: null,
} as const;

/** The column values of the input's fields that were given (undefined = not given, null = clear). */
function columnsOf(input: UpdateInput): Partial<typeof equipment.$inferInsert> {
  const columns: Partial<typeof equipment.$inferInsert> = {
    itemTypeMemo: input.item_type_memo,
    note: input.note,
    serialNumbers: input.serial_numbers,
    dnaPasteIds: input.dna_paste_ids,
    manufacturerName: input.manufacturer_name,
    productName: input.product_name,
    frameNumberMatch: input.frame_number_match,
    hasSignature: input.has_signature,
    varefaktaNumber: input.varefakta_number,
    lockDate: input.lock_date,
    physicalKeyNumber: input.physical_key_number,
    lockTypeMemo: input.lock_type_memo,
    accessoryType: input.accessory_type,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** Clears what the type does not have. */
function forType(type: EquipmentType): Partial<typeof equipment.$inferInsert> {
  return { ...(type === 'lock' ? {} : LOCK_ONLY), ...(type === 'accessory' ? {} : { accessoryType: null }) };
}

function toEquipment(row: EquipmentRow, plateIds: string[], docs: Equipment['documents']): Equipment {
  return {
    id: row.id,
    item_type_memo: row.itemTypeMemo,
    note: row.note,
    plate_ids: plateIds,
    serial_numbers: row.serialNumbers,
    dna_paste_ids: row.dnaPasteIds,
    manufacturer_name: row.manufacturerName,
    product_name: row.productName,
    frame_number_match: row.frameNumberMatch,
    has_signature: row.hasSignature,
    varefakta_number: row.varefaktaNumber,
    lock_date: row.lockDate,
    physical_key_number: row.physicalKeyNumber,
    lock_type_memo: row.lockTypeMemo,
    accessory_type: row.accessoryType,
    documents: docs,
  };
}

async function withDetails(ctx: AppContext, rows: EquipmentRow[]): Promise<Equipment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const plateRows = await ctx.db
    .select({ id: plates.id, equipmentId: plates.equipmentId })
    .from(plates)
    .where(inArray(plates.equipmentId, ids))
    .orderBy(asc(plates.assignedAt), asc(plates.id));
  const docs = await documentsOfEquipment(ctx, ids);
  return rows.map((row) =>
    toEquipment(
      row,
      plateRows.filter((p) => p.equipmentId === row.id).map((p) => p.id),
      docs.get(row.id) ?? [],
    ),
  );
}

/** The bike's equipment, oldest first, with plates and documents (signed addresses for the owner). */
export async function equipmentOfBike(ctx: AppContext, bikeId: string): Promise<Equipment[]> {
  const rows = await ctx.db
    .select()
    .from(equipment)
    .where(eq(equipment.bikeId, bikeId))
    .orderBy(asc(equipment.createdAt), asc(equipment.id));
  return withDetails(ctx, rows);
}

async function oneOf(ctx: AppContext, id: string): Promise<Equipment> {
  const rows = await ctx.db.select().from(equipment).where(eq(equipment.id, id));
  const [one] = await withDetails(ctx, rows);
  if (!one) throw new AppError('equipment_not_found');
  return one;
}

/**
 * Makes the equipment's plates exactly `plateIds`: plates no longer listed are set free, new ones are
 * attached when they exist and are free (422 on field plate_ids: plate_invalid, plate_already_registered
 * on a bike, plate_on_equipment on other equipment). Each attach is one conditional UPDATE, so two
 * callers cannot take the same plate.
 */
async function setPlates(tx: Db, equipmentId: string, plateIds: string[]): Promise<void> {
  const wanted = [...new Set(plateIds)];
  await tx
    .update(plates)
    .set({ equipmentId: null, assignedAt: null })
    .where(and(eq(plates.equipmentId, equipmentId), wanted.length > 0 ? notInArray(plates.id, wanted) : undefined));
  for (const plateId of wanted) {
    const [attached] = await tx
      .update(plates)
      .set({ equipmentId, assignedAt: new Date() })
      .where(and(eq(plates.id, plateId), isNull(plates.bikeId), isNull(plates.equipmentId)))
      .returning({ id: plates.id });
    if (attached) continue;
    const [plate] = await tx.select({ bikeId: plates.bikeId, equipmentId: plates.equipmentId }).from(plates).where(eq(plates.id, plateId));
    if (!plate) throw new AppError('plate_invalid', 'plate_ids');
    if (plate.equipmentId === equipmentId) continue;
    if (plate.bikeId) throw new AppError('plate_already_registered', 'plate_ids');
    throw new AppError('plate_on_equipment', 'plate_ids');
  }
}

/** GET /bikes/{bikeId}/equipment/ */
export async function listEquipment(ctx: AppContext, caller: Caller, bikeId: string): Promise<Equipment[]> {
  await bikeOfCaller(ctx.db, caller, bikeId);
  return equipmentOfBike(ctx, bikeId);
}

/** POST /bikes/{bikeId}/equipment/ */
export async function createEquipment(ctx: AppContext, caller: Caller, bikeId: string, input: CreateInput): Promise<Equipment> {
  await bikeOfCaller(ctx.db, caller, bikeId);
  const id = await ctx.db.transaction(async (tx) => {
    await lockOwnership(tx, caller, bikeId);
    const [row] = await tx
      .insert(equipment)
      .values({ ...columnsOf(input), ...forType(input.item_type_memo), bikeId })
      .returning({ id: equipment.id });
    if (!row) throw new Error('equipment insert returned nothing');
    if (input.plate_ids) await setPlates(tx, row.id, input.plate_ids);
    return row.id;
  });
  return oneOf(ctx, id);
}

async function lockedEquipment(tx: Db, bikeId: string, equipmentId: string): Promise<EquipmentRow> {
  const [row] = isUuid(equipmentId)
    ? await tx
        .select()
        .from(equipment)
        .where(and(eq(equipment.id, equipmentId), eq(equipment.bikeId, bikeId)))
        .for('update')
    : [];
  if (!row) throw new AppError('equipment_not_found');
  return row;
}

/** PATCH /bikes/{bikeId}/equipment/{equipmentId}/: the given fields; plate_ids, when given, is the new list. */
export async function updateEquipment(
  ctx: AppContext,
  caller: Caller,
  bikeId: string,
  equipmentId: string,
  input: UpdateInput,
): Promise<Equipment> {
  await bikeOfCaller(ctx.db, caller, bikeId);
  await ctx.db.transaction(async (tx) => {
    await lockOwnership(tx, caller, bikeId);
    const current = await lockedEquipment(tx, bikeId, equipmentId);
    const type = input.item_type_memo ?? current.itemTypeMemo;
    await tx
      .update(equipment)
      .set({ ...columnsOf(input), ...forType(type), updatedAt: new Date() })
      .where(eq(equipment.id, equipmentId));
    if (input.plate_ids) await setPlates(tx, equipmentId, input.plate_ids);
  });
  return oneOf(ctx, equipmentId);
}

/** DELETE /bikes/{bikeId}/equipment/{equipmentId}/: with its documents (files trashed); its plates are set free. */
export async function deleteEquipment(ctx: AppContext, caller: Caller, bikeId: string, equipmentId: string): Promise<void> {
  await bikeOfCaller(ctx.db, caller, bikeId);
  await ctx.db.transaction(async (tx) => {
    await lockOwnership(tx, caller, bikeId);
    await lockedEquipment(tx, bikeId, equipmentId);
    const files = await tx.select({ key: documents.storageKey }).from(documents).where(eq(documents.equipmentId, equipmentId));
    await trashKeys(
      tx,
      files.map((f) => f.key),
    );
    await tx.update(plates).set({ equipmentId: null, assignedAt: null }).where(eq(plates.equipmentId, equipmentId));
    await tx.delete(equipment).where(eq(equipment.id, equipmentId));
  });
  await emptyTrashQuietly(ctx);
}
