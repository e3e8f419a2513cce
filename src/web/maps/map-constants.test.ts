import { describe, expect, it } from 'vitest';
import * as domain from '../../domain/stolen-map';
import { MAP_HOME, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from './map-constants';

describe('map constants', () => {
  it('equal the domain contract', () => {
    expect(MAP_HOME).toEqual(domain.MAP_HOME);
    expect(MAP_MIN_ZOOM).toBe(domain.MAP_MIN_ZOOM);
    expect(MAP_MAX_ZOOM).toBe(domain.MAP_MAX_ZOOM);
  });
});
