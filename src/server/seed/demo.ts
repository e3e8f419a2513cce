import { randomBytes } from 'node:crypto';
import { PRIVACY_AND_TERMS_VERSION } from '../../domain/legal.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { consents, identities, organisationMembers, organisations, parties } from '../db/schema.js';
import { findIdentityByEmail } from '../identity/service.js';
import { hashPassword } from '../shared/secrets.js';
import { seedDemoBikes } from './demo-bikes.js';
import { seedDemoDistributors } from './demo-distributors.js';
import { seedDemoDock } from './demo-docks.js';
import { seedDemoInsuranceClaims } from './demo-insurance-claims.js';
import { seedDemoInsuranceEvidence } from './demo-insurance-evidence.js';
import { seedDemoInsurancePolicies } from './demo-insurance-policies.js';
import { seedDemoStolenBikes } from './demo-stolen.js';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

/** The demo accounts of embedded mode, also listed in the README. */
export const DEMO_ACCOUNTS = {
  owner: { label: 'Owner', email: 'owner@demo.cykelregister.dk', password: 'demo-owner-2026' },
  staff: { label: 'Staff (backoffice)', email: 'staff@demo.cykelregister.dk', password: 'demo-staff-2026' },
  admin: { label: 'Admin (backoffice, switch-user)', email: 'admin@demo.cykelregister.dk', password: 'demo-admin-2026' },
  insurer: { label: 'Insurance company admin', email: 'insurer@demo.cykelregister.dk', password: 'demo-insurer-2026' },
  claimsHandler: { label: 'Insurance company claims handler', email: 'claims@demo.cykelregister.dk', password: 'demo-claims-2026' },
} as const satisfies Record<string, DemoAccount>;

/**
 * The demo accounts as they are created: with the README's passwords, except in production, where published
 * passwords would let anyone in as the demo admin; there each gets a random one, printed once at start-up.
 */
function accountsFor(ctx: AppContext): Record<keyof typeof DEMO_ACCOUNTS, DemoAccount> {
  if (ctx.config.env !== 'production') return DEMO_ACCOUNTS;
  const own = (account: DemoAccount) => ({ ...account, password: randomBytes(15).toString('base64url') });
  return {
    owner: own(DEMO_ACCOUNTS.owner),
    staff: own(DEMO_ACCOUNTS.staff),
    admin: own(DEMO_ACCOUNTS.admin),
    insurer: own(DEMO_ACCOUNTS.insurer),
    claimsHandler: own(DEMO_ACCOUNTS.claimsHandler),
  };
}

/** Seeds the demo accounts once, on the first start of an empty database. Returns them when created. */
export async function seedDemoData(ctx: AppContext): Promise<DemoAccount[] | null> {
  const { db } = ctx;
  if (await findIdentityByEmail(db, DEMO_ACCOUNTS.owner.email)) return null;
  const accounts = accountsFor(ctx);
  const now = new Date();
  const person = async (tx: Db, account: DemoAccount, role: 'private' | 'staff' | 'admin', names: [string, string]) => {
    const [party] = await tx.insert(parties).values({ kind: 'person' }).returning();
    if (!party) throw new Error('seed: party insert failed');
    await tx.insert(identities).values({
      partyId: party.id,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role,
      firstName: names[0],
      lastName: names[1],
      emailVerifiedAt: now,
      street: 'Classensgade 12',
      zipCode: '2100',
      city: 'København Ø',
    });
    await tx.insert(consents).values({ partyId: party.id, type: 'privacy_and_terms', action: 'added', version: PRIVACY_AND_TERMS_VERSION });
    return party.id;
  };
  await db.transaction(async (tx) => {
    await person(tx, accounts.owner, 'private', ['Ole', 'Ejer']);
    await person(tx, accounts.staff, 'staff', ['Sara', 'Support']);
    await person(tx, accounts.admin, 'admin', ['Anders', 'Admin']);
    const insurerAdmin = await person(tx, accounts.insurer, 'private', ['Inge', 'Forsikring']);
    const [orgParty] = await tx.insert(parties).values({ kind: 'organisation' }).returning();
    if (!orgParty) throw new Error('seed: organisation insert failed');
    await tx.insert(organisations).values({ partyId: orgParty.id, name: 'Demo Forsikring A/S', organisationType: 'insurance_company' });
    await tx.insert(organisationMembers).values({ organisationPartyId: orgParty.id, identityPartyId: insurerAdmin, role: 'admin' });
    // A claims handler: a member of the company who is not its admin.
    const claimsHandler = await person(tx, accounts.claimsHandler, 'private', ['Kim', 'Skade']);
    await tx.insert(organisationMembers).values({ organisationPartyId: orgParty.id, identityPartyId: claimsHandler, role: 'member' });
  });
  // Bikes, plates, the voucher and their files (seed/demo-bikes.ts).
  await seedDemoBikes(ctx);
  await seedDemoStolenBikes(ctx);
  await seedDemoInsurancePolicies(ctx);
  await seedDemoInsuranceClaims(ctx);
  await seedDemoInsuranceEvidence(ctx);
  await seedDemoDistributors(ctx);
  await seedDemoDock(ctx, accounts.owner.email);
  return Object.values(accounts);
}
