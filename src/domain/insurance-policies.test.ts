import { describe, expect, it } from 'vitest';
import { createPolicySchema, fitsPolicy, missingOf, normalisePolicyNumber } from './insurance-policies.js';

const item = (possession_status: 'missing' | 'approved', lock_status: 'missing' | 'approved') => ({ possession_status, lock_status });

describe('missingOf', () => {
  it('names bikes not yet insured, and bikes without approved possession or lock', () => {
    expect(missingOf({ number_of_bikes: 0, items: [] })).toEqual([]);
    expect(missingOf({ number_of_bikes: 2, items: [item('approved', 'approved')] })).toEqual(['bikes']);
    expect(missingOf({ number_of_bikes: 1, items: [item('missing', 'approved')] })).toEqual(['possession']);
    expect(missingOf({ number_of_bikes: 2, items: [item('approved', 'missing'), item('missing', 'missing')] })).toEqual([
      'possession',
      'lock',
    ]);
  });
});

describe('fitsPolicy', () => {
  it('counts each bike once, never more than the number of bikes', () => {
    expect(fitsPolicy([], 0)).toBe(true);
    expect(fitsPolicy(['a', 'a'], 1)).toBe(true);
    expect(fitsPolicy(['a', 'b'], 1)).toBe(false);
  });
});

describe('normalisePolicyNumber', () => {
  it('ignores case and spaces', () => {
    expect(normalisePolicyNumber(' ab 12-3 ')).toBe('AB12-3');
  });
});

describe('createPolicySchema', () => {
  it('defaults to one bike and none named yet', () => {
    const parsed = createPolicySchema.parse({
      insurer_party_id: '6f1c2a4e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
      type: 'bike',
      insurer_policy_id: 'P1',
    });
    expect(parsed).toMatchObject({ number_of_bikes: 1, bikes: [] });
  });
});
