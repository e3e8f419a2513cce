import { useEffect } from 'react';
import type { LiveServerFrame } from '../../domain/chats';
import { queryClient, refreshQueries } from '../lib/query-client';
import { useActingParty, useSessionStore } from '../lib/session-store';
import { appendMessage, chatKeys } from './chats-api';
import { connectLive } from './live';

type FrameListener = (frame: LiveServerFrame) => void;
const listeners = new Set<FrameListener>();

/** Other areas' pages hear the frames too while mounted (the backoffice's support tickets refetch on 'support'). */
export function useLiveFrames(listener: FrameListener): void {
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listener]);
}

/** What a frame changes in the query cache of the acting party. */
export function applyFrame(partyId: string, frame: LiveServerFrame): void {
  for (const listener of listeners) listener(frame);
  if (frame.type === 'message') {
    appendMessage(partyId, frame.chat_id, frame.message);
    void refreshQueries(chatKeys.lists(partyId));
    void refreshQueries(chatKeys.detail(partyId, frame.chat_id));
  } else if (frame.type === 'unread') {
    queryClient.setQueryData(chatKeys.unread(partyId), frame.unread);
  } else if (frame.type === 'chat') {
    void refreshQueries(chatKeys.detail(partyId, frame.chat_id));
    void refreshQueries(chatKeys.lists(partyId));
  }
}

/**
 * Keeps this tab's live chat connection while someone is signed in (mounted in the signed-in layout only,
 * so public pages carry none of this). A new token (log in, change user) opens a new connection.
 */
export function ChatLive() {
  const token = useSessionStore((s) => s.token);
  const partyId = useActingParty();
  useEffect(() => {
    if (!token || !partyId) return;
    const connection = connectLive({
      token,
      onFrame: (frame) => applyFrame(partyId, frame),
      onReady: () => {
        // Whatever happened while the connection was down (or before it, e.g. a message sent from the
        // light contact page, which has no query cache) is fetched again.
        void refreshQueries(['chats', partyId]);
      },
    });
    return () => connection.close();
  }, [token, partyId]);
  return null;
}
