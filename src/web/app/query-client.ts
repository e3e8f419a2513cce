import { QueryClient } from '@tanstack/react-query';
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
