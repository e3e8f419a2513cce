import { asc, eq } from 'drizzle-orm';
import type { Insurer } from '../../domain/theft.js';
import type { AppContext } from '../context.js';
import { organisations } from '../db/schema.js';

// The insurance companies of the register, for the stolen report's insurance step: organisations of
// type insurance_company, by name. Their party id is what the report names (insurance_company).

export async function listInsurers(ctx: AppContext): Promise<Insurer[]> {
  const rows = await ctx.db
    .select({ party_id: organisations.partyId, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.organisationType, 'insurance_company'))
    .orderBy(asc(organisations.name), asc(organisations.partyId));
  return rows;
}
