import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

// GET /dev/mailbox: the mail kept in the outbox in development (not in production).

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** A full address is asked of the server (it matches exactly, so older mail is found too); anything else is filtered here. */
const isAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export const mailboxKey = (to: string) => ['dev', 'mailbox', isAddress(to) ? to.toLowerCase() : ''] as const;

export function fetchMailbox(to: string, signal?: AbortSignal): Promise<Mail[]> {
  const query = new URLSearchParams();
  if (isAddress(to)) query.set('to', to);
  // From another machine the server asks for the key it printed at start-up: /dev/mailbox?key=… passes it on.
  const key = new URLSearchParams(window.location.search).get('key');
  if (key) query.set('key', key);
  const search = query.toString();
  return api<Mail[]>(`/dev/mailbox${search ? `?${search}` : ''}`, { signal });
}

export function useMailbox(filter: string, enabled: boolean) {
  const to = filter.trim();
  return useQuery({
    queryKey: mailboxKey(to),
    queryFn: ({ signal }) => fetchMailbox(to, signal),
    enabled,
    // New mail arrives while a developer waits on this page.
    refetchInterval: 5_000,
    staleTime: 0,
    select: (mails) => {
      const needle = to.toLowerCase();
      const matching = needle ? mails.filter((m) => m.to.toLowerCase().includes(needle)) : mails;
      return [...matching].sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
  });
}
