import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BasketItem, InsurancePurchase, InsuranceQuote, PurchaseRequest } from '../../domain/insurance-purchase';
import { api } from '../lib/api-client';

// The sign-up's calls (§3 Insurance purchase): the server prices the basket and takes the order.

/** The basket's premiums as the server works them out; the last answer stays while a change is priced. */
export function useQuote(items: readonly BasketItem[]) {
  return useQuery({
    queryKey: ['insurance-signup', 'quote', items],
    queryFn: ({ signal }) => api<InsuranceQuote>('/insurance/purchases/quote', { method: 'POST', body: { items }, signal }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const placePurchase = (body: PurchaseRequest) => api<InsurancePurchase>('/insurance/purchases/', { method: 'POST', body });
