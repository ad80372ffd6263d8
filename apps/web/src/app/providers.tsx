import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../i18n';
import { FundpassPrompt } from './FundpassPrompt';
import { Toasts } from './Toasts';
import { theme } from './theme';

/** Theme (light, dark, or the system's by default), i18n, queries, toasts and the funding-password prompt. */
export function Providers({
  client,
  children,
  env,
}: {
  client: QueryClient;
  children: ReactNode;
  env?: 'test';
}) {
  return (
    <I18nextProvider i18n={i18next}>
      <MantineProvider theme={theme} defaultColorScheme="auto" env={env}>
        <QueryClientProvider client={client}>
          <Toasts />
          <FundpassPrompt />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
