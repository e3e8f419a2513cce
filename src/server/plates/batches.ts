import { randomInt } from 'node:crypto';
import { generatePlateId, normalisePlateId } from '../../domain/bikes/plate-id.js';
import type { Db } from '../db/client.js';
import { plateBatches, plates } from '../db/schema.js';

export interface NewPlateBatch {
  name: string;
  kind?: 'standard' | 'insurance';
  /** Plates sold with a registration: registering a bike with one needs no credit. */
  includesRegistration?: boolean;
  insurerPartyId?: string | null;
  /** How many random plate IDs to make. */
  count?: number;
  /** What the random IDs begin with (letters of the plate alphabet; may be empty). */
  prefix?: string;
  /** Fixed IDs to make (the demo's); taken as they are, skipped when they exist. */
  ids?: string[];
}

/**
 * Creates a printed batch of plates (the command line and the backoffice both make them here): random IDs from the plate alphabet (crypto-random, so IDs cannot
 * be guessed from one another), drawn again on the rare clash with an existing plate. Answers the batch
 * and the IDs created, in order.
 */
export async function createPlateBatch(db: Db, input: NewPlateBatch): Promise<{ batchId: string; ids: string[] }> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(plateBatches)
      .values({
        name: input.name,
        kind: input.kind ?? 'standard',
        includesRegistration: input.includesRegistration ?? false,
        insurerPartyId: input.insurerPartyId ?? null,
      })
      .returning({ id: plateBatches.id });
    if (!batch) throw new Error('plate batch insert returned nothing');
    const created: string[] = [];
    const insert = async (ids: string[]) => {
      if (ids.length === 0) return;
      const rows = await tx
        .insert(plates)
        .values(ids.map((id) => ({ id, batchId: batch.id })))
        .onConflictDoNothing()
        .returning({ id: plates.id });
      const made = new Set(rows.map((r) => r.id));
      created.push(...ids.filter((id) => made.has(id)));
    };
    await insert([...new Set((input.ids ?? []).map(normalisePlateId))]);
    const wanted = created.length + (input.count ?? 0);
    for (let round = 0; created.length < wanted && round < 20; round += 1) {
      const fresh = new Set<string>();
      while (fresh.size < wanted - created.length) fresh.add(generatePlateId(randomInt, input.prefix ?? ''));
      // Inserted in chunks: a batch of thousands stays within the parameter limit.
      const list = [...fresh];
      for (let i = 0; i < list.length; i += 1000) await insert(list.slice(i, i + 1000));
    }
    return { batchId: batch.id, ids: created };
  });
}
