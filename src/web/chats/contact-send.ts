import type { ChatMessage, ChatSummary } from '../../domain/chats';
import { api } from '../lib/api-client';

// Sending a first message to a bike's owner (the contact page): the text, and for a finder the place
// with it (POST /chats/ takes both), then the photo as the next message through the photo route. Plain
// fetches: the contact page is public and loads no query library.

/** A place shared in a message: where, and what the sender calls it (optional; shown instead of coordinates). */
export interface SharedPlace {
  latitude: number;
  longitude: number;
  label?: string | null;
}

/** The place's fields of a message (POST /chats/ and …/messages). */
export function placeFields(place: SharedPlace | null): { latitude?: number; longitude?: number; place_label?: string } {
  if (!place) return {};
  const label = place.label?.trim();
  return { latitude: place.latitude, longitude: place.longitude, ...(label ? { place_label: label } : {}) };
}

export interface ContactMessage {
  bikeId: string;
  content: string;
  shareContact: boolean;
  place: SharedPlace | null;
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
      ...placeFields(message.place),
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
export function sendPhoto(chatId: string, photo: File, content: string, place: SharedPlace | null = null): Promise<ChatMessage> {
  const body = new FormData();
  body.append('content', content);
  for (const [name, value] of Object.entries(placeFields(place))) body.append(name, String(value));
  body.append('file', photo, photo.name || 'photo.jpg');
  return api<ChatMessage>(`/chats/${encodeURIComponent(chatId)}/messages/photo`, { method: 'POST', body });
}
