import { and, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { findBrand } from '../../domain/bikes/brands.js';
import { normaliseFrameNumber, productionYearFromFrameNumber } from '../../domain/bikes/frame-number.js';
import type { Bike, BikeDetail, CreateBike, PublicBike, UpdateBike } from '../../domain/bikes.js';
import { approvalActKey } from '../../domain/verification.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, bikeOwnerships, bikes, parties } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { claimPlate, plateIdsOfBikes, releasePlatesOfBike, releasePlatesOfBikeEquipment } from '../plates/service.js';
import { requireApproval } from '../shared/approvals.js';
import { type BikeRow, bikeOfCaller, type OwnershipRow } from '../shared/bike-access.js';
import { changedBikeFields } from '../shared/bike-changes.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { toBike } from '../shared/bike-mapping.js';
import { refusePreRegisteredFrameNumber } from '../shared/insurance-policies.js';
import { publicCardsOf } from '../shared/public-cards.js';
import { bumpStolenMapVersion } from '../shared/stolen-map-version.js';
import { assignCredit, releasePlateCredits, returnCreditsOfDeletedBike } from '../webshop/credits.js';
import { documentsOfBike, emptyTrash, equipmentOfBike, picturesOfBike, publicPictures, trashFilesOfBike } from './files.js';

// Bikes (issue 4): register, list, show, change and delete the caller's bikes. "The caller's" means the
// party they act as (§6: a person or one of their organisations) owns it now (access.ts).

const FRAME_NUMBER_CONSTRAINT = 'bike_frame_number_unique';

/** The name of the unique constraint a database error (possibly wrapped by drizzle) violated, if any. */
function violatedUnique(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return String((e as { constraint?: unknown }).constraint ?? '');
  }
  return null;
}

/** Runs a write; a frame number taken meanwhile by someone else (a race past the check) is 422 frame_number_in_use. */
async function frameNumberRaceAs422<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = violatedUnique(err);
    if (constraint === FRAME_NUMBER_CONSTRAINT || (constraint === '' && !(err instanceof AppError))) {
      throw new AppError('frame_number_in_use', 'frame_number');
    }
    throw err;
  }
}

async function frameNumberTaken(tx: Db, normalised: string, exceptBikeId?: string): Promise<boolean> {
  const where: SQL | undefined = exceptBikeId
    ? and(eq(bikes.frameNumberNormalised, normalised), ne(bikes.id, exceptBikeId))
    : eq(bikes.frameNumberNormalised, normalised);
  const [row] = await tx.select({ id: bikes.id }).from(bikes).where(where).limit(1);
  return Boolean(row);
}

function checkBrand(brandId: string | null | undefined): void {
  if (brandId && !findBrand(brandId)) throw new AppError('field_invalid', 'brand_id');
}

/** The bike's columns an input sets (undefined = not given, null = clear). */
function fieldColumns(input: UpdateBike): Partial<typeof bikes.$inferInsert> {
  const columns: Partial<typeof bikes.$inferInsert> = {};
  if (input.type_id !== undefined) columns.typeId = input.type_id;
  if (input.color_id !== undefined) columns.colorId = input.color_id;
  if (input.is_electric !== undefined) columns.isElectric = input.is_electric;
  if (input.model !== undefined) columns.model = input.model;
  if (input.category_id !== undefined) columns.categoryId = input.category_id;
  if (input.brand_id !== undefined) columns.brandId = input.brand_id;
  if (input.brand_name !== undefined) columns.brandName = input.brand_name;
  if (input.production_year !== undefined) columns.productionYear = input.production_year;
  if (input.searchable !== undefined) columns.searchable = input.searchable;
  return columns;
}

/** The owner's own columns an input sets: they live on the ownership, so a new owner starts without them. */
function ownershipColumns(input: UpdateBike): Partial<typeof bikeOwnerships.$inferInsert> {
  const columns: Partial<typeof bikeOwnerships.$inferInsert> = {};
  if (input.nickname !== undefined) columns.nickname = input.nickname;
  if (input.normal_price_dkk !== undefined) columns.normalPriceDkk = input.normal_price_dkk;
  if (input.purchase_date !== undefined) columns.purchaseDate = input.purchase_date;
  return columns;
}

