import { describe, expect, it } from 'vitest';
import { type FlowDefinition, flowDefinitionSchema } from '../../domain/flows';
import { allowedStep, localized, previousStep, sendable, stepProblems, submission } from './flow-model';

const t = (da: string, en = da, no = da) => ({ da, en, no });
const flow: FlowDefinition = flowDefinitionSchema.parse({
  memo: 'test.model',
  title: t('Test'),
  end: { title: t('Tak') },
  steps: [
    {
      memo: 'one',
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
        { memo: 'home', kind: 'address', label: t('Home') },
      ],
      jumps: [{ when: { field: 'kind', op: 'equals', value: 'a' }, to: 'three' }],
    },
    { memo: 'two', title: t('2'), fields: [{ memo: 'why', kind: 'text', label: t('Why'), required: true }] },
    { memo: 'three', title: t('3'), fields: [{ memo: 'ok', kind: 'consent', label: t('OK'), required: true }] },
  ],
});

describe('the renderer’s model of a flow', () => {
  it('reads a text in the page’s language, Icelandic as Danish', () => {
    const text = t('Hej', 'Hello', 'Hei');
    expect([localized(text, 'da'), localized(text, 'en'), localized(text, 'no'), localized(text, 'is')]).toEqual([
      'Hej',
      'Hello',
      'Hei',
      'Hej',
    ]);
  });

  it('sends only whole answers: an address waits for its place', () => {
    expect(sendable(flow, { kind: 'a', home: { label: 'Vej 1' }, why: '' })).toEqual({ kind: 'a' });
    const home = { label: 'Vej 1', latitude: 55, longitude: 12 };
    expect(sendable(flow, { kind: 'a', home })).toEqual({ kind: 'a', home });
  });

  it('names a step’s problems, an address’s missing text or place apart', () => {
    const one = flow.steps[0];
    if (!one) throw new Error('no step');
    expect(stepProblems(flow, one, {})).toEqual({ kind: 'field_required' });
    expect(stepProblems(flow, one, { kind: 'a', home: { label: 'Vej 1' } })).toEqual({ home: 'flow_address_place' });
    expect(stepProblems(flow, one, { kind: 'a', home: { latitude: 55, longitude: 12 } })).toEqual({ home: 'field_required' });
    expect(stepProblems(flow, one, { kind: 'c' })).toEqual({ kind: 'field_invalid' });
  });

  it('opens a requested step only when the steps before it on the walk are complete', () => {
    expect(allowedStep(flow, {}, 'three').memo).toBe('one');
    expect(allowedStep(flow, { kind: 'a' }, 'three').memo).toBe('three');
    expect(allowedStep(flow, { kind: 'b' }, 'three').memo).toBe('two');
    // A step the answers skip: the walk's last step.
    expect(allowedStep(flow, { kind: 'a', ok: true }, 'two').memo).toBe('three');
    expect(allowedStep(flow, {}, undefined).memo).toBe('one');
  });

  it('goes back along the walk, and submits the walk’s answers only', () => {
    expect(previousStep(flow, { kind: 'a' }, 'three')?.memo).toBe('one');
    expect(previousStep(flow, { kind: 'b' }, 'three')?.memo).toBe('two');
    expect(previousStep(flow, {}, 'one')).toBeNull();
    expect(submission(flow, { kind: 'a', why: 'left behind', ok: true })).toEqual({ kind: 'a', ok: true });
  });
});
