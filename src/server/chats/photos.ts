import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../domain/bikes.js';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PLACE_LABEL_MAX_LENGTH, type PostMessage } from '../../domain/chats.js';
import type { AppContext } from '../context.js';
import { chatMessages } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { isUuid } from '../shared/files/ids.js';
import { detectFileType, encodePicture, PICTURE_TYPES } from '../shared/files/image.js';
import { secondsLeft } from '../shared/files/signed-url.js';
import { type ChatPhotoSize, verifyChatPhotoSignature } from './photo-url.js';

// A photo with a message (a finder shows where a stolen bike stands): multipart with the fields
// content, latitude, longitude and place_label (what the sender calls the place) and one image in `file`. Like a bike picture it is judged by its
// bytes and re-encoded by sharp — upright, every metadata block (EXIF, GPS) removed, WebP at most
// 2000 px plus a 400 px thumbnail — so the file itself never tells where or with what it was taken;
// a place is shared only through the explicit latitude/longitude fields.

/** Room for a whole message in a text field (up to 4 bytes a character). */
const LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: CHAT_MESSAGE_MAX_LENGTH * 4,
  fieldNameSize: 40,
  headerPairs: 50,
};

export interface PhotoUpload {
  message: PostMessage;
  body: Buffer;
}

/** Reads the multipart body: never a 500 for a broken one, 413 for a file over the limit, 422 naming a bad field. */
export async function readPhotoUpload(request: FastifyRequest): Promise<PhotoUpload> {
  if (!request.isMultipart()) throw new AppError('file_missing', 'file');
  const fields: Record<string, string> = {};
  let body: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || body) {
          part.file.resume();
          throw new AppError('field_invalid', part.fieldname);
        }
        body = await part.toBuffer();
        if (part.file.truncated) throw new AppError('file_too_large');
      } else {
        if (part.valueTruncated) throw new AppError('too_long', part.fieldname);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!body || body.length === 0) throw new AppError('file_missing', 'file');
  return { message: photoMessage(fields), body };
}

function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('file_too_large');
  if (code === 'FST_FILES_LIMIT') return new AppError('field_invalid', 'file');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('payload_too_large');
  return new AppError('malformed_request');
}

function coordinate(fields: Record<string, string>, name: 'latitude' | 'longitude', max: number): number | null {
  const raw = fields[name]?.trim();
  if (!raw) return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || Math.abs(value) > max) throw new AppError('field_invalid', name);
  return value;
}

/** The text fields as a message: the text may be empty (the photo says it), at most CHAT_MESSAGE_MAX_LENGTH. */
function photoMessage(fields: Record<string, string>): PostMessage {
  const content = (fields.content ?? '').trim();
  if (content.length > CHAT_MESSAGE_MAX_LENGTH) throw new AppError('too_long', 'content');
  const latitude = coordinate(fields, 'latitude', 90);
  const longitude = coordinate(fields, 'longitude', 180);
  if ((latitude === null) !== (longitude === null)) throw new AppError('field_required', latitude === null ? 'latitude' : 'longitude');
  const placeLabel = (fields.place_label ?? '').trim();
  if (placeLabel.length > CHAT_PLACE_LABEL_MAX_LENGTH) throw new AppError('too_long', 'place_label');
  return { content, latitude, longitude, place_label: placeLabel || null };
}

/**
 * Re-encodes and stores the photo, then runs `write` (which adds the message); the files are removed
 * again when the message cannot be written (e.g. a block came in between).
 */
export async function withStoredPhoto<T>(
  ctx: AppContext,
  chatId: string,
  body: Buffer,
  write: (keys: { photoKey: string; photoThumbnailKey: string }) => Promise<T>,
): Promise<T> {
  await detectFileType(body, PICTURE_TYPES);
  const { full, thumb } = await encodePicture(body);
  const id = randomUUID();
  const photoKey = `chats/${chatId}/${id}.${full.ext}`;
  const photoThumbnailKey = `chats/${chatId}/${id}-thumb.${thumb.ext}`;
  await ctx.storage.put(photoKey, full.body, full.contentType);
  await ctx.storage.put(photoThumbnailKey, thumb.body, thumb.contentType);
  try {
    return await write({ photoKey, photoThumbnailKey });
  } catch (err) {
    await Promise.allSettled([ctx.storage.delete(photoKey), ctx.storage.delete(photoThumbnailKey)]);
    throw err;
  }
}

/** GET /files/chat-photos/{messageId}/{size}: only on a participant's signed address (403 otherwise, 404 when gone). */
export async function signedChatPhoto(
  ctx: AppContext,
  input: { messageId: string; size: ChatPhotoSize; exp: number; sig: string },
): Promise<{ body: Buffer; contentType: string; maxAge: number }> {
  if (!isUuid(input.messageId) || !verifyChatPhotoSignature(ctx.config.jwtSecret, input)) throw new AppError('forbidden');
  const [row] = await ctx.db
    .select({ full: chatMessages.photoKey, thumb: chatMessages.photoThumbnailKey })
    .from(chatMessages)
    .where(eq(chatMessages.id, input.messageId));
  const key = row?.[input.size];
  const file = key ? await ctx.storage.get(key) : null;
  if (!file) throw new AppError('not_found');
  return { ...file, maxAge: secondsLeft(input.exp) };
}
