import { eq } from 'drizzle-orm';
import { normaliseFrameNumber, productionYearFromFrameNumber } from '../../domain/bikes/frame-number.js';
import type { AppContext } from '../context.js';
import { bikeCredits, bikeEvents, bikeOwnerships, bikes, equipment, organisations, plates } from '../db/schema.js';
import { findIdentityByEmail } from '../identity/service.js';
import { createPlateBatch } from '../plates/batches.js';
import { addCredits, createVoucher } from '../webshop/service.js';
import { seedDemoFiles } from './demo-files.js';

// The bike part of the demo data (embedded mode, first start; the README names these). Playwright
// specs share it, so each spec keeps to its own range of plates (see the lead's brief):
//   free standard plates     DEMO0001 … DEMO0050 (registering needs a credit)
//   with registration        DEMOREG01 … DEMOREG20 (registering needs no credit)
//   insurance plates         DEMOINS01 … DEMOINS05 (Demo Forsikring A/S)
//   voucher                  DEMO-BIKE-2026 (1 credit, once per user, 100 000 redemptions)
//   the demo owner           3 bikes (plates DEMOBIKE1, DEMOBIKE2; battery DEMOEQ01), 2 unused credits

export const DEMO_VOUCHER = 'DEMO-BIKE-2026';
const range = (prefix: string, n: number, width: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(width, '0')}`);
export const DEMO_FREE_PLATES = range('DEMO', 50, 4);
export const DEMO_REGISTRATION_PLATES = range('DEMOREG', 20, 2);
export const DEMO_INSURANCE_PLATES = range('DEMOINS', 5, 2);

/**
 * The demo owner's bikes: three brands, colours and categories, Danish frame numbers (mark, number, year letter);
 * `own` is what the owner keeps for themselves (on the ownership).
 */
const DEMO_BIKES = [
  {
    plate: 'DEMOBIKE1',
    values: {
      frameNumber: 'WBK 482913 S',
      brandId: 'dbs',
      model: 'Intermezzo',
      colorId: 'red',
      categoryId: 'city',
      typeId: 'female',
      isElectric: false,
    },
    own: { nickname: 'Hverdagscyklen', normalPriceDkk: 6999, purchaseDate: '2021-04-12' },
  },
  {
    plate: 'DEMOBIKE2',
    values: {
      frameNumber: 'WSP 004217 U',
      brandId: 'babboe',
      model: 'Curve-E',
      colorId: 'blue',
      categoryId: 'cargo',
      typeId: 'unisex',
      isElectric: true,
    },
    own: { nickname: 'Ladcyklen', normalPriceDkk: 27999, purchaseDate: '2023-08-30' },
  },
  {
    plate: null,
    values: {
      frameNumber: 'WTU 778812 P',
      brandId: 'trek',
      model: 'Domane AL 2',
      colorId: 'black',
      categoryId: 'racer',
      typeId: 'male',
      isElectric: false,
    },
    own: { nickname: 'Racer', normalPriceDkk: 9499, purchaseDate: '2019-06-01' },
  },
] as const;

export interface DemoBikes {
  bikes: { id: string; ownershipId: string; frameNumber: string; plate: string | null; nickname: string }[];
  platesFree: string[];
  platesWithRegistration: string[];
  insurancePlates: string[];
  voucher: string;
}

/**
 * Seeds plates, the voucher and the demo owner's bikes, credits and equipment, then the demo files
 * (seed/demo-files.ts). Runs once, right after the demo accounts are created; answers null when the
 * demo owner is missing or the plates already exist.
 */
export async function seedDemoBikes(ctx: AppContext): Promise<DemoBikes | null> {
  const { db } = ctx;
  const owner = await findIdentityByEmail(db, 'owner@demo.cykelregister.dk');
  if (!owner) return null;
  const [existing] = await db.select({ id: plates.id }).from(plates).where(eq(plates.id, 'DEMOBIKE1'));
  if (existing) return null;
  const [insurer] = await db
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(eq(organisations.name, 'Demo Forsikring A/S'))
    .limit(1);

  const free = await createPlateBatch(db, { name: 'Demo', ids: [...DEMO_FREE_PLATES, 'DEMOBIKE1', 'DEMOBIKE2', 'DEMOEQ01'] });
  const withRegistration = await createPlateBatch(db, {
    name: 'Demo, with registration',
    ids: DEMO_REGISTRATION_PLATES,
    includesRegistration: true,
  });
  const insurance = await createPlateBatch(db, {
    name: 'Demo Forsikring A/S',
    kind: 'insurance',
    insurerPartyId: insurer?.partyId ?? null,
    ids: DEMO_INSURANCE_PLATES,
  });
  await createVoucher(db, { code: DEMO_VOUCHER, credits: 1, maxRedemptions: 100_000 });

  const created = await db.transaction(async (tx) => {
    const result: DemoBikes['bikes'] = [];
    for (const [index, demo] of DEMO_BIKES.entries()) {
      const startedAt = new Date(Date.now() - (DEMO_BIKES.length - index) * 86_400_000);
      const [bike] = await tx
        .insert(bikes)
        .values({
          ...demo.values,
          frameNumberNormalised: normaliseFrameNumber(demo.values.frameNumber),
          productionYear: productionYearFromFrameNumber(demo.values.frameNumber),
          createdAt: startedAt,
        })
        .returning({ id: bikes.id });
      if (!bike) throw new Error('seed: bike insert failed');
      const [ownership] = await tx
        .insert(bikeOwnerships)
        .values({ ...demo.own, bikeId: bike.id, partyId: owner.partyId, startedAt })
        .returning({ id: bikeOwnerships.id });
      if (!ownership) throw new Error('seed: ownership insert failed');
      // The bike's history starts with its registration, as for a bike registered through the API.
      await tx
        .insert(bikeEvents)
        .values({ bikeId: bike.id, kind: 'registered', actorPartyId: owner.partyId, ownershipId: ownership.id, createdAt: startedAt });
      await tx.insert(bikeCredits).values({ partyId: owner.partyId, source: 'seed', bikeOwnershipId: ownership.id });
      if (demo.plate) await tx.update(plates).set({ bikeId: bike.id, assignedAt: startedAt }).where(eq(plates.id, demo.plate));
      result.push({
        id: bike.id,
        ownershipId: ownership.id,
        frameNumber: demo.values.frameNumber,
        plate: demo.plate,
        nickname: demo.own.nickname,
      });
    }
    // The electric bike's battery (with a plate) and its lock (Varefakta approved).
    const cargo = result[1];
    if (cargo) {
      const [battery] = await tx
        .insert(equipment)
        .values({
          bikeId: cargo.id,
          itemTypeMemo: 'battery',
          manufacturerName: 'Bosch',
          productName: 'PowerPack 500',
          serialNumbers: ['BPP500-2023-118734'],
        })
        .returning({ id: equipment.id });
      await tx.update(plates).set({ equipmentId: battery?.id, assignedAt: new Date() }).where(eq(plates.id, 'DEMOEQ01'));
      await tx.insert(equipment).values({
        bikeId: cargo.id,
        itemTypeMemo: 'lock',
        manufacturerName: 'AXA',
        productName: 'Defender',
        lockTypeMemo: 'ring',
        varefaktaNumber: 'VF-2231',
        physicalKeyNumber: 'K-40217',
        lockDate: '2023-08-30',
        frameNumberMatch: true,
        hasSignature: true,
      });
    }
    // Two unused credits besides the three in use.
    await addCredits(tx, owner.partyId, 2, 'SINGLE', 'seed');
    return result;
  });

  await seedFiles(ctx, created);
  return {
    bikes: created,
    platesFree: free.ids.filter((id) => id.startsWith('DEMO0')),
    platesWithRegistration: withRegistration.ids,
    insurancePlates: insurance.ids,
    voucher: DEMO_VOUCHER,
  };
}

/** Pictures and a receipt for each demo bike, by the files area's seed; a failure there leaves the bikes. */
async function seedFiles(ctx: AppContext, created: DemoBikes['bikes']): Promise<void> {
  try {
    await seedDemoFiles(ctx, created);
  } catch (err) {
    ctx.log.warn({ err }, 'seed: the demo files could not be created');
  }
}
