import type { Decimal } from '@earn/domain';
import { expect } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

export interface Env {
  server: TestServer;
  op: Operator;
}

/** One hour, in seconds of the test clock. */
export const HOUR = 3600;
/** One day, in seconds of the test clock. */
export const DAY = 86_400;

/** 8 decimals rounded down: what the server credits of an exact interest figure. */
export const floor8 = (d: Decimal) => d.toDecimalPlaces(8, 1);

/** A fixed order as the fixed-earn calls answer it. */
export interface FixedOrder {
  order_id: number;
  principal: string;
  total_interest: string;
  status: number;
  start_time: number;
  finish_time: number;
  reinvest_status: number;
  redeem_account_type: number;
  coupon_info: { rate_ratio: string; rate_day: number; coupon_interest: string };
}

export async function startSimpleEarn(): Promise<Env> {
  const server = await startTestServer({ modules: [simpleEarnModule] });
  const op = new Operator(server);
  await listCoins(op);
  return { server, op };
}

/** Moves the clock to the next whole hour plus `extra` seconds. */
export async function toNextHour(env: Env, extra = 0) {
  const now = await env.op.now();
  await env.op.advance(HOUR - (now % HOUR) + extra);
}

export async function flexProduct(op: Operator, body: Record<string, unknown>) {
  const res = await op.call('POST', '/admin/api/simple-earn/flexible-products', {
    min_lend_amount: '1',
    borrow_demand: '1000000000',
    ...body,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
}

export async function setFlex(op: Operator, asset: string, body: Record<string, unknown>) {
  const res = await op.call('PUT', `/admin/api/simple-earn/flexible-products/${asset}`, body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
}

export async function fixedProduct(op: Operator, body: Record<string, unknown>): Promise<number> {
  const now = await op.now();
  const res = await op.call<{ id: number }>('POST', '/admin/api/simple-earn/fixed-products', {
    start_time: now - 86_400,
    min_lend_amount: '10',
    total_quota: '1000000',
    ...body,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.id;
}

export async function voucher(op: Operator, body: Record<string, unknown>): Promise<number> {
  const now = await op.now();
  const res = await op.call<{ id: number }>('POST', '/admin/api/simple-earn/vouchers', {
    title: 'rate-up',
    expired_timest: now + 90 * 86_400,
    ...body,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.id;
}

/** A registered user with the given spot deposits. */
export async function userWith(
  env: Env,
  deposits: Record<string, string> = {},
): Promise<{ c: TestClient; id: number; login(): Promise<void> }> {
  const c = new TestClient(env.server);
  const email = `se${Math.random().toString(36).slice(2, 10)}@example.com`;
  const id = await c.register(email);
  for (const [asset, amount] of Object.entries(deposits)) await env.op.deposit(id, asset, amount);
  // Sessions last 30 days: scenarios that run the clock further sign in again.
  const login = async () => {
    const res = await c.post('/api/web/v1/auth/login', { email, password: 'correct-horse-1' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  };
  return { c, id, login };
}

export async function spot(env: Env, id: number, asset: string): Promise<string> {
  const res = await env.op.call<{ balances: { asset: string; purpose: string; balance: string }[] }>(
    'GET',
    `/admin/api/users/${id}`,
  );
  return res.body.data.balances.find((b) => b.asset === asset && b.purpose === 'spot')?.balance ?? '0';
}

export async function expectReconciled(op: Operator) {
  const report = await op.reconciliation();
  expect(report.differences).toEqual([]);
  expect(report.ok).toBe(true);
}

export function expectRule(res: { status: number; body: { code: number; data: unknown } }, key: string) {
  expect(res.body.code, JSON.stringify(res.body)).not.toBe(0);
  expect((res.body.data as { key: string }).key, JSON.stringify(res.body)).toBe(key);
}
