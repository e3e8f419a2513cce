import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import {
  bikeOwnerships,
  bikes,
  documents,
  identities,
  insurancePolicies,
  insuredItems,
  lockTestResponses,
  organisations,
  pictures,
  possessionVerifications,
} from '../db/schema.js';
import { storeDocument } from '../documents/service.js';
import { receiptPdf } from './demo-files.js';

// Demo evidence for the demo insurer (issue 13): a proof of possession of the demo owner's first bike (its seeded
// frame-number picture and receipt) and a lock test of the second (with a lock certificate), both waiting for
// review. Each counts for the bike's insured item with the insurer when there is one. Runs once, after the demo
// bikes and their files.

export async function seedDemoInsuranceEvidence(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const [insurer] = await db
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(eq(organisations.name, 'Demo Forsikring A/S'))
    .limit(1);
  const [owner] = await db
    .select({ partyId: identities.partyId, email: identities.email, firstName: identities.firstName, lastName: identities.lastName })
    .from(identities)
    .where(eq(identities.email, 'owner@demo.cykelregister.dk'));
  if (!insurer || !owner) return;
  const [already] = await db
    .select({ id: possessionVerifications.id })
    .from(possessionVerifications)
    .where(eq(possessionVerifications.insurerPartyId, insurer.partyId))
    .limit(1);
  if (already) return;
  const owned = await db
    .select({ id: bikes.id, frameNumber: bikes.frameNumber, ownershipId: bikeOwnerships.id, stolen: bikes.reportedStolen })
    .from(bikes)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
    .where(eq(bikeOwnerships.partyId, owner.partyId))
    .orderBy(asc(bikeOwnerships.startedAt));
  if (owned.length < 2) return;
  const withFiles = await db
    .select({ bikeId: pictures.bikeId, id: pictures.id })
    .from(pictures)
    .where(
      and(
        inArray(
          pictures.bikeId,
          owned.map((b) => b.id),
        ),
        eq(pictures.kind, 'frame_number'),
      ),
    );
  // The proof uses a bike's seeded frame-number picture; the lock test another bike, neither reported stolen.
  const first = owned.find((b) => !b.stolen && withFiles.some((p) => p.bikeId === b.id));
  const second = owned.find((b) => !b.stolen && b.id !== first?.id);
  if (!first || !second) return;
  const framePicture = withFiles.find((p) => p.bikeId === first.id);
  const itemOf = async (bikeId: string) => {
    const [item] = await db
      .select({ id: insuredItems.id, policyId: insuredItems.policyId })
      .from(insuredItems)
      .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
      .where(and(eq(insuredItems.bikeId, bikeId), eq(insurancePolicies.insurerPartyId, insurer.partyId)))
      .limit(1);
    return item ?? null;
  };
  const [receipt] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.bikeId, first.id), eq(documents.kind, 'receipt')))
    .limit(1);
  const certificate = await storeDocument(
    ctx,
    {
      bikeId: second.id,
      kind: 'lock_certificate',
      equipmentId: null,
      body: receiptPdf([
        'Laasecertifikat - Abus Pro Tectic 4960',
        `Stelnummer: ${second.frameNumber ?? ''}`,
        'Varefakta: VF-2025-4960',
        'Dato: 2025-04-12',
        'Stempel: Cykelhandler Demo ApS',
      ]),
      fileName: 'laasecertifikat.pdf',
    },
    async () => second.ownershipId,
  );

  const firstItem = await itemOf(first.id);
  const secondItem = await itemOf(second.id);
  await db.transaction(async (tx) => {
    await tx.insert(possessionVerifications).values({
      insurerPartyId: insurer.partyId,
      insuredItemId: firstItem?.id ?? null,
      bikeId: first.id,
      ownerPartyId: owner.partyId,
      frameNumberPictureId: framePicture?.id ?? null,
      receiptDocumentId: receipt?.id ?? null,
      frameNumber: first.frameNumber ?? '',
      details: {
        email: owner.email,
        first_name: owner.firstName ?? 'Ole',
        last_name: owner.lastName ?? 'Ejer',
        street: 'Classensgade 12',
        zip: '2100',
        city: 'København Ø',
        floor: null,
        side: null,
        door: null,
        mobile: null,
        policy_id: null,
      },
    });
    if (firstItem) await tx.update(insuredItems).set({ possessionStatus: 'submitted' }).where(eq(insuredItems.id, firstItem.id));
    await tx.insert(lockTestResponses).values({
      insurerPartyId: insurer.partyId,
      policyId: secondItem?.policyId ?? null,
      ownerPartyId: owner.partyId,
      bikeId: second.id,
      email: owner.email,
      lockType: 'ring',
      brand: 'Abus',
      model: 'Pro Tectic 4960',
      keyNumber: 'K-4960-17',
      varefaktaNumber: 'VF-2025-4960',
      certificateDate: '2025-04-12',
      frameNumberMatches: true,
      stampedByDealer: true,
      certificateDocumentId: certificate.id,
    });
    if (secondItem) await tx.update(insuredItems).set({ lockStatus: 'submitted' }).where(eq(insuredItems.id, secondItem.id));
  });
}
