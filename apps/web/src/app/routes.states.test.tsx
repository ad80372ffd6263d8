import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { queryKeys } from '../api/queries';
import { createQueryClient } from '../api/queryClient';
import { AuthDialogsProvider } from './auth';
import { Providers } from './providers';
import { routes } from './routes';

/**
 * Issue 27: every page of the app, with the API failing and then with the browser offline. A page
 * that asked the server for anything shows the shared state (the specs' Networkerr, or the offline
 * notice) with Retry, and no skeleton left waiting; a page that asked nothing shows no alert. The
 * list of pages is the router's own, so a page added later is checked without being named here.
 */

const NETWORKERR = 'Network error, please try again later';
const OFFLINE = 'You are offline. The page loads again when your connection is back.';
const ME = {
  id: 7,
  email: 'demo@example.com',
  vip_tier: 1,
  account_mode: 'classic',
  fundpass_set: true,
  fundpass_mode: 'every_2h',
  created_at: 1_700_000_000,
};

/** A concrete address for each route of the layout (params filled in with plausible values). */
function pagePaths(list: RouteObject[]): string[] {
  const layout = list.find((r) => r.path === '/');
  const params: Record<string, string> = { coin: 'ETH', pid: '1', id: '1', pair: 'BTC_USDT', lang: 'zh-CN' };
  const paths = (layout?.children ?? []).map((r) =>
    r.index
      ? '/'
      : `/${(r.path ?? '')
          .replace(/:(\w+)/g, (_, name: string) => params[name] ?? name)
          .replace(/\*$/, 'anything')}`,
  );
  return [...new Set(paths)];
}

/** The shell's own calls (the session, the server's clock, the bell's count), asked on every page. */
function isShellCall(url: URL): boolean {
  if (url.pathname === '/api/web/v1/auth/session' || url.pathname === '/api/health') return true;
  return url.pathname === '/api/web/v1/notifications' && url.search === '?limit=1';
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The session answers the user; every other call fails with a 500. Returns the page's own calls. */
function failingServer(): URL[] {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/web/v1/auth/session')
        return json(200, { code: 0, message: 'success', data: { user: ME } });
      if (!isShellCall(url)) asked.push(url);
      return json(500, { code: 50000, message: 'internal error', data: {} });
    }),
  );
  return asked;
}

let client: QueryClient | null = null;

function show(path: string, seedSession: boolean) {
  client = createQueryClient();
  // No background retries: the state must show at the first failure (the app's own client retries).
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  if (seedSession) client.setQueryData(queryKeys.me, ME);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers client={client} env="test">
      <AuthDialogsProvider>
        <RouterProvider router={router} />
      </AuthDialogsProvider>
    </Providers>,
  );
  return router;
}

/** Settled: the lazy page is in, and nothing is left loading (a skeleton that never ends fails here). */
async function settled() {
  await waitFor(
    () => {
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
      expect(screen.queryByLabelText('Loading…')).toBeNull();
      expect(document.querySelector('main')?.textContent?.trim()).toBeTruthy();
    },
    { timeout: 15_000 },
  );
  // Calls a page starts after its first render (a chart's range, a second list) have started.
  await act(() => new Promise((r) => setTimeout(r, 150)));
}

function alerts(): string[] {
  return screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
}

afterEach(() => {
  onlineManager.setOnline(true);
  client?.clear();
  vi.unstubAllGlobals();
});

describe('every page, when the API fails and when the browser is offline (issue 27)', () => {
  test.each(pagePaths(routes))('%s', { timeout: 60_000 }, async (path) => {
    const asked = failingServer();
    show(path, false);
    await settled();
    if (asked.length === 0) {
      // A page that needs nothing from the server has nothing to say about it.
      expect(alerts().filter((a) => a.includes(NETWORKERR))).toEqual([]);
      return;
    }
    expect(alerts().some((a) => a.includes(NETWORKERR))).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);

    // Offline, with the session known from before: the same page says it is offline, with Retry.
    cleanup();
    client?.clear();
    onlineManager.setOnline(false);
    show(path, true);
    await settled();
    expect(alerts().some((a) => a.includes(OFFLINE))).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});

describe('the session itself', () => {
  test('failing: the page shows the shared error with Retry, and the header no Log in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { code: 50000, message: 'internal error', data: {} })),
    );
    show('/soft-staking', false);
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORKERR);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByText('Activate')).toBeNull();
  });

  test('offline: the offline notice with Retry', async () => {
    failingServer();
    onlineManager.setOnline(false);
    show('/earn', false);
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
