import { vi } from 'vitest';
import { answerSessionFromMe } from './session';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams | Record<string, unknown> | null;
  /** The request's headers (X-Fund-Password, Idempotency-Key …). */
  headers: Headers;
}

export type Reply = { data: unknown } | { status: number; code: number; message: string; data?: unknown };
type Handler = (call: Call) => Reply | unknown;

/**
 * Replaces fetch with a table of `METHOD /path` handlers answering the server's envelope. A handler
 * returns the data, or `{status, code, message, data}` for a failure. Unknown paths answer 404.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = typeof init?.body === 'string' ? init.body : null;
    const type = new Headers(init?.headers).get('Content-Type') ?? '';
    const body =
      raw === null
        ? null
        : type.includes('json')
          ? (JSON.parse(raw) as Record<string, unknown>)
          : new URLSearchParams(raw);
    const call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json(404, { code: 404, message: `no fake for ${method} ${url.pathname}`, data: {} });
    const out = handler(call) as Reply;
    if (out && typeof out === 'object' && 'status' in out && 'code' in out) {
      return json(out.status, { code: out.code, message: out.message, data: out.data ?? {} });
    }
    return json(200, { code: 0, message: 'success', data: out });
  });
  vi.stubGlobal('fetch', answerSessionFromMe(fetchMock));
  // The client echoes the CSRF cookie on writes; jsdom has no server to set it.
  // biome-ignore lint/suspicious/noDocumentCookie: a test fixture, not app code
  document.cookie = 'csrftoken=test';
  return {
    calls,
    /** The calls to one `METHOD /path`. */
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A 422 rule failure with the spec's key. */
export function rule(key: string, params: Record<string, string> = {}): Reply {
  return { status: 422, code: 42200, message: 'rule', data: { key, params } };
}

/** The form body of the `i`-th call, as a plain object. */
export function form(calls: Call[], i = 0): Record<string, string> {
  const body = calls[i]?.body;
  if (!(body instanceof URLSearchParams)) throw new Error(`call ${i} has no form body`);
  return Object.fromEntries(body);
}
