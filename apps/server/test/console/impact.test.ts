import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { listCoins, Operator, startTestServer, type TestClient, type TestServer } from '../harness';
import { advanceTo, creditedSince, D, DAY, HOUR, must, ok, toNextMidnight, user, wire } from './helpers';

const LP = '/apiw/v2/earn/launch-pool';
const FLEX = '/admin/api/simple-earn/flexible-products';

/** The flexible USDT product's every field, so an edit sets exactly these whatever the route defaults. */
const flexFields = (over: Record<string, unknown>) => ({
  min_lend_amount: '1',
  next_time_rate_year: '0.0876',
  borrow_demand: '1500',
  is_open_award_pool: true,
  ext_award_rate_year: '0.0876',
  ext_award_limit: '600',
  award_asset: 'GT',
  max_lend_rate_year: '20',
  limit_min_lend_rate_year: '0',
  ladder_apr: [],
  status: 1,
  sort: 0,
  ...over,
});

/** An hour's interest per the spec: lent × rate / 8760. */
const hourInterest = (lent: string, rate: string) => new D(lent).times(rate).div(8760);
/** A day's staking or soft-staking gross: amount × percent / 36500, 18 decimals down. */
const dayGross = (amount: string, percent: string) =>
  new D(amount).times(percent).div(36500).toDecimalPlaces(18, D.ROUND_DOWN);

/**
 * Rate-edit previews: each line's holders, principal and cost now and at a proposed value, checked
 * against the terms worked out here and, for the flexible hour, the staking day and the soft-staking
 * day, against what the engine then pays once the edit is made.
 */
