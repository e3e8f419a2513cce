// Draws the app icons (§1 installable app) from one description of the logo: an SVG for browsers and
// PNGs for the manifest. Node built-ins only (zlib + a tiny PNG encoder), so it runs on a closed network.
// Run: node scripts/make-icons.mjs (writes src/web/static/icons/; the output is committed).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT = 'src/web/static/icons';
const BLUE = [0x00, 0x45, 0x68];
const WHITE = [0xff, 0xff, 0xff];

// The logo on a 32-unit grid, the same drawing as the header logo in layout.tsx.
const WHEELS = [
  { cx: 10, cy: 20, r: 5 },
  { cx: 22, cy: 20, r: 5 },
];
const LINES = [
  [10, 20, 15, 12],
  [15, 12, 21, 12],
  [21, 12, 22, 20],
  [15, 12, 13, 9],
  [13, 9, 11, 9],
];
const STROKE = 2;
const CORNER = 8;
// The bike spans x 5..27, y 9..25: its centre is moved to the middle of the square.
const BIKE_CENTRE = { x: 16, y: 17 };

function svg() {
  const wheels = WHEELS.map((w) => `<circle cx="${w.cx}" cy="${w.cy}" r="${w.r}"/>`).join('');
  const d = 'M10 20l5-8h6l1 8M15 12l-2-3h-2';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img" aria-label="Cykelregistret"><title>Cykelregistret</title><rect width="32" height="32" rx="${CORNER}" fill="#004568"/><g transform="translate(0 -1)" fill="none" stroke="#fff" stroke-width="${STROKE}" stroke-linecap="round" stroke-linejoin="round">${wheels}<path d="${d}"/></g></svg>\n`;
}

function segmentDistance(px, py, [x1, y1, x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/** Signed distance (grid units) to the white strokes of the bike; negative inside. */
function bikeDistance(x, y) {
  let d = Number.POSITIVE_INFINITY;
  for (const w of WHEELS) d = Math.min(d, Math.abs(Math.hypot(x - w.cx, y - w.cy) - w.r));
  for (const line of LINES) d = Math.min(d, segmentDistance(x, y, line));
  return d - STROKE / 2;
}

/** Signed distance to a rounded square of side 32 with the given corner radius. */
function squareDistance(x, y, radius) {
  const qx = Math.abs(x - 16) - (16 - radius);
  const qy = Math.abs(y - 16) - (16 - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/**
 * RGBA pixels of the icon. Anti-aliased from the distances: coverage = 0.5 - distance in pixels.
 * Maskable icons fill the whole square (the platform cuts its own shape) and keep the bike in the
 * central safe zone, a circle of 80 % of the size.
 */
function draw(size, { maskable }) {
  const unit = 32 / size;
  const bikeScale = maskable ? 0.75 : 0.9;
  const pixels = Buffer.alloc(size * size * 4);
  const cover = (distance) => Math.max(0, Math.min(1, 0.5 - distance / unit));
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) * unit;
      const y = (py + 0.5) * unit;
      const background = maskable ? 1 : cover(squareDistance(x, y, CORNER));
      const bx = 16 + (x - 16) / bikeScale + (BIKE_CENTRE.x - 16);
      const by = 16 + (y - 16) / bikeScale + (BIKE_CENTRE.y - 16);
      const white = cover(bikeDistance(bx, by) * bikeScale);
      const alpha = Math.max(background, white);
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(BLUE[c] * (1 - white) + WHITE[c] * white);
      pixels[i + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour-with-alpha PNG, every scanline with filter 0 (none). */
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'icon.svg'), svg());
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];
for (const icon of icons) writeFileSync(path.join(OUT, icon.file), png(icon.size, draw(icon.size, icon)));
