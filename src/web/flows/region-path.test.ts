import { describe, expect, it } from 'vitest';
import { isTopLevelFlowMemo, regionPath } from './region-path';

describe('regionPath (§2 /{region}/*)', () => {
  it.each([
    ['/no/flows/demo.found-a-bike', { region: 'no', path: '/flows/demo.found-a-bike' }],
    ['/no/webshop', { region: 'no', path: '/webshop' }],
    ['/dk/demo.found-a-bike/where', { region: 'dk', path: '/demo.found-a-bike/where' }],
    ['/dk', { region: 'dk', path: '/' }],
    ['/dk/', { region: 'dk', path: '/' }],
    ['/no//evil.example', { region: 'no', path: '/evil.example' }],
  ])('%s is %o', (pathname, expected) => {
    expect(regionPath(pathname)).toEqual(expected);
  });

  it.each(['/', '/se/webshop', '/nope', '/dkk/x', '/webshop/no', '/DK/x'])('%s names no region', (pathname) => {
    expect(regionPath(pathname)).toBeNull();
  });
});

describe('isTopLevelFlowMemo', () => {
  it('takes a memo with a dot, and nothing else', () => {
    expect(isTopLevelFlowMemo('demo.found-a-bike')).toBe(true);
    expect(isTopLevelFlowMemo('survey.pendler-travel')).toBe(true);
    expect(isTopLevelFlowMemo('nonexistent-page')).toBe(false);
    expect(isTopLevelFlowMemo('abuot')).toBe(false);
    expect(isTopLevelFlowMemo('Demo.Found')).toBe(false);
    expect(isTopLevelFlowMemo('a..b')).toBe(false);
    expect(isTopLevelFlowMemo(`x.${'a'.repeat(80)}`)).toBe(false);
  });
});
