import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complete } from '../../../tests/support/eid.js';
import { authed } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { type OwnershipTest, ownershipTest } from '../ownership/ownership-test-factory.js';
import { foundApproval, makeOrganisation, reportFoundCall, reportStolen } from '../theft/theft-test-factory.js';
import { publicFiguresReader } from './service.js';

// GET /api/public/figures (issue 15): the front page's counts, read from the database as the product's own calls
// leave it: bikes with a current owner, stolen reports that ended found, insurance companies.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

const figures = () => api(o.t.app, null, 'GET', '/api/public/figures');

describe('GET /api/public/figures', () => {
  it('counts registered bikes (not those of a deleted account), recovered bikes and insurers, for a visitor, cached briefly', async () => {
    const owner = await o.user();
    const leaving = await o.user();
    const kept = await o.bike(owner);
    const stolen = await o.bike(owner);
    await o.bike(leaving);
    await o.bike(leaving);
    // Stolen and found again (through the owner's national ID approval): one recovery. Stolen again: still stolen.
    await reportStolen(o.t, owner, kept.id);
    expect((await reportFoundCall(o.t, owner, kept.id, await foundApproval(o.t, owner, kept.id))).statusCode).toBe(200);
    await reportStolen(o.t, owner, stolen.id);
    // The account that leaves takes its bikes with it.
    const approval = await complete(o.t.app, leaving.token, {
      verification_session_type: 'approve',
      act: 'delete_account',
      verification_type: 'mitid',
    });
    expect(approval.statusCode, approval.body).toBe(200);
    const deleted = await o.t.app.inject(
      authed(leaving.token, {
        method: 'DELETE',
        url: `/api/identities/${leaving.partyId}/`,
        headers: { 'x-approval-id': approval.json().session_task_result.approval_id },
      }),
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    await makeOrganisation(o.t, 'Tryg Test', 'insurance_company');
    await makeOrganisation(o.t, 'Cykelsmeden ApS', 'business');

    const res = await figures();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ bikes_registered: 2, bikes_recovered: 1, insurers: 1 });
    expect(res.headers['cache-control']).toBe('public, max-age=60');

    // Within the minute the same figures are answered without counting again.
    await o.bike(owner);
    expect((await figures()).json()).toEqual({ bikes_registered: 2, bikes_recovered: 1, insurers: 1 });
  });

  it('counts again once the figures are a minute old', async () => {
    let now = 1_000_000;
    const read = publicFiguresReader(o.t.database.db, () => now);
    const before = await read();
    const owner = await o.user();
    await o.bike(owner);
    now += 59_000;
    expect(await read()).toEqual(before);
    now += 1_000;
    expect(await read()).toEqual({ ...before, bikes_registered: before.bikes_registered + 1 });
  });
});
