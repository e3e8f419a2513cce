import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type SignedUpUser, signUpUser, signUpWithRole, type TestApp } from '../../../tests/support/test-app.js';
import { auditLog, flowDefinitions, flowResponses } from '../db/schema.js';

// Flows in the backoffice and the survey admin panel (issue 16): staff's lifecycle of definitions, the answers and
// their CSV, the survey counts; bad input refused with its place; the revisor reads, others are refused.

let t: TestApp;
let staff: SignedUpUser;
let revisor: SignedUpUser;
let privateUser: SignedUpUser;
let orgMember: string;

const text = (s: string) => ({ da: s, en: s, no: s });

function definition(memo: string, extra: Record<string, unknown> = {}) {
  return {
    memo,
    title: text(`Title of ${memo}`),
    steps: [
      {
        memo: 'first',
        title: text('First'),
        fields: [
          {
            memo: 'mode',
            kind: 'choice',
            label: text('How do you ride?'),
            options: [
              { value: 'bike', label: { da: 'Cykel', en: 'Bike', no: 'Sykkel' } },
              { value: 'ebike', label: text('E-bike') },
            ],
          },
          { memo: 'note', kind: 'text', label: text('Note') },
        ],
      },
      { memo: 'second', title: text('Second'), fields: [{ memo: 'km', kind: 'number', label: text('Km') }] },
    ],
    end: { title: text('Thanks') },
    ...extra,
  };
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | string) =>
  t.app.inject(authed(token, { method, url, headers: { 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload }) }));

async function submitted(memo: string, version: number, answers: Record<string, unknown>, at: string, partyId: string | null = null) {
  const [def] = await t.database.db
    .select()
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.memo, memo), eq(flowDefinitions.version, version)));
  if (!def) throw new Error('no such version');
  await t.database.db.insert(flowResponses).values({
    flowDefinitionId: def.id,
    memo,
    partyId,
    status: 'submitted',
    answers,
    language: 'en',
    submittedAt: new Date(at),
    result: { lines: [{ label: 'Deduction', value: '1.000 kr.' }] },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpWithRole(t, 'staff');
  revisor = await signUpWithRole(t, 'revisor');
  privateUser = await signUpUser(t.app);
  const owner = await signUpWithRole(t, 'business');
  const org = await t.app.inject(authed(owner.token, { method: 'POST', url: '/api/organisations/', payload: { name: 'Flows ApS' } }));
  orgMember = org.json().authentication_token;
});
afterAll(() => t.close());

