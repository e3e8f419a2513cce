import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Language } from '../../domain/locale.js';
import type { AppContext } from '../context.js';
import { equipment, pictures, plates } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { auditCprRead } from '../shared/audit.js';
import { decryptField } from '../shared/secrets.js';
import { type PoliceReportInput, renderPoliceReport } from './police-report-pdf.js';
import { type OwnReport, ownReport } from './report-read.js';

// GET /bikes/{bikeId}/stolen-report/police-report.pdf: the owner's police report, made on request (it is
// the report as it stands, so nothing is stored). It shows the full CPR number, so each download is audited (cpr.read). Pictures are stored as WebP, which PDF cannot hold:
// they are converted to JPEG here, at a size that prints well.

/** Pictures that help the police recognise the bike; receipts are the owner's business. */
const PICTURE_KINDS = ['public', 'frame_number', 'plate', 'lock_proof'] as const;
const MAX_PICTURES = 8;

async function jpegOf(webp: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(webp)
      .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

export async function policeReportFile(
  ctx: AppContext,
  caller: Caller,
  bikeId: string,
  language: Language,
): Promise<{ body: Buffer; fileName: string }> {
  return policeReportOf(ctx, caller, await ownReport(ctx.db, caller, bikeId), language);
}

/** The police report of a report the caller may read (the owner's, or a claim's for the insurer's member): audited. */
export async function policeReportOf(
  ctx: AppContext,
  caller: Caller,
  own: OwnReport,
  language: Language,
): Promise<{ body: Buffer; fileName: string }> {
  const plateRows = await ctx.db
    .select({ id: plates.id })
    .from(plates)
    .where(eq(plates.bikeId, own.bike.id))
    .orderBy(asc(plates.assignedAt), asc(plates.id));
  const lockRows = await ctx.db
    .select({
      manufacturer: equipment.manufacturerName,
      product: equipment.productName,
      type: equipment.lockTypeMemo,
      serialNumbers: equipment.serialNumbers,
      varefakta: equipment.varefaktaNumber,
      keyNumber: equipment.physicalKeyNumber,
      note: equipment.note,
    })
    .from(equipment)
    .where(and(eq(equipment.bikeId, own.bike.id), eq(equipment.itemTypeMemo, 'lock')))
    .orderBy(asc(equipment.createdAt), asc(equipment.id));
  const pictureRows = await ctx.db
    .select({ kind: pictures.kind, storageKey: pictures.storageKey })
    .from(pictures)
    .where(and(eq(pictures.bikeId, own.bike.id), eq(pictures.ownershipId, own.ownership.id), inArray(pictures.kind, [...PICTURE_KINDS])))
    .orderBy(asc(pictures.createdAt), asc(pictures.id))
    .limit(MAX_PICTURES);
  const converted: PoliceReportInput['pictures'] = [];
  for (const row of pictureRows) {
    const file = await ctx.storage.get(row.storageKey);
    const jpeg = file ? await jpegOf(file.body) : null;
    // A file gone missing from storage leaves the report without that picture rather than without a report.
    if (!jpeg) {
      ctx.log.warn({ key: row.storageKey }, 'police report: picture not readable');
      continue;
    }
    converted.push({ kind: row.kind as PoliceReportInput['pictures'][number]['kind'], jpeg });
  }
  const cpr = decryptField(ctx.config.dataKey, own.report.cprEncrypted);
  const body = await renderPoliceReport({
    ...own,
    language,
    cpr,
    plates: plateRows.map((p) => p.id),
    locks: lockRows,
    publicUrl: ctx.config.publicUrl,
    pictures: converted,
    now: new Date(),
  });
  // The PDF holds the full number: the read is audited before it leaves (no entry, no PDF).
  if (cpr) {
    await auditCprRead(ctx.db, caller, own.report.reporterPartyId, { resource: 'police_report', id: own.report.id, bike_id: own.bike.id });
  }
  const label = (own.report.frameNumber || own.bike.frameNumber || own.report.id).replace(/[^A-Za-z0-9_-]/g, '');
  return { body, fileName: `police-report-${label || own.report.id}.pdf` };
}
