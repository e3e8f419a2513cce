// The limits of domain/chats.ts, written out here (limits.test.ts keeps them equal): importing the
// contract brings zod along, which the chat pages do not otherwise need (the light contact page least of all).

/** CHAT_MESSAGE_MAX_LENGTH */
export const MESSAGE_MAX_LENGTH = 2000;
/** CHAT_REPORT_REASON_MAX_LENGTH */
export const REPORT_REASON_MAX_LENGTH = 1000;
/** CHAT_PLACE_LABEL_MAX_LENGTH: what one may call a shared place. */
export const PLACE_LABEL_MAX_LENGTH = 200;
/** CHAT_PAGE_SIZE: messages in one page of a conversation. */
export const PAGE_SIZE = 50;
/** UPLOAD_MAX_BYTES: the largest photo the server takes (15 MB). */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The image types the server decodes (server/pictures/image.ts PICTURE_TYPES); the file input offers these. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'] as const;

/**
 * Why a chosen photo cannot be sent, as an error code (errors catalog), or null when it may. A type the
 * browser does not know (an empty `type`, as some phones give HEIC) is left to the server, which judges
 * the bytes anyway.
 */
export function photoProblem(file: { size: number; type: string }): 'file_too_large' | 'file_type_not_allowed' | 'file_missing' | null {
  if (file.size === 0) return 'file_missing';
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'file_type_not_allowed';
  if (file.size > PHOTO_MAX_BYTES) return 'file_too_large';
  return null;
}
