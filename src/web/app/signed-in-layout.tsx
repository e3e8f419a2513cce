import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

/** The signed-in areas (/app …) share a query cache; public pages do without it and load faster. */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}
