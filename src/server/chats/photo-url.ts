import { signFile, verifyFileSignature } from '../shared/files/signed-url.js';

// A photo sent in a conversation is served only on a signed, short-lived address, made for the
// participants when they read the message: the scheme of the owner's file addresses
// (pictures/signed-url.ts), whose signature covers the kind of file, so a chat photo's address never
// opens a bike picture, nor the other way round.

export type ChatPhotoSize = 'full' | 'thumb';

/** The participants' address of a message's photo. */
export function signedChatPhotoUrl(secret: Uint8Array, messageId: string, size: ChatPhotoSize, now?: Date): string {
  const { exp, sig } = signFile(secret, { kind: 'chat_photo', id: messageId, size }, now);
  return `/api/files/chat-photos/${messageId}/${size}?exp=${exp}&sig=${sig}`;
}

/** Whether the signature is ours, for this photo and size, and not expired. */
export function verifyChatPhotoSignature(
  secret: Uint8Array,
  input: { messageId: string; size: ChatPhotoSize; exp: number; sig: string },
  now?: Date,
): boolean {
  return verifyFileSignature(secret, { kind: 'chat_photo', id: input.messageId, size: input.size }, input.exp, input.sig, now);
}