async function partyIsPerson(db: Db, partyId: string): Promise<boolean> {
  const [party] = await db.select({ kind: parties.kind }).from(parties).where(eq(parties.id, partyId));
  return party?.kind === 'person';
}

/** The answers of several bikes of one owner, with their plates, credits and public pictures. */
async function bikeAnswers(ctx: AppContext, rows: { bike: BikeRow; ownership: OwnershipRow; active: boolean }[]): Promise<Bike[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.bike.id);
  const plates = await plateIdsOfBikes(ctx.db, ids);
  // The owner's signed addresses: they work whether or not the bike is shown to strangers.
  const pictures = await publicPictures(ctx, ids, { forOwner: true });
  const ownerIsPerson = await partyIsPerson(ctx.db, rows[0]?.ownership.partyId ?? '');
  return rows.map(({ bike, ownership, active }) =>
    toBike(bike, ownership, {
      plateId: plates.get(bike.id) ?? null,
      active,
      ownerIsPerson,
      pictureUrl: pictures.get(bike.id)?.thumbnail_url ?? null,
    }),
  );
}

async function bikeAnswer(ctx: AppContext, bike: BikeRow, ownership: OwnershipRow): Promise<Bike> {
  const [credit] = await ctx.db
    .select({ id: bikeCredits.id })
    .from(bikeCredits)
    .where(eq(bikeCredits.bikeOwnershipId, ownership.id))
    .limit(1);
  const [answer] = await bikeAnswers(ctx, [{ bike, ownership, active: Boolean(credit) }]);
  if (!answer) throw new Error('bike answer missing');
  return answer;
}

/** GET /bikes/: the bikes the caller's party owns now, newest registration first. */
export async function listMyBikes(ctx: AppContext, caller: Caller): Promise<Bike[]> {
  const rows = await ctx.db
    .select({ bike: bikes, ownership: bikeOwnerships, creditId: bikeCredits.id })
    .from(bikeOwnerships)
    .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
    .leftJoin(bikeCredits, eq(bikeCredits.bikeOwnershipId, bikeOwnerships.id))
    .where(and(eq(bikeOwnerships.partyId, caller.actingPartyId), isNull(bikeOwnerships.endedAt)))
    .orderBy(desc(bikeOwnerships.startedAt), desc(bikes.createdAt), desc(bikes.id));
  return bikeAnswers(
    ctx,
    rows.map((r) => ({ bike: r.bike, ownership: r.ownership, active: r.creditId !== null })),
  );
}

/**
 * POST /bikes/: registers a bike to the caller's party, by frame number, plate, or both, and gives the
 * registration a credit (webshop/credits.ts assignCredit; 402 no_subscription when there is none), all in
 * one transaction: a refused registration leaves nothing behind, the plate and the credit included.
 */
export async function registerBike(ctx: AppContext, caller: Caller, input: CreateBike): Promise<Bike> {
  const frameNumber = input.frame_number ?? null;
  const plateId = input.bikekey_id ?? null;
  if (!frameNumber && !plateId) throw new AppError('fill_all_fields', 'frame_number');
  checkBrand(input.brand_id);
  const normalised = frameNumber ? normaliseFrameNumber(frameNumber) : null;
  const productionYear = input.production_year ?? (frameNumber ? productionYearFromFrameNumber(frameNumber) : null);
  const { bike, ownership } = await frameNumberRaceAs422(() =>
    ctx.db.transaction(async (tx) => {
      if (normalised && (await frameNumberTaken(tx, normalised))) throw new AppError('frame_number_in_use', 'frame_number');
      if (normalised) await refusePreRegisteredFrameNumber(tx, normalised);
      const [bike] = await tx
        .insert(bikes)
        .values({ ...fieldColumns(input), frameNumber, frameNumberNormalised: normalised, productionYear })
        .returning();
      if (!bike) throw new Error('bike insert returned nothing');
      const [ownership] = await tx
        .insert(bikeOwnerships)
        .values({ ...ownershipColumns(input), bikeId: bike.id, partyId: caller.actingPartyId })
        .returning();
      if (!ownership) throw new Error('ownership insert returned nothing');
      await recordBikeEvent(tx, { bikeId: bike.id, kind: 'registered', actorPartyId: caller.actingPartyId, ownershipId: ownership.id });
      const plate = plateId ? await claimPlate(tx, plateId, { bikeId: bike.id }) : null;
      await assignCredit(tx, {
        partyId: caller.actingPartyId,
        ownershipId: ownership.id,
        plateIncludesRegistration: plate?.includesRegistration ?? false,
      });
      return { bike, ownership };
    }),
  );
  return bikeAnswer(ctx, bike, ownership);
}

