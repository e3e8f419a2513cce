import { describe, expect, it } from 'vitest';
import { similarityThreshold } from './service.js';

// The trigram threshold of "did you mean" must let through every string within the edits it is for.
describe('similarityThreshold', () => {
  it('is below the similarity an 11-character frame number keeps after one or two substitutions', () => {
    // One substitution in the middle changes 3 of 12 trigrams: 9 shared of 15 → 0.6.
    expect(similarityThreshold(11, 1)).toBeLessThan(9 / 15);
    // Two: 6 shared of 18 → 0.33.
    expect(similarityThreshold(11, 2)).toBeLessThan(6 / 18);
  });

  it('asks less of more edits and of shorter queries, and never goes below 0.1 or above 0.6', () => {
    for (let length = 5; length <= 40; length++) {
      expect(similarityThreshold(length, 2)).toBeLessThanOrEqual(similarityThreshold(length, 1));
      expect(similarityThreshold(length, 1)).toBeLessThanOrEqual(similarityThreshold(length + 1, 1));
      for (const edits of [1, 2]) {
        expect(similarityThreshold(length, edits)).toBeGreaterThanOrEqual(0.1);
        expect(similarityThreshold(length, edits)).toBeLessThanOrEqual(0.6);
      }
    }
  });
});
