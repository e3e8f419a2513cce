import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { docks, identities, lockEvents, locks, organisationMembers, organisations, parties } from '../db/schema.js';
import { DEMO_DOCK_LOCKS, hashLockSecret, newLockSecret } from '../docks/lock-secret.js';

// The demo dock (issue 16): "Demo Cykelkælder ApS" owns the dock "Stationspladsen" with four locks whose ids and
// secrets are fixed (docks/lock-secret.ts DEMO_DOCK_LOCKS), so `npm run lock:simulate -- --demo` connects them.
// The demo owner is a member of the organisation, so the dock is theirs to use. In production the published demo
// secrets would let anyone act as these locks, so there each lock gets a random secret (staff can rotate it).

export const DEMO_DOCK = {
  organisation: 'Demo Cykelkælder ApS',
  name: 'Stationspladsen',
  address: 'Oslo Plads 1, 2100 København Ø',
  latitude: 55.69265,
  longitude: 12.58672,
} as const;

export async function seedDemoDock(ctx: AppContext, ownerEmail: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select({ partyId: identities.partyId }).from(identities).where(eq(identities.email, ownerEmail));
    const [party] = await tx.insert(parties).values({ kind: 'organisation' }).returning();
    if (!party) throw new Error('seed: dock organisation insert failed');
    await tx.insert(organisations).values({ partyId: party.id, name: DEMO_DOCK.organisation, organisationType: 'business' });
    if (owner)
      await tx.insert(organisationMembers).values({ organisationPartyId: party.id, identityPartyId: owner.partyId, role: 'member' });
    const [dock] = await tx
      .insert(docks)
      .values({
        ownerPartyId: party.id,
        name: DEMO_DOCK.name,
        address: DEMO_DOCK.address,
        latitude: DEMO_DOCK.latitude,
        longitude: DEMO_DOCK.longitude,
        access: 'members',
        published: true,
      })
      .returning();
    if (!dock) throw new Error('seed: dock insert failed');
    const production = ctx.config.env === 'production';
    await tx.insert(locks).values(
      DEMO_DOCK_LOCKS.map((lock) => ({
        id: lock.id,
        dockId: dock.id,
        label: lock.label,
        secretHash: production ? newLockSecret().secretHash : hashLockSecret(lock.secret),
      })),
    );
    await tx.insert(lockEvents).values(DEMO_DOCK_LOCKS.map((lock) => ({ lockId: lock.id, kind: 'added', detail: { label: lock.label } })));
  });
}
