import { and, eq } from 'drizzle-orm';
import { normaliseFrameNumber, productionYearFromFrameNumber, YEAR_LETTERS } from '../../domain/bikes/frame-number.js';
import { publicLocation, regionOfPoint } from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, bikeEvents, bikeOwnerships, bikes, identities, organisations, parties, theftReports } from '../db/schema.js';
import { findIdentityByEmail } from '../identity/service.js';
import { encryptField } from '../shared/secrets.js';
import { bumpStolenMapVersion } from '../shared/stolen-map-version.js';
import { DEMO_STOLEN_MODELS, DEMO_STOLEN_OWNERS, DEMO_TOWNS, demoStolenOwnerEmail } from './demo-stolen-data.js';

// The demo's stolen bikes (embedded mode, first start): ~60 over Danish and Norwegian towns for the
// stolen-bike map, owned by a few demo people, plus one of the demo owner's own, so the owner sees a filed
// report. Frame numbers only (no plates: the DEMO… plate ranges belong to the Playwright specs), all in
// the range 91xxxx of their mark, which nothing else uses.

export interface StolenBikeSpec {
  ownerPartyId: string;
  owner: { firstName: string; lastName: string; email: string };
  frameNumber: string;
  brandId: string;
  model: string;
  color: string;
  category: string;
  electric: boolean;
  nickname?: string;
  notedAt: Date;
  latitude: number;
  longitude: number;
  /** Street, number, zip code and town. */
  place: string;
  /** The insurance company the report names and is shared with (the owner acknowledged it); else not insured. */
  insurerPartyId?: string | null;
  /** Staff's review for the public map (issue 14): the demo's reports are approved, as older reports were at the review's start. */
  reviewState?: 'new' | 'approved';
}

/**
 * A registered bike with a filed theft report, straight into the tables (demo data and the map's tests;
 * the owners' way is POST /api/stolen-reports/). The caller bumps the stolen-map version.
 */
export async function insertStolenBike(tx: Db, dataKey: Buffer, spec: StolenBikeSpec): Promise<{ bikeId: string }> {
  const registeredAt = new Date(spec.notedAt.getTime() - 200 * 86_400_000);
  const [bike] = await tx
    .insert(bikes)
    .values({
      frameNumber: spec.frameNumber,
      frameNumberNormalised: normaliseFrameNumber(spec.frameNumber),
      productionYear: productionYearFromFrameNumber(spec.frameNumber),
      brandId: spec.brandId,
      model: spec.model,
      colorId: spec.color,
      categoryId: spec.category,
      isElectric: spec.electric,
      searchable: true,
      reportedStolen: true,
      createdAt: registeredAt,
    })
    .returning({ id: bikes.id });
  if (!bike) throw new Error('seed: bike insert failed');
  const [ownership] = await tx
    .insert(bikeOwnerships)
    .values({ bikeId: bike.id, partyId: spec.ownerPartyId, startedAt: registeredAt, nickname: spec.nickname ?? null })
    .returning({ id: bikeOwnerships.id });
  if (!ownership) throw new Error('seed: ownership insert failed');
  await tx.insert(bikeCredits).values({ partyId: spec.ownerPartyId, source: 'seed', bikeOwnershipId: ownership.id });
  const lastSeen = new Date(spec.notedAt.getTime() - 5 * 3_600_000);
  const events = [
    { kind: 'registered', createdAt: registeredAt },
    { kind: 'reported_stolen', createdAt: spec.notedAt },
  ];
  for (const e of events)
    await tx.insert(bikeEvents).values({ bikeId: bike.id, actorPartyId: spec.ownerPartyId, ownershipId: ownership.id, ...e });
  const pub = publicLocation(spec.latitude, spec.longitude);
  const [street = spec.place, area = ''] = spec.place.split(', ');
  await tx.insert(theftReports).values({
    bikeId: bike.id,
    ownershipId: ownership.id,
    reporterPartyId: spec.ownerPartyId,
    firstName: spec.owner.firstName,
    lastName: spec.owner.lastName,
    email: spec.owner.email,
    streetAddress: street,
    zipCode: area.slice(0, 4),
    city: area.slice(5),
    mobile: '+45 20 00 00 00',
    cprEncrypted: encryptField(dataKey, '0101901234'),
    frameNumber: spec.frameNumber,
    bikeCategory: spec.category,
    isElectric: spec.electric,
    bikeColor: spec.color,
    lockStatus: 'locked',
    batteryLocation: spec.electric ? 'integrated' : null,
    timeLastSeen: lastSeen,
    notedTime: spec.notedAt,
    place: spec.place,
    latitude: spec.latitude,
    longitude: spec.longitude,
    locationId: pub.cell,
    publicLatitude: pub.latitude,
    publicLongitude: pub.longitude,
    region: regionOfPoint(spec.latitude),
    isCulpritKnown: false,
    isCulpritRecognizable: false,
    hasWitness: false,
    isInsured: Boolean(spec.insurerPartyId),
    insurerPartyId: spec.insurerPartyId ?? null,
    sharedWithInsurerAt: spec.insurerPartyId ? spec.notedAt : null,
    bikePrice: 5000,
    policeReportRequested: true,
    createdAt: spec.notedAt,
    reviewState: spec.reviewState ?? 'approved',
    reviewedAt: (spec.reviewState ?? 'approved') === 'approved' ? spec.notedAt : null,
  });
  return { bikeId: bike.id };
}

