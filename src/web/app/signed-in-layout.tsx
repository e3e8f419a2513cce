import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ChatLive } from '../chats/live-provider';
import { PendingContactNotice } from '../chats/pending-contact-notice';
import { AccountLanguage } from '../lib/account-language';
import { AccountTheme } from '../lib/account-theme';
import { queryClient } from '../lib/query-client';

/** The signed-in areas (/app …) share a query cache; public pages do without it and load faster. */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* The chats' live connection and the reminder of an unsent message live with the signed-in pages only. */}
      <AccountLanguage />
      <AccountTheme />
      <ChatLive />
      <PendingContactNotice />
      {children ?? <Outlet />}
    </QueryClientProvider>
  );
}
