import { vi } from 'vitest';
import { answerSessionFromMe } from './session';

/**
 * A fake API for page tests: `path` → the envelope's data (or a function of the request's query);
 * `{__status, code}` answers a failure. Returns every request's URL, so a test reads what was asked.
 */
export function fakeFetch(routes: Record<string, unknown | ((query: URLSearchParams) => unknown)>): URL[] {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    answerSessionFromMe(
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        asked.push(url);
        const route = routes[url.pathname];
        const answer =
          typeof route === 'function' ? (route as (q: URLSearchParams) => unknown)(url.searchParams) : route;
        if (answer === undefined)
          return new Response(JSON.stringify({ code: 404, message: 'not found', data: {} }), { status: 404 });
        if (answer && typeof answer === 'object' && '__status' in answer) {
          const { __status, ...rest } = answer as { __status: number };
          return new Response(JSON.stringify({ data: {}, message: '', ...rest }), { status: __status });
        }
        return new Response(JSON.stringify({ code: 0, message: 'ok', data: answer }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    ),
  );
  return asked;
}

export const SIGNED_IN = {
  id: 7,
  email: 'demo@example.com',
  vip_tier: 1,
  account_mode: 'classic',
  fundpass_set: true,
  fundpass_mode: 'every_2h',
  created_at: 1_700_000_000,
};
