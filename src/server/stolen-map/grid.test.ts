import { describe, expect, it } from 'vitest';
import { buildGrid, type GridBox } from './grid.js';

// The grid must page exactly like a pass over every point would.

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1_103_515_245 + 12_345) % 2_147_483_648;
    return a / 2_147_483_648;
  };
}

describe('buildGrid', () => {
  const next = random(7);
  const n = 5000;
  const lat = Array.from({ length: n }, () => 54 + next() * 4);
  const lng = Array.from({ length: n }, (_, i) => (i % 50 === 0 ? 179.5 + next() : 8 + next() * 6) % 180);
  const grid = buildGrid(
    (k) => lat[k]!,
    (k) => lng[k]!,
    n,
  );
  const brute = (box: GridBox, offset: number, size: number) => {
    const across = box.west > box.east;
    const hits = lat
      .map((_, k) => k)
      .filter((k) => {
        const [a, b] = [lat[k]!, lng[k]!];
        return a >= box.south && a <= box.north && (across ? b >= box.west || b <= box.east : b >= box.west && b <= box.east);
      });
    return { positions: hits.slice(offset, offset + size), total: hits.length };
  };

  it('pages like a pass over every point, for boxes of every size and on cell edges', () => {
    const boxes: GridBox[] = [
      { west: 8, south: 54, east: 14, north: 58 },
      { west: 12.2, south: 55.2, east: 12.5, north: 55.5 },
      { west: 12.213, south: 55.207, east: 12.31, north: 55.29 },
      { west: -180, south: -90, east: 180, north: 90 },
      { west: 20, south: 54, east: 30, north: 58 },
    ];
    for (let i = 0; i < 30; i++) {
      const west = 7 + next() * 7;
      const south = 53.5 + next() * 4;
      boxes.push({ west, south, east: west + next() * 3, north: south + next() * 2 });
    }
    for (const box of boxes) {
      for (const [offset, size] of [
        [0, 20],
        [20, 20],
        [100, 20],
      ] as const) {
        expect(grid.page(box, offset, size), JSON.stringify(box)).toEqual(brute(box, offset, size));
      }
    }
  });

  it('takes a box across the antimeridian', () => {
    const box = { west: 179, south: 54, east: 9, north: 58 };
    expect(grid.page(box, 0, 20)).toEqual(brute(box, 0, 20));
    expect(grid.page(box, 0, 20).total).toBeGreaterThan(0);
  });
});
