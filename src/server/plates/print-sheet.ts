import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { plateUrlPath } from '../../domain/bikes/plate-id.js';

// A batch's print sheet (issue 14): each plate's QR code, its GS1 Digital Link address (§2
// /sticker-id/01/{GTIN}/21/{ID}), with the ID under it, on A4 label sheets of 3 × 8 labels (70 × 37 mm, the common
// sheet without margins), in the batch's ID order. Each QR is an image of one pixel per module, drawn without
// smoothing, so it prints sharp at any size and the file stays small (a few hundred bytes a plate).

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const COLUMNS = 3;
const ROWS = 8;
const LABELS_PER_PAGE = COLUMNS * ROWS;
const LABEL = { width: PAGE.width / COLUMNS, height: PAGE.height / ROWS };
const QR_SIZE = 25 * MM;
const ID_SIZE = 10;

/** The address a plate's QR code carries. */
function plateQrContent(publicUrl: string, plateId: string): string {
  return `${publicUrl}${plateUrlPath(plateId)}`;
}

/** The QR's modules as 8-bit grey pixels (0 black, 255 white), with the quiet zone of 4 modules the standard asks for. */
function qrPixels(text: string): { size: number; pixels: Uint8Array } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const size = modules.size + 2 * quiet;
  const pixels = new Uint8Array(size * size).fill(255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) pixels[(row + quiet) * size + col + quiet] = 0;
    }
  }
  return { size, pixels };
}

/** The print sheet of these plate IDs (in the order given) as a PDF. */
export async function printSheetPdf(publicUrl: string, title: string, plateIds: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Cykelregister');
  const font = await doc.embedFont(StandardFonts.CourierBold);
  for (let start = 0; start < plateIds.length; start += LABELS_PER_PAGE) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    plateIds.slice(start, start + LABELS_PER_PAGE).forEach((id, index) => {
      const column = index % COLUMNS;
      const row = Math.floor(index / COLUMNS);
      const left = column * LABEL.width;
      const top = PAGE.height - row * LABEL.height;
      const { size, pixels } = qrPixels(plateQrContent(publicUrl, id));
      const image = doc.context.register(
        doc.context.flateStream(pixels, {
          Type: 'XObject',
          Subtype: 'Image',
          Width: size,
          Height: size,
          BitsPerComponent: 8,
          ColorSpace: 'DeviceGray',
          Interpolate: false,
        }),
      );
      const name = page.node.newXObject('Qr', image);
      const x = left + (LABEL.width - QR_SIZE) / 2;
      const y = top - 4 * MM - QR_SIZE;
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(QR_SIZE, 0, 0, QR_SIZE, x, y),
        drawObject(name),
        popGraphicsState(),
      );
      const width = font.widthOfTextAtSize(id, ID_SIZE);
      page.drawText(id, { x: left + (LABEL.width - width) / 2, y: y - ID_SIZE - 1, size: ID_SIZE, font, color: rgb(0, 0, 0) });
    });
  }
  return doc.save();
}

/** The name the sheet is saved as. */
export function printSheetFileName(batchName: string): string {
  const safe = batchName
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `plates-${safe || 'batch'}.pdf`;
}
