import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LiveServerFrame } from '../../domain/chats';
import type { Assignee, CannedReply, CannedReplyInput, SupportTicket } from '../../domain/support';
import { useLiveFrames } from '../chats/live-provider';
import { api } from '../lib/api-client';
import { queryClient, refreshQueries } from '../lib/query-client';
import { refreshTickets, type Ticket, ticketKeys, useMe } from './tickets-api';

// A support ticket's calls (issue 14): GET /backoffice/support/tickets/{id} and its answer, the assignees, assigning,
// closing and reopening (the tickets' calls), and the canned replies.

const path = (ticketId: string) => `/backoffice/support/tickets/${encodeURIComponent(ticketId)}`;
const supportKey = (me: string, ticketId: string) => [...ticketKeys.detail(me, ticketId), 'support'] as const;
const cannedKey = ['backoffice', 'support', 'canned'] as const;
const assigneesKey = ['backoffice', 'support', 'assignees'] as const;

export function useSupportTicket(ticketId: string) {
  const me = useMe();
  return useQuery({
    queryKey: supportKey(me, ticketId),
    queryFn: ({ signal }) => api<SupportTicket>(path(ticketId), { signal }),
    enabled: me !== '',
  });
}

export function useReplyToTicket(ticketId: string) {
  const me = useMe();
  return useMutation({
    mutationFn: (content: string) => api<SupportTicket>(`${path(ticketId)}/messages`, { method: 'POST', body: { content } }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKey(me, ticketId), ticket);
      return refreshTickets();
    },
  });
}

/** assign, close or reopen: POST /backoffice/tickets/{id}/… */
export function useTicketChange(ticketId: string) {
  return useMutation({
    mutationFn: (change: { action: 'assign'; assignee: string | null } | { action: 'close' | 'reopen' }) =>
      api<Ticket>(`/backoffice/tickets/${encodeURIComponent(ticketId)}/${change.action}`, {
        method: 'POST',
        ...(change.action === 'assign' ? { body: { assignee_party_id: change.assignee } } : {}),
      }),
    onSuccess: refreshTickets,
  });
}

export function useAssignees() {
  return useQuery({ queryKey: assigneesKey, queryFn: ({ signal }) => api<Assignee[]>('/backoffice/support/assignees', { signal }) });
}

export function useCannedReplies() {
  return useQuery({ queryKey: cannedKey, queryFn: ({ signal }) => api<CannedReply[]>('/backoffice/support/canned-replies', { signal }) });
}

export function useAddCannedReply() {
  return useMutation({
    mutationFn: (input: CannedReplyInput) => api<CannedReply>('/backoffice/support/canned-replies', { method: 'POST', body: input }),
    onSuccess: () => refreshQueries(cannedKey),
  });
}

export function useRemoveCannedReply() {
  return useMutation({
    mutationFn: (id: string) => api<null>(`/backoffice/support/canned-replies/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refreshQueries(cannedKey),
  });
}

/** Tickets refetch when the live channel says a support conversation changed (a message, an assignment, a close). */
export function useSupportLive(): void {
  useLiveFrames(
    useCallback((frame: LiveServerFrame) => {
      if (frame.type === 'support') void refreshTickets();
    }, []),
  );
}