/** A repeatable pseudo-random sequence (mulberry32), so every fresh demo has the same map. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
/** 2020 … 2024 in the Danish year letters (A = 1985). */
const RECENT_YEAR_LETTERS = [...YEAR_LETTERS.slice(14, 19)];

/** Seeds the stolen bikes once, after the demo accounts and bikes; answers how many it made (0 when they exist). */
export async function seedDemoStolenBikes(ctx: AppContext): Promise<number> {
  const { db } = ctx;
  const owner = await findIdentityByEmail(db, 'owner@demo.cykelregister.dk');
  if (!owner || (await findIdentityByEmail(db, demoStolenOwnerEmail(1)))) return 0;
  const next = random(20260601);
  const now = Date.now();
  // The demo insurer (seed/demo.ts): the demo owner's report and some Danish ones are shared with it, so its staff see a list.
  const [insurer] = await db
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(and(eq(organisations.name, 'Demo Forsikring A/S'), eq(organisations.organisationType, 'insurance_company')))
    .limit(1);
  return db.transaction(async (tx) => {
    const people: { partyId: string; firstName: string; lastName: string; email: string }[] = [];
    for (const [i, person] of DEMO_STOLEN_OWNERS.entries()) {
      const [party] = await tx.insert(parties).values({ kind: 'person' }).returning();
      if (!party) throw new Error('seed: party insert failed');
      const email = demoStolenOwnerEmail(i + 1);
      await tx.insert(identities).values({ partyId: party.id, email, ...person, emailVerifiedAt: new Date(now) });
      people.push({ partyId: party.id, email, firstName: person.firstName, lastName: person.lastName });
    }
    let n = 0;
    for (const town of DEMO_TOWNS) {
      for (let k = 0; k < town.bikes; k++, n++) {
        const model = DEMO_STOLEN_MODELS[(n * 7 + k) % DEMO_STOLEN_MODELS.length]!;
        // Danish towns' bikes belong to the three Danish owners, Norwegian ones' to the two Norwegian.
        const norwegian = regionOfPoint(town.latitude) === 'no';
        const person = people[norwegian ? 3 + (n % 2) : n % 3]!;
        const running = `91${String(n + 1).padStart(4, '0')}`;
        const frameNumber = model.mark
          ? `${model.mark} ${running} ${RECENT_YEAR_LETTERS[n % RECENT_YEAR_LETTERS.length]}`
          : `${model.brandId.slice(0, 2).toUpperCase()}-${running}`;
        // Some this week, the rest over the last ~18 months.
        const daysAgo = n % 10 === 0 ? 0.2 + next() * 6 : 7 + next() * 540;
        await insertStolenBike(tx, ctx.config.dataKey, {
          ownerPartyId: person.partyId,
          owner: person,
          frameNumber,
          brandId: model.brandId,
          model: model.model,
          color: model.colors[n % model.colors.length]!,
          category: model.category,
          electric: model.electric,
          notedAt: new Date(now - daysAgo * DAY),
          // Within a few km of the town's centre.
          latitude: town.latitude + (next() - 0.5) * 0.05,
          longitude: town.longitude + (next() - 0.5) * 0.08,
          place: `${town.streets[k % town.streets.length]} ${1 + Math.floor(next() * 120)}, ${town.area}`,
          insurerPartyId: !norwegian && n % 5 === 2 ? insurer?.partyId : null,
        });
      }
    }
    // The demo owner's own stolen bike (a fourth bike, besides the three the other demo data gives them).
    await insertStolenBike(tx, ctx.config.dataKey, {
      ownerPartyId: owner.partyId,
      owner: { firstName: 'Ole', lastName: 'Ejer', email: owner.email },
      frameNumber: 'KM 910099 V',
      brandId: 'kildemoes',
      model: 'Logic',
      color: 'green',
      category: 'city',
      electric: false,
      nickname: 'Pendlercyklen',
      notedAt: new Date(now - 3 * DAY),
      latitude: 55.6911,
      longitude: 12.5544,
      place: 'Nørrebrogade 52, 2200 København N',
      insurerPartyId: insurer?.partyId ?? null,
    });
    await bumpStolenMapVersion(tx);
    return n + 1;
  });
}
