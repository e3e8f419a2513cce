import type { TFunction } from 'i18next';
import type { PublicBike } from '../../domain/bikes';
import type { ChatSummary } from '../../domain/chats';
import { dateTimeFormat } from '../lib/intl';

// How chats put things into words: the bike's name, times, and the system messages (which carry a key,
// so that each side reads them in their own language).

/** Keys of the system messages other areas write (an ownership request's answers, a finished transfer). */
export const SYSTEM_KEYS = [
  'ownership_request_accepted',
  'ownership_request_declined',
  'ownership_request_withdrawn',
  'transfer_completed',
];

export function systemText(t: TFunction, key: string): string {
  return SYSTEM_KEYS.includes(key) ? t(`chats:system.${key}`) : t('chats:system.unknown');
}

export function bikeName(t: TFunction, bike: PublicBike | null): string {
  if (!bike) return t('chats:bike.gone');
  return [bike.brand_name, bike.model].filter(Boolean).join(' ') || t('chats:bike.unnamed');
}

/** The last message of a conversation, as the inbox shows it. */
export function previewText(t: TFunction, chat: ChatSummary): string {
  const last = chat.last_message;
  if (!last) return '';
  if (last.kind === 'system') return systemText(t, last.content);
  // A photo or a place sent without text says what it is (a place by its name, never its coordinates).
  const text =
    last.content ||
    (last.photo
      ? t('chats:inbox.photo')
      : last.place_label
        ? t('chats:inbox.placeNamed', { label: last.place_label })
        : t('chats:inbox.place'));
  return last.mine ? t('chats:inbox.mine', { text }) : text;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Today: the time; this year: day and month; before: the date. */
export function shortTime(iso: string, language: string | undefined, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return dateTimeFormat(language, { timeStyle: 'short' }).format(date);
  if (date.getFullYear() === now.getFullYear()) return dateTimeFormat(language, { day: 'numeric', month: 'short' }).format(date);
  return dateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A message's time in the conversation: the time today, else date and time. */
export function messageTime(iso: string, language: string | undefined, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return dateTimeFormat(language, { timeStyle: 'short' }).format(date);
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A place as an OpenStreetMap link (opens the map with a marker). Coordinates are never shown as text. */
export function mapLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(5);
  const lon = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}
