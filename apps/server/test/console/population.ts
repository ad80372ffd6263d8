import type { FastifyInstance } from 'fastify';
import { rows, sql } from '../../src/infra/db/client';
import type { Server } from '../../src/server';

/**
 * Users with holdings in several lines on the demo catalogue, made through the public API as users
 * make them (no vitest here: the year-advance benchmark builds the same population). Each user holds
 * flexible USDT, BTC, ETH and GT, a fixed USDT 7-day order that reinvests, and an ETH stake: six
 * holdings a user.
 */
export const HOLDINGS_PER_USER = 6;

interface Answer {
  status: number;
  code: number;
  body: string;
}

/** One signed-in user over app.inject: cookies kept, the CSRF token echoed. */
class User {
  private cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async call(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>): Promise<Answer> {
    if (method !== 'GET' && !this.cookies.has('csrftoken')) await this.call('GET', '/api/health');
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const csrf = this.cookies.get('csrftoken');
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    if (body) headers['content-type'] = 'application/json';
    const res = await this.app.inject({
      method,
      url,
      headers,
      payload: body ? JSON.stringify(body) : undefined,
    });
    const raw = res.headers['set-cookie'];
    for (const c of Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []) {
      const pair = c.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const parsed = res.json() as { code: number };
    return { status: res.statusCode, code: parsed.code, body: res.body };
  }

  async must(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>): Promise<void> {
    const res = await this.call(method, url, body);
    if (res.code !== 0) throw new Error(`${method} ${url}: ${res.status} ${res.body}`);
  }
}

async function operator(app: FastifyInstance, token: string, url: string, body: unknown): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if ((res.json() as { code: number }).code !== 0) throw new Error(`POST ${url}: ${res.body}`);
}

/** The demo catalogue's standard fixed USDT 7-day product. */
async function fixedSevenDays(server: Server): Promise<number> {
  const [found] = await rows<{ id: number }>(
    server.deps.db,
    sql`SELECT id FROM se_fixed_products WHERE asset = 'USDT' AND type = 1 AND lock_up_period = 7 ORDER BY id LIMIT 1`,
  );
  if (!found) throw new Error('no 7-day USDT product: seed the demo catalogue');
  return found.id;
}

/**
 * Registers `users` users (the demo user, when seeded, comes on top), funds them and opens their six
 * holdings each. Answers the holdings opened.
 */
export async function populate(server: Server, token: string, users: number): Promise<number> {
  const { app } = server;
  const productId = await fixedSevenDays(server);
  let opened = 0;
  for (let i = 0; i < users; i++) {
    const u = new User(app);
    const email = `holder${i}-${Date.now()}@example.com`;
    await u.must('POST', '/api/web/v1/auth/register', { email, password: 'correct-horse-1' });
    for (const [asset, amount] of [
      ['USDT', '5000'],
      ['BTC', '0.5'],
      ['ETH', '10'],
      ['GT', '500'],
    ] as const)
      await operator(app, token, '/admin/api/deposits', { user: email, asset, amount });
    for (const [asset, amount] of [
      ['USDT', '1000'],
      ['BTC', '0.1'],
      ['ETH', '2'],
      ['GT', '100'],
    ] as const)
      await u.must('POST', '/apiw/v2/uni-loan/earn/subscribe', { asset, amount });
    await u.must('POST', '/apiw/v2/fixed_earn/api/user/lend', {
      product_id: productId,
      amount: '500',
      reinvest_status: 1,
    });
    await u.must('POST', '/apiw/v2/earn/staking/agreement', { coin: 'ETH' });
    await u.must('POST', '/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'ETH', amount: '1' });
    opened += HOLDINGS_PER_USER;
  }
  return opened;
}