describe('rate-edit impact previews', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let m: number;
  let a: { c: TestClient; id: number };
  let b: { c: TestClient; id: number };
  let fixedId: number;
  let gtProduct: number;
  let ethProtocol: number;
  let rid: number;
  let multiRid: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('NOVA', '0.5');
    m = await toNextMidnight(op, HOUR);
    await must(op.call('POST', FLEX, { asset: 'USDT', ...flexFields({}) }));
    // ETH with a ladder paid in GT (ratio 4000 / 20 = 200): the bonus rate edit then changes nothing.
    await must(
      op.call('POST', FLEX, {
        asset: 'ETH',
        min_lend_amount: '0.01',
        next_time_rate_year: '0.0876',
        borrow_demand: '1000',
        is_open_award_pool: true,
        award_asset: 'GT',
        ladder_apr: [
          { left: '0', right: '1', apr: '0.0876' },
          { left: '1', right: '', apr: '0.0438' },
        ],
      }),
    );
    fixedId = (
      await must(
        op.call<{ id: number }>('POST', '/admin/api/simple-earn/fixed-products', {
          asset: 'USDT',
          lock_up_period: 30,
          year_rate: '0.0365',
          total_quota: '1000000',
          min_lend_amount: '10',
          start_time: m - DAY,
        }),
      )
    ).id;
    gtProduct = (
      await must(
        op.call<{ id: number }>('POST', '/admin/api/staking/products', {
          coin: 'GT',
          type: 1,
          reward_coin: 'GT',
          rate: '3.65',
          min_mortgage_amount: '1',
          min_redeem_amount: '1',
          reward_delay_days: 1,
          income_days: 1,
        }),
      )
    ).id;
    const eth = await must(
      op.call<{ id: number }>('POST', '/admin/api/staking/products', {
        coin: 'ETH',
        type: 1,
        reward_coin: 'ETH',
        rate: '3.65',
        min_mortgage_amount: '0.1',
        min_redeem_amount: '0.1',
        reward_delay_days: 1,
        income_days: 1,
        defi: [{ protocol_name: 'Lido', reward_coin: 'ETH', rate: '3.65' }],
      }),
    );
    const [protocol] = await rows<{ id: number }>(
      server.deps.db,
      sql`SELECT id FROM staking_protocols WHERE product_id = ${eth.id}`,
    );
    ethProtocol = protocol?.id ?? 0;
    await must(
      op.call('PUT', '/admin/api/soft-staking/coins/USDT', {
        rate: '3.65',
        min_amount: '10',
        max_amount: '800',
      }),
    );
    const project = await must(
      op.call<{ pid: number; reward_pools: { rid: number }[] }>('POST', '/admin/api/launch-pool/projects', {
        reward_coin: 'NOVA',
        name: 'Nova',
        start_timest: m + HOUR,
        end_timest: m + 73 * HOUR,
        pools: [
          { coin: 'GT', personal_min_amount: '10', personal_max_amount: '1000', decimal_place: 2 },
          {
            coin: 'GT',
            personal_min_amount: '10',
            personal_max_amount: '1000',
            decimal_place: 2,
            reward_pool_type: 1,
            reward_coins: [{ coin: 'USDT', reward_per_hour: '10', rate_year: '1' }],
          },
        ].map((p) => ({
          buy_total_amount: '-1',
          reward_per_hour: '100',
          rate_year: '25',
          rate_year_type: 2,
          reward_pool_type: 0,
          ...p,
        })),
      }),
    );
    rid = project.reward_pools[0]?.rid ?? 0;
    multiRid = project.reward_pools[1]?.rid ?? 0;

    a = await user(server, op, 'impact.a@example.com', { USDT: '10000', GT: '5000', ETH: '100' });
    b = await user(server, op, 'impact.b@example.com', { USDT: '10000' });
    await ok(a.c, '/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1000' });
    await ok(a.c, '/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '10' });
    await ok(b.c, '/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '800' });
    // b lends only from 10 %: above the hour's 8.76 %, below a proposed 17.52 %.
    await ok(b.c, '/apiw/v2/uni-loan/earn/interest-rate', { asset: 'USDT', rateYear: '0.1' });
    await ok(a.c, '/apiw/v2/fixed_earn/api/user/lend', {
      product_id: fixedId,
      amount: '1000',
      reinvest_status: 1,
    });
    await ok(b.c, '/apiw/v2/fixed_earn/api/user/lend', { product_id: fixedId, amount: '2000' });
    await ok(a.c, '/apiw/v2/earn/staking/agreement', { coin: 'GT' });
    await ok(a.c, '/apiw/v2/earn/staking/agreement', { coin: 'ETH' });
    await ok(a.c, '/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'GT', amount: '1000' });
    await ok(a.c, '/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'ETH', amount: '10' });
    await ok(a.c, `${LP}/create-order`, { pid: project.pid, rid, amount: '100', simpleEarnStatus: 0 }, true);
    await ok(b.c, '/apiw/v2/earn/soft-staking/switch', { status: true });
    // 03:00: the subscriptions of 01:00 earn, two launch-pool hours are paid.
    await advanceTo(op, m + 3 * HOUR);
  });
  afterAll(() => server.dispose());

  const get = <T>(url: string) => must(op.call<T>('GET', url));

  it('previews a flexible hour rate: offers lent up to the demand at each rate', async () => {
    const preview = await get(`${FLEX}/USDT/impact?next_time_rate_year=0.1752`);
    // Now a alone is offered (b asks 10 %): 1000 lent. At 17.52 % both: 1800 offered, 1500 demanded.
    expect(preview).toEqual({
      asset: 'USDT',
      holders: 2,
      principal: '1800',
      rate_now: '0.0876',
      rate_after: '0.1752',
      lent_now: '1000',
      lent_after: '1500',
      hourly_cost_now: wire(hourInterest('1000', '0.0876')),
      hourly_cost_after: wire(hourInterest('1500', '0.1752')),
    });
    expect(preview).toMatchObject({ hourly_cost_now: '0.01', hourly_cost_after: '0.03' });
    const odd = await get<{ hourly_cost_after: string }>(`${FLEX}/USDT/impact?next_time_rate_year=0.05`);
    expect(odd.hourly_cost_after).toBe(wire(hourInterest('1000', '0.05').toDecimalPlaces(18, D.ROUND_DOWN)));
  });

  it('previews a flexible bonus rate on the lent amounts within the bonus tiers', async () => {
    const preview = await get(`${FLEX}/USDT/bonus-impact?ext_award_rate_year=0.1752`);
    // a lends 1000, of which the first 600 earn the bonus; paid in GT at 1 / 20 GT per USDT.
    const bonus = (rate: string) => new D(600).times(rate).div(8760).times(new D(1).div(20));
    expect(preview).toEqual({
      asset: 'USDT',
      bonus_asset: 'GT',
      holders: 1,
      principal: '1000',
      tiers: 'ext_award',
      pool_open: true,
      rate_now: '0.0876',
      rate_after: '0.1752',
      hourly_cost_now: wire(bonus('0.0876')),
      hourly_cost_after: wire(bonus('0.1752')),
    });
    expect(preview).toMatchObject({ hourly_cost_now: '0.0003', hourly_cost_after: '0.0006' });
    // A ladder pays by its own tiers: 1 × 8.76 % + 9 × 4.38 % over 8760 hours, × 200 GT per ETH.
    const ladder = await get(`${FLEX}/ETH/bonus-impact?ext_award_rate_year=0.5`);
    const ladderCost = wire(new D(1).times('0.0876').plus(new D(9).times('0.0438')).div(8760).times(200));
    expect(ladderCost).toBe('0.011');
    expect(ladder).toMatchObject({
      tiers: 'ladder',
      holders: 1,
      principal: '10',
      hourly_cost_now: ladderCost,
      hourly_cost_after: ladderCost,
    });
  });

  it('previews a launch-pool reward per hour against the hours left and the funded budget', async () => {
    // Two hours paid of 72: 7000 NOVA left for 70 hours.
    expect(await get(`/admin/api/launch-pool/pools/${rid}/impact?reward_per_hour=150`)).toEqual({
      rid,
      asset: 'NOVA',
      stake_asset: 'GT',
      holders: 1,
      principal: '100',
      hourly_cost_now: '100',
      hourly_cost_after: '150',
      hours_left: 70,
      budget_left: '7000',
      shortfall_now: '0',
      shortfall_after: '3500',
    });
    // The further coin of the multi-mining pool: nobody staked, 720 USDT untouched.
    expect(await get(`/admin/api/launch-pool/pools/${multiRid}/impact?reward_per_hour=20&coin=USDT`)).toEqual(
      {
        rid: multiRid,
        asset: 'USDT',
        stake_asset: 'GT',
        holders: 0,
        principal: '0',
        hourly_cost_now: '10',
        hourly_cost_after: '20',
        hours_left: 70,
        budget_left: '720',
        shortfall_now: '0',
        shortfall_after: '680',
      },
    );
    const other = await op.call(
      'GET',
      `/admin/api/launch-pool/pools/${rid}/impact?reward_per_hour=1&coin=ETH`,
    );
    expect(other.status).toBe(404);
  });

  it('matches what the engine pays once the bonus and then the rate are changed', async () => {
    const hour = async (start: number) => {
      const [row] = await rows<{ interest: string; bonus: string }>(
        server.deps.db,
        sql`SELECT interest_paid::text AS interest, bonus_paid::text AS bonus FROM se_flex_hours
            WHERE asset = 'USDT' AND period_start = to_timestamp(${start})`,
      );
      return { interest: wire(row?.interest ?? '-1'), bonus: wire(row?.bonus ?? '-1') };
    };
    const bonus = await get<{ hourly_cost_after: string }>(
      `${FLEX}/USDT/bonus-impact?ext_award_rate_year=0.1752`,
    );
    await must(op.call('PUT', `${FLEX}/USDT`, flexFields({ ext_award_rate_year: '0.1752' })));
    await advanceTo(op, m + 4 * HOUR);
    expect(await hour(m + 3 * HOUR)).toEqual({ interest: '0.01', bonus: bonus.hourly_cost_after });

    const rate = await get<{ hourly_cost_after: string }>(`${FLEX}/USDT/impact?next_time_rate_year=0.1752`);
    await must(
      op.call(
        'PUT',
        `${FLEX}/USDT`,
        flexFields({ ext_award_rate_year: '0.1752', next_time_rate_year: '0.1752' }),
      ),
    );
    await advanceTo(op, m + 5 * HOUR);
    expect((await hour(m + 4 * HOUR)).interest).toBe(rate.hourly_cost_after);
    expect(await get(`${FLEX}/USDT/impact?next_time_rate_year=0.1752`)).toMatchObject({
      rate_now: '0.1752',
      hourly_cost_now: rate.hourly_cost_after,
    });
  });

  it('previews a fixed product rate on the active orders, which keep theirs until maturity', async () => {
    const daily = (amount: string, rate: string) =>
      new D(amount).times(rate).div(365).toDecimalPlaces(8, D.ROUND_DOWN);
    expect(await get(`/admin/api/simple-earn/fixed-products/${fixedId}/impact?year_rate=0.073`)).toEqual({
      product_id: fixedId,
      asset: 'USDT',
      holders: 2,
      principal: '3000',
      rate_now: '0.0365',
      rate_after: '0.073',
      daily_cost_now: wire(daily('1000', '0.0365').plus(daily('2000', '0.0365'))),
      daily_cost_after: wire(daily('3000', '0.073')),
      reinvest_holders: 1,
      reinvest_principal: '1000',
    });
    const odd = await get<{ daily_cost_after: string }>(
      `/admin/api/simple-earn/fixed-products/${fixedId}/impact?year_rate=0.05`,
    );
    expect(odd.daily_cost_after).toBe('0.4109589');
  });

  it('previews staking and soft-staking rates on the running day, as their daily jobs then pay', async () => {
    const product = `/admin/api/staking/products/${gtProduct}/impact`;
    // Day 0: the stake earns from day 1, nothing earns today.
    expect(await get(`${product}?rate=7.3`)).toMatchObject({
      holders: 1,
      principal: '1000',
      earning: '0',
      daily_cost_now: '0',
      daily_cost_after: '0',
    });
    await advanceTo(op, m + DAY + HOUR);
    expect(await get(`${product}?rate=7.3`)).toEqual({
      product_id: gtProduct,
      protocol_id: 0,
      asset: 'GT',
      reward_asset: 'GT',
      holders: 1,
      principal: '1000',
      earning: '1000',
      rate_now: '3.65',
      rate_after: '7.3',
      daily_cost_now: wire(dayGross('1000', '3.65')),
      daily_cost_after: wire(dayGross('1000', '7.3')),
    });
    expect((await get<{ daily_cost_after: string }>(`${product}?rate=1`)).daily_cost_after).toBe(
      wire(dayGross('1000', '1')),
    );
    expect(await get(`/admin/api/staking/protocols/${ethProtocol}/impact?rate=7.3`)).toMatchObject({
      protocol_id: ethProtocol,
      asset: 'ETH',
      reward_asset: 'ETH',
      holders: 1,
      earning: '10',
      daily_cost_now: '0.001',
      daily_cost_after: '0.002',
    });
    // b switched on during day 0: day 1 earns on min(opening 7200, now 7200) capped at 800.
    const soft = await get<{ daily_cost_after: string }>(
      '/admin/api/soft-staking/coins/USDT/impact?rate=7.3',
    );
    expect(soft).toEqual({
      asset: 'USDT',
      coin_status: 'online',
      holders: 1,
      principal: '800',
      rate_now: '3.65',
      rate_after: '7.3',
      daily_cost_now: wire(dayGross('800', '3.65')),
      daily_cost_after: wire(dayGross('800', '7.3')),
    });

    await must(op.call('PUT', `/admin/api/staking/products/${gtProduct}`, { rate: '7.3' }));
    await must(
      op.call('PUT', '/admin/api/soft-staking/coins/USDT', {
        rate: '7.3',
        min_amount: '10',
        max_amount: '800',
      }),
    );
    await advanceTo(op, m + 2 * DAY);
    const day1 = m + 2 * DAY;
    expect(await creditedSince(server, 'staking_reward', day1)).toEqual({ GT: '0.2', ETH: '0.001' });
    expect(await creditedSince(server, 'soft_staking_payout', day1)).toEqual({ USDT: soft.daily_cost_after });
  });

  it('refuses bad input and unknown products', async () => {
    const bad = await op.call('GET', `${FLEX}/USDT/impact?next_time_rate_year=1e3`);
    expect(bad.status).toBe(400);
    expect((await op.call('GET', `${FLEX}/USDT/impact`)).status).toBe(400);
    expect((await op.call('GET', `${FLEX}/DOGE/impact?next_time_rate_year=0.1`)).status).toBe(400);
    expect((await op.call('GET', `${FLEX}/USDC/impact?next_time_rate_year=0.1`)).status).toBe(404);
    expect(
      (await op.call('GET', '/admin/api/simple-earn/fixed-products/9999/impact?year_rate=0.1')).status,
    ).toBe(404);
    expect((await op.call('GET', '/admin/api/staking/protocols/9999/impact?rate=1')).status).toBe(404);
    expect((await op.call('GET', '/admin/api/soft-staking/coins/BTC/impact?rate=1')).status).toBe(404);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `${FLEX}/USDT/impact?next_time_rate_year=0.1`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
