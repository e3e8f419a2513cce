import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { PRIVACY_AND_TERMS_VERSION } from '../../domain/legal.js';
import { api, frameNumber } from '../bikes/bike-test-factory.js';
import { bikeOf, person, send, startChat } from '../chats/chat-test-factory.js';
import { identities } from '../db/schema.js';
import { encryptField } from '../shared/secrets.js';

// GET /api/identities/me/export (issue 15): everything stored about the caller, as a JSON download, and nothing of
// anyone else's beyond what the caller already sees.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
});
afterAll(() => t.close());

const exportOf = (token: string) => t.app.inject(authed(token, { method: 'GET', url: '/api/identities/me/export' }));

describe('GET /api/identities/me/export', () => {
  it('refuses a visitor with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identities/me/export' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'invalid_token' });
  });

  it('answers a JSON download of the caller’s profile, consents, bikes, conversations and orders, and nothing of the other side', async () => {
    const owner = await person(t, 'Ulla');
    await t.database.db
      .update(identities)
      .set({ cprEncrypted: encryptField(t.config.dataKey, '0101901234'), street: 'Ulla Allé 3', zipCode: '8000' })
      .where(eq(identities.partyId, owner.partyId));
    const frame = frameNumber('EXP');
    const bikeId = await bikeOf(t, owner.partyId, { frameNumber: frame, frameNumberNormalised: frame });
    // Someone else writes to the owner about the bike; the owner answers.
    const finder = await person(t, 'Frode');
    const otherFrame = frameNumber('OTH');
    await bikeOf(t, finder.partyId, { frameNumber: otherFrame, frameNumberNormalised: otherFrame });
    const chat = await startChat(t, finder.token, bikeId, 'I think I saw your bike at the station');
    await send(t, owner.token, chat.id, 'Thank you, where exactly?');
    // An order, left pending at the payment provider.
    const order = await api(t.app, owner.token, 'POST', '/api/webshop/orders/stripe', {
      family: 'registration',
      lines: [{ product: 'registration', quantity: 1 }],
    });
    expect(order.statusCode, order.body).toBe(201);

    const res = await exportOf(owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bike-register-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();

    expect(data.profile).toMatchObject({ party_id: owner.partyId, email: owner.email, first_name: 'Ulla', street: 'Ulla Allé 3' });
    // The CPR number only masked, as the profile shows it.
    expect(data.profile.cpr_number).toBe('010190-••••');
    expect(res.body).not.toContain('0101901234');
    expect(data.consents).toEqual([
      expect.objectContaining({ type: 'privacy_and_terms', action: 'added', version: PRIVACY_AND_TERMS_VERSION }),
    ]);

    expect(data.bikes).toEqual([
      expect.objectContaining({ bike_id: bikeId, frame_number: frame, pictures: [], documents: [], equipment: [] }),
    ]);

    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]).toMatchObject({ id: chat.id, my_role: 'owner', bike_id: bikeId, other_contact: null });
    expect(data.conversations[0].messages.map((m: { content: string; mine: boolean }) => [m.content, m.mine])).toEqual([
      ['I think I saw your bike at the station', false],
      ['Thank you, where exactly?', true],
    ]);

    expect(data.shop.orders).toEqual([
      expect.objectContaining({
        id: order.json().order.id,
        family: 'registration',
        status: 'pending',
        lines: [expect.objectContaining({ product: 'registration', quantity: 1 })],
      }),
    ]);

    // Nothing of the finder: not their email, name, phone, party, nor their own bike.
    for (const secret of [finder.email, finder.last, finder.mobile, finder.partyId, otherFrame]) expect(res.body).not.toContain(secret);
    // Nor anything secret of the owner's own account.
    const [row] = await t.database.db.select().from(identities).where(eq(identities.partyId, owner.partyId));
    expect(res.body).not.toContain(row?.passwordHash ?? 'no hash');
    expect(res.body).not.toContain(row?.cprEncrypted ?? 'no cpr');

    // The finder's own export holds the conversation from their side, and none of the owner's details.
    const theirs = await exportOf(finder.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().conversations[0]).toMatchObject({ id: chat.id, my_role: 'sender' });
    for (const secret of [owner.email, owner.last, owner.mobile, owner.partyId, frame, 'Ulla Allé'])
      expect(theirs.body).not.toContain(secret);
  });

  it('is refused to staff acting as the person (switch-user)', async () => {
    const staff = await signUpUser(t.app);
    await t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staff.partyId));
    const user = await signUpUser(t.app);
    const switched = await t.app.inject(authed(staff.token, { method: 'POST', url: `/api/identities/switch-user/${user.partyId}` }));
    expect(switched.statusCode, switched.body).toBe(200);
    const res = await exportOf(switched.json().authentication_token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    // The person themselves may.
    expect((await exportOf(user.token)).statusCode).toBe(200);
  });
});