describe('the lifecycle of a flow', () => {
  it('creates version 1 as a draft, saves it, publishes, starts a new draft, publishes it and retires', async () => {
    const created = await call(staff.token, 'POST', '/api/backoffice/flows', { memo: 'test.life', definition: definition('test.life') });
    expect(created.statusCode).toBe(201);
    expect(created.json().versions).toMatchObject([{ version: 1, status: 'draft', responses: 0 }]);

    const again = await call(staff.token, 'POST', '/api/backoffice/flows', { memo: 'test.life', definition: definition('test.life') });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('flow_exists');

    const changed = definition('test.life', { title: text('Changed') });
    const saved = await call(staff.token, 'PUT', '/api/backoffice/flows/test.life/draft', { definition: changed });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().versions[0].definition.title.en).toBe('Changed');

    expect((await call(staff.token, 'POST', '/api/backoffice/flows/test.life/draft')).json().code).toBe('flow_draft_exists');
    expect((await call(staff.token, 'POST', '/api/backoffice/flows/test.life/retire')).json().code).toBe('flow_not_published');

    const published = await call(staff.token, 'POST', '/api/backoffice/flows/test.life/publish');
    expect(published.json().versions).toMatchObject([{ version: 1, status: 'published' }]);
    expect((await call(staff.token, 'POST', '/api/backoffice/flows/test.life/publish')).json().code).toBe('flow_no_draft');
    expect((await call(staff.token, 'PUT', '/api/backoffice/flows/test.life/draft', { definition: changed })).statusCode).toBe(409);

    const draft = await call(staff.token, 'POST', '/api/backoffice/flows/test.life/draft');
    expect(draft.json().versions).toMatchObject([
      { version: 2, status: 'draft', definition: { title: { en: 'Changed' } } },
      { version: 1, status: 'published' },
    ]);
    const second = await call(staff.token, 'POST', '/api/backoffice/flows/test.life/publish');
    expect(second.json().versions).toMatchObject([
      { version: 2, status: 'published' },
      { version: 1, status: 'retired' },
    ]);
    expect(second.json().versions[1].retired_at).not.toBeNull();

    const list = await call(revisor.token, 'GET', '/api/backoffice/flows');
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ memo: 'test.life', title: 'Changed', published_version: 2, draft_version: null, retired_versions: [1] }),
    );

    const retired = await call(staff.token, 'POST', '/api/backoffice/flows/test.life/retire');
    expect(retired.json().versions).toMatchObject([{ version: 2, status: 'retired' }, { status: 'retired' }]);
    const rows = await t.database.db.select().from(flowDefinitions).where(eq(flowDefinitions.memo, 'test.life'));
    expect(rows.filter((r) => r.status === 'published')).toEqual([]);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.recordType, 'flow_definition'));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['flow.create', 'flow.save_draft', 'flow.publish', 'flow.start_draft', 'flow.retire']),
    );
    expect(audit.every((a) => a.actorPartyId === staff.partyId)).toBe(true);
  });

  it('answers 404 for an unknown flow and a memo that is not one', async () => {
    for (const url of ['/api/backoffice/flows/test.nothing', '/api/backoffice/flows/NOT%20A%20MEMO']) {
      const res = await call(staff.token, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('flow_not_found');
    }
    expect((await call(staff.token, 'POST', '/api/backoffice/flows/test.nothing/publish')).statusCode).toBe(404);
    expect((await call(staff.token, 'POST', '/api/backoffice/flows/test.nothing/draft')).statusCode).toBe(404);
  });
});

