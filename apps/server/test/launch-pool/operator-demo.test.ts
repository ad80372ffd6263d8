import { dec } from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../src/infra/db/schema';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/ops/seed/demo';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { createProject, expectReconciled, LP, newUser, type ProjectWire, pool, spot } from './helpers';

type Err = { key: string; params: Record<string, string> };

describe('launch-pool demo catalogue', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true });
    op = new Operator(server);
  });
  afterAll(() => server.dispose());

  it('has live, upcoming and finished projects with VIP, new-user and multi-mining pools, and pays the demo user hourly', async () => {
    const demo = new TestClient(server);
    const login = await demo.post('/api/web/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(login.body.code).toBe(0);
    const byState = async (state: number) =>
      (await demo.get<{ list: ProjectWire[]; total: number }>(`${LP}/projects`, { state })).body.data.list;
    const [live] = await byState(1);
    expect(live?.coin).toBe('NOVA');
    const pools = live?.reward_pools ?? [];
    expect(pools.length).toBeGreaterThanOrEqual(4);
    expect(pools.some((p) => (p.vip_config as { vip_only: boolean } | null)?.vip_only)).toBe(true);
    expect(pools.some((p) => (p.limit_rule as number) > 0)).toBe(true);
    const multi = pools.find((p) => p.reward_pool_type === 1);
    // The multi-mining pool pays the project's token and two further coins.
    expect((multi?.reward_coins as { coin: string }[] | undefined)?.map((c) => c.coin)).toEqual([
      'NOVA',
      'GT',
      'ETH',
    ]);
    expect((await byState(2)).map((p) => p.coin)).toEqual(['ORBIT']);
    expect((await byState(3)).map((p) => p.coin)).toEqual(['LUMA']);

    const stats = await demo.get<{ rid: number; amount: string }[]>(`${LP}/user-project-statistics`, {
      pid: live?.pid as number,
    });
    const staked = stats.body.data.filter((s) => s.amount !== '0').map((s) => s.amount);
    expect(staked).toEqual(['200', '1000']);

    // The demo user is the only staker of the GT (0.45/h) and USDT (0.062/h) pools for the whole hour.
    await op.advance(3600);
    const rewards = await demo.get<{ list: { amount: string }[] }>(`${LP}/my-rewards`);
    expect(rewards.body.data.list.map((r) => r.amount).sort()).toEqual(['0.062', '0.45']);
    // The finished project was settled: its unpaid reward went back to the project.
    const luma = await server.deps.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.asset, 'LUMA'), eq(ledgerAccounts.purpose, 'launchpool_project')));
    expect(luma[0]?.balance).toBe('0.000000000000000000');
    const home = await demo.get<{ lines: { line: string; apr: string | null }[] }>('/api/web/v1/earn/home');
    // The best offer is the highest figure a running pool's card shows (issue 27): an empty pool shows
    // its set rate (the USDT pool's 200 %), never a live figure above the set one.
    const best = home.body.data.lines.find((l) => l.line === 'launch-pool');
    const shown = pools.map((p) => (p.derived_apr as { shown_rate_year: string | null }).shown_rate_year);
    const highest = shown.reduce((m, r) => (r !== null && dec(r).gt(m) ? dec(r) : m), dec(0));
    expect(best).toMatchObject({ asset: 'USDT', apr: highest.toFixed() });
    expect(best?.apr).toBe('200');
    // The GT pool: 0.45 NOVA (0.42) an hour on 200 GT (18.42) = 44.94 %, at or below its set 45.5 %: the
    // live figure is shown, with the inputs it is derived from.
    const gtPool = pools.find((p) => p.coin === 'GT');
    const gtLive = dec('0.45').times('0.42').times(8760).div(dec(200).times('18.42')).times(100);
    const gtShown = (gtPool?.derived_apr as { shown_rate_year: string } | undefined)?.shown_rate_year;
    expect(dec(gtShown ?? '0').toFixed(6)).toBe(gtLive.toFixed(6));
    expect(gtPool?.derived_apr).toMatchObject({
      shown: 'live',
      missing: null,
      staked_total: '200',
      stake_price: '18.42',
      coins: [{ coin: 'NOVA', reward_per_hour: '0.45', price: '0.42' }],
    });
    // Its auto-earn is simple earn's: GT flexible at 3.65 %, and no fixed term (its 14 days are sold out).
    expect(gtPool?.simple_earn).toMatchObject({ rate: '3.65', fixed_period: 0, fixed_rate: '0', status: 0 });
    await expectReconciled(op);
  });
});

