import { describe, expect, it } from 'vitest';
import { areaOfPlace, mapClustersQuerySchema, mapListQuerySchema } from './stolen-map.js';

describe('areaOfPlace', () => {
  it('gives the zip code and town of a Danish address, never the street', () => {
    expect(areaOfPlace('Nørrebrogade 10, 2200 København N')).toBe('2200 København N');
    expect(areaOfPlace('Åboulevard 1, 1635 København V, Danmark')).toBe('1635 København V');
    expect(areaOfPlace('Vesterbrogade 3, st. tv., 1620 København V')).toBe('1620 København V');
    expect(areaOfPlace('Banegårdspladsen 1,  8000   Aarhus C')).toBe('8000 Aarhus C');
    expect(areaOfPlace('DK-5000 Odense C')).toBe('5000 Odense C');
  });

  it('gives the postnummer and poststed of a Norwegian address', () => {
    expect(areaOfPlace('Karl Johans gate 22, 0159 Oslo')).toBe('0159 Oslo');
    expect(areaOfPlace('Bryggen 5, N-5003 Bergen')).toBe('5003 Bergen');
    expect(areaOfPlace('Storgata 1, 9008 Tromsø')).toBe('9008 Tromsø');
  });

  it('finds the zip code without a comma before it', () => {
    expect(areaOfPlace('Jægersborggade 10 2200 København N')).toBe('2200 København N');
    expect(areaOfPlace('Ved stationen\n7100 Vejle')).toBe('7100 Vejle');
  });

  it('answers null when there is no zip code and town', () => {
    expect(areaOfPlace('')).toBeNull();
    expect(areaOfPlace('Foran Netto på hjørnet')).toBeNull();
    expect(areaOfPlace('Nørrebrogade 10')).toBeNull();
    expect(areaOfPlace('2200')).toBeNull();
    expect(areaOfPlace('Stjålet 12345 Odense')).toBeNull();
  });
});

describe('the map queries', () => {
  it('defaults the filters and reads booleans and numbers from the address bar', () => {
    const q = mapClustersQuerySchema.parse({ west: '8', south: '54.5', east: '13', north: '58', zoom: '6', electric: 'true' });
    expect(q).toMatchObject({ period: 'all', region: 'all', electric: true, zoom: 6, west: 8 });
    expect(mapListQuerySchema.parse({}).offset).toBe(0);
  });

  it('refuses what is out of range', () => {
    expect(mapClustersQuerySchema.safeParse({ west: '8', south: '91', east: '13', north: '58', zoom: '6' }).success).toBe(false);
    expect(mapClustersQuerySchema.safeParse({ west: '8', south: '54', east: '13', north: '58', zoom: '6.5' }).success).toBe(false);
    expect(mapClustersQuerySchema.safeParse({ west: '8', south: '54', east: '13', north: '58', zoom: '6', period: 'day' }).success).toBe(
      false,
    );
    expect(mapListQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  });
});
