import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../context.js';
import { bikeOwnerships, bikes as bikeTable } from '../db/schema.js';
import { storeDocument } from '../documents/service.js';
import { storePicture } from '../pictures/service.js';

// Demo files for the demo owner's bikes (embedded mode, first start): each bike gets a public picture
// and a frame-number picture, drawn here from SVG so nothing needs downloading, and a receipt PDF
// written by hand. They go through the same code as uploads (re-encoding, storage, rows).

const COLOURS = ['#c0392b', '#2471a3', '#1e8449', '#7d3c98', '#d68910'];
/** The bike's registered colour where there is one (BIKE_COLORS), so the picture matches the details. */
const COLOUR_OF: Record<string, string> = {
  black: '#222222',
  gray: '#7f8c8d',
  blue: '#2471a3',
  green: '#1e8449',
  white: '#d0d7dc',
  red: '#c0392b',
  orange: '#e67e22',
  yellow: '#f1c40f',
  brown: '#784212',
  purple: '#7d3c98',
  pink: '#e91e63',
};

/** A side view of a bike: two wheels, a diamond frame, saddle and handlebar. */
function bikeSvg(colour: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#eef3f6"/>
  <rect y="640" width="1200" height="160" fill="#c9d6de"/>
  <g fill="none" stroke="#222" stroke-width="18">
    <circle cx="330" cy="520" r="170"/><circle cx="870" cy="520" r="170"/>
  </g>
  <g fill="none" stroke="#888" stroke-width="4">
    <circle cx="330" cy="520" r="150"/><circle cx="870" cy="520" r="150"/>
  </g>
  <g fill="none" stroke="${colour}" stroke-width="26" stroke-linecap="round" stroke-linejoin="round">
    <path d="M330 520 L520 520 L760 330 L470 330 Z"/>
    <path d="M520 520 L440 260"/>
    <path d="M760 330 L870 520"/>
    <path d="M760 330 L740 250"/>
  </g>
  <path d="M385 250 L500 250" stroke="#222" stroke-width="30" stroke-linecap="round"/>
  <path d="M700 240 L780 250 L810 220" fill="none" stroke="#222" stroke-width="18" stroke-linecap="round"/>
  <circle cx="520" cy="520" r="30" fill="#444"/>
  <text x="600" y="120" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#004568">${label}</text>
</svg>`;
}

/** A close-up of a stamped frame number on a tube. */
function frameNumberSvg(frameNumber: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500" viewBox="0 0 1000 500">
  <rect width="1000" height="500" fill="#555"/>
  <rect x="0" y="140" width="1000" height="220" rx="20" fill="#9aa4ab"/>
  <text x="500" y="275" font-family="monospace" font-size="84" font-weight="bold" text-anchor="middle" fill="#2c3136" letter-spacing="6">${frameNumber}</text>
</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small valid PDF (one page, a line of text), with a correct cross-reference table. */
export function receiptPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 14 Tf 50 780 Td 18 TL ${lines.map((l) => `(${esc(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Gives each demo bike a public picture, a frame-number picture and a receipt. */
export async function seedDemoFiles(ctx: AppContext, bikes: { id: string; ownershipId: string }[]): Promise<void> {
  const rows = bikes.length
    ? await ctx.db
        .select({ id: bikeTable.id, frameNumber: bikeTable.frameNumber, nickname: bikeOwnerships.nickname, colorId: bikeTable.colorId })
        .from(bikeTable)
        .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikeTable.id), isNull(bikeOwnerships.endedAt)))
        .where(
          inArray(
            bikeTable.id,
            bikes.map((b) => b.id),
          ),
        )
    : [];
  for (const [index, bike] of bikes.entries()) {
    const row = rows.find((r) => r.id === bike.id);
    const colour = (row?.colorId && COLOUR_OF[row.colorId]) || COLOURS[index % COLOURS.length] || '#004568';
    const frameNumber = row?.frameNumber ?? `WBK${String(482913 + index * 7771).padStart(6, '0')}D`;
    const label = row?.nickname ?? `Demo ${index + 1}`;
    const picture = await sharp(Buffer.from(bikeSvg(colour, escapeXml(label))))
      .png()
      .toBuffer();
    const frame = await sharp(Buffer.from(frameNumberSvg(escapeXml(frameNumber))))
      .png()
      .toBuffer();
    const under = async () => bike.ownershipId;
    await storePicture(ctx, { bikeId: bike.id, kind: 'public', body: picture }, under);
    await storePicture(ctx, { bikeId: bike.id, kind: 'frame_number', body: frame }, under);
    const receipt = receiptPdf([
      'Cykelhandler Demo ApS - Kvittering',
      `Cykel nr. ${index + 1}`,
      'Dato: 2025-04-12',
      'Pris: 6.999,00 kr inkl. moms',
      'Tak for handlen!',
    ]);
    await storeDocument(ctx, { bikeId: bike.id, kind: 'receipt', equipmentId: null, body: receipt, fileName: 'kvittering.pdf' }, under);
  }
}
