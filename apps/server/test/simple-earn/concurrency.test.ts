import { dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { onPostgres, refusalOf } from '../harness';
import {
  type Env,
  expectReconciled,
  fixedProduct,
  flexProduct,
  HOUR,
  spot,
  startSimpleEarn,
  toNextHour,
  userWith,
} from './helpers';

describe.runIf(onPostgres)('simple earn under concurrency (PostgreSQL)', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startSimpleEarn();
    await flexProduct(env.op, {
      asset: 'USDT',
      next_time_rate_year: '0.05',
      min_lend_amount: '1',
      borrow_demand: '0',
    });
  });
  afterAll(() => env.server.dispose());

  it('50 parallel subscribes and redeems on one account never overdraw either side', async () => {
    const u = await userWith(env, { USDT: '100' });
    await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '50' });
    // Each call asks for 7: spot (50) and the holding (50) can each cover only 7 of them.
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '7' })
        : u.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '7' }),
    );
    const results = await Promise.all(calls);
    const okSub = results.filter((r, i) => i % 2 === 0 && r.body.code === 0).length;
    const okRed = results.filter((r, i) => i % 2 === 1 && r.body.code === 0).length;
    for (const r of results) {
      if (r.body.code !== 0) {
        expect(['lend_earn.insufficient.balance', 'simple_earn.redeem.maxLimit']).toContain(
          (r.body.data as { key: string }).key,
        );
      }
    }
    const spotNow = dec(await spot(env, u.id, 'USDT'));
    expect(spotNow.toFixed()).toBe(
      dec(50)
        .minus(7 * okSub)
        .plus(7 * okRed)
        .toFixed(),
    );
    expect(spotNow.gte(0)).toBe(true);
    const holding = await u.c.get<{ list: { curr_amount: string }[] }>('/apiw/v2/uni-loan/earn/subscribe');
    expect(holding.body.data.list[0]?.curr_amount).toBe(
      dec(50)
        .plus(7 * okSub)
        .minus(7 * okRed)
        .toFixed(),
    );
    expect(okSub + okRed).toBeGreaterThan(0);
    await expectReconciled(env.op);
  });

  it('a unified account with a loan: 40 parallel subscribes never reach into borrowed funds', async () => {
    const u = await userWith(env, { USDT: '100' });
    await env.op.call('PUT', `/admin/api/users/${u.id}`, { account_mode: 'multi_currency' });
    expect(
      (await env.op.call('POST', '/admin/api/loans', { user: u.id, asset: 'USDT', amount: '50' })).body.code,
    ).toBe(0);
    // Spot is 150, of which 50 is borrowed: 14 × 7 = 98 of own funds may go into simple earn.
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '7' }),
      ),
    );
    const ok = results.filter((r) => r.body.code === 0).length;
    for (const r of results) {
      if (r.body.code !== 0)
        expect((r.body.data as { key: string }).key).toBe('lend_earn.insufficient.balance');
    }
    expect(ok).toBe(14);
    expect(await spot(env, u.id, 'USDT')).toBe('52');
    await expectReconciled(env.op);
  });

  it('20 parallel redemptions of amounts not yet earning: 7 paid, the rest refused by rule, never a 500', async () => {
    // Each waits for the holding's lock in turn and must see what the one before it took.
    const u = await userWith(env, { USDT: '50' });
    await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '50' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        u.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '7' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(7);
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(r.status).toBe(422);
      expect(refusalOf(r.body.data).key).toBe('simple_earn.redeem.maxLimit');
    }
    expect(await spot(env, u.id, 'USDT')).toBe('49');
    const holding = await u.c.get<{ list: { curr_amount: string; pending_amount: string }[] }>(
      '/apiw/v2/uni-loan/earn/subscribe',
    );
    expect(holding.body.data.list[0]).toMatchObject({ curr_amount: '1', pending_amount: '1' });
    await expectReconciled(env.op);
  });

  it('40 parallel redemptions of interest from 20 holders all draw on the pooled interest account', async () => {
    await flexProduct(env.op, { asset: 'USDC', next_time_rate_year: '0.05' });
    const holders = await Promise.all(Array.from({ length: 20 }, () => userWith(env, { USDC: '10000' })));
    for (const u of holders)
      expect(
        (await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDC', amount: '10000' })).body.code,
      ).toBe(0);
    await toNextHour(env, 60);
    await env.op.advance(HOUR); // one hour earned: 10 000 × 0.05 / 8760 = 0.0570776… → 0.05707762 each
    const results = await Promise.all(
      holders.flatMap((u) =>
        [0, 1].map(() => u.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDC', amount: '0.02' })),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(40);
    for (const u of holders.slice(0, 5)) expect(await spot(env, u.id, 'USDC')).toBe('0.04');
    const holding = await holders[0]?.c.get<{ list: { curr_amount: string }[] }>(
      '/apiw/v2/uni-loan/earn/subscribe',
    );
    expect(holding?.body.data.list[0]?.curr_amount).toBe('10000.01707762');
    await expectReconciled(env.op);
  });

  it('20 parallel redemptions of lent principal are each paid at once in full, none overdrawn (issue 27)', async () => {
    // 10 holders supply 200 ETH; 170 is borrowed at the hour, so only 30 stays idle: a redemption is
    // immediate all the same, the exchange paying the lent part.
    await flexProduct(env.op, { asset: 'ETH', next_time_rate_year: '0', borrow_demand: '170' });
    const holders = await Promise.all(Array.from({ length: 10 }, () => userWith(env, { ETH: '20' })));
    for (const u of holders)
      expect(
        (await u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '20' })).body.code,
      ).toBe(0);
    await toNextHour(env, 60);
    await env.op.advance(HOUR); // the subscriptions earn from this hour: lent 170 of 200

    // Each holder redeems 10 twice at once: all twenty are paid now, 200 ETH in all.
    const results = await Promise.all(
      holders.flatMap((u) =>
        [0, 1].map(() =>
          u.c.post<{ frozen_amount: string }>('/apiw/v2/uni-loan/earn/redeem', {
            asset: 'ETH',
            amount: '10',
          }),
        ),
      ),
    );
    expect(results.map((r) => [r.body.code, r.body.data.frozen_amount])).toEqual(
      Array.from({ length: 20 }, () => [0, '0']),
    );
    for (const u of holders) expect(await spot(env, u.id, 'ETH')).toBe('20');
    // A third redemption has nothing left to take.
    const over = await holders[0]?.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'ETH', amount: '10' });
    expect(over?.body.code).not.toBe(0);
    expect(await spot(env, holders[0]?.id as number, 'ETH')).toBe('20');
    await expectReconciled(env.op);
  });

  it('50 users racing for the last quota of a fixed product never oversell it', async () => {
    const productId = await fixedProduct(env.op, {
      asset: 'USDT',
      lock_up_period: 7,
      year_rate: '0.05',
      total_quota: '1000',
      min_lend_amount: '10',
    });
    const first = await userWith(env, { USDT: '900' });
    expect(
      (await first.c.post('/apiw/v2/fixed_earn/api/user/lend', { product_id: productId, amount: '900' })).body
        .code,
    ).toBe(0);
    const users = await Promise.all(Array.from({ length: 50 }, () => userWith(env, { USDT: '30' })));
    const results = await Promise.all(
      users.map((u) =>
        u.c.post('/apiw/v2/fixed_earn/api/user/lend', { product_id: productId, amount: '30' }),
      ),
    );
    const winners = results.filter((r) => r.body.code === 0).length;
    expect(winners).toBe(3); // 100 left: three of 30
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(['simple_earn.amount.tip.remainingQuotaLessAmount', 'simple_earn.soldOut']).toContain(
        (r.body.data as { key: string }).key,
      );
    }
    const losers = users.filter((_, i) => results[i]?.body.code !== 0);
    for (const u of losers.slice(0, 5)) expect(await spot(env, u.id, 'USDT')).toBe('30');
    const admin = await env.op.call<{ list: { id: number; sold_amount: string }[] }>(
      'GET',
      '/admin/api/simple-earn/fixed-products',
    );
    expect(admin.body.data.list.find((p) => p.id === productId)?.sold_amount).toBe('990');
    await expectReconciled(env.op);
  });
  it('a call during an open flexible hour waits outside its transaction, holding no connection, and runs after the close', async () => {
    const u = await userWith(env, { USDT: '100' });
    const db = env.server.database.db;
    // A sharded hour planned and not yet closed (as while its shards are booked, or after its pass failed).
    await db.execute(sql`INSERT INTO job_periods (job, period_start, period_end, shards, planned_at, instance)
      VALUES ('simple-earn.flexible-hourly', '2000-01-01T00:00:00Z', '2000-01-01T01:00:00Z', 0, now(), 'test')`);
    let answered = false;
    const call = u.c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10' }).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 700));
    expect(answered).toBe(false);
    // Waiting calls held their connection (and a transaction) before: enough of them took the whole pool.
    const [held] = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
    );
    expect(held?.n).toBe(0);
    await db.execute(
      sql`UPDATE job_periods SET closed_at = now() WHERE period_start = '2000-01-01T00:00:00Z'`,
    );
    const res = await call;
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(await spot(env, u.id, 'USDT')).toBe('90');
    await db.execute(sql`DELETE FROM job_periods WHERE period_start = '2000-01-01T00:00:00Z'`);
  });
});
