import Decimal from 'decimal.js';
import { z } from 'zod';
import { TestClient as Client, type Operator, type TestClient, type TestServer } from '../harness';

/** An independent calculator: plain decimal.js at 80 digits, rounded down once at the end. */
export const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });
export const floor8 = (v: Decimal) => v.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();

/** What an order pays either way, as the issue states it, computed here without the domain's code. */
export function expected(o: {
  direction: 'sell_high' | 'buy_low';
  amount: string;
  apr: string;
  seconds: number;
  target: string;
}) {
  const amount = new D(o.amount);
  const interest = amount.times(o.apr).div(100).times(o.seconds).div(31_536_000);
  const gross = amount.plus(interest);
  const converted = o.direction === 'sell_high' ? gross.times(o.target) : gross.div(o.target);
  return { reached: floor8(converted), notReached: floor8(gross), interest };
}

export interface Product {
  id: number;
  direction: 'sell_high' | 'buy_low';
  invest_coin: string;
  exercise_coin: string;
  target_price: string;
  settle_time: number;
  apr: string;
  quote_id: string;
  quote_expire_time: number;
  remaining_quota: string;
}

export interface Order {
  order_id: number;
  status: string;
  amount: string;
  apr: string;
  invest_coin: string;
  settle_time: number;
  settle_price: string | null;
  settle_coin: string | null;
  settle_amount: string | null;
  reached_amount: string | null;
  not_reached_amount: string | null;
  create_time: number;
  /** When the subscription's quote was issued: its interest counts from here (null for a roll). */
  quote_time: number | null;
  rolled_to: number | null;
}

export async function createProduct(
  op: Operator,
  p: {
    base: string;
    direction: 'sell_high' | 'buy_low';
    target: string;
    settle: number;
    apr?: string;
    min?: string;
    max?: string;
    quota?: string;
  },
): Promise<Product> {
  const res = await op.call<Product>('POST', '/admin/api/dual/products', {
    invest_coin: p.direction === 'sell_high' ? p.base : 'USDT',
    exercise_coin: p.direction === 'sell_high' ? 'USDT' : p.base,
    direction: p.direction,
    target_price: p.target,
    settle_time: p.settle,
    min_amount: p.min ?? '0.0001',
    ...(p.max ? { max_amount: p.max } : {}),
    total_quota: p.quota ?? '1000000',
    ...(p.apr ? { apr: p.apr } : {}),
  });
  if (res.body.code !== 0) throw new Error(`product: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function productOf(c: TestClient, id: number): Promise<Product> {
  const res = await c.get<{ list: Product[] }>('/apiw/v2/earn/dual/products');
  const found = res.body.data.list.find((p) => p.id === id);
  if (!found) throw new Error(`product ${id} not listed`);
  return found;
}

export async function subscribe(
  c: TestClient,
  p: Product,
  amount: string,
  extra: Record<string, unknown> = {},
) {
  return c.post<Order>('/apiw/v2/earn/dual/subscribe', {
    product_id: p.id,
    amount,
    quote_id: p.quote_id,
    ...extra,
  });
}

/** The new quote a 40910 refusal carries (its data), checked for its shape rather than assumed. */
const QuoteRefusal = z.object({ apr: z.string(), quote_id: z.string(), quote_expire_time: z.number() });
export function quoteRefusal(data: unknown): z.infer<typeof QuoteRefusal> {
  return QuoteRefusal.parse(data);
}

export async function newUser(server: TestServer, op: Operator, deposits: Record<string, string>) {
  const client = new Client(server);
  const id = await client.register();
  for (const [asset, amount] of Object.entries(deposits)) await op.deposit(id, asset, amount);
  return { client, id };
}

export async function balances(op: Operator, userId: number): Promise<Record<string, string>> {
  const res = await op.call<{ balances: { asset: string; purpose: string; balance: string }[] }>(
    'GET',
    `/admin/api/users/${userId}`,
  );
  const out: Record<string, string> = {};
  for (const b of res.body.data.balances) out[`${b.purpose}:${b.asset}`] = new D(b.balance).toFixed();
  return out;
}

export async function orderOf(c: TestClient, id: number): Promise<Order> {
  const res = await c.get<Order>('/apiw/v2/earn/dual/order-detail', { order_id: id });
  if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}