describe('a broken definition', () => {
  const create = (memo: string, def: unknown) => call(staff.token, 'POST', '/api/backoffice/flows', { memo, definition: def });

  it('refuses a bad memo and a definition whose memo is another', async () => {
    const bad = await create('Not a memo', definition('x'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'memo']);
    const other = await create('test.a', definition('test.b'));
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toEqual([
      { loc: ['body', 'definition', 'memo'], msg: "The definition's memo must be the flow's memo", type: 'flow_memo_mismatch' },
    ]);
  });

  it('names every shape problem at its path', async () => {
    const def = definition('test.shape') as Record<string, unknown> & { steps: Array<Record<string, unknown>> };
    def.steps[0] = { ...def.steps[0], title: { da: 'x', en: '' } };
    delete (def as Record<string, unknown>).end;
    const res = await create('test.shape', def);
    expect(res.statusCode).toBe(422);
    const locs = res.json().detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining(['body.definition.steps.0.title.en', 'body.definition.steps.0.title.no', 'body.definition.end']),
    );
    expect((await create('test.shape', 'not json')).statusCode).toBe(422);
  });

  const cases: Array<[string, (d: ReturnType<typeof definition>) => void, string]> = [
    ['duplicate_step_memo', (d) => ((d.steps[1] as { memo: string }).memo = 'first'), 'steps.1.memo'],
    ['duplicate_field_memo', (d) => ((d.steps[1]?.fields[0] as { memo: string }).memo = 'mode'), 'steps.1.fields.0.memo'],
    ['missing_jump_target', (d) => Object.assign(d.steps[0] as object, { next: 'nowhere' }), 'steps.0.next'],
    ['jump_backwards', (d) => Object.assign(d.steps[1] as object, { next: 'first' }), 'steps.1.next'],
    ['unreachable_step', (d) => Object.assign(d.steps[0] as object, { next: 'end' }), 'steps.1'],
    [
      'unknown_condition_field',
      (d) => Object.assign(d.steps[1]?.fields[0] as object, { show_if: { field: 'ghost', op: 'answered' } }),
      'steps.1.fields.0.show_if.field',
    ],
    [
      'condition_on_later_field',
      (d) => Object.assign(d.steps[0]?.fields[0] as object, { show_if: { field: 'km', op: 'answered' } }),
      'steps.0.fields.0.show_if.field',
    ],
    ['choice_without_options', (d) => Reflect.deleteProperty(d.steps[0]?.fields[0] ?? {}, 'options'), 'steps.0.fields.0.options'],
    [
      'options_on_non_choice',
      (d) => Object.assign(d.steps[1]?.fields[0] as object, { options: [{ value: 'a', label: text('A') }] }),
      'steps.1.fields.0.options',
    ],
    ['invalid_bounds', (d) => Object.assign(d.steps[1]?.fields[0] as object, { min: 10, max: 1 }), 'steps.1.fields.0.max'],
  ];
  it.each(cases)('refuses %s at its path, in the caller’s language', async (code, breakIt, path) => {
    const def = definition(`test.${code.replaceAll('_', '-')}`);
    breakIt(def);
    const res = await create(def.memo, def);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(
      expect.objectContaining({
        type: code,
        loc: ['body', 'definition', ...path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k))],
      }),
    );
    const checked = await call(staff.token, 'POST', '/api/backoffice/flows/check', { definition: def });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().problems).toContainEqual({ path, code, msg: expect.any(String) });
    const danish = await t.app.inject(
      authed(staff.token, {
        method: 'POST',
        url: '/api/backoffice/flows/check',
        headers: { 'accept-language': 'da' },
        payload: { definition: def },
      }),
    );
    expect(danish.json().problems[0].msg).not.toBe(checked.json().problems[0].msg);
  });

  it('keeps the saved draft when a save is refused, and checks a sound one as sound', async () => {
    await create('test.keep', definition('test.keep'));
    const broken = definition('test.keep');
    (broken.steps[1] as { memo: string }).memo = 'first';
    expect((await call(staff.token, 'PUT', '/api/backoffice/flows/test.keep/draft', { definition: broken })).statusCode).toBe(422);
    const detail = await call(staff.token, 'GET', '/api/backoffice/flows/test.keep');
    expect(detail.json().versions[0].definition.steps[1].memo).toBe('second');
    expect((await call(staff.token, 'POST', '/api/backoffice/flows/check', { definition: definition('test.keep') })).json()).toEqual({
      problems: [],
    });
  });
});

