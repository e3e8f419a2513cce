import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialBody, throughSocialProvider } from '../../../tests/support/eid.js';
import { latestMailTo, linkParam } from '../../../tests/support/mail.js';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { REFERRAL_ALPHABET } from '../../domain/referrals.js';
import { identities } from '../db/schema.js';

// Issue 15: every person's referral link, and the friends who signed up through it (counted, never named).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

interface Referrals {
  code: string;
  link: string;
  friends_signed_up: number;
  friends_verified: number;
}
const referrals = async (token: string): Promise<Referrals> => {
  const res = await t.app.inject(authed(token, { method: 'GET', url: '/api/identities/me/referrals' }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const identityOf = async (partyId: string) => (await t.database.db.select().from(identities).where(eq(identities.partyId, partyId)))[0];

describe('GET /api/identities/me/referrals', () => {
  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identities/me/referrals' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'invalid_token' });
  });

  it('gives each person a code of their own, the same on every call, as a sign-up link', async () => {
    const user = await signUpUser(t.app);
    const first = await referrals(user.token);
    expect(first.code).toMatch(new RegExp(`^[${REFERRAL_ALPHABET}]{8}$`));
    expect(first.link).toBe(`http://localhost:3000/signup?friend_ref=${first.code}`);
    expect(first.link).not.toContain(user.partyId);
    expect(first).toMatchObject({ friends_signed_up: 0, friends_verified: 0 });
    expect((await referrals(user.token)).code).toBe(first.code);
    const other = await signUpUser(t.app);
    expect((await referrals(other.token)).code).not.toBe(first.code);
  });

  it('counts a friend who signs up through the link, and again once they confirm their email, never saying who', async () => {
    const user = await signUpUser(t.app);
    const { code } = await referrals(user.token);
    // As someone might type it: lower case, with a hyphen in the middle.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`;
    const friend = await signUpUser(t.app, { friend_ref: typed });
    expect((await identityOf(friend.partyId))?.referredBy).toBe(user.partyId);
    const after = await referrals(user.token);
    expect(after).toMatchObject({ friends_signed_up: 1, friends_verified: 0 });
    expect(JSON.stringify(after)).not.toContain(friend.email);

    const mail = await latestMailTo(t.database.db, friend.email, 'Bekræft din e-mail');
    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${encodeURIComponent(linkParam(mail.text, 'code'))}/validate`,
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(await referrals(user.token)).toMatchObject({ friends_signed_up: 1, friends_verified: 1 });
    // The friend's own count is theirs alone.
    expect(await referrals(friend.token)).toMatchObject({ friends_signed_up: 0 });
  });

  it('lets a sign-up with an unknown or malformed code through, recording no referrer', async () => {
    const user = await signUpUser(t.app);
    await referrals(user.token);
    for (const friendRef of ['ZZZZZZZZ', 'not a code at all', user.partyId]) {
      const friend = await signUpUser(t.app, { friend_ref: friendRef });
      const row = await identityOf(friend.partyId);
      expect(row?.referredBy).toBeNull();
      // What the link said is kept as it came (§3 friend_ref).
      expect(row?.friendRef).toBe(friendRef);
    }
    expect(await referrals(user.token)).toMatchObject({ friends_signed_up: 0 });
  });

  it('counts a social sign-up through the link, but not one that lands in an account that already exists', async () => {
    const user = await signUpUser(t.app);
    const { code } = await referrals(user.token);
    const start = { intent: 'signup', chosen_region: 'dk', chosen_language: 'da', accept_terms: true, friend_ref: code };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/identities/dev',
      payload: socialBody(await throughSocialProvider(t.app, 'social-test-emma', start)),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await referrals(user.token)).toMatchObject({ friends_signed_up: 1 });

    // Self-referral: the owner of ole's address follows their own link and signs up with ole's social login;
    // it signs them in to the account they have, which was not brought by anyone.
    const ole = await signUpUser(t.app, { email: 'owner@demo.cykelregister.dk', skip_email: true });
    const own = await referrals(ole.token);
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/identities/dev',
      payload: socialBody(await throughSocialProvider(t.app, 'social-test-ole', { ...start, friend_ref: own.code })),
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().outcome).toBe('linked');
    expect((await identityOf(ole.partyId))?.referredBy).toBeNull();
    expect(await referrals(ole.token)).toMatchObject({ friends_signed_up: 0 });
  });

  it('never gives two people one code', async () => {
    const users = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]);
    const codes = await Promise.all(users.map(async (u) => (await referrals(u.token)).code));
    expect(new Set(codes).size).toBe(3);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(identities)
      .where(eq(identities.referralCode, codes[0] ?? ''));
    expect(row?.n).toBe(1);
  });
});
