import { describe, expect, it } from 'vitest';
import { answersOnPath, checkFlowAnswers, checkFlowDefinition, conditionHolds, nextStepMemo, stepPath } from './flow-rules.js';
import { type FlowDefinition, type FlowDefinitionInput, flowDefinitionSchema } from './flows.js';

const t = (text: string) => ({ da: text, en: text, no: text });
const define = (input: Omit<FlowDefinitionInput, 'memo' | 'title' | 'end'>): FlowDefinition =>
  flowDefinitionSchema.parse({ memo: 'test.flow', title: t('Test'), end: { title: t('Tak') }, ...input });

const flow = define({
  steps: [
    {
      memo: 'first',
      title: t('1'),
      fields: [
        {
          memo: 'kind',
          kind: 'choice',
          label: t('Kind'),
          required: true,
          options: [
            { value: 'a', label: t('A') },
            { value: 'b', label: t('B') },
          ],
        },
        { memo: 'why', kind: 'text', label: t('Why'), required: true, show_if: { field: 'kind', op: 'equals', value: 'b' }, max_length: 5 },
      ],
      jumps: [{ when: { field: 'kind', op: 'equals', value: 'a' }, to: 'third' }],
    },
    {
      memo: 'second',
      title: t('2'),
      fields: [{ memo: 'km', kind: 'number', label: t('Km'), required: true, min: 0, max: 50, integer: true }],
    },
    {
      memo: 'third',
      title: t('3'),
      fields: [
        { memo: 'day', kind: 'date', label: t('Day'), past_only: true },
        {
          memo: 'tags',
          kind: 'choice',
          label: t('Tags'),
          multiple: true,
          options: [
            { value: 'x', label: t('X') },
            { value: 'y', label: t('Y') },
          ],
        },
        { memo: 'home', kind: 'address', label: t('Home') },
        { memo: 'bike', kind: 'bike', label: t('Bike') },
        { memo: 'photo', kind: 'picture', label: t('Photo') },
        { memo: 'ok', kind: 'consent', label: t('OK'), required: true },
      ],
    },
  ],
});

const codes = (definition: FlowDefinition) => checkFlowDefinition(definition).map((p) => `${p.code}:${p.memo}:${p.path}`);
const step = (memo: string, extra: Record<string, unknown> = {}) => ({ memo, title: t(memo), fields: [], ...extra });

describe('checkFlowDefinition', () => {
  it('passes a sound definition', () => {
    expect(checkFlowDefinition(flow)).toEqual([]);
  });

  it('finds a step no path reaches', () => {
    expect(codes(define({ steps: [step('a', { next: 'end' }), step('b')] }))).toEqual(['unreachable_step:b:steps.1']);
  });

  it('finds a jump to a step that does not exist, and one backwards', () => {
    const definition = define({
      steps: [
        step('a', { fields: [{ memo: 'q', kind: 'consent', label: t('q') }] }),
        step('b', { jumps: [{ when: { field: 'q', op: 'answered' }, to: 'nowhere' }], next: 'a' }),
      ],
    });
    expect(codes(definition)).toEqual(['missing_jump_target:nowhere:steps.1.jumps.0.to', 'jump_backwards:a:steps.1.next']);
  });

  it('finds duplicate step and field memos, and a step named end', () => {
    const field = { memo: 'q', kind: 'text', label: t('q') } as const;
    const definition = define({ steps: [step('a', { fields: [field] }), step('a', { fields: [field] }), step('end')] });
    expect(codes(definition)).toEqual([
      'duplicate_step_memo:a:steps.1.memo',
      'duplicate_field_memo:q:steps.1.fields.0.memo',
      'duplicate_step_memo:end:steps.2.memo',
      // A duplicate is reached by its memo, which names the first: it is reported unreachable too.
      'unreachable_step:a:steps.1',
      'unreachable_step:end:steps.2',
    ]);
  });

  it('finds conditions on unknown or later fields, choices without options and bad bounds', () => {
    const definition = define({
      steps: [
        step('a', {
          fields: [
            { memo: 'p', kind: 'text', label: t('p'), show_if: { field: 'q', op: 'answered' } },
            { memo: 'q', kind: 'choice', label: t('q') },
            { memo: 'r', kind: 'number', label: t('r'), min: 5, max: 1, options: [{ value: 'x', label: t('x') }] },
          ],
          jumps: [{ when: { field: 'ghost', op: 'answered' }, to: 'end' }],
        }),
      ],
    });
    expect(codes(definition)).toEqual([
      'choice_without_options:q:steps.0.fields.1.options',
      'options_on_non_choice:r:steps.0.fields.2.options',
      'invalid_bounds:r:steps.0.fields.2.max',
      'condition_on_later_field:q:steps.0.fields.0.show_if.field',
      'unknown_condition_field:ghost:steps.0.jumps.0.when.field',
    ]);
  });
});

