import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveThroughProvider,
  callbackBody,
  complete,
  startVerification,
  throughDevProvider,
  verifyThroughProvider,
} from '../../../tests/support/eid.js';
import { authed, createTestApp, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { approvals, identities } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { requireApproval } from './approvals.js';

// Step-up (§4): deleting your own account needs your approval through national ID, bound to that act
// and to you, short-lived and single-use.

let t: TestApp;
const autotestEmail = uniqueEmail('autotest');
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', AUTOTEST_ACCOUNTS: ` other@example.dk , ${autotestEmail.toUpperCase()}` });
});
afterAll(() => t.close());

const del = (token: string, partyId: string, approvalId?: string) =>
  t.app.inject(
    authed(token, {
      method: 'DELETE',
      url: `/api/identities/${partyId}/`,
      headers: { 'accept-language': 'en', ...(approvalId === undefined ? {} : { 'x-approval-id': approvalId }) },
    }),
  );
const exists = async (partyId: string) =>
  (await t.database.db.select().from(identities).where(eq(identities.partyId, partyId))).length === 1;

describe('deleting your own account needs an approval', () => {
  it.each([
    ['no approval', undefined],
    ['a malformed approval id', 'garbage'],
    ['an approval that does not exist', randomUUID()],
  ])('refuses %s with 403 approval_required', async (_what, approvalId) => {
    const user = await signUpUser(t.app);
    const res = await del(user.token, user.partyId, approvalId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'This needs your approval with national ID. Approve it and try again.',
      code: 'approval_required',
    });
    expect(await exists(user.partyId)).toBe(true);
  });

  it('deletes with an approval given through the provider (which also verifies an unverified account)', async () => {
    const user = await signUpUser(t.app);
    const answer = await verifyThroughProvider(t.app, user.token, 'mitid-test-anna', {
      verification_session_type: 'approve',
      act: 'delete_account',
      success_url: '/app/settings/delete-user',
    });
    expect(answer.session_task_result).toEqual({
      status: 'approved',
      act: 'delete_account',
      approval_id: expect.any(String),
      success_url: '/app/settings/delete-user',
    });
    const [identity] = await t.database.db.select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(identity).toMatchObject({ eidSubject: 'mitid-test-anna', verifiedName: 'Anna Jensen' });
    const [approval] = await t.database.db.select().from(approvals).where(eq(approvals.partyId, user.partyId));
    expect(approval?.act).toBe('delete_account');
    // Short-lived: ten minutes.
    const lifetime = (approval?.expiresAt.getTime() ?? 0) - (approval?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(10 * 60_000);

    const res = await del(answer.authentication_token, user.partyId, answer.session_task_result.approval_id ?? '');
    expect(res.statusCode).toBe(204);
    expect(await exists(user.partyId)).toBe(false);
    // The person is free to verify a new account.
    const again = await signUpUser(t.app);
    await verifyThroughProvider(t.app, again.token, 'mitid-test-anna');
  });

  it('refuses an approval given by another person than the one the account is verified as', async () => {
    const user = await signUpUser(t.app);
    await verifyThroughProvider(t.app, user.token, 'mitid-test-mads');
    const started = await startVerification(t.app, user.token, { verification_session_type: 'approve', act: 'delete_account' });
    const { callback } = await throughDevProvider(t.app, started.verification_url, { identity: 'mitid-test-sofie' });
    const res = await complete(t.app, user.token, callbackBody(callback, started.session_id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'The approval must be given by the person who owns the account', code: 'approval_wrong_person' });
    expect(await t.database.db.select().from(approvals).where(eq(approvals.partyId, user.partyId))).toEqual([]);
    // The right person may.
    const approvalId = await approveThroughProvider(t.app, user.token, 'mitid-test-mads');
    expect((await del(user.token, user.partyId, approvalId)).statusCode).toBe(204);
  });

  it('binds an approval to its person: another user cannot use it', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const approvalId = await approveThroughProvider(t.app, owner.token, 'mitid-test-sofie');
    expect((await del(other.token, other.partyId, approvalId)).statusCode).toBe(403);
    expect((await del(other.token, owner.partyId, approvalId)).json().code).toBe('forbidden');
    expect(await exists(other.partyId)).toBe(true);
    // Refused attempts did not use it up.
    expect((await del(owner.token, owner.partyId, approvalId)).statusCode).toBe(204);
  });

  it('binds an approval to its act', async () => {
    const user = await signUpUser(t.app);
    const [other] = await t.database.db
      .insert(approvals)
      .values({ partyId: user.partyId, act: 'report_found', expiresAt: new Date(Date.now() + 60_000) })
      .returning();
    expect((await del(user.token, user.partyId, other?.id)).json().code).toBe('approval_required');
  });

  it('refuses an expired approval', async () => {
    const user = await signUpUser(t.app, { chosen_region: 'no' });
    const approvalId = await approveThroughProvider(t.app, user.token, 'bankid-test-lars');
    await t.database.db
      .update(approvals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(approvals.id, approvalId));
    expect((await del(user.token, user.partyId, approvalId)).json().code).toBe('approval_required');
    expect(await exists(user.partyId)).toBe(true);
  });

  it('uses an approval once', async () => {
    const user = await signUpUser(t.app, { chosen_region: 'no' });
    const approvalId = await approveThroughProvider(t.app, user.token, 'bankid-test-kari');
    await requireApproval(t.database.db, user.partyId, 'delete_account', approvalId);
    await expect(requireApproval(t.database.db, user.partyId, 'delete_account', approvalId)).rejects.toEqual(
      new AppError('approval_required'),
    );
    expect((await del(user.token, user.partyId, approvalId)).json().code).toBe('approval_required');
  });

  it('gives the approval back when the act fails', async () => {
    const user = await signUpUser(t.app, { chosen_region: 'no' });
    const approvalId = await approveThroughProvider(t.app, user.token, 'bankid-test-ingrid');
    await expect(
      t.database.db.transaction(async (tx) => {
        await requireApproval(tx, user.partyId, 'delete_account', approvalId);
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    expect((await del(user.token, user.partyId, approvalId)).statusCode).toBe(204);
  });
});

describe('autotest accounts (§6) skip the provider', () => {
  it('start answers the redirect page itself, and complete verifies at once', async () => {
    const user = await signUpUser(t.app, { email: autotestEmail });
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify', success_url: '/app/settings' });
    const url = new URL(started.verification_url);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/app/redirects/verification-complete-redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({ verification_session_type: 'verify', verification_type: 'mitid' });
    const res = await complete(t.app, user.token, {
      verification_session_type: 'verify',
      verification_type: 'mitid',
      session_id: started.session_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session_task_result).toEqual({ status: 'verified', act: null, approval_id: null, success_url: '/app/settings' });
    const profile = (await t.app.inject(authed(res.json().authentication_token, { method: 'GET', url: '/api/identities/me' }))).json();
    expect(profile).toMatchObject({ verification_status: 'verified', verified_with: 'mitid', verified_name: 'Autotest' });

    // Approving works the same way, without a start too, and the approval deletes the account.
    const approved = await complete(t.app, user.token, {
      verification_session_type: 'approve',
      act: 'delete_account',
      verification_type: 'mitid',
    });
    expect(approved.statusCode).toBe(200);
    const approvalId = approved.json().session_task_result.approval_id;
    expect((await del(user.token, user.partyId, approvalId)).statusCode).toBe(204);
  });

  it('is refused (403) for every other account', async () => {
    const user = await signUpUser(t.app);
    const res = await complete(t.app, user.token, { verification_session_type: 'verify', verification_type: 'mitid' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Only test accounts can skip the verification with national ID', code: 'autotest_only' });
    const [identity] = await t.database.db.select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(identity?.verifiedOn).toBeNull();
    const started = await startVerification(t.app, user.token, { verification_session_type: 'verify' });
    expect(new URL(started.verification_url).pathname).toBe('/dev-idp/auth');
  });
});
