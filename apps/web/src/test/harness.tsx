import '@testing-library/jest-dom/vitest';
import '../i18n';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { theme } from '../app/theme';
import { answerSessionFromMe } from './session';

// Vitest runs without globals here, so Testing Library cannot unmount by itself between tests.
afterEach(() => cleanup());

/** jsdom lacks what Mantine measures with; these stand-ins answer "desktop, nothing observed". */
export function installDomStubs(): void {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  class RO {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', RO);
  Element.prototype.scrollIntoView ??= () => undefined;
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  headers: Record<string, string>;
}

type Answer = { code?: number; message?: string; data?: unknown; status?: number };
export type Routes = Record<string, (call: Call) => Answer | unknown>;

/**
 * Stubs `fetch` with a table of "METHOD /path" → answer (the envelope's data, or a full envelope with
 * `code`); returns the calls made, so tests assert the exact requests.
 */
export function stubApi(routes: Routes): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    answerSessionFromMe(
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://localhost');
        const method = init.method ?? 'GET';
        const body =
          typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
        const call: Call = {
          method,
          path: url.pathname,
          query: url.searchParams,
          body,
          headers: (init.headers ?? {}) as Record<string, string>,
        };
        if (url.pathname !== '/api/health') calls.push(call);
        const handler = routes[`${method} ${url.pathname}`];
        if (!handler) return jsonResponse({ code: 404, message: 'not stubbed', data: null }, 404);
        const out = handler(call);
        if (out && typeof out === 'object' && 'code' in out) {
          const a = out as Answer;
          return jsonResponse(
            { code: a.code, message: a.message ?? '', data: a.data ?? null },
            a.status ?? 200,
          );
        }
        return jsonResponse({ code: 0, message: 'ok', data: out }, 200);
      }),
    ),
  );
  return calls;
}

function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function renderUi(ui: ReactNode) {
  const client = createQueryClient();
  // A wrapper (not a wrapped element) so that `rerender` keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
