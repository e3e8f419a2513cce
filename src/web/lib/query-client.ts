import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // §8: failed data fetches are retried up to 3 times, but a 4xx answer will not change by asking again.
      retry: (count, error) => count < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * After a change: the queries under `queryKey` fetch again. A fetch still in flight is cancelled and started
 * over, because it may have read the data before the change; invalidateQueries alone would reuse a query's
 * first fetch (it cancels only queries that already have data), and the page would keep the old answer.
 */
export async function refreshQueries(queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
