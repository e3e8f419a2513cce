import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../../../tests/support/test-app.js';
import { INSURANCE_COVERAGES } from '../../domain/insurance-purchase.js';
import { api } from '../bikes/bike-test-factory.js';
import { identities, insuranceClaims, lockTestResponses, possessionVerifications } from '../db/schema.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { makeOrganisation, reportStolen } from '../theft/theft-test-factory.js';
import { insurerMember, logInAgain } from './insurance-test-factory.js';

// Every insurance route × every role (issue 13, §6), in one table, so that who may do what reads in one place:
// - the insurer's own pages (its home, claims and their dossier, an insured bike, reviewing a lock test) answer its
//   members only; anyone else signed in gets 403 — another insurer's member, the owner, a stranger, and staff (staff
//   reach insurance through the backoffice, never through an insurer's area);
// - one record that is not the caller's answers 404, never 403, so an id reveals nothing (a policy, a proof, a lock test);
// - lists answer everyone signed in with what is theirs: the owner their own, the insurer's member the company's;
// - the Danish sign-up's quote and order, and the lookup of a pre-registered policy number, are public (rate-limited).
// A visitor gets 401 everywhere else. The table must name every insurance route: a new one fails the last test.

type Role = 'visitor' | 'stranger' | 'owner' | 'memberB' | 'staff' | 'memberA';
/** In this order, so that the one allowed change (the insurer's member) comes after everyone refused. */
const COVERAGE = INSURANCE_COVERAGES[0];
const ROLES: Role[] = ['visitor', 'stranger', 'owner', 'memberB', 'staff', 'memberA'];
type Expected = number | 'ok';

interface Case {
  method: 'GET' | 'POST' | 'PATCH';
  /** As registered (for the coverage check). */
  route: string;
  url: () => string;
  body?: (role: Role) => unknown;
  expect: Record<Role, Expected>;
}

let o: OwnershipTest;
let insurerA: string;
let insurerB: string;
const as: Partial<Record<Role, SignedUpUser>> = {};
let policyId: string;
let bikeId: string;
let claimId: string;
let verificationId: string;
let lockTestId: string;

let policyNumber = 0;
const takeOut = () => ({
  insurer_party_id: insurerA,
  type: 'bike',
  coverage: 'plus',
  insurer_policy_id: `MX${Date.now().toString(36)}${++policyNumber}`,
  acknowledgement_privacy: true,
  acknowledgement_data_share: true,
});

const insurerOnly = (ok: Expected): Record<Role, Expected> => ({
  visitor: 401,
  stranger: 403,
  owner: 403,
  memberB: 403,
  staff: 403,
  memberA: ok,
});
const everyoneSignedIn: Record<Role, Expected> = { visitor: 401, stranger: 'ok', owner: 'ok', memberB: 'ok', staff: 'ok', memberA: 'ok' };
const ownerAndInsurer: Record<Role, Expected> = { visitor: 401, stranger: 404, owner: 'ok', memberB: 404, staff: 404, memberA: 'ok' };

