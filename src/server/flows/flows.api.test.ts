import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import type { FlowDefinitionInput } from '../../domain/flows.js';
import { flowDefinitions, flowResponses } from '../db/schema.js';
import { insertBike, multipart, png } from '../pictures/test-factory.js';
import { DEMO_FOUND_BIKE_FLOW } from '../seed/demo-flows.js';
import { ensurePublishedFlows } from './service.js';

// Flows (issue 16): the published definition by memo, a signed-in person's server draft, the submission checked
// again on the server (required, kinds, hidden fields, stale versions, own bikes), and pictures.

const t3 = (text: string) => ({ da: text, en: text, no: text });
const BIKE_FLOW: FlowDefinitionInput = {
  memo: 'test.my-bike',
  title: t3('Min cykel'),
  audience: 'signed_in',
  steps: [
    {
      memo: 'which',
      title: t3('Hvilken'),
      fields: [
        { memo: 'bike', kind: 'bike', label: t3('Cykel'), required: true },
        { memo: 'photo', kind: 'picture', label: t3('Billede') },
        { memo: 'km', kind: 'number', label: t3('Km'), min: 0, max: 100, integer: true },
        { memo: 'home', kind: 'address', label: t3('Adresse') },
      ],
    },
  ],
  end: { title: t3('Tak') },
};

let t: TestApp;
let ole: SignedUpUser;
let eva: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  await ensurePublishedFlows(t.database.db, [DEMO_FOUND_BIKE_FLOW, BIKE_FLOW]);
  ole = await signUpUser(t.app);
  eva = await signUpUser(t.app);
});
afterAll(() => t.close());

const MEMO = 'demo.found-a-bike';
const complete = {
  found_on: '2025-03-01',
  place: { label: 'Ved Nørreport', latitude: 55.683, longitude: 12.571 },
  color: 'red',
  locked: 'yes',
  lock_kind: ['chain'],
  has_plate: 'no',
  consent: true,
};
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, token?: string, lang = 'en') => {
  const options = { method, url, headers: { 'accept-language': lang }, ...(payload === undefined ? {} : { payload: payload as object }) };
  return t.app.inject(token ? authed(token, options) : options);
};

describe('GET /api/flows/{memo}', () => {
  it('answers the published version to anyone', async () => {
    const res = await call('GET', `/api/flows/${MEMO}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ memo: MEMO, version: 1, definition: { memo: MEMO, audience: 'anyone' } });
    expect(res.json().definition.steps.map((s: { memo: string }) => s.memo)).toEqual(['where', 'bike', 'plate', 'contact']);
  });

  it('says flow_not_found for an unknown memo, one only drafted and one retired', async () => {
    const def = (memo: string) => ({ ...DEMO_FOUND_BIKE_FLOW, memo });
    await t.database.db.insert(flowDefinitions).values([
      { memo: 'test.only-draft', version: 1, status: 'draft', definition: def('test.only-draft') },
      { memo: 'test.retired', version: 1, status: 'retired', definition: def('test.retired') },
    ]);
    for (const memo of ['test.unknown', 'test.only-draft', 'test.retired']) {
      const res = await call('GET', `/api/flows/${memo}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('flow_not_found');
    }
  });

  it('refuses a memo that is no memo with 422', async () => {
    const res = await call('GET', '/api/flows/Not%20a%20memo');
    expect(res.statusCode).toBe(422);
  });
});

