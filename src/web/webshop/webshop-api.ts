import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { NafMembership } from '../../domain/webshop/naf';
import type { OrderQuote, OrderView, ordersAnswerSchema, PlaceOrderBody, placedOrderSchema } from '../../domain/webshop/orders';
import type { checkoutAnswerSchema, subscriptionSessionSchema } from '../../domain/webshop/subscription';
import { invalidateBikes } from '../bikes/bikes-api';
import { api } from '../lib/api-client';
import { queryClient, refreshQueries } from '../lib/query-client';
import { useActingParty } from '../lib/session-store';

// The webshop's calls (issue 12) with their query keys. Keys of the signed-in calls start with the acting party,
// so an order cached for another party is never shown. Amounts are whole øre, including VAT. The products and the
// quote are named by the server in the page's language: it is in their keys, so switching language asks again.

/** The page's language, re-rendering the caller when it changes. */
function usePageLanguage(): string {
  return useTranslation().i18n.resolvedLanguage ?? '';
}

export const webshopKeys = {
  quote: (partyId: string, product: string, quantity: number, language: string) =>
    ['webshop', partyId, 'quote', product, quantity, language] as const,
  orders: (partyId: string) => ['webshop', partyId, 'orders'] as const,
  order: (partyId: string, orderId: string) => ['webshop', partyId, 'orders', orderId] as const,
  naf: (partyId: string) => ['webshop', partyId, 'naf'] as const,
};

/** POST /webshop/orders/initiations?config_id=…: the priced lines before paying; writes nothing. */
export function useQuote(product: string, quantity: number) {
  const partyId = useActingParty();
  const language = usePageLanguage();
  return useQuery({
    queryKey: webshopKeys.quote(partyId, product, quantity, language),
    queryFn: ({ signal }) =>
      api<OrderQuote>(`/webshop/orders/initiations?config_id=${encodeURIComponent(product)}`, {
        method: 'POST',
        body: { quantity },
        signal,
      }),
    enabled: partyId !== '',
    // Changing the quantity keeps the last quote on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** Opens the provider's checkout: a one-time order, or a subscription. The page then leaves for checkout_url. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (input: { order: PlaceOrderBody } | { subscription: SubscriptionSessionBody }): Promise<string> => {
      if ('order' in input) {
        const placed = await api<PlacedOrder>('/webshop/orders/stripe', { method: 'POST', body: input.order });
        return placed.checkout_url;
      }
      const placed = await api<CheckoutAnswer>('/webshop/subscriptions/sessions', { method: 'POST', body: input.subscription });
      return placed.checkout_url;
    },
  });
}

export const ORDER_POLLING_MS = 2500;

type PlacedOrder = z.infer<typeof placedOrderSchema>;
type OrdersAnswer = z.infer<typeof ordersAnswerSchema>;
type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;
type SubscriptionSessionBody = z.input<typeof subscriptionSessionSchema>;

/** Paid (plates: the payment authorised, taken at dispatch) with its receipt, or ended: nothing more happens by itself. */
const isSettled = (order: OrderView) => order.status !== 'pending' && (order.status !== 'paid' || order.receipt !== null);

/** GET /webshop/orders/{id}; `poll`: asked again every 2.5 s until settled (stops when the page is left). */
export function useOrder(orderId: string, { poll = false } = {}) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: webshopKeys.order(partyId, orderId),
    queryFn: ({ signal }) => api<OrderView>(`/webshop/orders/${encodeURIComponent(orderId)}`, { signal }),
    enabled: partyId !== '' && orderId !== '',
    refetchInterval: (query) => (poll && !(query.state.data && isSettled(query.state.data)) ? ORDER_POLLING_MS : false),
    staleTime: 0,
  });
}

/**
 * POST /webshop/orders/{id}/cancel, for the page the provider sends a customer to without a payment: a pending
 * order is given up (its checkout ended at the provider), so it does not wait in the order list for a day; the
 * answer is the order as it then is (paid, when the payment got there first). Asked once per visit.
 */
export function useGiveUpOrder(orderId: string) {
  const partyId = useActingParty();
  return useQuery({
    queryKey: [...webshopKeys.order(partyId, orderId), 'given-up'],
    queryFn: ({ signal }) => api<OrderView>(`/webshop/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', signal }),
    enabled: partyId !== '' && orderId !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /webshop/orders/: mine (the acting party's), newest first, a page at a time. */
export function useMyOrders() {
  const partyId = useActingParty();
  return useInfiniteQuery({
    queryKey: webshopKeys.orders(partyId),
    queryFn: ({ signal, pageParam }) => api<OrdersAnswer>(`/webshop/orders/?offset=${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_offset,
    enabled: partyId !== '',
    staleTime: 0,
  });
}

/** POST /webshop/customers/sessions: the provider's portal (cancel, change plan, card); it returns to `returnPath`. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: (returnPath: string) =>
      api<{ session_url: string }>('/webshop/customers/sessions', { method: 'POST', body: { return_path: returnPath } }),
    onSuccess: (answer) => window.location.assign(answer.session_url),
  });
}

/** GET /webshop/naf/: my NAF membership (§1, §7), if any. */
export function useNafMembership() {
  const partyId = useActingParty();
  return useQuery({
    queryKey: webshopKeys.naf(partyId),
    queryFn: ({ signal }) => api<NafMembership>('/webshop/naf/', { signal }),
    enabled: partyId !== '',
  });
}

/** POST /webshop/naf/: records my membership number; 422 naf_number_invalid on member_number. */
export function useSaveNafNumber() {
  const partyId = useActingParty();
  return useMutation({
    mutationFn: (memberNumber: string) => api<NafMembership>('/webshop/naf/', { method: 'POST', body: { member_number: memberNumber } }),
    onSuccess: (answer) => queryClient.setQueryData(webshopKeys.naf(partyId), answer),
  });
}

/** POST /webshop/naf/extra-bike-registration: a member's one extra registration credit. */
export function useClaimNafRegistration() {
  return useMutation({
    mutationFn: () => api<unknown>('/webshop/naf/extra-bike-registration', { method: 'POST' }),
    onSuccess: () => Promise.all([refreshQueries(['webshop']), invalidateBikes()]),
  });
}
