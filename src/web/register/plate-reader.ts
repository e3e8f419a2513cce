import { parsePlateQr } from '../../domain/bikes/plate-id';

// Reads a plate ID from a photo of the plate (§2: "take a picture of the plate"), in the browser: the
// built-in BarcodeDetector where there is one (Android, macOS), else zxing-wasm, loaded on first use.

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(image: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = (new (options: {
  formats: string[];
}) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** A phone photo is 12+ megapixels; a QR code reads as well, and far faster, at this size. */
const MAX_SIDE = 1600;

async function nativeTexts(bitmap: ImageBitmap): Promise<string[] | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const found = await new Detector({ formats: ['qr_code'] }).detect(bitmap);
    return found.map((code) => code.rawValue);
  } catch {
    return null;
  }
}

function scaledImageData(bitmap: ImageBitmap): ImageData | null {
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

export type PlateReading = { kind: 'plate'; plateId: string } | { kind: 'other_code' } | { kind: 'no_code' } | { kind: 'failed' };

/** The plate ID in the photo, or why there is none: no QR code, a QR code that is not one of our plates. */
export async function readPlateFromPhoto(file: Blob): Promise<PlateReading> {
  let texts: string[] = [];
  try {
    const bitmap = await createImageBitmap(file);
    try {
      texts = (await nativeTexts(bitmap)) ?? [];
      if (texts.length === 0) {
        const { readQrTexts } = await import('./zxing-reader');
        const data = scaledImageData(bitmap);
        texts = data ? await readQrTexts(data) : [];
        // A small code in a big photo may vanish when scaled down: try the photo as it is.
        if (texts.length === 0 && data && (data.width < bitmap.width || data.height < bitmap.height)) texts = await readQrTexts(file);
      }
    } finally {
      bitmap.close();
    }
  } catch {
    return { kind: 'failed' };
  }
  if (texts.length === 0) return { kind: 'no_code' };
  for (const text of texts) {
    const plateId = parsePlateQr(text);
    if (plateId) return { kind: 'plate', plateId };
  }
  return { kind: 'other_code' };
}
