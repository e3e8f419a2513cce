import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { flowDefinitions, flowResponses } from '../db/schema.js';
import { SURVEY_DEFINITIONS } from './definitions.js';
import { seedSurveys } from './seed.js';

// §2 /survey (issue 16): the product's surveys are seeded at start as version 1, never over staff's versions, and
// listed publicly with whether the signed-in caller has answered them.

let t: TestApp;
let commuter: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  commuter = await signUpUser(t.app);
});
afterAll(() => t.close());

const list = (token?: string) =>
  t.app.inject(token ? authed(token, { method: 'GET', url: '/api/surveys/' }) : { method: 'GET', url: '/api/surveys/' });

describe('the seeded surveys', () => {
  it('are published as version 1 at start', async () => {
    const rows = await t.database.db.select().from(flowDefinitions);
    const seeded = rows.filter((r) => r.memo.startsWith('survey.'));
    expect(seeded.map((r) => [r.memo, r.version, r.status]).sort()).toEqual(SURVEY_DEFINITIONS.map((d) => [d.memo, 1, 'published']).sort());
  });

  it("are never written over staff's later versions, nor twice", async () => {
    const db = t.database.db;
    const [first] = await db.select().from(flowDefinitions).where(eq(flowDefinitions.memo, 'survey.addresses'));
    if (!first) throw new Error('not seeded');
    await db.update(flowDefinitions).set({ status: 'retired' }).where(eq(flowDefinitions.id, first.id));
    const changed = { ...SURVEY_DEFINITIONS[0], title: { da: 'Ny titel', en: 'New title', no: 'Ny tittel' } };
    await db.insert(flowDefinitions).values({ memo: 'survey.addresses', version: 2, status: 'published', definition: changed });
    await seedSurveys(db);
    const rows = await db.select().from(flowDefinitions).where(eq(flowDefinitions.memo, 'survey.addresses'));
    expect(rows.map((r) => [r.version, r.status]).sort()).toEqual([
      [1, 'retired'],
      [2, 'published'],
    ]);
    expect((await list()).json().items[0].title.en).toBe('New title');
  });
});

describe('GET /api/surveys/', () => {
  it('lists the open surveys in order for a visitor, with no answered state', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      expect.objectContaining({ memo: 'survey.addresses', path: '/survey/addresses', steps: 2, answered: null }),
      expect.objectContaining({ memo: 'survey.commuting-days', path: '/survey/commuting-days', steps: 3, answered: null }),
      expect.objectContaining({ memo: 'survey.pendler-travel', path: '/survey/pendler-travel', steps: 3, answered: null }),
    ]);
    expect(response.json().items[1].title).toEqual({ da: 'Dine pendlerdage', en: 'Your commuting days', no: 'Pendlerdagene dine' });
  });

  it("tells a signed-in person which they have submitted, not someone else's, nor a draft", async () => {
    const db = t.database.db;
    const other = await signUpUser(t.app);
    const definitionId = async (memo: string) =>
      (
        await db
          .select({ id: flowDefinitions.id })
          .from(flowDefinitions)
          .where(and(eq(flowDefinitions.memo, memo), eq(flowDefinitions.status, 'published')))
      )[0]?.id ?? '';
    await db.insert(flowResponses).values([
      {
        flowDefinitionId: await definitionId('survey.commuting-days'),
        memo: 'survey.commuting-days',
        partyId: commuter.partyId,
        status: 'submitted',
        submittedAt: new Date(),
      },
      {
        flowDefinitionId: await definitionId('survey.pendler-travel'),
        memo: 'survey.pendler-travel',
        partyId: commuter.partyId,
        status: 'draft',
      },
      {
        flowDefinitionId: await definitionId('survey.addresses'),
        memo: 'survey.addresses',
        partyId: other.partyId,
        status: 'submitted',
        submittedAt: new Date(),
      },
    ]);
    const answered = (await list(commuter.token)).json().items.map((s: { memo: string; answered: boolean }) => [s.memo, s.answered]);
    expect(answered).toEqual([
      ['survey.addresses', false],
      ['survey.commuting-days', true],
      ['survey.pendler-travel', false],
    ]);
  });

  it('leaves out a retired survey and flows that are not surveys', async () => {
    const db = t.database.db;
    await db.update(flowDefinitions).set({ status: 'retired' }).where(eq(flowDefinitions.memo, 'survey.pendler-travel'));
    await db
      .insert(flowDefinitions)
      .values({ memo: 'other.flow', version: 1, status: 'published', definition: { ...SURVEY_DEFINITIONS[0], memo: 'other.flow' } });
    const memos = (await list()).json().items.map((s: { memo: string }) => s.memo);
    expect(memos).toEqual(['survey.addresses', 'survey.commuting-days']);
  });
});