describe('drafts on the server', () => {
  it('keeps a signed-in person’s answers, one draft per memo, reachable only by them', async () => {
    expect((await call('GET', `/api/flows/${MEMO}/draft`, undefined, ole.token)).statusCode).toBe(404);
    const first = await call(
      'PUT',
      `/api/flows/${MEMO}/draft`,
      { version: 1, answers: { found_on: '2025-01-02' }, current_step: 'where' },
      ole.token,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, published_version: 1, answers: { found_on: '2025-01-02' }, current_step: 'where' });
    const second = await call(
      'PUT',
      `/api/flows/${MEMO}/draft`,
      { version: 1, answers: { found_on: '2025-01-03', color: 'red' }, current_step: 'bike' },
      ole.token,
    );
    expect(second.json().answers).toEqual({ found_on: '2025-01-03', color: 'red' });
    const rows = await t.database.db.select().from(flowResponses).where(eq(flowResponses.partyId, ole.partyId));
    expect(rows).toHaveLength(1);
    // Another person sees none of it.
    expect((await call('GET', `/api/flows/${MEMO}/draft`, undefined, eva.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/flows/${MEMO}/draft`, undefined, eva.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/flows/${MEMO}/draft`, undefined, ole.token)).json().current_step).toBe('bike');
    expect((await call('DELETE', `/api/flows/${MEMO}/draft`, undefined, ole.token)).statusCode).toBe(204);
    expect((await call('GET', `/api/flows/${MEMO}/draft`, undefined, ole.token)).statusCode).toBe(404);
  });

  it('refuses a visitor', async () => {
    const res = await call('PUT', `/api/flows/${MEMO}/draft`, { version: 1, answers: {}, current_step: null });
    expect(res.statusCode).toBe(401);
  });

  it('checks a draft’s answers for their shape only', async () => {
    const wrong = await call(
      'PUT',
      `/api/flows/${MEMO}/draft`,
      { version: 1, answers: { color: 'purple', nope: 'x' }, current_step: 'bike' },
      ole.token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(
      wrong
        .json()
        .detail.map((d: { loc: string[] }) => d.loc.at(-1))
        .sort(),
    ).toEqual(['color', 'nope']);
    const step = await call('PUT', `/api/flows/${MEMO}/draft`, { version: 1, answers: {}, current_step: 'nowhere' }, ole.token);
    expect(step.statusCode).toBe(422);
    const stale = await call('PUT', `/api/flows/${MEMO}/draft`, { version: 7, answers: {}, current_step: null }, ole.token);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('flow_version_changed');
    const notObject = await call('PUT', `/api/flows/${MEMO}/draft`, { version: 1, answers: 'x', current_step: null }, ole.token);
    expect(notObject.statusCode).toBe(422);
  });
});

describe('POST /api/flows/{memo}/responses', () => {
  it('takes a visitor’s complete answers and keeps them with the version and language', async () => {
    const res = await call('POST', `/api/flows/${MEMO}/responses`, { version: 1, answers: complete }, undefined, 'no');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: 1, result: null });
    const [row] = await t.database.db.select().from(flowResponses).where(eq(flowResponses.id, res.json().id));
    expect(row).toMatchObject({ status: 'submitted', partyId: null, language: 'no', answers: complete, memo: MEMO });
    expect(row?.submittedAt).toBeInstanceOf(Date);
  });

  it('names each missing required field and each wrong answer', async () => {
    const res = await call(
      'POST',
      `/api/flows/${MEMO}/responses`,
      { version: 1, answers: { color: 'purple', found_on: '2999-01-01' } },
      undefined,
      'da',
    );
    expect(res.statusCode).toBe(422);
    const detail = Object.fromEntries(res.json().detail.map((d: { loc: string[]; type: string }) => [d.loc.at(-1), d.type]));
    expect(detail).toEqual({
      found_on: 'flow_date_future',
      color: 'field_invalid',
      place: 'field_required',
      locked: 'field_required',
      has_plate: 'field_required',
      plate_id: 'field_required',
      consent: 'field_required',
    });
    expect(res.json().detail[0].msg).toMatch(/[æøå]|Vælg|Udfyld/);
  });

  it('refuses an answer to a hidden field or a step the answers skip', async () => {
    const hidden = await call('POST', `/api/flows/${MEMO}/responses`, { version: 1, answers: { ...complete, locked: 'no' } });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().detail.map((d: { loc: string[] }) => d.loc.at(-1))).toEqual(['lock_kind']);
    const skipped = await call('POST', `/api/flows/${MEMO}/responses`, { version: 1, answers: { ...complete, plate_id: 'ABC' } });
    expect(skipped.json().detail.map((d: { loc: string[] }) => d.loc.at(-1))).toEqual(['plate_id']);
    const withPlate = await call('POST', `/api/flows/${MEMO}/responses`, {
      version: 1,
      answers: { ...complete, has_plate: 'yes', plate_id: 'ABC' },
    });
    expect(withPlate.statusCode).toBe(201);
  });

  it('says flow_version_changed for another version, flow_not_found for an unknown memo', async () => {
    const stale = await call('POST', `/api/flows/${MEMO}/responses`, { version: 2, answers: complete });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('flow_version_changed');
    const unknown = await call('POST', '/api/flows/test.unknown/responses', { version: 1, answers: complete });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('POST', `/api/flows/${MEMO}/responses`, { answers: complete });
    expect(bad.statusCode).toBe(422);
  });

  it('removes the signed-in person’s draft and keeps their party on the answer', async () => {
    await call('PUT', `/api/flows/${MEMO}/draft`, { version: 1, answers: { found_on: '2025-01-02' }, current_step: 'where' }, ole.token);
    const res = await call('POST', `/api/flows/${MEMO}/responses`, { version: 1, answers: complete }, ole.token);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(flowResponses).where(eq(flowResponses.id, res.json().id));
    expect(row?.partyId).toBe(ole.partyId);
    expect((await call('GET', `/api/flows/${MEMO}/draft`, undefined, ole.token)).statusCode).toBe(404);
  });
});

