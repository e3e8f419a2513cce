import { describe, expect, it } from 'vitest';
import { checkFlowDefinition, stepPath } from '../../domain/flow-rules.js';
import { flowDefinitionSchema } from '../../domain/flows.js';
import { SURVEY_MEMOS } from '../../domain/surveys.js';
import { SURVEY_DEFINITIONS } from './definitions.js';

describe('the survey definitions', () => {
  it('are the product surveys, in order', () => {
    expect(SURVEY_DEFINITIONS.map((d) => d.memo)).toEqual([...SURVEY_MEMOS]);
  });

  it.each(SURVEY_DEFINITIONS.map((d) => [d.memo, d] as const))('%s has a valid shape and graph', (_memo, definition) => {
    const parsed = flowDefinitionSchema.safeParse(definition);
    expect(parsed.error?.issues).toBeUndefined();
    expect(checkFlowDefinition(definition)).toEqual([]);
  });

  it('asks for both addresses on the map', () => {
    const kinds = SURVEY_DEFINITIONS[0]?.steps.flatMap((s) => s.fields.filter((f) => f.kind === 'address').map((f) => f.memo));
    expect(kinds).toEqual(['home_address', 'work_address']);
  });

  it('asks which winter days only when one cycles on fewer days in winter', () => {
    const days = SURVEY_DEFINITIONS[1];
    if (!days) throw new Error('missing');
    const week = { work_days: ['mon', 'tue'], weeks_away: 7 };
    expect(stepPath(days, { ...week, winter_changes: 'no' }).map((s) => s.memo)).toEqual(['week', 'winter']);
    expect(stepPath(days, { ...week, winter_changes: 'other_means', winter_weeks: 12 }).map((s) => s.memo)).toEqual(['week', 'winter']);
    expect(stepPath(days, { ...week, winter_changes: 'fewer_days', winter_weeks: 12 }).map((s) => s.memo)).toEqual([
      'week',
      'winter',
      'winter-days',
    ]);
  });

  it('ends the journey survey with the commuting deduction', () => {
    expect(SURVEY_DEFINITIONS[2]?.end.result).toBe('dk_commuting_deduction');
  });
});
