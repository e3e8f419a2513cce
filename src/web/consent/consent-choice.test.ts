import { describe, expect, it } from 'vitest';
import { choiceInForce, storedChoice } from './consent-choice';

const now = Date.parse('2026-11-25T08:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('the statistics cookie choice', () => {
  it('reads back what was stored', () => {
    expect(choiceInForce(storedChoice('statistics', now), now)).toBe('statistics');
    expect(choiceInForce(storedChoice('necessary', now - 30 * day), now)).toBe('necessary');
  });

  it('counts nothing, nonsense, an unknown choice or a date in the future as no choice', () => {
    expect(choiceInForce(null, now)).toBeNull();
    expect(choiceInForce('yes', now)).toBeNull();
    expect(choiceInForce('{"choice":"everything","at":"2026-11-01T00:00:00Z"}', now)).toBeNull();
    expect(choiceInForce('{"choice":"statistics"}', now)).toBeNull();
    expect(choiceInForce(storedChoice('statistics', now + day), now)).toBeNull();
  });

  it('asks again after a year', () => {
    expect(choiceInForce(storedChoice('statistics', now - 364 * day), now)).toBe('statistics');
    expect(choiceInForce(storedChoice('statistics', now - 366 * day), now)).toBeNull();
  });
});
