import { dec } from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchpoolPools, launchpoolPositionCoins, launchpoolPositions } from '../../src/infra/db/schema';
import { type Operator, onPostgres, type TestServer } from '../harness';
import {
  createProject,
  expectReconciled,
  LP,
  newUser,
  pool,
  ridOf,
  simpleEarnProducts,
  startLaunchPool,
} from './helpers';

describe.runIf(onPostgres)('launch pool under concurrency (PostgreSQL)', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    ({ server, op } = await startLaunchPool());
  });
  afterAll(() => server.dispose());

  it('a unified account with a loan: parallel stakes into two pools never reach into borrowed funds', async () => {
    const start = (await op.now()) + 3600;
    // Two projects: stakes into two pools hold no common position lock, so they truly race.
    const targets: { pid: number; rid: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const project = await createProject(op, {
        start,
        hours: 24,
        pools: [pool('USDT', { personal_min_amount: '1', personal_max_amount: '1000', decimal_place: 2 })],
      });
      targets.push({ pid: project.pid, rid: ridOf(project) });
    }
    const u = await newUser(server, op, { USDT: '100' });
    await op.call('PUT', `/admin/api/users/${u.id}`, { account_mode: 'multi_currency' });
    expect(
      (await op.call('POST', '/admin/api/loans', { user: u.id, asset: 'USDT', amount: '50' })).body.code,
    ).toBe(0);
    // Spot is 150 of which 50 is borrowed, and USDT is not supported for launch pools in a unified account.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        u.client.post<{ key?: string }>(`${LP}/create-order`, {
          ...targets[i % 2],
          amount: '10',
          simpleEarnStatus: 0,
        }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0).length).toBe(10);
    for (const r of results.filter((x) => x.body.code !== 0))
      expect(r.body.data.key).toBe('finances.inadequateBalance');
    const positions = await server.deps.db
      .select()
      .from(launchpoolPositions)
      .where(eq(launchpoolPositions.userId, u.id));
    expect(positions.reduce((sum, p) => sum.plus(p.amount), dec(0)).toFixed()).toBe('100');
    await expectReconciled(op);
  });

  it('never oversells the last of a pool total when 100 users race for it', async () => {
    const start = (await op.now()) + 3600;
    const project = await createProject(op, {
      start,
      hours: 24,
      pools: [
        pool('USDT', {
          personal_min_amount: '1',
          personal_max_amount: '1000',
          decimal_place: 2,
          buy_total_amount: '1000',
        }),
      ],
    });
    const rid = ridOf(project);
    const early = await newUser(server, op, { USDT: '1000' });
    expect(
      (
        await early.client.post(`${LP}/create-order`, {
          pid: project.pid,
          rid,
          amount: '950',
          simpleEarnStatus: 0,
        })
      ).body.code,
    ).toBe(0);

    const racers = [];
    for (let i = 0; i < 100; i++) racers.push(await newUser(server, op, { USDT: '10' }));
    // Amounts of 1 to 3 USDT: 50 left, about 200 asked for.
    const asked = racers.map((_, i) => String(1 + (i % 3)));
    const results = await Promise.all(
      racers.map((r, i) =>
        r.client.post<{ key?: string }>(`${LP}/create-order`, {
          pid: project.pid,
          rid,
          amount: asked[i] as string,
          simpleEarnStatus: 0,
        }),
      ),
    );
    const won = results.flatMap((res, i) => (res.body.code === 0 ? [dec(asked[i] as string)] : []));
    for (const res of results) {
      if (res.body.code !== 0) expect(res.body.data.key).toBe('finances.startupMining.stake.poolLeft.tip');
    }
    const sold = won.reduce((a, b) => a.plus(b), dec(0));
    expect(sold.lte(50)).toBe(true);
    // With 1-unit asks still racing, the pool ends within 2 of full (a 3 may be refused when 2 are left, etc.).
    expect(sold.gte(48)).toBe(true);

    const [row] = await server.deps.db.select().from(launchpoolPools).where(eq(launchpoolPools.rid, rid));
    if (!row) throw new Error(`pool ${rid} missing`);
    expect(dec(row.stakedTotal).toFixed()).toBe(sold.plus(950).toFixed());
    expect(dec(row.leftAmount ?? 'missing').toFixed()).toBe(dec(50).minus(sold).toFixed());
    const positions = await server.deps.db
      .select()
      .from(launchpoolPositions)
      .where(eq(launchpoolPositions.rid, rid));
    expect(positions.reduce((a, p) => a.plus(p.amount), dec(0)).toFixed()).toBe(sold.plus(950).toFixed());
    await expectReconciled(op);

    // The same user racing itself cannot pass the personal maximum either.
    const greedy = await newUser(server, op, { USDT: '1000' });
    const project2 = await createProject(op, {
      start,
      hours: 24,
      pools: [pool('USDT', { personal_min_amount: '1', personal_max_amount: '100', decimal_place: 2 })],
    });
    const rid2 = ridOf(project2);
    const mine = await Promise.all(
      Array.from({ length: 20 }, () =>
        greedy.client.post(`${LP}/create-order`, {
          pid: project2.pid,
          rid: rid2,
          amount: '10',
          simpleEarnStatus: 0,
        }),
      ),
    );
    expect(mine.filter((r) => r.body.code === 0)).toHaveLength(10);
    await expectReconciled(op);
  });

  it('pays the hour while stakes and redemptions race the hourly job, without deadlock or a unit lost', async () => {
    const now = await op.now();
    const start = now - (now % 3600) + 3600;
    // The GT pool's auto-earn: simple earn's flexible GT at 12 %.
    await simpleEarnProducts(op, 'GT', { flexible: '0.12' });
    const project = await createProject(op, {
      start,
      hours: 4,
      pools: [
        // Multi mining: ETH is paid through its own accumulator beside NOVA, under the same race.
        pool('USDT', {
          personal_min_amount: '1',
          personal_max_amount: '1000',
          reward_per_hour: '100',
          reward_pool_type: 1,
          reward_coins: [{ coin: 'ETH', reward_per_hour: '0.3', rate_year: '1' }],
        }),
        pool('GT', {
          personal_min_amount: '1',
          personal_max_amount: '1000',
          reward_per_hour: '50',
          simple_earn: { status: 1, fixed_period: 0, fixed_rate: '0', rate: '12', ext_rate: '0' },
        }),
      ],
    });
    const [usdtPool, gtPool] = project.reward_pools as { rid: number }[];
    const users = [];
    for (let i = 0; i < 30; i++) users.push(await newUser(server, op, { USDT: '100', GT: '100' }));
    await op.advance(start + 600 - (await op.now()));
    for (const u of users) {
      await u.client.post(`${LP}/create-order`, {
        pid: project.pid,
        rid: usdtPool?.rid as number,
        amount: '50',
        simpleEarnStatus: 0,
      });
    }
    // Everyone stakes into the GT pool and redeems from the USDT pool while the clock crosses two hour ends.
    const calls = users.flatMap((u, i) => [
      u.client.post(`${LP}/create-order`, {
        pid: project.pid,
        rid: gtPool?.rid as number,
        amount: String(1 + (i % 5)),
        simpleEarnStatus: i % 2,
      }),
      u.client.post(`${LP}/redeem`, {
        pid: project.pid,
        rid: usdtPool?.rid as number,
        amount: '10',
        simpleEarnStatus: 0,
      }),
    ]);
    const [advanced, ...results] = await Promise.all([op.advance(2 * 3600), ...calls]);
    expect(advanced).toBeGreaterThan(start);
    for (const res of results) expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    await op.advance(start + 5 * 3600 - (await op.now()));
    await expectReconciled(op);
    // The USDT pool had stake from 10 minutes into the first hour to the end: it paid all of that
    // time's reward but the fractions below one unit each position carried.
    const paid = await server.deps.db
      .select()
      .from(launchpoolPositions)
      .where(eq(launchpoolPositions.rid, usdtPool?.rid as number));
    const total = paid.reduce((a, p) => a.plus(p.totalReward), dec(0));
    const earned = dec(100)
      .times(4 * 3600 - 600)
      .div(3600);
    expect(total.lte(earned)).toBe(true);
    expect(total.gt(earned.minus(dec('0.00000001').times(paid.length)))).toBe(true);
    const paidEth = await server.deps.db
      .select()
      .from(launchpoolPositionCoins)
      .where(
        and(
          eq(launchpoolPositionCoins.rid, usdtPool?.rid as number),
          eq(launchpoolPositionCoins.coin, 'ETH'),
        ),
      );
    expect(paidEth).toHaveLength(paid.length);
    const totalEth = paidEth.reduce((a, p) => a.plus(p.totalReward), dec(0));
    const earnedEth = dec('0.3')
      .times(4 * 3600 - 600)
      .div(3600);
    expect(totalEth.lte(earnedEth)).toBe(true);
    expect(totalEth.gt(earnedEth.minus(dec('0.00000001').times(paidEth.length)))).toBe(true);
  });
});
