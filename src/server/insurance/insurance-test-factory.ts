import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedUpUser } from '../../../tests/support/test-app.js';
import { organisationMembers } from '../db/schema.js';
import type { OwnershipTest } from '../ownership/ownership-test-factory.js';

// What the insurance API tests share: a person logged in again (a membership or a role given since sign-up is then
// on the token), and an insurer's member acting as the insurer.

/** Logs `user` in again: the new token carries what changed since sign-up (an organisation to act as). */
export async function logInAgain(app: FastifyInstance, user: SignedUpUser): Promise<SignedUpUser> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identities/authentications',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, token: res.json().authentication_token };
}

/** A new member of the insurer, logged in so that they act as it (§2). */
export async function insurerMember(o: OwnershipTest, insurerPartyId: string): Promise<SignedUpUser> {
  const user = await o.user();
  await o.t.database.db.insert(organisationMembers).values({ organisationPartyId: insurerPartyId, identityPartyId: user.partyId });
  return logInAgain(o.t.app, user);
}