describe('launch-pool operator API and new-user pools', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('NOVA', '0.5');
  });
  afterAll(() => server.dispose());

  it('creates, extends and edits projects and pools, funding each pool with its whole reward', async () => {
    const now = await op.now();
    let res = await op.call('POST', '/admin/api/launch-pool/projects', {
      reward_coin: 'NOVA',
      name: 'x',
      start_timest: now + 1800,
      end_timest: now + 7200,
      pools: [pool('GT')],
    });
    expect(res.status).toBe(400);
    res = await op.call('POST', '/admin/api/launch-pool/projects', {
      reward_coin: 'NOPE',
      name: 'x',
      start_timest: now + 3600,
      end_timest: now + 7200,
      pools: [pool('GT')],
    });
    expect(res.body.data).toMatchObject({ key: 'common.unknownAsset' });
    const project = await createProject(op, {
      start: now + 3600,
      hours: 10,
      pools: [pool('GT', { reward_per_hour: '12.5' })],
    });
    const added = await op.call<{ rid: number; project: ProjectWire }>(
      'POST',
      `/admin/api/launch-pool/projects/${project.pid}/pools`,
      {
        ...pool('USDT', { reward_per_hour: '7', buy_total_amount: '100' }),
      },
    );
    expect(added.body.code).toBe(0);
    expect(added.body.data.project.reward_pools).toHaveLength(2);
    const funded = await server.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.asset, 'NOVA'));
    const balance = (purpose: string) => funded.find((a) => a.purpose === purpose)?.balance;
    expect(balance(`launchpool_rewards:${project.reward_pools[0]?.rid}`)).toBe('125.000000000000000000');
    expect(balance(`launchpool_rewards:${added.body.data.rid}`)).toBe('70.000000000000000000');
    expect(balance('launchpool_project')).toBe('-195.000000000000000000');

    const { client } = await newUser(server, op, { USDT: '100' });
    expect(
      (
        await client.post(`${LP}/create-order`, {
          pid: project.pid,
          rid: added.body.data.rid,
          amount: '60',
          simpleEarnStatus: 0,
        })
      ).body.code,
    ).toBe(0);
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${added.body.data.rid}`, {
      buy_total_amount: '50',
    });
    expect(res.status).toBe(409);
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${added.body.data.rid}`, {
      buy_total_amount: '80',
      rate_year: '33.3',
    });
    expect(res.body.data).toMatchObject({ left_buy_total_amount: '20' });
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${added.body.data.rid}`, {
      buy_total_amount: '-1',
    });
    expect(res.body.data).toMatchObject({ left_buy_total_amount: '-1' });
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${added.body.data.rid}`, {
      reward_per_hour: '1',
    });
    expect(res.status).toBe(400);
    res = await op.call('PUT', `/admin/api/launch-pool/pools/${added.body.data.rid}`, {
      personal_min_amount: '5000',
    });
    expect(res.status).toBe(400);
    // A visitor sees the project without the per-user figures.
    const visitor = new TestClient(server);
    const seen = await visitor.get<ProjectWire>(`${LP}/project-info`, { projectId: project.pid });
    expect(seen.body.data.reward_pools[1]).toMatchObject({ rate_year: '33.3', user: null, isApply: 0 });
    expect((await visitor.get(`${LP}/user-project-statistics`, { pid: project.pid })).status).toBe(401);
    const list = await op.call<{ list: ProjectWire[] }>('GET', '/admin/api/launch-pool/projects');
    expect(list.body.data.list[0]?.reward_pools[1]).toMatchObject({
      rate_year: '33.3',
      buy_total_amount: '-1',
    });
    await expectReconciled(op);
  });

  it('keeps new-user pools for accounts younger than limit_rule days that joined no other project', async () => {
    const now = await op.now();
    const other = await createProject(op, { start: now + 3600, hours: 72, pools: [pool('USDT')] });
    const fresh = await createProject(op, {
      start: now + 3600,
      hours: 72,
      pools: [pool('USDT', { limit_rule: 1 })],
    });
    const rid = fresh.reward_pools[0]?.rid as number;
    const newcomer = await newUser(server, op, { USDT: '100' });
    const veteran = await newUser(server, op, { USDT: '100' });
    const late = await newUser(server, op, { USDT: '100' });

    const res = await newcomer.client.post<{ pass: number; is_new_user: number }>(
      `${LP}/check-pool-rule`,
      { pid: fresh.pid, rid },
      { form: true },
    );
    expect(res.body).toMatchObject({ code: 0, data: { pass: 1, rid, limit_rule: 1, is_new_user: 1 } });
    expect(
      (
        await newcomer.client.post(`${LP}/create-order`, {
          pid: fresh.pid,
          rid,
          amount: '10',
          simpleEarnStatus: 0,
        })
      ).body.code,
    ).toBe(0);

    expect(
      (
        await veteran.client.post(`${LP}/create-order`, {
          pid: other.pid,
          rid: other.reward_pools[0]?.rid as number,
          amount: '10',
          simpleEarnStatus: 0,
        })
      ).body.code,
    ).toBe(0);
    const refused = await veteran.client.post<Err>(`${LP}/check-pool-rule`, { pid: fresh.pid, rid });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toMatchObject({
      key: 'finances.startupMining.newUser.tip',
      params: { days: '1' },
    });
    expect(refused.body.message).toContain('new users');
    const stake = await veteran.client.post<Err>(`${LP}/create-order`, {
      pid: fresh.pid,
      rid,
      amount: '10',
      simpleEarnStatus: 0,
    });
    expect(stake.body.data.key).toBe('finances.startupMining.newUser.tip');

    await op.advance(25 * 3600);
    const tooOld = await late.client.post<Err>(`${LP}/create-order`, {
      pid: fresh.pid,
      rid,
      amount: '10',
      simpleEarnStatus: 0,
    });
    expect(tooOld.body.data.key).toBe('finances.startupMining.newUser.tip');
    expect((await spot(op, late.id)).spot?.USDT).toBe('100');
    // A day on, the newcomer is no longer new either: the rule is checked on every stake, and the stake already made stays.
    expect((await newcomer.client.post(`${LP}/check-pool-rule`, { pid: fresh.pid, rid })).body.code).not.toBe(
      0,
    );
    await expectReconciled(op);
  });
});
