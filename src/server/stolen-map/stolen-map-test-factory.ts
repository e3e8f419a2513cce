import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../tests/support/test-app.js';
import { frameNumber } from '../bikes/bike-test-factory.js';
import { bikes, identities, parties, theftReports } from '../db/schema.js';
import { insertStolenBike, type StolenBikeSpec } from '../seed/demo-stolen.js';
import { bumpStolenMapVersion } from '../shared/stolen-map-version.js';

// Stolen bikes for the map's tests, straight into the tables (the report wizard's API is tested in theft/).

export interface Owner {
  partyId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export async function makeOwner(t: TestApp): Promise<Owner> {
  const db = t.app.appContext.db;
  const [party] = await db.insert(parties).values({ kind: 'person' }).returning();
  if (!party) throw new Error('party insert failed');
  const owner = {
    partyId: party.id,
    firstName: 'Vigdis',
    lastName: 'Tyvstjålet',
    email: `owner-${randomBytes(4).toString('hex')}@example.test`,
  };
  await db.insert(identities).values({ partyId: party.id, email: owner.email, firstName: owner.firstName, lastName: owner.lastName });
  return owner;
}

/** A stolen bike (report filed, flag set) and the map version bumped, as filing a report does. */
export async function makeStolenBike(
  t: TestApp,
  owner: Owner,
  spec: Partial<Omit<StolenBikeSpec, 'ownerPartyId' | 'owner'>> & { daysAgo?: number },
): Promise<string> {
  const { daysAgo = 1, ...rest } = spec;
  return t.app.appContext.db.transaction(async (tx) => {
    const { bikeId } = await insertStolenBike(tx, t.app.appContext.config.dataKey, {
      ownerPartyId: owner.partyId,
      owner,
      frameNumber: frameNumber('WBK'),
      brandId: 'dbs',
      model: 'Intermezzo',
      color: 'red',
      category: 'city',
      electric: false,
      notedAt: new Date(Date.now() - daysAgo * 86_400_000),
      latitude: 55.681234,
      longitude: 12.561234,
      place: 'Nørrebrogade 10, 2200 København N',
      ...rest,
    });
    await bumpStolenMapVersion(tx);
    return bikeId;
  });
}

/** Found again, as reporting it found does: the report goes, the flag goes, the version goes up. */
export async function markFound(t: TestApp, bikeId: string): Promise<void> {
  await t.app.appContext.db.transaction(async (tx) => {
    await tx.delete(theftReports).where(eq(theftReports.bikeId, bikeId));
    await tx.update(bikes).set({ reportedStolen: false }).where(eq(bikes.id, bikeId));
    await bumpStolenMapVersion(tx);
  });
}
