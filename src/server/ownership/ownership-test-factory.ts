import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { complete } from '../../../tests/support/eid.js';
import { latestMailTo, linkParam } from '../../../tests/support/mail.js';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp, uniqueEmail } from '../../../tests/support/test-app.js';
import { diskStorage } from '../adapters/storage/disk-storage.js';
import { api, frameNumber, giveCredits, registered } from '../bikes/bike-test-factory.js';
import { identities } from '../db/schema.js';
import { MINIMAL_PDF, multipart, type Part, png } from '../pictures/test-factory.js';

// Helpers of the ownership API tests: an app with its own file storage and autotest accounts (they
// approve through national ID without the provider's screen), owners with a credit, and the transfer calls.

export interface OwnershipTest {
  t: TestApp;
  dataDir: string;
  /** A new user (an autotest account, so it can approve), with credits; `language` is their chosen language. */
  user(options?: { language?: 'da' | 'en' | 'no'; verified?: boolean; firstName?: string; lastName?: string }): Promise<SignedUpUser>;
  /** A bike registered to the user through the API, with a fresh frame number. */
  bike(
    user: SignedUpUser,
    body?: Record<string, unknown>,
  ): Promise<{ id: string; bike_ownership_id: string; frame_number: string | null; bikekey_id: string | null }>;
  stored(key: string): Promise<{ body: Buffer } | null>;
  close(): Promise<void>;
}

export async function ownershipTest(): Promise<OwnershipTest> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ownership-'));
  const autotest = Array.from({ length: 40 }, () => uniqueEmail('autotest'));
  let next = 0;
  const t = await createTestApp({
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '10000',
    AUTOTEST_ACCOUNTS: autotest.join(','),
  });
  return {
    t,
    dataDir,
    async user(options = {}) {
      const email = autotest[next++];
      if (!email) throw new Error('out of autotest accounts');
      const user = await signUpUser(t.app, { email, chosen_language: options.language ?? 'da' });
      await giveCredits(t.database.db, user.partyId, 3);
      await t.database.db
        .update(identities)
        .set({
          firstName: options.firstName ?? null,
          lastName: options.lastName ?? null,
          emailVerifiedAt: options.verified === false ? null : new Date(),
        })
        .where(eq(identities.partyId, user.partyId));
      return user;
    },
    bike: (user, body = {}) =>
      registered(t, user.token, { frame_number: frameNumber(), brand_name: 'Kildemoes', model: 'Logic', color_id: 'black', ...body }),
    stored: (key) => diskStorage(path.join(dataDir, 'files')).get(key),
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts a transfer of the bike to `email` (201 expected) and answers it with the token from the mail. */
export async function startTransfer(
  t: TestApp,
  seller: SignedUpUser,
  bikeId: string,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; token: string; body: Record<string, unknown> }> {
  const res = await api(t.app, seller.token, 'POST', `/api/bikes/${bikeId}/transfers`, { email, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await latestMailTo(t.database.db, email);
  const token = linkParam(mail.text, 'token');
  expect(linkParam(mail.text, 'transfer')).toBe(res.json().id);
  return { id: res.json().id, token, body: res.json() };
}

/** An approval of confirm_transfer for this transfer by the user (an autotest account). */
export async function confirmApproval(t: TestApp, user: SignedUpUser, transferId: string): Promise<string> {
  const res = await complete(t.app, user.token, {
    verification_session_type: 'approve',
    act: 'confirm_transfer',
    subject_id: transferId,
    verification_type: 'mitid',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().session_task_result.approval_id as string;
}

async function upload(t: TestApp, user: SignedUpUser, bikeId: string, what: 'pictures' | 'documents', parts: Part[]) {
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject(authed(user.token, { method: 'POST', url: `/api/bikes/${bikeId}/${what}`, payload, headers }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

/** A picture of the bike uploaded through the API (kind public by default). */
export async function uploadPicture(t: TestApp, user: SignedUpUser, bikeId: string, kind = 'public') {
  return upload(t, user, bikeId, 'pictures', [
    { name: 'kind', value: kind },
    { name: 'file', value: await png(), filename: 'bike.png', contentType: 'image/png' },
  ]);
}

/** A receipt (PDF) of the bike uploaded through the API. */
export function uploadDocument(t: TestApp, user: SignedUpUser, bikeId: string) {
  return upload(t, user, bikeId, 'documents', [
    { name: 'kind', value: 'receipt' },
    { name: 'file', value: MINIMAL_PDF, filename: 'receipt.pdf', contentType: 'application/pdf' },
  ]);
}
