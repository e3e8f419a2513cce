import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../lib/intl';
import { formatSize, splitList, tabFrom } from './bike-format';

describe('formatDate', () => {
  it('formats dates in the page language and ignores what is not a date', () => {
    expect(formatDate('2024-03-05', 'en')).toBe('5 March 2024');
    expect(formatDate('2024-03-05', 'da')).toBe('5. marts 2024');
    expect(formatDate(null, 'da')).toBe('');
    expect(formatDate('not a date', 'da')).toBe('');
  });
});

describe('formatSize', () => {
  it('says bytes, KB or MB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(12 * 1024)).toBe('12 KB');
    expect(formatSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});

describe('splitList', () => {
  it('splits on commas, semicolons and new lines and drops blanks', () => {
    expect(splitList('A1, B2;;C3\n \nD4')).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(splitList('')).toEqual([]);
    expect(splitList(undefined)).toEqual([]);
    expect(splitList([' x ', ''])).toEqual(['x']);
  });
  it('keeps every non-blank part, trimmed', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9 ]{0,8}$/)), (parts) => {
        expect(splitList(parts.join(','))).toEqual(parts.map((p) => p.trim()).filter(Boolean));
      }),
    );
  });
});

describe('tabFrom', () => {
  it('answers the named tab or the first', () => {
    const tabs = ['details', 'documents', 'equipment'] as const;
    expect(tabFrom('documents', tabs)).toBe('documents');
    expect(tabFrom('nope', tabs)).toBe('details');
    expect(tabFrom(null, tabs)).toBe('details');
  });
});
