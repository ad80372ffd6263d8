import { expect } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';

export const LP = '/apiw/v2/earn/launch-pool';

export interface PoolSpec {
  coin: string;
  personal_min_amount?: string;
  personal_max_amount?: string;
  decimal_place?: number;
  buy_total_amount?: string;
  reward_per_hour?: string;
  rate_year?: string;
  rate_year_type?: number;
  reward_pool_type?: number;
  vip_config?: { min_vip: number; personal_max_amount: string; vip_only: boolean } | null;
  simple_earn?: {
    status: number;
    fixed_period: number;
    fixed_rate: string;
    rate: string;
    ext_rate: string;
  } | null;
  transaction_config?: { transaction_amount: string; mortgage_limit: string }[];
  limit_rule?: number;
  /** Multi mining: the coins paid beside the project's token. */
  reward_coins?: { coin: string; reward_per_hour: string; rate_year: string }[];
}

export interface PoolWire {
  rid: number;
  pid: number;
  coin: string;
  left_buy_total_amount: string;
  buy_total_amount: string;
  staked_total: string;
  [key: string]: unknown;
}

export interface ProjectWire {
  pid: number;
  coin: string;
  state: number;
  start_timest: number;
  end_timest: number;
  reward_pools: PoolWire[];
  [key: string]: unknown;
}

/** The rid of a project's i-th reward pool (fails the test when the project has no such pool). */
export function ridOf(project: ProjectWire, i = 0): number {
  const found = project.reward_pools[i];
  if (!found) throw new Error(`project ${project.pid} has no reward pool ${i}`);
  return found.rid;
}

/** The i-th item of a list the test built (fails the test when it is missing). */
export function nth<T>(list: readonly T[], i: number): T {
  const found = list[i];
  if (found === undefined) throw new Error(`no item ${i} of ${list.length}`);
  return found;
}

export function pool(coin: string, spec: Omit<PoolSpec, 'coin'> = {}): Required<PoolSpec> {
  return {
    coin,
    personal_min_amount: '10',
    personal_max_amount: '1000',
    decimal_place: 2,
    buy_total_amount: '-1',
    reward_per_hour: '100',
    rate_year: '25',
    rate_year_type: 2,
    reward_pool_type: 0,
    vip_config: null,
    simple_earn: null,
    transaction_config: [],
    limit_rule: 0,
    reward_coins: [],
    ...spec,
  };
}

export async function createProject(
  op: Operator,
  opts: { reward_coin?: string; start: number; hours: number; pools: PoolSpec[]; name?: string },
): Promise<ProjectWire> {
  const res = await op.call<ProjectWire>('POST', '/admin/api/launch-pool/projects', {
    reward_coin: opts.reward_coin ?? 'NOVA',
    name: opts.name ?? 'Test project',
    icon: '/icons/test.svg',
    start_timest: opts.start,
    end_timest: opts.start + opts.hours * 3600,
    pools: opts.pools,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
}

export async function newUser(server: TestServer, op: Operator, deposits: Record<string, string> = {}) {
  const client = new TestClient(server);
  const id = await client.register();
  for (const [asset, amount] of Object.entries(deposits)) await op.deposit(id, asset, amount);
  return { client, id };
}

export async function spot(op: Operator, userId: number): Promise<Record<string, Record<string, string>>> {
  const res = await op.call<{ balances: { asset: string; purpose: string; balance: string }[] }>(
    'GET',
    `/admin/api/users/${userId}`,
  );
  const out: Record<string, Record<string, string>> = {};
  for (const b of res.body.data.balances) {
    out[b.purpose] ??= {};
    (out[b.purpose] as Record<string, string>)[b.asset] = b.balance;
  }
  return out;
}

export async function expectReconciled(op: Operator) {
  const report = await op.reconciliation();
  expect(report.differences).toEqual([]);
  expect(report.ok).toBe(true);
}

/** A server with the standard coins and the test projects' token (NOVA) priced. */
export async function startLaunchPool(): Promise<{ server: TestServer; op: Operator }> {
  const server = await startTestServer();
  const op = new Operator(server);
  await listCoins(op);
  await op.setPrice('NOVA', '0.5');
  return { server, op };
}

/** Simple earn's products of a coin, which a pool's auto-earn offers come from (rates are fractions). */
export async function simpleEarnProducts(
  op: Operator,
  asset: string,
  opts: { flexible?: string; min?: string; fixed?: { period: number; rate: string } },
): Promise<void> {
  if (opts.flexible !== undefined) {
    const res = await op.call('POST', '/admin/api/simple-earn/flexible-products', {
      asset,
      min_lend_amount: opts.min ?? '1',
      next_time_rate_year: opts.flexible,
      borrow_demand: '1000000000',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  }
  if (opts.fixed) {
    const res = await op.call('POST', '/admin/api/simple-earn/fixed-products', {
      asset,
      lock_up_period: opts.fixed.period,
      year_rate: opts.fixed.rate,
      total_quota: '1000000',
      min_lend_amount: '10',
      start_time: (await op.now()) - 86_400,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  }
}