/** GET /bikes/{bikeId}/: the bike with its pictures, documents and equipment. */
export async function getBike(ctx: AppContext, caller: Caller, bikeId: string): Promise<BikeDetail> {
  const { bike, ownership } = await bikeOfCaller(ctx.db, caller, bikeId);
  const answer = await bikeAnswer(ctx, bike, ownership);
  return {
    ...answer,
    pictures: await picturesOfBike(ctx, bike.id),
    documents: await documentsOfBike(ctx, bike.id),
    equipment: await equipmentOfBike(ctx, bike.id),
  };
}

/** GET /bikes/{bikeId}/public: the owner's preview of what strangers see. */
export async function previewPublicBike(ctx: AppContext, caller: Caller, bikeId: string): Promise<PublicBike> {
  const { bike } = await bikeOfCaller(ctx.db, caller, bikeId);
  const card = (await publicCardsOf(ctx, [bike.id], { onlyVisible: false, forOwner: true })).get(bike.id);
  if (!card) throw new AppError('bike_not_found');
  return card;
}

/**
 * PATCH /bikes/{bikeId}/: changes what is sent (null clears). Adding or correcting the frame number or
 * the plate goes through the same checks as registering; a bike reported stolen keeps both (409
 * bike_stolen_locked), so a thief cannot make it unrecognisable.
 */
export async function updateBike(ctx: AppContext, caller: Caller, bikeId: string, input: UpdateBike): Promise<Bike> {
  if (input.brand_id !== undefined) checkBrand(input.brand_id);
  const { bike, ownership } = await frameNumberRaceAs422(() =>
    ctx.db.transaction(async (tx) => {
      const { bike, ownership } = await bikeOfCaller(tx, caller, bikeId);
      const columns = fieldColumns(input);
      const ownColumns = ownershipColumns(input);
      const plates = await plateIdsOfBikes(tx, [bike.id]);
      const currentPlate = plates.get(bike.id) ?? null;

      const frameChange = input.frame_number !== undefined && (input.frame_number ?? null) !== bike.frameNumber;
      const newFrameNormalised = input.frame_number ? normaliseFrameNumber(input.frame_number) : null;
      const plateChange = input.bikekey_id !== undefined && (input.bikekey_id ?? null) !== currentPlate;
      const frameAfter = frameChange ? (input.frame_number ?? null) : bike.frameNumber;
      const plateAfter = plateChange ? (input.bikekey_id ?? null) : currentPlate;

      if ((frameChange || plateChange) && bike.reportedStolen) throw new AppError('bike_stolen_locked');
      if (!frameAfter && !plateAfter) throw new AppError('fill_all_fields', frameChange ? 'frame_number' : 'bikekey_id');

      if (frameChange) {
        if (newFrameNormalised && (await frameNumberTaken(tx, newFrameNormalised, bike.id))) {
          throw new AppError('frame_number_in_use', 'frame_number');
        }
        columns.frameNumber = input.frame_number ?? null;
        columns.frameNumberNormalised = newFrameNormalised;
        if (input.production_year === undefined && bike.productionYear === null && input.frame_number) {
          columns.productionYear = productionYearFromFrameNumber(input.frame_number);
        }
      }
      if (plateChange) {
        const released = await releasePlatesOfBike(tx, bike.id);
        // A registration that came with the old plate leaves with it.
        if (released.some((p) => p.includesRegistration)) await releasePlateCredits(tx, ownership.id);
        if (input.bikekey_id) {
          const plate = await claimPlate(tx, input.bikekey_id, { bikeId: bike.id });
          if (plate.includesRegistration) {
            const [credit] = await tx.select({ id: bikeCredits.id }).from(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, ownership.id));
            if (!credit)
              await tx.insert(bikeCredits).values({ partyId: ownership.partyId, source: 'plate', bikeOwnershipId: ownership.id });
          }
        }
      }
      const [updated] = await tx
        .update(bikes)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(bikes.id, bike.id))
        .returning();
      const [updatedOwnership] =
        Object.keys(ownColumns).length > 0
          ? await tx.update(bikeOwnerships).set(ownColumns).where(eq(bikeOwnerships.id, ownership.id)).returning()
          : [ownership];
      // The history names what changed, not the values.
      const changed = changedBikeFields({ bike, ownership }, { bike: columns, ownership: ownColumns }, plateChange);
      if (changed.length > 0) {
        await recordBikeEvent(tx, {
          bikeId: bike.id,
          kind: 'updated',
          actorPartyId: caller.actingPartyId,
          ownershipId: ownership.id,
          data: { fields: changed },
        });
      }
      return { bike: updated ?? bike, ownership: updatedOwnership ?? ownership };
    }),
  );
  return bikeAnswer(ctx, bike, ownership);
}

