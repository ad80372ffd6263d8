import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchpoolInterest, launchpoolOrders } from '../../src/infra/db/schema';

const D = Decimal.clone({ precision: 100 });

import type { Operator, TestServer } from '../harness';
import {
  createProject,
  expectReconciled,
  LP,
  newUser,
  pool,
  ridOf,
  simpleEarnProducts,
  spot,
  startLaunchPool,
} from './helpers';

type Redeemed = { destination: string; simple_earn_amount: string; simple_earn_refused?: string };

describe('launch-pool auto-earn into simple earn', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    ({ server, op } = await startLaunchPool());
    // Simple earn's products, which the auto-earn offers and the interest while staked come from:
    // GT flexible 5 % and 30 days 8 %; USDC flexible 5 % with a minimum of 10.
    await simpleEarnProducts(op, 'GT', { flexible: '0.05', fixed: { period: 30, rate: '0.08' } });
    await simpleEarnProducts(op, 'USDC', { flexible: '0.05', min: '10' });
  });
  afterAll(() => server.dispose());

  it('sends redemptions and end-of-project returns where the mode says', async () => {
    const start = (await op.now()) + 3600;
    // The pool's own rates are not used: simple earn's are.
    const simpleEarn = { status: 1, fixed_period: 30, fixed_rate: '0', rate: '0', ext_rate: '0' };
    const project = await createProject(op, {
      start,
      hours: 3,
      pools: [
        pool('GT', { personal_min_amount: '1', personal_max_amount: '1000', simple_earn: simpleEarn }),
        pool('USDC', {
          personal_min_amount: '1',
          personal_max_amount: '1000',
          simple_earn: { ...simpleEarn, fixed_period: 0 },
        }),
      ],
    });
    const gt = ridOf(project, 0);
    const usdc = ridOf(project, 1);
    const flexUser = await newUser(server, op, { GT: '100' });
    const fixedUser = await newUser(server, op, { GT: '100' });
    const spotUser = await newUser(server, op, { GT: '100', USDC: '100' });
    const stake = (u: typeof flexUser, rid: number, amount: string, status: number, period?: number) =>
      u.client.post(`${LP}/create-order`, {
        pid: project.pid,
        rid,
        amount,
        simpleEarnStatus: status,
        ...(period ? { simpleEarnPeriod: period } : {}),
      });
    const redeem = (u: typeof flexUser, rid: number, amount: string, status: number) =>
      u.client.post<Redeemed>(`${LP}/redeem`, { pid: project.pid, rid, amount, simpleEarnStatus: status });

    expect((await stake(flexUser, gt, '100', 1)).body.code).toBe(0);
    expect((await stake(fixedUser, gt, '100', 1, 30)).body.code).toBe(0);
    expect((await stake(spotUser, gt, '100', 0)).body.code).toBe(0);
    expect((await stake(spotUser, usdc, '50', 1)).body.code).toBe(0);

    // The toggle on: into flexible simple earn. Off: spot.
    let res = await redeem(flexUser, gt, '40', 1);
    expect(res.body.data).toMatchObject({ destination: 'flexible', simple_earn_amount: '40' });
    res = await redeem(flexUser, gt, '10', 0);
    expect(res.body.data).toMatchObject({ destination: 'spot' });
    // A fixed period goes to fixed earn for its term whatever the toggle says.
    res = await redeem(fixedUser, gt, '20', 0);
    expect(res.body.data).toMatchObject({ destination: 'fixed', simple_earn_amount: '20' });
    // Simple earn refuses 5 USDC (below its minimum of 10): the coins stay in spot and the answer says why.
    res = await redeem(spotUser, usdc, '5', 1);
    expect(res.body.data.destination).toBe('spot');
    expect(res.body.data.simple_earn_refused).toBeTruthy();

    expect(await spot(op, flexUser.id)).toMatchObject({
      spot: { GT: '10' },
      flexible: { GT: '40' },
      launchpool: { GT: '50' },
    });
    expect(await spot(op, fixedUser.id)).toMatchObject({ fixed: { GT: '20' }, launchpool: { GT: '80' } });
    await expectReconciled(op);

    await op.advance(start + 3 * 3600 - (await op.now()));
    // While staked, auto-earn stakes earned simple earn's rates by the second, paid hourly in the stake
    // coin: flexible at its flexible rate of the hour (5 %), fixed at its 30-day product's (8 %), spot nothing.
    const hourly = (amount: string, ratePercent: string) => {
      const pays: string[] = [];
      let paid = new D(0);
      for (let h = 1; h <= 3; h++) {
        const due = new D(amount)
          .times(ratePercent)
          .div(100)
          .times(h * 3600)
          .div(365 * 86_400)
          .toDecimalPlaces(8, D.ROUND_DOWN);
        pays.push(due.minus(paid).toFixed());
        paid = due;
      }
      return { pays, total: paid };
    };
    const flexInterest = hourly('50', '5');
    const fixedInterest = hourly('80', '8');
    const usdcInterest = hourly('45', '5');
    const interestRows = await server.deps.db
      .select()
      .from(launchpoolInterest)
      .orderBy(asc(launchpoolInterest.hourStart));
    const paysOf = (userId: number, coin: string) =>
      interestRows
        .filter((r) => r.userId === userId && r.coin === coin)
        .map((r) => new D(r.amount).toFixed());
    expect(paysOf(flexUser.id, 'GT')).toEqual(flexInterest.pays);
    expect(paysOf(fixedUser.id, 'GT')).toEqual(fixedInterest.pays);
    expect(paysOf(spotUser.id, 'USDC')).toEqual(usdcInterest.pays);
    expect(paysOf(spotUser.id, 'GT')).toEqual([]);
    expect(await spot(op, flexUser.id)).toMatchObject({
      spot: { GT: flexInterest.total.plus(10).toFixed() },
      flexible: { GT: '90' },
      launchpool: { GT: '0' },
    });
    expect(await spot(op, fixedUser.id)).toMatchObject({
      spot: { GT: fixedInterest.total.toFixed() },
      fixed: { GT: '100' },
      launchpool: { GT: '0' },
    });
    // The USDC stake (flexible mode) went into simple earn's USDC flexible at the end.
    expect(await spot(op, spotUser.id)).toMatchObject({
      spot: { GT: '100', USDC: usdcInterest.total.plus(55).toFixed() },
      flexible: { USDC: '45' },
      launchpool: { GT: '0', USDC: '0' },
    });
    const stats = await flexUser.client.get<{ simpleEarnInterest: string }[]>(
      `${LP}/user-project-statistics`,
      { pid: project.pid },
    );
    expect(stats.body.data[0]?.simpleEarnInterest).toBe(flexInterest.total.toFixed());
    const returns = await server.deps.db
      .select()
      .from(launchpoolOrders)
      .where(eq(launchpoolOrders.kind, 'return'));
    expect(
      returns
        .map((o) => [o.userId, o.coin, o.destination])
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [flexUser.id, 'GT', 'flexible'],
        [fixedUser.id, 'GT', 'fixed'],
        [spotUser.id, 'GT', 'spot'],
        [spotUser.id, 'USDC', 'flexible'],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    const history = await flexUser.client.get<{ list: { mode: number; amount: string }[] }>(
      '/apiw/v2/uni-loan/earn/history',
      { type: 1 },
    );
    expect(history.body.code).toBe(0);
    expect(
      history.body.data.list
        .filter((h) => h.mode === 10)
        .map((h) => h.amount)
        .sort(),
    ).toEqual(['40', '50']);
    await expectReconciled(op);
  });
});
