import { useMutation, useQuery } from '@tanstack/react-query';
import type { ChatKind, ChatRole } from '../../domain/chats';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';

// GET /backoffice/tickets?status=, GET /backoffice/tickets/{id}, POST /backoffice/tickets/{id}/close
// (issue 5: reported conversations). The answers as the server's schemas (backoffice/tickets-schemas.ts) give them.

export type TicketStatus = 'open' | 'closed';

export interface Ticket {
  id: string;
  kind: 'chat_report';
  reason: string;
  status: TicketStatus;
  created_at: string;
  closed_at: string | null;
  chat_id: string | null;
  reporter_email: string | null;
}

export interface TicketMessage {
  id: string;
  kind: 'text' | 'system';
  content: string;
  sender_role: ChatRole | null;
  latitude: number | null;
  longitude: number | null;
  photo_url: string | null;
  created_at: string;
}

export interface TicketDetail extends Ticket {
  chat: {
    id: string;
    kind: ChatKind;
    subject_id: string | null;
    created_at: string;
    participants: { party_id: string; role: ChatRole; email: string | null }[];
  } | null;
  messages: TicketMessage[];
}

const ticketKeys = {
  all: ['backoffice', 'tickets'] as const,
  list: (me: string, status: TicketStatus) => ['backoffice', 'tickets', me, 'list', status] as const,
  detail: (me: string, id: string) => ['backoffice', 'tickets', me, 'detail', id] as const,
};

/** Keyed by who asks (a staff member acting as someone else sees other things). */
function useMe(): string {
  return useSession()?.identity_party_id ?? '';
}

export function useTickets(status: TicketStatus) {
  const me = useMe();
  return useQuery({
    queryKey: ticketKeys.list(me, status),
    queryFn: ({ signal }) => api<Ticket[]>(`/backoffice/tickets?status=${status}`, { signal }),
    enabled: me !== '',
  });
}

export function useTicket(ticketId: string) {
  const me = useMe();
  return useQuery({
    queryKey: ticketKeys.detail(me, ticketId),
    queryFn: ({ signal }) => api<TicketDetail>(`/backoffice/tickets/${encodeURIComponent(ticketId)}`, { signal }),
    enabled: me !== '' && ticketId !== '',
  });
}

export function useCloseTicket(ticketId: string) {
  return useMutation({
    mutationFn: () => api<Ticket>(`/backoffice/tickets/${encodeURIComponent(ticketId)}/close`, { method: 'POST' }),
    onSuccess: () => refreshQueries(ticketKeys.all),
  });
}
