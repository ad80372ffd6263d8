import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { i18next } from '../i18n';
import { setViewportWidth } from './viewport';

/** Renders with the app's providers (no transitions, no portals) at a viewport width. */
export function renderWithProviders(ui: ReactElement, opts: { width?: number; route?: string } = {}) {
  setViewportWidth(opts.width ?? 1400);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18next}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[opts.route ?? '/']}>
            <Notifications />
            {ui}
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}
