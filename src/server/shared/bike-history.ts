import type { BikeEventKind } from '../../domain/ownership.js';
import type { Db } from '../db/client.js';
import { bikeEvents } from '../db/schema.js';

// A bike's history (issue 5): every state change, who and when, written in the transaction of the change.

export interface BikeEventInput {
  bikeId: string;
  kind: BikeEventKind;
  /** Who did it; null for the system (e.g. an expiry). */
  actorPartyId: string | null;
  /** The ownership it happened under. */
  ownershipId?: string | null;
  /** Details safe to show any later owner: no names, emails or national IDs. */
  data?: Record<string, unknown> | null;
}

export async function recordBikeEvent(tx: Db, event: BikeEventInput): Promise<void> {
  await tx.insert(bikeEvents).values({
    bikeId: event.bikeId,
    kind: event.kind,
    actorPartyId: event.actorPartyId,
    ownershipId: event.ownershipId ?? null,
    data: event.data ?? null,
  });
}
