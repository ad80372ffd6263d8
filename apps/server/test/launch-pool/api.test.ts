import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, launchpoolOrders } from '../../src/infra/db/schema';
import type { Operator, TestServer } from '../harness';
import {
  createProject,
  expectReconciled,
  LP,
  newUser,
  nth,
  type ProjectWire,
  pool,
  ridOf,
  simpleEarnProducts,
  spot,
  startLaunchPool,
} from './helpers';

type Err = { key: string; params: Record<string, string> };

describe('launch pool calls', () => {
  let server: TestServer;
  let op: Operator;
  let now: number;
  let live: ProjectWire;
  beforeAll(async () => {
    ({ server, op } = await startLaunchPool());
    now = await op.now();
    // Simple earn's GT products, which the GT pool's auto-earn offers: flexible 2 %, 30 days 4 %.
    await simpleEarnProducts(op, 'GT', { flexible: '0.02', fixed: { period: 30, rate: '0.04' } });
    live = await createProject(op, {
      start: now + 3600,
      hours: 48,
      pools: [
        pool('GT', {
          personal_min_amount: '10',
          personal_max_amount: '1000',
          decimal_place: 2,
          buy_total_amount: '5000',
          simple_earn: { status: 1, fixed_period: 30, fixed_rate: '4', rate: '2', ext_rate: '0' },
        }),
        pool('USDT', {
          personal_min_amount: '5',
          personal_max_amount: '100',
          decimal_place: 4,
          vip_config: { min_vip: 2, personal_max_amount: '300', vip_only: false },
          transaction_config: [
            { transaction_amount: '1000', mortgage_limit: '50' },
            { transaction_amount: '10000', mortgage_limit: '250' },
          ],
        }),
        pool('USDC', { vip_config: { min_vip: 1, personal_max_amount: '500', vip_only: true } }),
        pool('ETH', {
          reward_pool_type: 1,
          reward_coins: [{ coin: 'GT', reward_per_hour: '2', rate_year: '1.5' }],
          personal_min_amount: '0.01',
          personal_max_amount: '10',
          decimal_place: 4,
        }),
      ],
    });
  });
  afterAll(() => server.dispose());

  const rid = (i: number) => live.reward_pools[i]?.rid as number;

  it('shows the project with every pool field, state from the clock', async () => {
    const { client } = await newUser(server, op);
    const res = await client.get<ProjectWire>(`${LP}/project-info`, { projectId: live.pid });
    expect(res.body.code).toBe(0);
    const p = res.body.data;
    expect(p).toMatchObject({
      pid: live.pid,
      coin: 'NOVA',
      state: 2,
      start_timest: now + 3600,
      end_timest: now + 49 * 3600,
    });
    expect(p.reward_pools[0]).toMatchObject({
      rid: rid(0),
      coin: 'GT',
      personal_min_amount: '10',
      personal_max_amount: '1000',
      decimal_place: 2,
      left_buy_total_amount: '5000',
      buy_total_amount: '5000',
      rate_year: '25',
      rate_year_type: 2,
      reward_pool_type: 0,
      vip_config: null,
      simple_earn: {
        status: 1,
        fixed_period: 30,
        fixed_rate: '4',
        rate: '2',
        ext_rate: '0',
        user_period: 0,
        flexible_offered: 1,
        flexible_up_to: { rate_year: '2', amount: null },
      },
      // Nothing staked yet: no finite APR.
      derived_apr: {
        rate_year: null,
        missing: 'no_stake',
        staked_total: '0',
        stake_price: '20',
        coins: [{ coin: 'NOVA', reward_per_hour: '100', price: '0.5', rate_year: null }],
      },
      isApply: 0,
      transaction_config: [],
      limit_rule: 0,
      reward_per_hour: '100',
      total_reward_amount: '4800',
      user: {
        staked: '0',
        personal_max_amount: '1000',
        remaining_quota: '1000',
        staking_cap: '-1',
        is_vip_quota: 0,
      },
    });
    expect(p.reward_pools[1]).toMatchObject({ left_buy_total_amount: '-1', buy_total_amount: '-1' });
    expect(p.reward_pools[3]).toMatchObject({ reward_pool_type: 1 });
    const list = await client.get<{ list: ProjectWire[]; total: number }>(`${LP}/projects`, { state: 2 });
    expect(list.body.data.list.map((x) => x.pid)).toContain(live.pid);
    const running = await client.get<{ list: ProjectWire[]; total: number }>(`${LP}/projects`, { state: 1 });
    expect(running.body.data.list.map((x) => x.pid)).not.toContain(live.pid);
    const missing = await client.get(`${LP}/project-info`, { projectId: 999999 });
    expect(missing.status).toBe(404);
  });

  it('refuses each stake rule with its message key and values, and moves nothing', async () => {
    const { client, id } = await newUser(server, op, { GT: '500' });
    const stake = (amount: string, extra: Record<string, unknown> = {}) =>
      client.post<Err>(
        `${LP}/create-order`,
        { pid: live.pid, rid: rid(0), amount, simpleEarnStatus: 0, ...extra },
        { form: true },
      );

    let res = await stake('9.99');
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.stake.min.tip',
      params: { amount: '10', coin: 'GT' },
    });

    res = await stake('10.001');
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ key: 'common.amountPrecision', params: { precision: '2' } });

    res = await stake('1000.01');
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.stake.max.tip',
      params: { amount: '1000', coin: 'GT' },
    });

    res = await stake('500.01');
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({ key: 'finances.inadequateBalance', params: { coin: 'GT' } });

    res = await stake('-5');
    expect(res.status).toBe(400);

    expect((await spot(op, id)).spot?.GT).toBe('500');

    res = await stake('400', { simpleEarnStatus: 1, simpleEarnPeriod: 30 });
    expect(res.body.code).toBe(0);
    // Entered plus staked above the personal maximum.
    await op.deposit(id, 'GT', '1000');
    res = await stake('600.01', { simpleEarnStatus: 1, simpleEarnPeriod: 30 });
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.stake.max.tip',
      params: { amount: '1000', coin: 'GT' },
    });
    // A fixed period once chosen is kept: flexible is refused with launch.earn.tip3.
    res = await stake('10', { simpleEarnStatus: 1 });
    expect(res.body.data).toMatchObject({ key: 'launch.earn.tip3', params: { period: '30' } });
    res = await stake('600', { simpleEarnStatus: 1, simpleEarnPeriod: 30 });
    expect(res.body.code).toBe(0);
    expect((await spot(op, id)).launchpool?.GT).toBe('1000');
    await expectReconciled(op);
  });

  it("limits the stake to the pool's remaining total and gives it back on redeem", async () => {
    const whales = [];
    for (let i = 0; i < 4; i++) whales.push(await newUser(server, op, { GT: '1000' }));
    for (const w of whales.slice(0, 3)) {
      const res = await w.client.post(`${LP}/create-order`, {
        pid: live.pid,
        rid: rid(0),
        amount: '1000',
        simpleEarnStatus: 0,
      });
      expect(res.body.code).toBe(0);
    }
    // 5000 total, 1000 from the previous test and 3000 here: 1000 left.
    let info = await nth(whales, 3).client.get<ProjectWire>(`${LP}/project-info`, { projectId: live.pid });
    expect(info.body.data.reward_pools[0]?.left_buy_total_amount).toBe('1000');
    const w = nth(whales, 3);
    await nth(whales, 0).client.post(`${LP}/redeem`, {
      pid: live.pid,
      rid: rid(0),
      amount: '200',
      simpleEarnStatus: 0,
    });
    info = await w.client.get<ProjectWire>(`${LP}/project-info`, { projectId: live.pid });
    expect(info.body.data.reward_pools[0]?.left_buy_total_amount).toBe('1200');
    expect(
      (
        await nth(whales, 1).client.post(`${LP}/create-order`, {
          pid: live.pid,
          rid: rid(0),
          amount: '0',
          simpleEarnStatus: 0,
        })
      ).status,
    ).toBe(400);
    const staker = await newUser(server, op, { GT: '1000' });
    expect(
      (
        await staker.client.post(`${LP}/create-order`, {
          pid: live.pid,
          rid: rid(0),
          amount: '1000',
          simpleEarnStatus: 0,
        })
      ).body.code,
    ).toBe(0);
    const res = await w.client.post<Err>(`${LP}/create-order`, {
      pid: live.pid,
      rid: rid(0),
      amount: '200.01',
      simpleEarnStatus: 0,
    });
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.stake.poolLeft.tip',
      params: { amount: '200', coin: 'GT' },
    });
    expect(
      (
        await w.client.post(`${LP}/create-order`, {
          pid: live.pid,
          rid: rid(0),
          amount: '200',
          simpleEarnStatus: 0,
        })
      ).body.code,
    ).toBe(0);
    info = await w.client.get<ProjectWire>(`${LP}/project-info`, { projectId: live.pid });
    expect(info.body.data.reward_pools[0]).toMatchObject({
      left_buy_total_amount: '0',
      staked_total: '5000',
    });
    expect(info.body.data.reward_pools[0]?.user).toMatchObject({ staked: '200', remaining_quota: '0' });
    await expectReconciled(op);
  });

  it('caps the stake by the 60-day volume tiers and gives VIP users their quota', async () => {
    const { client, id } = await newUser(server, op, { USDT: '1000' });
    const stake = (amount: string) =>
      client.post<Err>(`${LP}/create-order`, { pid: live.pid, rid: rid(1), amount, simpleEarnStatus: 0 });
    let res = await stake('10');
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.stake.volume.tip',
      params: { amount: '1000' },
    });
    await op.call('PUT', `/admin/api/users/${id}`, { trading_volume_60d: '1000' });
    res = await stake('50.0001');
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.stake.max.tip',
      params: { amount: '50', coin: 'USDT' },
    });
    expect((await stake('50')).body.code).toBe(0);
    await op.call('PUT', `/admin/api/users/${id}`, { trading_volume_60d: '20000' });
    // Without the VIP tier the personal maximum (100) applies below the tier cap (250).
    res = await stake('50.0001');
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.stake.max.tip',
      params: { amount: '100', coin: 'USDT' },
    });
    await op.call('PUT', `/admin/api/users/${id}`, { vip_tier: 2 });
    res = await stake('200.0001');
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.stake.max.tip',
      params: { amount: '250', coin: 'USDT' },
    });
    const info = await client.get<ProjectWire>(`${LP}/project-info`, { projectId: live.pid });
    expect(info.body.data.reward_pools[1]?.user).toMatchObject({
      staked: '50',
      personal_max_amount: '250',
      remaining_quota: '200',
      staking_cap: '250',
      is_vip_quota: 1,
    });
    expect((await stake('200')).body.code).toBe(0);
    await expectReconciled(op);
  });

  it('keeps VIP-only pools for VIP users', async () => {
    const { client, id } = await newUser(server, op, { USDC: '100' });
    const body = { pid: live.pid, rid: rid(2), amount: '20', simpleEarnStatus: 0 };
    let res = await client.post<Err>(`${LP}/check-pool-rule`, { pid: live.pid, rid: rid(2) });
    expect(res.body.data).toMatchObject({ key: 'finances.startupMining.vip.tip', params: { vip: '1' } });
    res = await client.post<Err>(`${LP}/create-order`, body);
    expect(res.body.data.key).toBe('finances.startupMining.vip.tip');
    await op.call('PUT', `/admin/api/users/${id}`, { vip_tier: 1 });
    expect((await client.post(`${LP}/check-pool-rule`, { pid: live.pid, rid: rid(2) })).body.code).toBe(0);
    expect((await client.post(`${LP}/create-order`, body)).body.code).toBe(0);
  });

  it('lowers the stakeable amount by borrowed funds unless the coin is supported in unified accounts', async () => {
    const { client, id } = await newUser(server, op, { ETH: '1' });
    await op.call('PUT', `/admin/api/users/${id}`, { account_mode: 'multi_currency' });
    const loan = await op.call('POST', '/admin/api/loans', { user: id, asset: 'ETH', amount: '2' });
    expect(loan.body.code).toBe(0);
    const body = { pid: live.pid, rid: rid(3), amount: '1.5', simpleEarnStatus: 0 };
    let res = await client.post<Err>(`${LP}/create-order`, body);
    expect(res.body.data).toMatchObject({ key: 'finances.inadequateBalance' });
    expect((await client.post(`${LP}/create-order`, { ...body, amount: '1' })).body.code).toBe(0);
    await server.deps.db.update(assets).set({ supportLaunchpool: true }).where(eq(assets.symbol, 'ETH'));
    res = await client.post<Err>(`${LP}/create-order`, body);
    expect(res.body.code).toBe(0);
    expect((await spot(op, id)).launchpool?.ETH).toBe('2.5');
    await server.deps.db.update(assets).set({ supportLaunchpool: false }).where(eq(assets.symbol, 'ETH'));
    await expectReconciled(op);
  });

  it('stores the mode and the device token; refuses fixed where it is not offered', async () => {
    const { client, id } = await newUser(server, op, { ETH: '5', GT: '100' });
    let res = await client.post<Err>(`${LP}/create-order`, {
      pid: live.pid,
      rid: rid(3),
      amount: '1',
      simpleEarnStatus: 1,
      simpleEarnPeriod: 30,
    });
    expect(res.body.data.key).toBe('finances.startupMining.fixed.unavailable');
    res = await client.post<Err>(`${LP}/create-order`, {
      pid: live.pid,
      rid: rid(0),
      amount: '10',
      simpleEarnStatus: 1,
      simpleEarnPeriod: 7,
    });
    expect(res.body.data.key).toBe('finances.startupMining.fixed.unavailable');
    res = await client.post(
      `${LP}/create-order`,
      { pid: live.pid, rid: rid(3), amount: '0.5', simpleEarnStatus: 0 },
      { headers: { 'device-token': 'device-abc-123' } },
    );
    expect(res.body.code).toBe(0);
    const orders = await server.deps.db
      .select()
      .from(launchpoolOrders)
      .where(eq(launchpoolOrders.userId, id));
    expect(orders.map((o) => [o.kind, o.amount, o.deviceToken])).toEqual([
      ['stake', '0.500000000000000000', 'device-abc-123'],
    ]);
    const stats = await client.get<Record<string, unknown>[]>(`${LP}/user-project-statistics`, {
      pid: live.pid,
    });
    expect(stats.body.data.find((s) => s.rid === rid(3))).toMatchObject({
      amount: '0.5',
      valid_amount: '0',
      lastRewardAmount: '0',
      lastHourRewardAmount: '0',
      simpleEarnStatus: 0,
    });
    // Where the compliance menu hides lend-earn, auto-earn is refused on the server too.
    await op.call('PUT', `/admin/api/users/${id}`, { compliance_menu: ['lend_earn'] });
    res = await client.post<Err>(`${LP}/create-order`, {
      pid: live.pid,
      rid: rid(0),
      amount: '10',
      simpleEarnStatus: 1,
    });
    expect(res.body.data).toMatchObject({ key: 'finances.startupMining.autoEarn.unavailable' });
    expect((await spot(op, id)).spot?.GT).toBe('100');
  });

  it('asks for the funding password when the user set one, and replays an idempotent stake', async () => {
    const { client, id } = await newUser(server, op, { GT: '100' });
    const set = await client.post('/api/web/v1/auth/fund-password', {
      fundpass: '135790',
      login_password: 'correct-horse-1',
      mode: 'always',
    });
    expect(set.body.code).toBe(0);
    // The pool is full from the earlier test: the pool rule answers before any password is asked.
    const full = { pid: live.pid, rid: rid(0), amount: '10', simpleEarnStatus: 0 };
    let res = await client.post<Err & { require_fundpass: boolean }>(`${LP}/create-order`, full);
    expect(res.body.data).toMatchObject({ key: 'finances.startupMining.stake.poolLeft.tip' });
    await op.deposit(id, 'ETH', '1');
    const body = { pid: live.pid, rid: rid(3), amount: '0.5', simpleEarnStatus: 0 };
    res = await client.post<Err & { require_fundpass: boolean }>(`${LP}/create-order`, body);
    expect(res.body.code).toBe(10010111);
    expect(res.body.data.require_fundpass).toBe(true);
    res = await client.post(`${LP}/create-order`, { ...body, fundpass: '000000' });
    expect(res.body.code).toBe(10010106);
    expect((await spot(op, id)).spot?.ETH).toBe('1');
    const usdt = { ...body, fundpass: '135790' };
    const headers = { 'idempotency-key': 'stake-once-1' };
    const first = await client.post<{ order_id: number }>(`${LP}/create-order`, usdt, { headers });
    const again = await client.post<{ order_id: number }>(`${LP}/create-order`, usdt, { headers });
    expect(first.body.code).toBe(0);
    expect(again.body).toEqual(first.body);
    expect((await spot(op, id)).launchpool?.ETH).toBe('0.5');
  });

  it('refuses redeem rules with their keys and returns coins to spot', async () => {
    const { client, id } = await newUser(server, op, { ETH: '2' });
    await client.post(`${LP}/create-order`, {
      pid: live.pid,
      rid: rid(3),
      amount: '1.2345',
      simpleEarnStatus: 0,
    });
    const redeem = (amount: string) =>
      client.post<Err>(
        `${LP}/redeem`,
        { pid: live.pid, rid: rid(3), amount, simpleEarnStatus: 0 },
        { form: true },
      );
    let res = await redeem('1.2346');
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.redeem.currentMax.tip',
      params: { amount: '1.2345', coin: 'ETH' },
    });
    res = await redeem('0.00009');
    expect(res.body.data).toMatchObject({
      key: 'finances.redeem.minimum.error',
      params: { amount: '0.0001', coin: 'ETH' },
    });
    res = await redeem('0.2345');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ amount: '0.2345', staked: '1', destination: 'spot' });
    const balances = await spot(op, id);
    expect(balances.launchpool?.ETH).toBe('1');
    expect(balances.spot?.ETH).toBe('1');
    const other = await newUser(server, op);
    res = await other.client.post<Err>(`${LP}/redeem`, {
      pid: live.pid,
      rid: rid(3),
      amount: '0.1',
      simpleEarnStatus: 0,
    });
    expect(res.body.data).toMatchObject({
      key: 'finances.startupMining.redeem.currentMax.tip',
      params: { amount: '0' },
    });
    res = await client.post<Err>(`${LP}/redeem`, {
      pid: live.pid + 1000,
      rid: rid(3),
      amount: '0.1',
      simpleEarnStatus: 0,
    });
    expect(res.status).toBe(404);
    await expectReconciled(op);
  });

  it('answers earn-more cards and the operator list', async () => {
    const add = await op.call('POST', '/admin/api/launch-pool/earn-more', {
      coin: 'GT',
      popup_msg: 'Join CandyDrop for 1,000 NOVA',
      popup_high_light: ['1,000 NOVA'],
      url: '/candydrop/42',
    });
    expect(add.body.code).toBe(0);
    const { client } = await newUser(server, op);
    const res = await client.get<{ list: unknown[] }>(`${LP}/earn-more`, { coin: 'gt', type: 'launchpool' });
    expect(res.body.data.list).toEqual([
      {
        id: (add.body.data as { id: number }).id,
        popup_msg: 'Join CandyDrop for 1,000 NOVA',
        popup_high_light: ['1,000 NOVA'],
        url: '/candydrop/42',
      },
    ]);
    expect(
      (await client.get<{ list: unknown[] }>(`${LP}/earn-more`, { coin: 'BTC' })).body.data.list,
    ).toEqual([]);
    const unauth = await server.app.inject({ method: 'GET', url: '/admin/api/launch-pool/projects' });
    expect(unauth.statusCode).toBe(401);
  });

  it('refuses stakes and redemptions once the project has ended', async () => {
    const { client } = await newUser(server, op, { ETH: '1' });
    const short = await createProject(op, {
      start: (await op.now()) - ((await op.now()) % 3600) + 3600,
      hours: 1,
      pools: [pool('ETH', { personal_min_amount: '0.1', decimal_place: 2 })],
    });
    const r = ridOf(short);
    expect(
      (
        await client.post(`${LP}/create-order`, {
          pid: short.pid,
          rid: r,
          amount: '0.5',
          simpleEarnStatus: 0,
        })
      ).body.code,
    ).toBe(0);
    await op.advance(2 * 3600);
    let res = await client.post<Err>(`${LP}/create-order`, {
      pid: short.pid,
      rid: r,
      amount: '0.1',
      simpleEarnStatus: 0,
    });
    expect(res.body.data.key).toBe('finances.startupMining.project.ended');
    res = await client.post<Err>(`${LP}/redeem`, {
      pid: short.pid,
      rid: r,
      amount: '0.1',
      simpleEarnStatus: 0,
    });
    expect(res.body.data.key).toBe('finances.startupMining.project.ended');
    const info = await client.get<ProjectWire>(`${LP}/project-info`, { projectId: short.pid });
    expect(info.body.data.state).toBe(3);
    await expectReconciled(op);
  });
});
