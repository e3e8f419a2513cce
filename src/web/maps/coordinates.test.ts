import { describe, expect, it } from 'vitest';
import { formatPoint, geolocationProblem, normalisePoint } from './coordinates';

const letters = { north: 'N', south: 'S', east: 'E', west: 'W' };

describe('normalisePoint', () => {
  it('rounds to six decimals', () => {
    expect(normalisePoint(55.676098765, 12.568337111)).toEqual({ latitude: 55.676099, longitude: 12.568337 });
  });
  it('wraps a longitude from a map panned round the world', () => {
    expect(normalisePoint(60, 370.5).longitude).toBeCloseTo(10.5);
    expect(normalisePoint(60, -190).longitude).toBeCloseTo(170);
    expect(normalisePoint(60, 180).longitude).toBe(180);
  });
  it('clamps the latitude', () => {
    expect(normalisePoint(95, 0).latitude).toBe(90);
    expect(normalisePoint(-95, 0).latitude).toBe(-90);
  });
});

describe('formatPoint', () => {
  it('names the hemispheres with the given letters', () => {
    expect(formatPoint({ latitude: 55.6761, longitude: 12.5683 }, letters)).toBe('55.67610° N, 12.56830° E');
    expect(formatPoint({ latitude: -33.9, longitude: -70.1 }, { ...letters, west: 'V' })).toBe('33.90000° S, 70.10000° V');
  });
});

describe('geolocationProblem', () => {
  it('maps the error codes', () => {
    expect(geolocationProblem(null)).toBe('unsupported');
    expect(geolocationProblem({ code: 1 })).toBe('denied');
    expect(geolocationProblem({ code: 2 })).toBe('unavailable');
    expect(geolocationProblem({ code: 3 })).toBe('timeout');
  });
});
