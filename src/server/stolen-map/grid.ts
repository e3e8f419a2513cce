// A coarse grid over the matching points of one filter combination, for the list's page in a box: a cell
// inside the box counts without looking at its points, only cells on the box's edge are scanned. At 100 000
// stolen bikes a box over a city holds tens of thousands, which a plain pass over every point makes slow.

const CELL_LAT = 0.05;
const CELL_LNG = 0.1;
const COLUMNS = Math.ceil(360 / CELL_LNG) + 1;

export interface GridBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

interface Cell {
  south: number;
  west: number;
  /** Positions in the filters' order (newest noted first), ascending. */
  members: number[];
}

export interface PointGrid {
  /** How many points are in the box, and the positions from `offset` on (at most `size`), ascending. */
  page(box: GridBox, offset: number, size: number): { positions: number[]; total: number };
}

/** `latitude`/`longitude` of the point at each position of the filters' order. */
export function buildGrid(latitude: (position: number) => number, longitude: (position: number) => number, count: number): PointGrid {
  const cells = new Map<number, Cell>();
  for (let k = 0; k < count; k++) {
    const row = Math.floor((latitude(k) + 90) / CELL_LAT);
    const col = Math.floor((longitude(k) + 180) / CELL_LNG);
    const id = row * COLUMNS + col;
    let cell = cells.get(id);
    if (!cell) {
      cell = { south: row * CELL_LAT - 90, west: col * CELL_LNG - 180, members: [] };
      cells.set(id, cell);
    }
    cell.members.push(k);
  }
  const all = [...cells.values()];

  return {
    page(box, offset, size) {
      const { west, south, east, north } = box;
      const across = west > east;
      const inside = (lat: number, lng: number) =>
        lat >= south && lat <= north && (across ? lng >= west || lng <= east : lng >= west && lng <= east);
      const wanted = offset + size;
      // From each cell, at most the first `wanted` positions in the box can be on the page.
      const candidates: number[] = [];
      let total = 0;
      for (const cell of all) {
        const cellNorth = cell.south + CELL_LAT;
        const cellEast = cell.west + CELL_LNG;
        if (cell.south > north || cellNorth < south) continue;
        if (!across && (cell.west > east || cellEast < west)) continue;
        const whole = !across && cell.south >= south && cellNorth <= north && cell.west >= west && cellEast <= east;
        if (whole) {
          total += cell.members.length;
          for (let j = 0; j < cell.members.length && j < wanted; j++) candidates.push(cell.members[j]!);
          continue;
        }
        let taken = 0;
        for (const k of cell.members) {
          if (!inside(latitude(k), longitude(k))) continue;
          total++;
          if (taken++ < wanted) candidates.push(k);
        }
      }
      // A typed array sorts numerically, natively (much faster than a comparator).
      const sorted = Int32Array.from(candidates).sort();
      return { positions: Array.from(sorted.subarray(offset, wanted)), total };
    },
  };
}
