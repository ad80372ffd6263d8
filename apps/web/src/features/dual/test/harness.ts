import { vi } from 'vitest';
import { answerSessionFromMe } from '../../../test/session';
import type { DualProduct } from '../api/index';

/** The tests' server time: every "now" of the dialog (Date is faked to it, the health call says it). */
export const NOW = 1_800_000_000;

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  key: string | null;
}

type Answer = unknown | ((call: Sent) => unknown);

/**
 * A fake server that also records what was posted and with which Idempotency-Key: `path` → the
 * envelope's data, or `{__status, code, data}` for a refusal.
 */
export function dualServer(routes: Record<string, Answer>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    answerSessionFromMe(
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://localhost');
        const headers = new Headers(init.headers);
        const call: Sent = {
          method: (init.method ?? 'GET').toUpperCase(),
          path: url.pathname,
          query: url.searchParams,
          body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
          key: headers.get('Idempotency-Key'),
        };
        sent.push(call);
        const route = routes[url.pathname];
        const answer = typeof route === 'function' ? (route as (c: Sent) => unknown)(call) : route;
        if (answer === undefined)
          return new Response(JSON.stringify({ code: 404, message: 'not found', data: {} }), { status: 404 });
        if (answer && typeof answer === 'object' && '__status' in answer) {
          const { __status, ...rest } = answer as { __status: number };
          return new Response(JSON.stringify({ data: {}, message: '', ...rest }), {
            status: __status,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        return new Response(JSON.stringify({ code: 0, message: 'ok', data: answer }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    ),
  );
  return sent;
}

export function product(over: Partial<DualProduct> = {}): DualProduct {
  return {
    id: 11,
    base_coin: 'BTC',
    invest_coin: 'USDT',
    exercise_coin: 'BTC',
    direction: 'buy_low',
    target_price: '3000',
    settle_time: NOW + 86_400,
    subscribe_end_time: NOW + 82_800,
    apr: '50',
    apr_type: 'quoted',
    min_amount: '10',
    max_amount: '50000',
    total_quota: '100000',
    remaining_quota: '80000',
    index_price: '3100',
    quote_id: '11-1799999990-aaaa',
    quote_time: NOW - 10,
    quote_expire_time: NOW + 50,
    status: 'open',
    ...over,
  };
}

export const BALANCES = {
  list: [
    { asset: 'USDT', available: '20000', usdt_value: '20000' },
    { asset: 'BTC', available: '2', usdt_value: '190000' },
  ],
  total_usdt: '210000',
};
