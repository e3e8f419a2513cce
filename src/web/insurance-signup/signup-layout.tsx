import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { AccountLanguage } from '../lib/account-language';
import { queryClient } from '../lib/query-client';
import './insurance-signup.css';

/** The sign-up's pages (outside /app) bring the app's query cache with them: the quote, a signed-in buyer's profile. */
export function SignupLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountLanguage />
      <div className="insurance-signup">
        <Outlet />
      </div>
    </QueryClientProvider>
  );
}