const CASES: Case[] = [
  { method: 'GET', route: '/api/insurance/self/claims/', url: () => '/api/insurance/self/claims/', expect: everyoneSignedIn },
  {
    method: 'POST',
    route: '/api/insurance/purchases/quote',
    url: () => '/api/insurance/purchases/quote',
    body: () => ({
      items: [
        {
          id: crypto.randomUUID(),
          bikePrice: 15000,
          bikeType: 'racer',
          bikeIsElectric: false,
          bikePurchaseDate: '2026-01-10',
          coverage: COVERAGE,
        },
      ],
    }),
    expect: { visitor: 'ok', stranger: 'ok', owner: 'ok', memberB: 'ok', staff: 'ok', memberA: 'ok' },
  },
  {
    // Public, and validated like any other call: an empty order is refused as incomplete, not as unauthorised.
    method: 'POST',
    route: '/api/insurance/purchases/',
    url: () => '/api/insurance/purchases/',
    body: () => ({}),
    expect: { visitor: 422, stranger: 422, owner: 422, memberB: 422, staff: 422, memberA: 422 },
  },
  {
    method: 'POST',
    route: '/api/insurance/:insurerPartyId/policies/pre-registration-lookup/:insurerPolicyId/',
    url: () => `/api/insurance/${insurerA}/policies/pre-registration-lookup/NO-SUCH-NUMBER/`,
    expect: { visitor: 401, stranger: 404, owner: 404, memberB: 404, staff: 404, memberA: 404 },
  },
  { method: 'GET', route: '/api/insurance/policies/', url: () => '/api/insurance/policies/', expect: everyoneSignedIn },
  {
    // A person takes out a policy; a member acting as the insurer pre-registers one for a customer; a member acting
    // as another insurer can do neither with A.
    method: 'POST',
    route: '/api/insurance/policies/',
    url: () => '/api/insurance/policies/',
    body: () => takeOut(),
    expect: { visitor: 401, stranger: 'ok', owner: 'ok', memberB: 403, staff: 'ok', memberA: 'ok' },
  },
  {
    method: 'GET',
    route: '/api/insurance/policies/:policyId/',
    url: () => `/api/insurance/policies/${policyId}/`,
    expect: ownerAndInsurer,
  },
  {
    // Only the holder changes the bikes on a policy.
    method: 'PATCH',
    route: '/api/insurance/policies/:policyId/bikes/',
    url: () => `/api/insurance/policies/${policyId}/bikes/`,
    body: () => ({ number_of_bikes: 1 }),
    expect: { visitor: 401, stranger: 404, owner: 'ok', memberB: 404, staff: 404, memberA: 404 },
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/admin/overview',
    url: () => `/api/insurance/${insurerA}/admin/overview`,
    expect: insurerOnly('ok'),
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/admin/policies/:policyId/bikes/:bikeId',
    url: () => `/api/insurance/${insurerA}/admin/policies/${policyId}/bikes/${bikeId}`,
    expect: insurerOnly('ok'),
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/claims/',
    url: () => `/api/insurance/${insurerA}/claims/`,
    expect: insurerOnly('ok'),
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/claims/:claimId',
    url: () => `/api/insurance/${insurerA}/claims/${claimId}`,
    expect: insurerOnly('ok'),
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/claims/:claimId/police-report.pdf',
    url: () => `/api/insurance/${insurerA}/claims/${claimId}/police-report.pdf`,
    expect: insurerOnly('ok'),
  },
  {
    method: 'POST',
    route: '/api/insurance/:insurerPartyId/claims/:claimId/events/',
    url: () => `/api/insurance/${insurerA}/claims/${claimId}/events/`,
    body: () => ({ status: 'in_review' }),
    expect: insurerOnly('ok'),
  },
  {
    // The owner proves possession (an empty form is incomplete); the insurer's members do not submit proofs.
    method: 'POST',
    route: '/api/insurance/:insurerPartyId/possession-verifications/',
    url: () => `/api/insurance/${insurerA}/possession-verifications/`,
    body: () => ({}),
    expect: { visitor: 401, stranger: 422, owner: 422, memberB: 422, staff: 422, memberA: 422 },
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/possession-verifications/',
    url: () => `/api/insurance/${insurerA}/possession-verifications/`,
    expect: everyoneSignedIn,
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/possession-verifications/:verificationId',
    url: () => `/api/insurance/${insurerA}/possession-verifications/${verificationId}`,
    expect: ownerAndInsurer,
  },
  {
    method: 'POST',
    route: '/api/insurance/:insurerPartyId/lock-tests/',
    url: () => `/api/insurance/${insurerA}/lock-tests/`,
    body: () => ({}),
    expect: { visitor: 401, stranger: 422, owner: 422, memberB: 422, staff: 422, memberA: 422 },
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/lock-tests/',
    url: () => `/api/insurance/${insurerA}/lock-tests/`,
    expect: everyoneSignedIn,
  },
  {
    method: 'GET',
    route: '/api/insurance/:insurerPartyId/lock-tests/:lockTestId',
    url: () => `/api/insurance/${insurerA}/lock-tests/${lockTestId}`,
    expect: ownerAndInsurer,
  },
  {
    method: 'POST',
    route: '/api/insurance/:insurerPartyId/lock-tests/:lockTestId/review',
    url: () => `/api/insurance/${insurerA}/lock-tests/${lockTestId}/review`,
    body: () => ({ decision: 'approved' }),
    expect: insurerOnly('ok'),
  },
];