describe('conditionHolds', () => {
  const answers = { c: 'b', many: ['x', 'y'], n: 7, d: '2025-05-01', yes: true, empty: '' };
  it.each([
    [{ field: 'c', op: 'answered' }, true],
    [{ field: 'empty', op: 'answered' }, false],
    [{ field: 'missing', op: 'answered' }, false],
    [{ field: 'c', op: 'equals', value: 'b' }, true],
    [{ field: 'c', op: 'equals', value: 'a' }, false],
    [{ field: 'many', op: 'equals', value: 'y' }, true],
    [{ field: 'yes', op: 'equals', value: true }, true],
    [{ field: 'c', op: 'not_equals', value: 'a' }, true],
    [{ field: 'many', op: 'not_equals', value: 'x' }, false],
    [{ field: 'missing', op: 'not_equals', value: 'a' }, true],
    [{ field: 'missing', op: 'equals', value: 'a' }, false],
    [{ field: 'c', op: 'in', value: ['a', 'b'] }, true],
    [{ field: 'c', op: 'in', value: ['a'] }, false],
    [{ field: 'many', op: 'in', value: ['z', 'x'] }, true],
    [{ field: 'n', op: 'gt', value: 5 }, true],
    [{ field: 'n', op: 'gt', value: 7 }, false],
    [{ field: 'n', op: 'lt', value: 10 }, true],
    [{ field: 'd', op: 'gt', value: '2025-01-31' }, true],
    [{ field: 'd', op: 'lt', value: '2025-01-31' }, false],
    [{ field: 'many', op: 'gt', value: 1 }, false],
  ] as const)('%o is %s', (condition, expected) => {
    expect(conditionHolds({ ...condition } as Parameters<typeof conditionHolds>[0], answers)).toBe(expected);
  });
});

describe('nextStepMemo and stepPath', () => {
  it('follows the first jump that holds, else the next step, else the end', () => {
    expect(nextStepMemo(flow, 'first', { kind: 'a' })).toBe('third');
    expect(nextStepMemo(flow, 'first', { kind: 'b' })).toBe('second');
    expect(nextStepMemo(flow, 'first', {})).toBe('second');
    expect(nextStepMemo(flow, 'third', {})).toBe('end');
    expect(nextStepMemo(flow, 'unknown', {})).toBe('end');
    const withNext = define({ steps: [step('a', { next: 'c' }), step('b', { next: 'end' }), step('c')] });
    expect(nextStepMemo(withNext, 'a', {})).toBe('c');
    expect(checkFlowDefinition(withNext).map((p) => p.code)).toEqual(['unreachable_step']);
  });

  it('walks the steps the answers take', () => {
    expect(stepPath(flow, { kind: 'a' }).map((s) => s.memo)).toEqual(['first', 'third']);
    expect(stepPath(flow, { kind: 'b' }).map((s) => s.memo)).toEqual(['first', 'second', 'third']);
  });

  it('keeps only the answers of shown fields on the path', () => {
    expect(answersOnPath(flow, { kind: 'a', why: 'x', km: 4, ok: true })).toEqual({ kind: 'a', ok: true });
    expect(answersOnPath(flow, { kind: 'b', why: 'x', km: 4 })).toEqual({ kind: 'b', why: 'x', km: 4 });
  });
});

describe('checkFlowAnswers', () => {
  const today = '2025-06-01';
  const submit = (answers: Record<string, unknown>) => checkFlowAnswers(flow, answers as never, { mode: 'submit', today });
  const uuid = '0b6f5c8e-3f0a-4c1e-9d55-3c2f1a9b7e10';

  it('accepts complete answers of the right kinds', () => {
    expect(
      submit({
        kind: 'a',
        day: '2025-06-01',
        tags: ['x', 'y'],
        home: { label: 'Classensgade 12', latitude: 55.7, longitude: 12.5 },
        bike: uuid,
        photo: uuid,
        ok: true,
      }),
    ).toEqual({});
    expect(submit({ kind: 'b', why: 'fordi', km: 50, ok: true })).toEqual({});
  });

  it('names required fields left out on the path, shown ones only', () => {
    expect(submit({})).toEqual({ kind: 'field_required', km: 'field_required', ok: 'field_required' });
    expect(submit({ kind: 'b' })).toEqual({ why: 'field_required', km: 'field_required', ok: 'field_required' });
    expect(submit({ kind: 'a', ok: false })).toEqual({ ok: 'field_required' });
  });

  it('names answers of the wrong kind', () => {
    expect(
      submit({
        kind: 'c',
        day: '2025-02-30',
        tags: ['x', 'x'],
        home: 'Classensgade',
        bike: 'not-a-uuid',
        photo: 12,
        ok: 'yes',
      }),
    ).toEqual({
      kind: 'field_invalid',
      day: 'field_invalid',
      tags: 'field_invalid',
      home: 'field_invalid',
      bike: 'field_invalid',
      photo: 'field_invalid',
      ok: 'field_invalid',
      km: 'field_required',
    });
    expect(submit({ kind: 'b', why: 'for lang', km: 4.5, ok: true })).toEqual({ why: 'too_long', km: 'field_invalid' });
    expect(submit({ kind: 'b', why: 'ok', km: 51, ok: true })).toEqual({ km: 'field_invalid' });
    expect(submit({ kind: 'a', day: '2025-06-02', ok: true })).toEqual({ day: 'flow_date_future' });
    expect(submit({ kind: 'a', tags: ['z'], ok: true })).toEqual({ tags: 'field_invalid' });
  });

  it('refuses answers to hidden fields, skipped steps and unknown fields', () => {
    expect(submit({ kind: 'a', why: 'x', km: 3, ghost: 'x', ok: true })).toEqual({
      why: 'field_invalid',
      km: 'field_invalid',
      ghost: 'field_invalid',
    });
  });

  it('checks a draft for shape only', () => {
    const draft = (answers: Record<string, unknown>) => checkFlowAnswers(flow, answers as never, { mode: 'draft', today });
    expect(draft({})).toEqual({});
    expect(draft({ kind: 'a', km: 3 })).toEqual({});
    expect(draft({ kind: 'z', ghost: 1 })).toEqual({ kind: 'field_invalid', ghost: 'field_invalid' });
  });
});
