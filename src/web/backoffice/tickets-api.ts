import { useMutation, useQuery } from '@tanstack/react-query';
import type { ChatKind, ChatRole } from '../../domain/chats';
import { api } from '../lib/api-client';
import { refreshQueries } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { BACKOFFICE_WORK_KEY } from './work-api';

// GET /backoffice/tickets?status=, GET /backoffice/tickets/{id}, POST /backoffice/tickets/{id}/close
// (issue 5: reported conversations; issue 14: support conversations, also …/assign and …/reopen, tickets-support-api.ts). The answers as the server's schemas (backoffice/tickets-schemas.ts) give them.

export type TicketStatus = 'open' | 'closed';

export type TicketKind = 'chat_report' | 'support';

export interface Ticket {
  id: string;
  kind: TicketKind;
  reason: string;
  status: TicketStatus;
  created_at: string;
  closed_at: string | null;
  chat_id: string | null;
  reporter_email: string | null;
  assignee_party_id: string | null;
  assignee_email: string | null;
  last_message_at: string | null;
  answered: boolean;
}

/** The list's filters, as in the page's address and the call's query (server/backoffice/tickets-schemas.ts). */
export interface TicketFilter {
  status: TicketStatus;
  kind: TicketKind | null;
  assignee: 'me' | 'none' | null;
  page: number;
}

/** backoffice/tickets-schemas.ts TICKET_PAGE_SIZE: a full page may have another behind it. */
export const TICKET_PAGE_SIZE = 50;

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
    kind: ChatKind | 'support';
    subject_id: string | null;
    created_at: string;
    participants: { party_id: string; role: ChatRole; email: string | null }[];
  } | null;
  messages: TicketMessage[];
}

export const ticketKeys = {
  all: ['backoffice', 'tickets'] as const,
  list: (me: string, filter: TicketFilter) => ['backoffice', 'tickets', me, 'list', filter] as const,
  detail: (me: string, id: string) => ['backoffice', 'tickets', me, 'detail', id] as const,
};

export function ticketQuery(filter: TicketFilter): string {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.assignee) query.set('assignee', filter.assignee);
  if (filter.page > 1) query.set('page', String(filter.page));
  return query.toString();
}

/** Keyed by who asks (a staff member acting as someone else sees other things). */
export function useMe(): string {
  return useSession()?.identity_party_id ?? '';
}

export function useTickets(filter: TicketFilter) {
  const me = useMe();
  return useQuery({
    queryKey: ticketKeys.list(me, filter),
    queryFn: ({ signal }) => api<Ticket[]>(`/backoffice/tickets?${ticketQuery(filter)}`, { signal }),
    enabled: me !== '',
    placeholderData: (previous) => previous,
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

/** After a change: the tickets, and the counts beside the menu. */
export const refreshTickets = () => Promise.all([refreshQueries(ticketKeys.all), refreshQueries(BACKOFFICE_WORK_KEY)]);

export function useCloseTicket(ticketId: string) {
  return useMutation({
    mutationFn: () => api<Ticket>(`/backoffice/tickets/${encodeURIComponent(ticketId)}/close`, { method: 'POST' }),
    onSuccess: refreshTickets,
  });
}
