import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '../../domain/chats';
import { mapLink, previewText, shortTime, systemText } from './chat-format';

// A stand-in for i18next's t that shows which key (and values) were asked for.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

const chat = (last: ChatSummary['last_message']): ChatSummary => ({ last_message: last }) as ChatSummary;

describe('chat wording', () => {
  it('translates the keys of system messages, and never shows an unknown key as it is', () => {
    expect(systemText(t, 'transfer_completed')).toBe('chats:system.transfer_completed');
    expect(systemText(t, '<script>')).toBe('chats:system.unknown');
  });

  it('previews the last message: system ones translated, mine marked', () => {
    const at = '2026-11-21T10:00:00Z';
    const text = { photo: false, place: false, place_label: null, created_at: at };
    expect(previewText(t, chat({ ...text, content: 'ownership_request_declined', kind: 'system', mine: false }))).toBe(
      'chats:system.ownership_request_declined',
    );
    expect(previewText(t, chat({ ...text, content: 'Hej', kind: 'text', mine: true }))).toBe('chats:inbox.mine {"text":"Hej"}');
    expect(previewText(t, chat({ ...text, content: 'Hej', kind: 'text', mine: false }))).toBe('Hej');
    // Text comes first, also when a photo or a place came with it.
    expect(previewText(t, chat({ ...text, content: 'Her', kind: 'text', mine: false, photo: true, place: true }))).toBe('Her');
    expect(previewText(t, chat(null))).toBe('');
  });

  it('previews a photo or a place sent without text as such, a place by its name when it has one', () => {
    const at = '2026-11-21T10:00:00Z';
    const bare = { content: '', kind: 'text' as const, created_at: at, place_label: null };
    expect(previewText(t, chat({ ...bare, mine: false, photo: true, place: false }))).toBe('chats:inbox.photo');
    expect(previewText(t, chat({ ...bare, mine: true, photo: true, place: true }))).toBe('chats:inbox.mine {"text":"chats:inbox.photo"}');
    expect(previewText(t, chat({ ...bare, mine: false, photo: false, place: true }))).toBe('chats:inbox.place');
    expect(previewText(t, chat({ ...bare, mine: true, photo: false, place: true, place_label: 'Nørreport' }))).toBe(
      'chats:inbox.mine {"text":"chats:inbox.placeNamed {\\"label\\":\\"Nørreport\\"}"}',
    );
  });

  it('shows the time today, the day this year, the date before', () => {
    const now = new Date(2026, 10, 21, 15, 0);
    expect(shortTime(new Date(2026, 10, 21, 9, 5).toISOString(), 'da', now)).toBe('09.05');
    expect(shortTime(new Date(2026, 2, 3, 9, 5).toISOString(), 'en', now)).toBe('3 Mar');
    expect(shortTime(new Date(2024, 2, 3, 9, 5).toISOString(), 'en', now)).toBe('3 Mar 2024');
    expect(shortTime('not a date', 'en', now)).toBe('');
  });

  it('links a place to OpenStreetMap', () => {
    expect(mapLink(55.6761, 12.5683)).toBe('https://www.openstreetmap.org/?mlat=55.67610&mlon=12.56830#map=17/55.67610/12.56830');
  });
});
