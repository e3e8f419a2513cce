import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { AccountLanguage } from '../lib/account-language';
import { queryClient } from '../lib/query-client';

/** The webshop's top-level pages (outside /app) share the signed-in app's query cache, loaded with them. */
export function WebshopLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* A signed-in buyer reads the shop in their account's language. */}
      <AccountLanguage />
      <Outlet />
    </QueryClientProvider>
  );
}
