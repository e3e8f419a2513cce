import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { flowDefinitions, flowResponses } from '../db/schema.js';
import { commutingDeductionResult } from './deduction-result.js';

// The end of the journey survey (issue 16): the Danish befordringsfradrag over the person's own commuting days,
// else over a stated assumption, in the caller's language, with its source and year.

let t: TestApp;
let commuter: SignedUpUser;
const now = new Date('2026-11-25T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  commuter = await signUpUser(t.app);
});
afterAll(() => t.close());

/** The result with the no-break spaces Intl writes (DKK 7,182) as plain ones, to compare. */
async function plainResult(...args: Parameters<typeof commutingDeductionResult>) {
  return JSON.parse(JSON.stringify(await commutingDeductionResult(...args)).replace(/[\u00a0\u202f]/g, ' ')) as Awaited<
    ReturnType<typeof commutingDeductionResult>
  >;
}

async function submitDays(partyId: string, answers: Record<string, unknown>, submittedAt: Date) {
  const [definition] = await t.database.db
    .select({ id: flowDefinitions.id })
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.memo, 'survey.commuting-days'), eq(flowDefinitions.status, 'published')));
  if (!definition) throw new Error('not seeded');
  await t.database.db
    .insert(flowResponses)
    .values({ flowDefinitionId: definition.id, memo: 'survey.commuting-days', partyId, status: 'submitted', answers, submittedAt });
}

describe('commutingDeductionResult', () => {
  it("for a visitor, uses 2026's rates over the assumed 225 days and says so", async () => {
    const result = await plainResult(t.database.db, { answers: { distance_km: 19 }, partyId: null, language: 'en', now });
    expect(result.name).toBe('dk_commuting_deduction');
    expect(result.heading).toBe('Your commuting deduction for 2026');
    expect(result.summary).toContain('2 × 19 km = 38 km is 14 km over the first 24 km');
    expect(result.summary).toContain('we assumed 5 days a week for 45 weeks');
    // 14 km × 2,28 kr. × 225 days = 7.182 kr.
    expect(result.summary).toContain('DKK 7,182');
    expect(result.lines).toEqual([
      { label: 'Round trip a day', value: '38 km' },
      { label: 'Km a day over 24', value: '14 km' },
      { label: 'Commuting days a year', value: '225 (assumed)' },
      { label: 'Rate per km 2026', value: 'DKK 2.28 (over 120 km: DKK 1.14)' },
      { label: 'Deduction a year', value: 'DKK 7,182' },
      { label: 'Estimated tax value (about 25 %)', value: 'DKK 1,796' },
    ]);
    expect(result.source).toEqual({
      label: expect.stringContaining('Beierholm'),
      url: expect.stringMatching(/^https:\/\/www\.beierholm\.dk\//),
      year: 2026,
    });
  });

  it("uses the person's latest submitted commuting days", async () => {
    await submitDays(commuter.partyId, { work_days: ['mon', 'tue', 'wed', 'thu', 'fri'], weeks_away: 6 }, new Date('2026-01-01'));
    await submitDays(commuter.partyId, { work_days: ['mon', 'wed', 'fri'], weeks_away: 6, winter_changes: 'no' }, new Date('2026-03-01'));
    const result = await plainResult(t.database.db, {
      answers: { distance_km: 19 },
      partyId: commuter.partyId,
      language: 'da',
      now,
    });
    expect(result.heading).toBe('Dit befordringsfradrag for 2026');
    // 3 days × 46 weeks = 138 days; 14 km × 2,28 kr. × 138 = 4.404,96 → 4.405 kr.
    expect(result.lines).toContainEqual({ label: 'Pendlerdage om året', value: '138 (dine svar)' });
    expect(result.summary).not.toContain('antaget');
    expect(result.lines.find((l) => l.label === 'Fradrag om året')?.value).toBe('4.405 kr.');
  });

  it('says a commute within 24 km a day gives nothing, with no tax value', async () => {
    const result = await plainResult(t.database.db, { answers: { distance_km: 8.5 }, partyId: null, language: 'en', now });
    expect(result.summary).toContain('2 × 8.5 km = 17 km is within the first 24 km a day');
    expect(result.summary).not.toContain('assumed');
    expect(result.lines.map((l) => l.label)).not.toContain('Estimated tax value (about 25 %)');
    expect(result.lines).toContainEqual({ label: 'Deduction a year', value: 'DKK 0' });
  });

  it('uses the lower rate over 120 km a day', async () => {
    const result = await plainResult(t.database.db, { answers: { distance_km: 70 }, partyId: null, language: 'en', now });
    expect(result.lines).toContainEqual({ label: 'Of which km over 120', value: '20 km' });
  });

  it("in Norwegian, says the rule is Denmark's", async () => {
    const result = await plainResult(t.database.db, { answers: { distance_km: 19 }, partyId: null, language: 'no', now });
    expect(result.summary).toContain('den danske (befordringsfradrag)');
    const danish = await plainResult(t.database.db, {
      answers: { distance_km: 19 },
      partyId: null,
      language: 'da',
      region: 'no',
      now,
    });
    expect(danish.summary).toContain('Det norske reisefradrag');
  });

  it('names the year whose rates are used when the current one is not known yet', async () => {
    const result = await plainResult(t.database.db, {
      answers: { distance_km: 19 },
      partyId: null,
      language: 'en',
      now: new Date('2028-02-01T12:00:00Z'),
    });
    expect(result.heading).toBe('Your commuting deduction for 2028');
    expect(result.summary).toContain('The rates for 2028 are not known yet, so those for 2026 are used.');
    expect(result.source.year).toBe(2026);
  });
});