describe('the answers', () => {
  beforeAll(async () => {
    await call(staff.token, 'POST', '/api/backoffice/flows', { memo: 'survey.test', definition: definition('survey.test') });
    await call(staff.token, 'POST', '/api/backoffice/flows/survey.test/publish');
    await submitted('survey.test', 1, { mode: 'bike', note: '=HYPERLINK("x")', km: 12 }, '2026-03-01T10:00:00Z', staff.partyId);
    await submitted('survey.test', 1, { mode: 'ebike', note: 'Say "hi", then\nleave', km: -3 }, '2026-03-02T10:00:00Z');
    await call(staff.token, 'POST', '/api/backoffice/flows/survey.test/draft');
    const v2 = definition('survey.test');
    v2.steps[1]?.fields.push({ memo: 'home', kind: 'address', label: text('Home') } as never);
    v2.steps[0]?.fields.splice(0, 1, {
      memo: 'mode',
      kind: 'choice',
      multiple: true,
      label: text('How do you ride?'),
      options: [
        { value: 'bike', label: { da: 'Cykel', en: 'Bike', no: 'Sykkel' } },
        { value: 'ebike', label: text('E-bike') },
      ],
    } as never);
    await call(staff.token, 'PUT', '/api/backoffice/flows/survey.test/draft', { definition: v2 });
    await call(staff.token, 'POST', '/api/backoffice/flows/survey.test/publish');
    await submitted(
      'survey.test',
      2,
      { mode: ['bike', 'ebike'], km: 5, home: { label: 'Vesterbro 1', latitude: 55.67, longitude: 12.55 } },
      '2026-03-02T23:30:00Z',
    );
    // A draft is never counted.
    const [v1] = await t.database.db.select().from(flowDefinitions).where(eq(flowDefinitions.memo, 'survey.test'));
    await t.database.db
      .insert(flowResponses)
      .values({ flowDefinitionId: v1?.id ?? '', memo: 'survey.test', partyId: revisor.partyId, answers: { mode: 'bike' } });
  });

  it('pages the submitted answers newest first, filtered by version and day', async () => {
    const all = await call(revisor.token, 'GET', '/api/backoffice/flows/survey.test/responses');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((r: { version: number }) => r.version)).toEqual([2, 1, 1]);
    expect(all.json().items[2]).toMatchObject({ signed_in: true, language: 'en', answers: { mode: 'bike' } });
    expect(JSON.stringify(all.json())).not.toContain(staff.email);
    expect((await call(staff.token, 'GET', '/api/backoffice/flows/survey.test/responses?version=1')).json().total).toBe(2);
    // 23:30 UTC on 2 March is 3 March in Copenhagen.
    expect((await call(staff.token, 'GET', '/api/backoffice/flows/survey.test/responses?from=2026-03-02&to=2026-03-02')).json().total).toBe(
      1,
    );
    expect((await call(staff.token, 'GET', '/api/backoffice/flows/survey.test/responses?from=2026-03-03')).json().total).toBe(1);
  });

  it('refuses bad filters with their place', async () => {
    for (const [query, field] of [
      ['version=9', 'version'],
      ['version=x', 'version'],
      ['from=2026-02-30', 'from'],
      ['from=yesterday', 'from'],
      ['from=2026-03-05&to=2026-03-01', 'to'],
      ['cursor=bad', 'cursor'],
    ] as const) {
      const res = await call(staff.token, 'GET', `/api/backoffice/flows/survey.test/responses?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail[0].loc, query).toEqual(['querystring', field]);
    }
  });

  it('follows the cursor to the next page', async () => {
    await call(staff.token, 'POST', '/api/backoffice/flows', { memo: 'test.many', definition: definition('test.many') });
    for (let i = 0; i < 55; i += 1) await submitted('test.many', 1, { note: `n${i}` }, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
    const first = (await call(staff.token, 'GET', '/api/backoffice/flows/test.many/responses')).json();
    expect(first.items).toHaveLength(50);
    expect(first.items[0].answers.note).toBe('n54');
    const second = (await call(staff.token, 'GET', `/api/backoffice/flows/test.many/responses?cursor=${first.next_cursor}`)).json();
    expect(second.items.map((r: { answers: { note: string } }) => r.answers.note)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
    expect(second.next_cursor).toBeNull();
  });

  it('exports a CSV: BOM, quoted, guarded, a column per field across versions, never a name', async () => {
    const res = await call(revisor.token, 'GET', '/api/backoffice/flows/survey.test/responses.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="survey\.test-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('submitted_at,version,language,respondent,mode,note,km,home,result');
    expect(lines[1]).toBe(`2026-03-01T10:00:00.000Z,1,en,signed_in,bike,"'=HYPERLINK(""x"")",12,,Deduction: 1.000 kr.`);
    expect(lines[2]).toBe('2026-03-02T10:00:00.000Z,1,en,visitor,ebike,"Say ""hi"", then\nleave",-3,,Deduction: 1.000 kr.');
    expect(lines[3]).toBe('2026-03-02T23:30:00.000Z,2,en,visitor,bike;ebike,,5,"Vesterbro 1 (55.67, 12.55)",Deduction: 1.000 kr.');
    expect(res.body).not.toContain(staff.email);
    const v1 = await call(staff.token, 'GET', '/api/backoffice/flows/survey.test/responses.csv?version=1');
    expect(v1.body.slice(1).split('\r\n')[0]).toBe('submitted_at,version,language,respondent,mode,note,km,result');
  });

  it('lists the surveys and counts them per day and per option', async () => {
    const list = await call(revisor.token, 'GET', '/api/backoffice/surveys');
    // The product's own surveys are seeded at every start (surveys/seed.ts), unanswered here.
    expect(list.json().items).toEqual([
      { memo: 'survey.addresses', title: 'Home and work', published_version: 1, versions: [1], responses: 0 },
      { memo: 'survey.commuting-days', title: 'Your commuting days', published_version: 1, versions: [1], responses: 0 },
      { memo: 'survey.pendler-travel', title: expect.any(String), published_version: 1, versions: [1], responses: 0 },
      { memo: 'survey.test', title: 'Title of survey.test', published_version: 2, versions: [2, 1], responses: 3 },
    ]);

    const stats = await call(revisor.token, 'GET', '/api/backoffice/surveys/survey.test/stats?from=2026-02-28&to=2026-03-04');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({
      total: 3,
      per_day: [
        { day: '2026-02-28', count: 0 },
        { day: '2026-03-01', count: 1 },
        { day: '2026-03-02', count: 1 },
        { day: '2026-03-03', count: 1 },
        { day: '2026-03-04', count: 0 },
      ],
      choices: [
        {
          field: 'mode',
          label: 'How do you ride?',
          multiple: true,
          answered: 3,
          options: [
            { value: 'bike', label: 'Bike', count: 2 },
            { value: 'ebike', label: 'E-bike', count: 2 },
          ],
        },
      ],
    });
    const v1 = await call(staff.token, 'GET', '/api/backoffice/surveys/survey.test/stats?from=2026-02-28&to=2026-03-04&version=1');
    expect(v1.json()).toMatchObject({ total: 2, choices: [{ multiple: false, answered: 2 }] });

    const recent = (await call(staff.token, 'GET', '/api/backoffice/surveys/survey.test/stats')).json();
    expect(recent.per_day).toHaveLength(30);
    expect(recent.to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(new Date()));

    expect((await call(staff.token, 'GET', '/api/backoffice/surveys/survey.test/stats?from=2024-01-01&to=2026-01-01')).statusCode).toBe(
      422,
    );
    expect((await call(staff.token, 'GET', '/api/backoffice/surveys/survey.test/stats?to=2026-13-01')).statusCode).toBe(422);
    expect((await call(staff.token, 'GET', '/api/backoffice/surveys/test.many/stats')).statusCode).toBe(404);

    const csv = await call(staff.token, 'GET', '/api/backoffice/surveys/survey.test/responses.csv?from=2026-03-03');
    expect(csv.body.slice(1).split('\r\n').filter(Boolean)).toHaveLength(2);
    expect((await call(staff.token, 'GET', '/api/backoffice/surveys/test.many/responses.csv')).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('refuses a private user and an organisation member everything, and the revisor every change', async () => {
    const reads = [
      '/api/backoffice/flows',
      '/api/backoffice/flows/survey.test',
      '/api/backoffice/flows/survey.test/responses',
      '/api/backoffice/surveys',
    ];
    for (const token of [privateUser.token, orgMember]) {
      for (const url of reads) expect((await call(token, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(token, 'POST', '/api/backoffice/flows', { memo: 'test.x', definition: definition('test.x') })).statusCode).toBe(
        403,
      );
    }
    for (const url of reads) expect((await call(revisor.token, 'GET', url)).statusCode, url).toBe(200);
    expect(
      (await call(revisor.token, 'POST', '/api/backoffice/flows', { memo: 'test.x', definition: definition('test.x') })).statusCode,
    ).toBe(403);
    expect(
      (await call(revisor.token, 'PUT', '/api/backoffice/flows/survey.test/draft', { definition: definition('survey.test') })).statusCode,
    ).toBe(403);
    for (const action of ['draft', 'publish', 'retire']) {
      expect((await call(revisor.token, 'POST', `/api/backoffice/flows/survey.test/${action}`)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/flows' })).statusCode).toBe(401);
  });
});
