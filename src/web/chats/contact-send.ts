import type { ChatMessage, ChatSummary } from '../../domain/chats';
import { api } from '../lib/api-client';

// Sending a first message to a bike's owner (the contact page): the text, and for a finder the place
// with it (POST /chats/ takes both), then the photo as the next message through the photo route. Plain
// fetches: the contact page is public and loads no query library.

export interface ContactMessage {
  bikeId: string;
  content: string;
  shareContact: boolean;
  place: { latitude: number; longitude: number } | null;
  photo: File | null;
}

export interface ContactSent {
  chatId: string;
  /** The conversation was started, but the photo did not go: what went wrong (an ApiError or the like). */
  photoError: unknown;
}

export async function sendContact(message: ContactMessage, onPhase: (phase: 'message' | 'photo') => void): Promise<ContactSent> {
  onPhase('message');
  const chat = await api<ChatSummary>('/chats/', {
    method: 'POST',
    body: {
      subject_id: message.bikeId,
      content: message.content,
      share_contact: message.shareContact,
      ...(message.place ? { latitude: message.place.latitude, longitude: message.place.longitude } : {}),
    },
  });
  if (!message.photo) return { chatId: chat.id, photoError: null };
  onPhase('photo');
  try {
    await sendPhoto(chat.id, message.photo, '');
    return { chatId: chat.id, photoError: null };
  } catch (error) {
    return { chatId: chat.id, photoError: error };
  }
}

/** POST /chats/{chatId}/messages/photo: the photo with an optional text and place (multipart). */
export function sendPhoto(
  chatId: string,
  photo: File,
  content: string,
  place: { latitude: number; longitude: number } | null = null,
): Promise<ChatMessage> {
  const body = new FormData();
  body.append('content', content);
  if (place) {
    body.append('latitude', String(place.latitude));
    body.append('longitude', String(place.longitude));
  }
  body.append('file', photo, photo.name || 'photo.jpg');
  return api<ChatMessage>(`/chats/${encodeURIComponent(chatId)}/messages/photo`, { method: 'POST', body });
}
