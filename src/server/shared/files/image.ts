import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../http/errors.js';

// Uploaded files are judged by their bytes (file-type reads the magic numbers), never by the content
// type or name the client sent. Images are decoded and re-encoded by sharp: turned upright by their
// EXIF orientation, converted to sRGB, and written without any metadata (no EXIF, GPS, XMP, ICC), so
// a picture never tells where it was taken.

/** A decompression bomb stops here (100 megapixels; phone cameras deliver well below it). */
const MAX_INPUT_PIXELS = 100_000_000;

/** What the installed sharp can decode, as detected MIME types. HEIC (HEVC) needs a libvips sharp does not ship; AVIF it reads. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'] as const;

export interface DetectedFile {
  mime: string;
  ext: string;
}

/** The file's real type, if it is one of `allowed`; else 415 file_type_not_allowed. */
export async function detectFileType(body: Buffer, allowed: readonly string[]): Promise<DetectedFile> {
  const type = await fileTypeFromBuffer(body);
  if (!type || !allowed.includes(type.mime)) throw new AppError('file_type_not_allowed');
  return { mime: type.mime, ext: type.ext };
}

export const PICTURE_TYPES: readonly string[] = IMAGE_TYPES;
export const DOCUMENT_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const DOCUMENT_TYPES: readonly string[] = ['application/pdf', ...DOCUMENT_IMAGE_TYPES];

export interface EncodedImage {
  body: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

function decode(body: Buffer) {
  // rotate() without an angle turns the image upright by its EXIF orientation; output keeps no metadata
  // (sharp strips it unless told to keep it) and is converted to sRGB.
  return sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

async function encoded(pipeline: Sharp, format: 'webp' | 'jpeg' | 'png'): Promise<EncodedImage> {
  const out =
    format === 'webp'
      ? pipeline.webp({ quality: 82 })
      : format === 'jpeg'
        ? pipeline.jpeg({ quality: 88, mozjpeg: true })
        : pipeline.png({ compressionLevel: 9 });
  try {
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { body: data, contentType: `image/${format}`, ext: format === 'jpeg' ? 'jpg' : format, width: info.width, height: info.height };
  } catch {
    // Bytes that look like an image but do not decode (truncated, HEIC without a decoder, a bomb) are refused.
    throw new AppError('file_type_not_allowed');
  }
}

/** A picture: at most 2000 px on its longer side, WebP, and a 400 px thumbnail. */
export async function encodePicture(body: Buffer): Promise<{ full: EncodedImage; thumb: EncodedImage }> {
  const full = await encoded(decode(body).resize(2000, 2000, { fit: 'inside', withoutEnlargement: true }), 'webp');
  const thumb = await encoded(sharp(full.body).resize(400, 400, { fit: 'inside', withoutEnlargement: true }), 'webp');
  return { full, thumb };
}

/** An image document (a photographed receipt): its own format, metadata stripped, at most 3000 px so small print stays legible. */
export async function encodeDocumentImage(body: Buffer, mime: string): Promise<EncodedImage> {
  const format = mime === 'image/png' ? 'png' : mime === 'image/webp' ? 'webp' : 'jpeg';
  return encoded(decode(body).resize(3000, 3000, { fit: 'inside', withoutEnlargement: true }), format);
}