describe('a flow for the signed in, with a bike and a picture', () => {
  it('refuses a visitor with 401 flow_sign_in_required', async () => {
    const res = await call('POST', '/api/flows/test.my-bike/responses', { version: 1, answers: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('flow_sign_in_required');
  });

  it('takes only one of the caller’s own bikes and a picture uploaded here', async () => {
    const { bikeId } = await insertBike(t.database.db, ole.partyId);
    const upload = multipart([{ name: 'file', value: await png(), filename: 'bike.png', contentType: 'image/png' }]);
    const pictureRes = await t.app.inject({ method: 'POST', url: '/api/flows/test.my-bike/pictures', ...upload });
    expect(pictureRes.statusCode).toBe(201);
    const photo = pictureRes.json().id;

    const notMine = await call('POST', '/api/flows/test.my-bike/responses', { version: 1, answers: { bike: bikeId } }, eva.token);
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().detail[0].loc.at(-1)).toBe('bike');
    const unknownPicture = await call(
      'POST',
      '/api/flows/test.my-bike/responses',
      { version: 1, answers: { bike: bikeId, photo: crypto.randomUUID() } },
      ole.token,
    );
    expect(unknownPicture.json().detail[0].loc.at(-1)).toBe('photo');
    const wrongKinds = await call(
      'POST',
      '/api/flows/test.my-bike/responses',
      { version: 1, answers: { bike: bikeId, km: 4.5, home: 'Classensgade 12' } },
      ole.token,
    );
    expect(
      wrongKinds
        .json()
        .detail.map((d: { loc: string[] }) => d.loc.at(-1))
        .sort(),
    ).toEqual(['home', 'km']);
    const offMap = await call(
      'POST',
      '/api/flows/test.my-bike/responses',
      { version: 1, answers: { bike: bikeId, home: { label: 'x', latitude: 100, longitude: 0 } } },
      ole.token,
    );
    expect(offMap.statusCode).toBe(422);
    const ok = await call(
      'POST',
      '/api/flows/test.my-bike/responses',
      { version: 1, answers: { bike: bikeId, photo, km: 12, home: { label: 'Classensgade 12', latitude: 55.7, longitude: 12.58 } } },
      ole.token,
    );
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an upload that is no picture, or for an unknown flow', async () => {
    const text = multipart([{ name: 'file', value: 'hello', filename: 'x.png', contentType: 'image/png' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/flows/test.my-bike/pictures', ...text });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/flows/test.unknown/pictures', ...text });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a new version published while a draft is open', () => {
  it('says so on the draft, and refuses answers to the old version with the new one', async () => {
    const memo = 'test.versions';
    await ensurePublishedFlows(t.database.db, [{ ...DEMO_FOUND_BIKE_FLOW, memo }]);
    await call('PUT', `/api/flows/${memo}/draft`, { version: 1, answers: { found_on: '2025-01-02' }, current_step: 'where' }, ole.token);
    await t.database.db.update(flowDefinitions).set({ status: 'retired', retiredAt: new Date() }).where(eq(flowDefinitions.memo, memo));
    await t.database.db
      .insert(flowDefinitions)
      .values({ memo, version: 2, status: 'published', definition: { ...DEMO_FOUND_BIKE_FLOW, memo } });

    const draft = await call('GET', `/api/flows/${memo}/draft`, undefined, ole.token);
    expect(draft.json()).toMatchObject({ version: 1, published_version: 2, answers: { found_on: '2025-01-02' } });
    const stale = await call('POST', `/api/flows/${memo}/responses`, { version: 1, answers: complete }, ole.token);
    expect(stale.statusCode).toBe(409);
    const fresh = await call('POST', `/api/flows/${memo}/responses`, { version: 2, answers: complete }, ole.token);
    expect(fresh.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(flowResponses).where(eq(flowResponses.id, fresh.json().id));
    const [v2] = await t.database.db.select().from(flowDefinitions).where(eq(flowDefinitions.version, 2));
    expect(row?.flowDefinitionId).toBe(v2?.id);
  });
});

describe('public writes are limited per client', () => {
  it('answers 429 after the limit of submissions a minute', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      await ensurePublishedFlows(limited.database.db, [DEMO_FOUND_BIKE_FLOW]);
      const send = () =>
        limited.app.inject({ method: 'POST', url: `/api/flows/${MEMO}/responses`, payload: { version: 1, answers: complete } });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('too_many_requests');
    } finally {
      await limited.close();
    }
  });
});
