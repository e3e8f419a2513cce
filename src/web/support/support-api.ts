import type { ChatMessage } from '../../domain/chats';
import type { SupportConversation, VisitorChatStarted } from '../../domain/support';
import { api } from '../lib/api-client';

// The writer's support calls (issue 14). Plain fetches: /support/chat is a public page without the query library.
// A visitor's conversation is reached with its access key, kept in this browser (localStorage) and sent in a header.

const KEY_STORAGE = 'support-visitor-key';
/** domain/support.ts SUPPORT_KEY_HEADER (a type-only import keeps zod out of this public page). */
const SUPPORT_KEY_HEADER = 'x-support-key';

export const loadMine = () => api<SupportConversation | null>('/support/chat');
export const writeMine = (content: string) => api<ChatMessage>('/support/chat/messages', { method: 'POST', body: { content } });
export const readMine = () => api<null>('/support/chat/read', { method: 'POST' });

const keyHeaders = (key: string) => ({ [SUPPORT_KEY_HEADER]: key });
export const loadVisitor = (key: string) => api<SupportConversation>('/support/visitor-chat', { headers: keyHeaders(key) });
export const writeVisitor = (key: string, content: string) =>
  api<ChatMessage>('/support/visitor-chat/messages', { method: 'POST', body: { content }, headers: keyHeaders(key) });
export const readVisitor = (key: string) => api<null>('/support/visitor-chat/read', { method: 'POST', headers: keyHeaders(key) });
export const startVisitor = (input: { name: string; email: string; content: string }) =>
  api<VisitorChatStarted>('/support/visitor-chats', { method: 'POST', body: input });

/**
 * The visitor's key: from the mailed link's #key= (taken out of the address at once, so it is not left in the history
 * or shared with a copied link), else the one this browser kept.
 */
export function takeVisitorKey(): string | null {
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('key');
  if (fromLink) {
    keepVisitorKey(fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return fromLink;
  }
  try {
    return localStorage.getItem(KEY_STORAGE);
  } catch {
    return null;
  }
}

export function keepVisitorKey(key: string): void {
  try {
    localStorage.setItem(KEY_STORAGE, key);
  } catch {
    // Private mode without storage: the mailed link still leads back.
  }
}

export function forgetVisitorKey(): void {
  try {
    localStorage.removeItem(KEY_STORAGE);
  } catch {
    // Nothing kept.
  }
}

/** Adds a message to a conversation once (the live channel may bring one just sent too). */
export function withMessage(conversation: SupportConversation, message: ChatMessage): SupportConversation {
  if (conversation.messages.some((m) => m.id === message.id)) return conversation;
  return { ...conversation, status: message.mine ? 'open' : conversation.status, messages: [...conversation.messages, message] };
}
