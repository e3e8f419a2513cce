import { type InfiniteData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { ChatMessage, ChatSummary, PostMessage, UnreadCount } from '../../domain/chats';
import { api } from '../lib/api-client';
import { queryClient, refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';
import { type SharedPlace, sendPhoto } from './contact-send';
import { PAGE_SIZE } from './limits';

// The chat calls (issue 5) with their query keys. Keys are keyed by the acting party, as the bike keys are,
// so a cache filled for one user (change user, switch-user) is never shown to another. The live channel
// (live-provider.tsx) writes into the same keys.

export const chatKeys = {
  all: ['chats'] as const,
  lists: (partyId: string) => ['chats', partyId, 'list'] as const,
  list: (partyId: string, q: string) => ['chats', partyId, 'list', q] as const,
  detail: (partyId: string, chatId: string) => ['chats', partyId, 'detail', chatId] as const,
  messages: (partyId: string, chatId: string) => ['chats', partyId, 'messages', chatId] as const,
  unread: (partyId: string) => ['chats', partyId, 'unread'] as const,
};

/** Newest page first; each page oldest message first, as the server sends it. */
export type MessagePages = InfiniteData<ChatMessage[], string | null>;

const chatPath = (chatId: string) => `/chats/${encodeURIComponent(chatId)}`;

/** GET /chats/?q=: my conversations, newest first; with q (2 or more characters), those whose messages match. */
export function useChats(q: string) {
  const partyId = useActingParty();
  const query = q.trim().length >= 2 ? q.trim() : '';
  return useQuery({
    queryKey: chatKeys.list(partyId, query),
    queryFn: ({ signal }) => api<ChatSummary[]>(query ? `/chats/?q=${encodeURIComponent(query)}` : '/chats/', { signal }),
    enabled: partyId !== '',
    // While a new search runs, the last answer stays on screen rather than a spinner.
    placeholderData: (previous) => previous,
  });
}

export function useChat(chatId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: chatKeys.detail(partyId, chatId),
    queryFn: ({ signal }) => api<ChatSummary>(chatPath(chatId), { signal }),
    enabled: partyId !== '' && chatId !== '',
  });
}

/** The conversation, a page of CHAT_PAGE_SIZE at a time going back in time ("load older": before=). */
export function useChatMessages(chatId: string) {
  const partyId = useActingParty();
  return useInfiniteQuery({
    queryKey: chatKeys.messages(partyId, chatId),
    queryFn: ({ signal, pageParam }) =>
      api<ChatMessage[]>(`${chatPath(chatId)}/messages${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    // A full page may have older ones behind it; the oldest message loaded is where the next page ends.
    getNextPageParam: (page) => (page.length >= PAGE_SIZE ? (page[0]?.created_at ?? null) : null),
    enabled: partyId !== '' && chatId !== '',
  });
}

/** GET /chats/unread, for the header badge. The client is named: the header lives outside the signed-in provider. */
export function useUnreadCount() {
  const partyId = useActingParty();
  return useQuery(
    {
      queryKey: chatKeys.unread(partyId),
      queryFn: ({ signal }) => api<UnreadCount>('/chats/unread', { signal }),
      enabled: partyId !== '',
      staleTime: 60_000,
    },
    queryClient,
  );
}

/** Adds a message to a cached conversation (once: the live channel may bring the one just sent too). */
export function appendMessage(partyId: string, chatId: string, message: ChatMessage): void {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(partyId, chatId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
    const [newest = [], ...older] = data.pages;
    return { ...data, pages: [[...newest, message], ...older] };
  });
}

/** A conversation's header changed (shared contact, block …): keep the answer, and let the inbox refetch. */
function keepSummary(partyId: string, summary: ChatSummary): Promise<void> {
  queryClient.setQueryData(chatKeys.detail(partyId, summary.id), summary);
  return refreshQueries(chatKeys.lists(partyId));
}

export function useSendMessage(chatId: string) {
  const partyId = useActingParty();
  return useMutation({
    mutationFn: (input: PostMessage) => api<ChatMessage>(`${chatPath(chatId)}/messages`, { method: 'POST', body: input }),
    onSuccess: (message) => {
      appendMessage(partyId, chatId, message);
      return refreshQueries(chatKeys.lists(partyId));
    },
  });
}

/** A message with a photo (and optionally text and a place), through the multipart photo route. */
export function useSendPhotoMessage(chatId: string) {
  const partyId = useActingParty();
  return useMutation({
    mutationFn: (input: { photo: File; content: string; place: SharedPlace | null }) =>
      sendPhoto(chatId, input.photo, input.content, input.place),
    onSuccess: (message) => {
      appendMessage(partyId, chatId, message);
      return refreshQueries(chatKeys.lists(partyId));
    },
  });
}

/** POST /chats/{chatId}/read: everything up to now is read; the badge and the inbox follow. */
export async function markChatRead(partyId: string, chatId: string): Promise<void> {
  await api<null>(`${chatPath(chatId)}/read`, { method: 'POST' });
  queryClient.setQueryData<ChatSummary>(chatKeys.detail(partyId, chatId), (chat) => (chat ? { ...chat, unread_count: 0 } : chat));
  await Promise.all([refreshQueries(chatKeys.unread(partyId)), refreshQueries(chatKeys.lists(partyId))]);
}

export function useShareContact(chatId: string) {
  const partyId = useActingParty();
  return useMutation({
    mutationFn: (share: boolean) => api<ChatSummary>(`${chatPath(chatId)}/share-contact`, { method: 'POST', body: { share } }),
    onSuccess: (summary) => keepSummary(partyId, summary),
  });
}

/** Block (POST) or unblock (DELETE) the other participant. */
export function useBlock(chatId: string) {
  const partyId = useActingParty();
  return useMutation({
    mutationFn: (block: boolean) => api<ChatSummary>(`${chatPath(chatId)}/block`, { method: block ? 'POST' : 'DELETE' }),
    onSuccess: (summary) => keepSummary(partyId, summary),
  });
}

export function useReportChat(chatId: string) {
  return useMutation({
    mutationFn: (reason: string) => api<{ ticket_id: string }>(`${chatPath(chatId)}/report`, { method: 'POST', body: { reason } }),
  });
}