/**
 * DELETE /bikes/{bikeId}/: deletes the bike with its pictures, documents and equipment (§4). A bike with a
 * frame number or a plate needs the person's approval of deleting THIS bike through national ID
 * (approvalActKey('delete_bike', id), header x-approval-id). A bike reported stolen is not deleted (409
 * bike_stolen_locked): report it found first. Its plates become free again; its credit goes back to the
 * owner (webshop/credits.ts returnCreditsOfDeletedBike); its files are removed after the commit.
 */
export async function deleteBike(ctx: AppContext, caller: Caller, bikeId: string, approvalId: string | undefined): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { bike, ownership } = await bikeOfCaller(tx, caller, bikeId);
    if (bike.reportedStolen) throw new AppError('bike_stolen_locked');
    const plates = await plateIdsOfBikes(tx, [bike.id]);
    if (bike.frameNumber || plates.has(bike.id)) {
      await requireApproval(tx, caller.partyId, approvalActKey('delete_bike', bike.id), approvalId);
    }
    const ended = await tx
      .select({ id: bikeOwnerships.id })
      .from(bikeOwnerships)
      .where(and(eq(bikeOwnerships.bikeId, bike.id), ne(bikeOwnerships.id, ownership.id)));
    await returnCreditsOfDeletedBike(
      tx,
      ownership.id,
      ended.map((o) => o.id),
    );
    await releasePlatesOfBikeEquipment(tx, bike.id);
    await releasePlatesOfBike(tx, bike.id);
    await trashFilesOfBike(tx, bike.id);
    // Its theft report cascades away with it; the stolen map must drop it too. (Refused above today, but
    // the map must follow should that rule change.)
    if (bike.reportedStolen) await bumpStolenMapVersion(tx);
    await tx.delete(bikes).where(eq(bikes.id, bike.id));
  });
  try {
    await emptyTrash(ctx);
  } catch (err) {
    // The rows are gone; the files stay queued in storage_trash and go on the next emptying.
    ctx.log.warn({ err }, 'emptying the storage trash failed');
  }
}

/**
 * The bikes a party owns now, deleted as deleteBike deletes one (in the caller's transaction: deleting an
 * account, whose national-ID approval covers them): their plates become free again, their files are queued
 * for removal (emptyTrash after the commit), and their rows go with their pictures, documents, equipment,
 * history, conversations' link and theft report. Answers whether one of them was reported stolen (the
 * stolen-bike map must then change).
 */
export async function deleteBikesOfParty(tx: Db, partyId: string): Promise<{ stolen: boolean }> {
  const owned = await tx
    .select({ bikeId: bikeOwnerships.bikeId, stolen: bikes.reportedStolen })
    .from(bikeOwnerships)
    .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
    .where(and(eq(bikeOwnerships.partyId, partyId), isNull(bikeOwnerships.endedAt)));
  const ids = owned.map((o) => o.bikeId);
  for (const bikeId of ids) {
    await releasePlatesOfBikeEquipment(tx, bikeId);
    await releasePlatesOfBike(tx, bikeId);
    await trashFilesOfBike(tx, bikeId);
  }
  if (ids.length > 0) await tx.delete(bikes).where(inArray(bikes.id, ids));
  return { stolen: owned.some((o) => o.stolen) };
}
