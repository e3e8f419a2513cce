import { useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SharedPlace } from './contact-send';

// Messages being written, kept across reloads and across signing in (§4 drafts persist locally): a
// visitor writes to a bike's owner, logs in or signs up, and finds the message still there. Keyed by
// bike id (a first message) or chat id (a reply). Sending clears the draft.

export interface ContactDraft {
  content: string;
  shareContact: boolean;
  /** The visitor pressed send and went to log in or sign up: remind them of it on the way back. */
  waitingForLogin: boolean;
  /** A finder's message (issue 6): where they saw the bike, if they chose a place. */
  place: SharedPlace | null;
  /** A photo was chosen (the file itself is in photo-store.ts): if it was not kept, ask for it again. */
  hadPhoto: boolean;
  /** Written as a finder (the page was opened with ?found=1): the way back keeps the finder's form. */
  finder: boolean;
}

interface DraftState {
  contacts: Record<string, ContactDraft>;
  replies: Record<string, string>;
  setContact(bikeId: string, draft: Partial<ContactDraft>): void;
  clearContact(bikeId: string): void;
  setReply(chatId: string, content: string): void;
  clearReply(chatId: string): void;
}

const EMPTY: ContactDraft = { content: '', shareContact: false, waitingForLogin: false, place: null, hadPhoto: false, finder: false };

export const useDraftStore = create<DraftState>()(
  persist(
    (set) => ({
      contacts: {},
      replies: {},
      setContact: (bikeId, draft) =>
        set((state) => ({ contacts: { ...state.contacts, [bikeId]: { ...EMPTY, ...state.contacts[bikeId], ...draft } } })),
      clearContact: (bikeId) =>
        set((state) => {
          const { [bikeId]: _gone, ...rest } = state.contacts;
          return { contacts: rest };
        }),
      setReply: (chatId, content) =>
        set((state) => {
          const { [chatId]: _old, ...rest } = state.replies;
          return { replies: content ? { ...rest, [chatId]: content } : rest };
        }),
      clearReply: (chatId) =>
        set((state) => {
          const { [chatId]: _gone, ...rest } = state.replies;
          return { replies: rest };
        }),
    }),
    { name: 'chat-drafts', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

export function useContactDraft(bikeId: string): ContactDraft {
  const stored = useDraftStore((s) => s.contacts[bikeId]);
  // A draft kept before a field was added lacks it.
  return useMemo(() => (stored ? { ...EMPTY, ...stored } : EMPTY), [stored]);
}

/** Whether there is a draft for the bike at all (an emptied one counts: a finder's text is not filled in again). */
export function hasContactDraft(bikeId: string): boolean {
  return useDraftStore.getState().contacts[bikeId] !== undefined;
}

/** The bike of a message that waits for its writer to sign in, if any. */
export function useWaitingContact(): string | null {
  return useDraftStore((s) => Object.entries(s.contacts).find(([, draft]) => draft.waitingForLogin && draft.content.trim())?.[0] ?? null);
}
