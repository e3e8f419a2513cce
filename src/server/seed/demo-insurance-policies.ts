import { and, asc, eq, isNull } from 'drizzle-orm';
import { normaliseFrameNumber } from '../../domain/bikes/frame-number.js';
import type { AppContext } from '../context.js';
import { bikeOwnerships, bikes, insurancePolicies, insuredItems, organisations } from '../db/schema.js';
import { findIdentityByEmail } from '../identity/service.js';

// The demo insurer's policies (embedded mode, first start): the demo owner holds an active bike policy with two
// of their bikes insured (one with its possession and lock approved), and two policies the insurer pre-registered
// for customers to look up: a bike policy (its customer's details fill the onboarding in) and a contents policy
// (its lookup leads to the contents-signup page, §8).

const DEMO_POLICY_NUMBERS = { owner: 'DF-100200', preRegisteredBike: 'DF-200300', preRegisteredContents: 'DF-200400' };

export async function seedDemoInsurancePolicies(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const owner = await findIdentityByEmail(db, 'owner@demo.cykelregister.dk');
  const [insurer] = await db
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(eq(organisations.name, 'Demo Forsikring A/S'))
    .limit(1);
  if (!owner || !insurer) return;
  const [seeded] = await db
    .select({ id: insurancePolicies.id })
    .from(insurancePolicies)
    .where(and(eq(insurancePolicies.insurerPartyId, insurer.partyId), eq(insurancePolicies.insurerPolicyId, DEMO_POLICY_NUMBERS.owner)));
  if (seeded) return;
  const ownBikes = await db
    .select({ id: bikes.id })
    .from(bikeOwnerships)
    .innerJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
    .where(and(eq(bikeOwnerships.partyId, owner.partyId), isNull(bikeOwnerships.endedAt), eq(bikes.reportedStolen, false)))
    .orderBy(asc(bikes.createdAt))
    .limit(2);

  await db.transaction(async (tx) => {
    const [policy] = await tx
      .insert(insurancePolicies)
      .values({
        insurerPartyId: insurer.partyId,
        holderPartyId: owner.partyId,
        insurerPolicyId: DEMO_POLICY_NUMBERS.owner,
        type: 'bike',
        coverage: 'plus',
        numberOfBikes: 3,
        status: 'active',
        source: 'onboarding',
      })
      .returning({ id: insurancePolicies.id });
    if (!policy) throw new Error('seed: policy insert failed');
    if (ownBikes.length > 0) {
      await tx.insert(insuredItems).values(
        ownBikes.map((bike, i) => ({
          policyId: policy.id,
          bikeId: bike.id,
          possessionStatus: i === 0 ? ('approved' as const) : ('missing' as const),
          lockStatus: i === 0 ? ('approved' as const) : ('missing' as const),
        })),
      );
    }
    const frame = 'WBK 555001 T';
    await tx.insert(insurancePolicies).values([
      {
        insurerPartyId: insurer.partyId,
        insurerPolicyId: DEMO_POLICY_NUMBERS.preRegisteredBike,
        type: 'bike',
        coverage: 'basic',
        numberOfBikes: 1,
        status: 'pre_registered',
        source: 'insurer',
        preRegistration: {
          email: 'kunde@demo.cykelregister.dk',
          first_name: 'Karen',
          last_name: 'Kunde',
          street: 'Vestergade 3',
          zip_code: '8000',
          city: 'Aarhus C',
          mobile: '+45 20 30 40 50',
          frame_number: frame,
          frame_number_normalised: normaliseFrameNumber(frame),
        },
      },
      {
        insurerPartyId: insurer.partyId,
        insurerPolicyId: DEMO_POLICY_NUMBERS.preRegisteredContents,
        type: 'contents',
        coverage: 'standard',
        numberOfBikes: 1,
        status: 'pre_registered',
        source: 'insurer',
        preRegistration: { first_name: 'Kasper', last_name: 'Kunde', zip_code: '5000', city: 'Odense C' },
      },
    ]);
  });
}
