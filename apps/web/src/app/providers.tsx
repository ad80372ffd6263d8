import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const close = t('common.close');
  // Every dialog's, drawer's and toast's close button is named in the user's language.
  const themed = useMemo(() => {
    const named = { defaultProps: { closeButtonProps: { 'aria-label': close } } };
    return {
      ...theme,
      components: { ...theme.components, Modal: named, Drawer: named, Notification: named },
    };
  }, [close]);
  return (
    <I18nextProvider i18n={i18next}>
      <MantineProvider theme={themed} defaultColorScheme="auto" env={env}>
        <QueryClientProvider client={client}>
          <Toasts />
          <FundpassPrompt />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
