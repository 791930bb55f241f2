import type { ReactNode } from 'react';
import { App } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import '../../platform/dayjs-locale.ts';
import { queryClient } from '../../platform/query-client.ts';
import { ShellFeedbackBridge } from './shell-feedback-bridge.tsx';

/**
 * What every signed-in page needs and the sign-in entry does without (app-root.tsx stays small): the one query
 * client (a list refreshed from a /blank form is fresh in the shell) and antd's App with its message and modal.
 * The shell, the blank layout and the supplier's page each start with it.
 */
export function PageProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <App>
        <ShellFeedbackBridge />
        {children}
      </App>
    </QueryClientProvider>
  );
}
