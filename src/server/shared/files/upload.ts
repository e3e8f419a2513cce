import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../../domain/bikes.js';
import { AppError } from '../../http/errors.js';

// Uploads are multipart/form-data with a few text fields and one file named `file`. The parser is
// registered inside the pictures and documents plugins only, so the rest of the API stays JSON-only.

const LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 200, fieldNameSize: 40, headerPairs: 50 };

/** Registers the multipart parser in the calling plugin's scope. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: LIMITS, throwFileSizeLimit: true });
}

export interface Upload {
  fields: Record<string, string>;
  file: { body: Buffer; filename: string };
}

/**
 * Reads the text fields (in any order) and the one file. Too large: 413 file_too_large; no file:
 * 422 file_missing; a second file, or anything that is not a well-formed multipart body, never a 500.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('file_missing', 'file');
  const fields: Record<string, string> = {};
  let file: Upload['file'] | null = null;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw new AppError('field_invalid', part.fieldname);
        }
        const body = await part.toBuffer();
        // toBuffer throws at the limit; a stream cut short at exactly the limit is caught here too.
        if (part.file.truncated) throw new AppError('file_too_large');
        file = { body, filename: part.filename ?? '' };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file || file.body.length === 0) throw new AppError('file_missing', 'file');
  return { fields, file };
}

function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('file_too_large');
  if (code === 'FST_FILES_LIMIT') return new AppError('field_invalid', 'file');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('payload_too_large');
  // Busboy's own errors (a cut-off or malformed body) carry no status: the request was at fault.
  return new AppError('malformed_request');
}

/** A file name safe to keep and to send back: no path, no control characters, at most 120 characters, with the right extension. */
export function safeFileName(given: string, fallbackStem: string, ext: string): string {
  const base = given.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem =
    cleaned
      .replace(/\.[^.]*$/, '')
      .slice(0, 100)
      .trim() || fallbackStem;
  return `${stem}.${ext}`;
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
