import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { ApiData } from '../../../api/types';
import { theme } from '../../../app/theme';
import { i18next } from '../../../i18n';
import { createAdminQueryClient } from '../api/http';
import { adminKeys } from '../api/queries';
import type { OperatorRole } from '../api/types';
import '../i18n/register';

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}

export function operator(role: OperatorRole): ApiData<'/admin/api/auth/me'> {
  return { id: 1, email: `${role}@example.com`, role, expires_at: 2_000_000_000 };
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A fetch that answers the operator API from a table of `METHOD path` → (body) => [status, envelope
 * data or error], and records each call, so a test sees exactly what the console sent.
 */
export function fakeApi(
  routes: Record<
    string,
    (body: unknown) => [number, unknown, string?, { code?: number; data?: Record<string, unknown> }?]
  >,
) {
  const calls: Call[] = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF token from this cookie, as in a browser
  document.cookie = 'csrftoken=test-csrf';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: url.pathname + url.search, body });
      const route = routes[`${method} ${url.pathname}`];
      if (!route)
        return new Response(JSON.stringify({ code: 40400, message: 'No route', data: null }), {
          status: 404,
        });
      // A refusal's code is its status × 100 unless given, its data `{ key, params }` and any more.
      const [status, data, key, refusal] = route(body);
      const envelope =
        status === 200
          ? { code: 0, message: 'ok', data }
          : {
              code: refusal?.code ?? status * 100,
              message: String(key ?? 'refused'),
              data: { key, params: data ?? {}, ...refusal?.data },
            };
      return new Response(JSON.stringify(envelope), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders a piece of the console as a signed-in operator of `role` (null: nobody signed in). */
export function renderConsole(
  ui: ReactElement,
  opts: { role?: OperatorRole | null; path?: string; route?: string } = {},
) {
  const client = createAdminQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  if (opts.role !== null) client.setQueryData(adminKeys.me, operator(opts.role ?? 'admin'));
  return {
    client,
    ...render(
      <I18nextProvider i18n={i18next}>
        <MantineProvider theme={theme} env="test">
          <QueryClientProvider client={client}>
            <Notifications />
            <MemoryRouter initialEntries={[opts.path ?? '/admin']}>
              <Routes>
                <Route path={opts.route ?? '*'} element={ui} />
              </Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    ),
  };
}