beforeAll(async () => {
  o = await ownershipTest();
  insurerA = await makeOrganisation(o.t, 'Alfa Forsikring');
  insurerB = await makeOrganisation(o.t, 'Beta Forsikring');
  as.memberA = await insurerMember(o, insurerA);
  as.memberB = await insurerMember(o, insurerB);
  as.owner = await o.user();
  as.stranger = await o.user();
  const staff = await o.user();
  await o.t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staff.partyId));
  as.staff = await logInAgain(o.t.app, staff);

  const owner = as.owner;
  const bike = await o.bike(owner);
  bikeId = bike.id;
  const policy = await api(o.t.app, owner.token, 'POST', '/api/insurance/policies/', { ...takeOut(), bikes: [bike.id] });
  expect(policy.statusCode, policy.body).toBe(201);
  policyId = policy.json().id;

  const stolen = await o.bike(owner);
  const report = await reportStolen(o.t, owner, stolen.id, {
    isInsured: true,
    insurance_company: insurerA,
    frame_number: stolen.frame_number,
  });
  const [claim] = await o.t.database.db
    .select()
    .from(insuranceClaims)
    .where(eq(insuranceClaims.theftReportId, String(report.id)));
  claimId = claim?.id ?? '';

  const [verification] = await o.t.database.db
    .insert(possessionVerifications)
    .values({
      insurerPartyId: insurerA,
      bikeId,
      ownerPartyId: owner.partyId,
      frameNumber: bike.frame_number ?? 'X',
      details: {
        email: owner.email,
        first_name: 'Anna',
        last_name: 'Jensen',
        street: null,
        city: null,
        zip: null,
        floor: null,
        side: null,
        door: null,
        mobile: null,
        policy_id: null,
      },
    })
    .returning();
  verificationId = verification?.id ?? '';
  const [lockTest] = await o.t.database.db
    .insert(lockTestResponses)
    .values({
      insurerPartyId: insurerA,
      policyId,
      ownerPartyId: owner.partyId,
      bikeId,
      email: owner.email,
      lockType: 'ring',
      brand: 'ABUS',
      frameNumberMatches: true,
      stampedByDealer: true,
    })
    .returning();
  lockTestId = lockTest?.id ?? '';
});
afterAll(() => o.close());

describe('every insurance route × every role', () => {
  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))('%s', async (_name, c) => {
    const seen: Record<string, number> = {};
    for (const role of ROLES) {
      const res = await api(o.t.app, as[role]?.token ?? null, c.method, c.url(), c.body?.(role));
      seen[role] = res.statusCode;
    }
    const expected = Object.fromEntries(ROLES.map((role) => [role, c.expect[role]]));
    const got = Object.fromEntries(
      ROLES.map((role) => [role, c.expect[role] === 'ok' && (seen[role] ?? 0) >= 200 && (seen[role] ?? 0) < 300 ? 'ok' : seen[role]]),
    );
    expect(got).toEqual(expected);
  });

  it('names every insurance route the app has', () => {
    const registered = o.t.app.apiRoutes
      .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/insurance'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(CASES.map((c) => `${c.method} ${c.route}`).sort());
  });
});
