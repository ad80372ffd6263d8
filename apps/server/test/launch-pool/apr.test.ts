import { dec } from '@earn/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../src/infra/db/schema';
import type { Operator, TestServer } from '../harness';
import {
  createProject,
  LP,
  newUser,
  type PoolWire,
  type ProjectWire,
  pool,
  simpleEarnProducts,
  startLaunchPool,
} from './helpers';

interface DerivedApr {
  rate_year: string | null;
  shown_rate_year: string | null;
  shown: 'live' | 'set' | 'none';
  missing: string | null;
  missing_prices: string[];
  staked_total: string;
  stake_price: string | null;
  coins: { coin: string; reward_per_hour: string; price: string | null; rate_year: string | null }[];
}

/**
 * Issue 17: a pool's APR is derived from its reward rate, its total staked and the prices, and the
 * auto-earn offers are simple earn's live products and rates.
 */
describe('launch pool: derived APR and live auto-earn offers', () => {
  let server: TestServer;
  let op: Operator;
  let project: ProjectWire;
  beforeAll(async () => {
    ({ server, op } = await startLaunchPool());
    await op.setPrice('XYZ', '3');
    const now = await op.now();
    project = await createProject(op, {
      start: now - (now % 3600) + 3600,
      hours: 24,
      pools: [
        pool('USDT', {
          personal_min_amount: '1',
          personal_max_amount: '10000',
          reward_per_hour: '10',
          rate_year: '45.5',
          simple_earn: { status: 1, fixed_period: 30, fixed_rate: '4.2', rate: '2.1', ext_rate: '0.5' },
        }),
        pool('ETH', {
          personal_min_amount: '0.01',
          personal_max_amount: '100',
          reward_pool_type: 1,
          reward_coins: [{ coin: 'XYZ', reward_per_hour: '2', rate_year: '1' }],
        }),
      ],
    });
  });
  afterAll(() => server.dispose());

  const poolsNow = async () => {
    const c = (await newUser(server, op)).client;
    const res = await c.get<ProjectWire>(`${LP}/project-info`, { projectId: project.pid });
    expect(res.body.code).toBe(0);
    return res.body.data.reward_pools as (PoolWire & { derived_apr: DerivedApr; simple_earn: unknown })[];
  };

  it('derives the APR from the reward rate, the total staked and the prices; it is what an hour pays', {
    timeout: 120_000,
  }, async () => {
    let [usdt] = await poolsNow();
    // Nothing staked: no live figure, and why; the pool shows the operator's 45.5 % and says so (issue 27).
    expect(usdt?.derived_apr).toMatchObject({
      rate_year: null,
      shown_rate_year: '45.5',
      shown: 'set',
      missing: 'no_stake',
      stake_price: '1',
    });
    const a = await newUser(server, op, { USDT: '1000' });
    const b = await newUser(server, op, { USDT: '1000' });
    for (const u of [a, b]) {
      const res = await u.client.post(`${LP}/create-order`, {
        pid: project.pid,
        rid: usdt?.rid as number,
        amount: '1000',
        simpleEarnStatus: 0,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    }
    [usdt] = await poolsNow();
    // 10 NOVA × 0.5 × 8760 ÷ (2000 USDT × 1) = 21.9 = 2,190 %
    expect(usdt?.derived_apr).toEqual({
      rate_year: '2190',
      // 2,190 % is what the 2,000 USDT staked now get, not what the pool pays at the stake its rate
      // assumes: the set 45.5 % is shown until the stake brings the live figure down to it (issue 27).
      shown_rate_year: '45.5',
      shown: 'set',
      missing: null,
      missing_prices: [],
      staked_total: '2000',
      stake_price: '1',
      coins: [{ coin: 'NOVA', reward_per_hour: '10', price: '0.5', rate_year: '2190' }],
    });
    // The home page's best offer is the figure the card shows, not the live 2,190 %.
    const home = await a.client.get<{ lines: { line: string; apr: string | null }[] }>(
      '/api/web/v1/earn/home',
    );
    expect(home.body.data.lines.find((l) => l.line === 'launch-pool')?.apr).not.toBe('2190');
    // A whole hour later each staker was paid half the hour's reward: 5 NOVA = 2.5 USDT on 1,000 USDT,
    // which over a year is the derived 2,190 %.
    const now = await op.now();
    await op.advance(3600 - (now % 3600) + 3600);
    const rewards = await a.client.get<{ list: { amount: string; reward_coin?: string }[] }>(
      `${LP}/my-rewards`,
    );
    expect(rewards.body.data.list.map((r) => r.amount)).toEqual(['5']);
    const yearly = dec(5).times('0.5').times(8760).div(1000).times(100);
    expect(yearly.toFixed()).toBe(usdt?.derived_apr.rate_year);
  });

  it('has no figure, with the reason, while a price is missing; sums the coins once priced', async () => {
    const eth = await newUser(server, op, { ETH: '1' });
    const [, multi] = await poolsNow();
    expect(
      (
        await eth.client.post(`${LP}/create-order`, {
          pid: project.pid,
          rid: multi?.rid as number,
          amount: '1',
          simpleEarnStatus: 0,
        })
      ).body.code,
    ).toBe(0);
    await server.deps.db.update(assets).set({ priceUsdt: '0' }).where(eq(assets.symbol, 'XYZ'));
    let [, priced] = await poolsNow();
    expect(priced?.derived_apr).toMatchObject({
      rate_year: null,
      missing: 'no_price',
      missing_prices: ['XYZ'],
    });
    expect(priced?.derived_apr.coins).toEqual([
      // The priced coin's part is still shown; the sum is not.
      { coin: 'NOVA', reward_per_hour: '100', price: '0.5', rate_year: '10950' },
      { coin: 'XYZ', reward_per_hour: '2', price: null, rate_year: null },
    ]);
    await op.setPrice('XYZ', '3');
    [, priced] = await poolsNow();
    // 1 ETH at 4,000 staked. NOVA: 100 × 0.5 × 8760 ÷ 4000 = 109.5 (10,950 %); XYZ: 2 × 3 × 8760 ÷ 4000
    // = 13.14 (1,314 %).
    expect(priced?.derived_apr.coins.map((c) => c.rate_year)).toEqual(['10950', '1314']);
    expect(priced?.derived_apr.rate_year).toBe('12264');
  });

  it("offers auto-earn at simple earn's live rates, and only what simple earn sells", async () => {
    let [usdt] = await poolsNow();
    // Simple earn sells no USDT yet: no auto-earn offer at all, whatever the pool was configured with.
    expect(usdt?.simple_earn).toBeNull();
    const u = await newUser(server, op, { USDT: '100' });
    const flexStake = { pid: project.pid, rid: usdt?.rid as number, amount: '10', simpleEarnStatus: 1 };
    expect((await u.client.post(`${LP}/create-order`, flexStake)).body.code).not.toBe(0);

    await simpleEarnProducts(op, 'USDT', { flexible: '0.05' });
    [usdt] = await poolsNow();
    expect(usdt?.simple_earn).toMatchObject({
      status: 0,
      rate: '5',
      ext_rate: '0',
      fixed_period: 0,
      fixed_rate: '0',
      flexible_offered: 1,
      flexible_up_to: { rate_year: '5', amount: null },
    });
    expect((await u.client.post(`${LP}/create-order`, flexStake)).body.code).toBe(0);
    // The 30-day term is offered once simple earn sells it, at its rate.
    await simpleEarnProducts(op, 'USDT', { fixed: { period: 30, rate: '0.08' } });
    [usdt] = await poolsNow();
    expect(usdt?.simple_earn).toMatchObject({ status: 1, fixed_period: 30, fixed_rate: '8', rate: '5' });
    // A rate change in simple earn is the pool's offer at once.
    const put = await op.call('PUT', '/admin/api/simple-earn/flexible-products/USDT', {
      next_time_rate_year: '0.061',
    });
    expect(put.body.code, JSON.stringify(put.body)).toBe(0);
    [usdt] = await poolsNow();
    expect(usdt?.simple_earn).toMatchObject({ rate: '6.1' });
  });
});
