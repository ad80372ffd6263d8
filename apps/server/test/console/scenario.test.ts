import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { listCoins, Operator, startTestServer, type TestServer } from '../harness';
import { advanceTo, creditedSince, DAY, HOUR, must, ok, toNextMidnight, user } from './helpers';

interface Dashboard {
  now: number;
  reconciliation: { ok: boolean | null; at: number | null; differences: Record<string, unknown>[] };
  jobs: {
    name: string;
    period_seconds: number;
    last_period_end: number | null;
    lag_seconds: number | null;
    failures: number;
    last_error: string | null;
  }[];
  lines: {
    line: string;
    total_usdt: string;
    users: number;
    held: { asset: string; amount: string; usdt: string }[];
    paid_today: { asset: string; amount: string }[];
    budgets: {
      label: string;
      kind: string;
      name: string;
      ref: string;
      asset: string;
      left: string;
      paid: string;
    }[];
  }[];
}

interface Position {
  id: string;
  product: string;
  asset: string;
  amount: string;
  status: string;
  since: number;
  extra: Record<string, unknown>;
}

interface HistoryRow {
  id: number;
  entry_id: number;
  at: number;
  reason: string;
  line: string;
  asset: string;
  amount: string;
  account: string;
}

const LP = '/apiw/v2/earn/launch-pool';

/**
 * One scenario on the test clock, read back through the console: two users hold flexible USDT (with
 * a bonus pool), one a fixed order, one a launch-pool stake and a staking position with a campaign;
 * the clock then runs to 01:00 of the second day after, so that today holds two hourly payouts and
 * the first staking day. Every figure is worked out here from the products' terms.
 */
describe('console dashboard and users after a scenario', { timeout: 300_000 }, () => {
  let server: TestServer;
  let op: Operator;
  let midnight: number;
  let alice: { id: number };
  let bob: { id: number };
  let carol: { id: number };
  let rid: number;
  let productId: number;
  let campaignId: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('NOVA', '0.5');
    midnight = await toNextMidnight(op, HOUR);
    const t0 = midnight + HOUR;

    // Flexible USDT at 8.76 % a year: 0.00001 per unit and hour; a bonus pool at the same rate, no cap.
    await must(
      op.call('POST', '/admin/api/simple-earn/flexible-products', {
        asset: 'USDT',
        min_lend_amount: '1',
        next_time_rate_year: '0.0876',
        borrow_demand: '1000000',
        is_open_award_pool: true,
        ext_award_rate_year: '0.0876',
      }),
    );
    const fixed = await must(
      op.call<{ id: number }>('POST', '/admin/api/simple-earn/fixed-products', {
        asset: 'USDT',
        lock_up_period: 30,
        year_rate: '0.0365',
        total_quota: '1000000',
        min_lend_amount: '10',
        start_time: t0 - DAY,
      }),
    );
    // Staking GT at 3.65 %: 0.0001 per coin and day; a campaign at 3.65 % from day 1 to day 5.
    productId = (
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
          extra_interest: [
            {
              reward_coin: 'GT',
              start_time: midnight + DAY,
              end_time: midnight + 5 * DAY,
              interest: [{ money_min: '0', money_max: '-1', money_rate: '0.0365' }],
            },
          ],
        }),
      )
    ).id;
    const [campaign] = await rows<{ id: number }>(
      server.deps.db,
      sql`SELECT id FROM staking_campaigns WHERE product_id = ${productId}`,
    );
    campaignId = campaign?.id ?? 0;
    // A 72-hour launch pool paying 100 NOVA an hour, funded with 7200 at creation.
    const project = await must(
      op.call<{ pid: number; reward_pools: { rid: number }[] }>('POST', '/admin/api/launch-pool/projects', {
        reward_coin: 'NOVA',
        name: 'Nova',
        start_timest: t0,
        end_timest: t0 + 72 * HOUR,
        pools: [
          {
            coin: 'GT',
            personal_min_amount: '10',
            personal_max_amount: '1000',
            decimal_place: 2,
            buy_total_amount: '-1',
            reward_per_hour: '100',
            rate_year: '25',
            rate_year_type: 2,
            reward_pool_type: 0,
          },
        ],
      }),
    );
    rid = project.reward_pools[0]?.rid ?? 0;

    const a = await user(server, op, 'alice.console@example.com', { USDT: '10000', GT: '1000' });
    const b = await user(server, op, 'bob.console@example.com', { USDT: '5000' });
    carol = await user(server, op, 'carol@elsewhere.org');
    alice = a;
    bob = b;
    await ok(a.c, '/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1000' });
    await ok(b.c, '/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '500' });
    await ok(b.c, '/apiw/v2/fixed_earn/api/user/lend', { product_id: fixed.id, amount: '1000' });
    await ok(a.c, `${LP}/create-order`, { pid: project.pid, rid, amount: '100', simpleEarnStatus: 0 }, true);
    await ok(a.c, '/apiw/v2/earn/staking/agreement', { coin: 'GT' });
    await ok(a.c, '/apiw/v2/earn/staking/coin-swap-verify', { side: 0, coin: 'GT', amount: '500' });
    await advanceTo(op, midnight + 2 * DAY + HOUR);
  });
  afterAll(() => server.dispose());

  const dashboard = () => must(op.call<Dashboard>('GET', '/admin/api/dashboard'));
  const lineOf = (d: Dashboard, line: string) => {
    const found = d.lines.find((l) => l.line === line);
    if (!found) throw new Error(`no line ${line}`);
    return found;
  };

  it('shows what each line holds, its users, what it paid today and its budgets', async () => {
    const d = await dashboard();
    const today = midnight + 2 * DAY;
    expect(d.now).toBe(today + HOUR);
    expect(d.lines.map((l) => l.line)).toEqual([
      'simple_earn_flexible',
      'simple_earn_fixed',
      'launch_pool',
      'staking',
      'wealth',
      'soft_staking',
      'dual',
    ]);
    // Flexible: 1500 USDT of two users, earning from 02:00 of day 0: 47 hours of 0.015 interest and
    // 0.015 bonus; today holds the hours paid at 00:00 and 01:00.
    expect(lineOf(d, 'simple_earn_flexible')).toEqual({
      line: 'simple_earn_flexible',
      total_usdt: '1500',
      users: 2,
      held: [{ asset: 'USDT', amount: '1500', usdt: '1500' }],
      paid_today: [{ asset: 'USDT', amount: '0.06' }],
      budgets: [
        {
          label: 'USDT bonus pool',
          kind: 'bonus',
          name: 'USDT',
          ref: '',
          asset: 'USDT',
          left: '-1',
          paid: '0.705',
        },
      ],
    });
    expect(lineOf(d, 'simple_earn_fixed')).toEqual({
      line: 'simple_earn_fixed',
      total_usdt: '1000',
      users: 1,
      held: [{ asset: 'USDT', amount: '1000', usdt: '1000' }],
      paid_today: [],
      budgets: [],
    });
    // 100 GT at 20 USDT; 48 hours (01:00 of day 0 to 01:00 of day 2) of 100 NOVA paid out of 7200.
    expect(lineOf(d, 'launch_pool')).toEqual({
      line: 'launch_pool',
      total_usdt: '2000',
      users: 1,
      held: [{ asset: 'GT', amount: '100', usdt: '2000' }],
      paid_today: [{ asset: 'NOVA', amount: '200' }],
      budgets: [
        {
          label: `Nova #${rid}`,
          kind: 'pool',
          name: 'Nova',
          ref: `${rid}`,
          asset: 'NOVA',
          left: '2400',
          paid: '4800',
        },
      ],
    });
    // Day 1 (the first the stake earned) paid at 00:00 today: 500 × 3.65 / 36500 base and the same again
    // from the campaign (500 × 0.0365 for a whole day of a 365-day year).
    expect(lineOf(d, 'staking')).toEqual({
      line: 'staking',
      total_usdt: '10000',
      users: 1,
      held: [{ asset: 'GT', amount: '500', usdt: '10000' }],
      paid_today: [{ asset: 'GT', amount: '0.1' }],
      budgets: [
        {
          label: `GT campaign #${campaignId}`,
          kind: 'campaign',
          name: 'GT',
          ref: `${campaignId}`,
          asset: 'GT',
          left: '-1',
          paid: '0.05',
        },
      ],
    });
    for (const line of ['wealth', 'soft_staking', 'dual'])
      expect(lineOf(d, line)).toEqual({
        line,
        total_usdt: '0',
        users: 0,
        held: [],
        paid_today: [],
        budgets: [],
      });

    // The same payouts, read from the credits of the books.
    expect(await creditedSince(server, 'se_flex_interest', today)).toEqual({ USDT: '0.03' });
    expect(await creditedSince(server, 'se_flex_bonus', today)).toEqual({ USDT: '0.03' });
    expect(await creditedSince(server, 'launchpool_reward', today)).toEqual({ NOVA: '200' });
    expect(await creditedSince(server, 'staking_reward', today)).toEqual({ GT: '0.1' });
    expect(await creditedSince(server, 'launchpool_reward', 0)).toEqual({ NOVA: '4800' });
  });

  it("shows the newest reconciliation report and each job's last period, up to date", async () => {
    const d = await dashboard();
    expect(d.reconciliation).toEqual({ ok: true, at: d.now, differences: [] });
    expect(d.jobs.map((j) => j.name).sort()).toEqual(
      server.deps.scheduler
        .list()
        .map((j) => j.name)
        .sort(),
    );
    for (const job of server.deps.scheduler.list()) {
      const offset = job.offsetSeconds ?? 0;
      const lastEnd = Math.floor((d.now - offset) / job.periodSeconds) * job.periodSeconds + offset;
      expect(d.jobs.find((j) => j.name === job.name)).toEqual({
        name: job.name,
        period_seconds: job.periodSeconds,
        last_period_end: lastEnd,
        lag_seconds: 0,
        failures: 0,
        last_error: null,
      });
    }
  });

  it('finds users by id and by part of their email, newest first, paged', async () => {
    type Page = { list: { id: number; email: string }[]; next_cursor: number | null };
    const search = (query: Record<string, string | number>) =>
      must(
        op.call<Page>(
          'GET',
          `/admin/api/users?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
        ),
      );
    expect((await search({ q: 'console' })).list.map((u) => u.email)).toEqual([
      'bob.console@example.com',
      'alice.console@example.com',
    ]);
    expect((await search({ q: 'ALICE' })).list.map((u) => u.id)).toEqual([alice.id]);
    expect((await search({ q: String(bob.id) })).list.map((u) => u.id)).toEqual([bob.id]);
    expect((await search({ q: '%' })).list).toEqual([]);
    const first = await search({ limit: 2 });
    expect(first.list.map((u) => u.id)).toEqual([carol.id, bob.id]);
    expect(first.next_cursor).toBe(bob.id);
    const second = await search({ limit: 2, cursor: bob.id });
    expect(second.list.map((u) => u.id)).toEqual([alice.id]);
    expect(second.next_cursor).toBeNull();
    expect(second.list[0]).toMatchObject({
      email: 'alice.console@example.com',
      vip_tier: 0,
      account_mode: 'classic',
      locked: false,
    });
  });

  it("lists every line's positions of a user", async () => {
    type Lines = { lines: { line: string; positions: Position[] }[] };
    const of = async (who: number | string) => {
      const res = await must(op.call<Lines>('GET', `/admin/api/users/${who}/positions`));
      return Object.fromEntries(res.lines.map((l) => [l.line, l.positions]));
    };
    const a = await of('alice.console@example.com');
    expect(a.simple_earn_flexible).toEqual([
      expect.objectContaining({
        product: 'USDT',
        asset: 'USDT',
        amount: '1000',
        status: 'earning',
        extra: {
          principal: '1000',
          pending: '0',
          frozen: '0',
          min_lend_rate_year: '0',
          // 47 hours of 0.01 received into the pooled interest account, none withdrawn.
          interest_held: '0.47',
        },
      }),
    ]);
    expect(a.launch_pool).toEqual([
      expect.objectContaining({
        id: String(rid),
        product: 'Nova',
        asset: 'GT',
        amount: '100',
        status: 'in_progress',
        since: midnight + HOUR,
        extra: expect.objectContaining({ rid, reward_coin: 'NOVA', total_reward: '4800', mode: 'spot' }),
      }),
    ]);
    expect(a.staking).toEqual([
      expect.objectContaining({
        id: `${productId}:0`,
        product: 'GT',
        asset: 'GT',
        amount: '500',
        status: 'staking',
        since: midnight + HOUR,
        extra: expect.objectContaining({ reward_coin: 'GT', accrued_reward: '0', redeeming: '0' }),
      }),
    ]);
    expect(a.simple_earn_fixed).toEqual([]);
    expect(a.wealth).toEqual([]);
    expect(a.dual).toEqual([]);
    const b = await of(bob.id);
    expect(b.simple_earn_fixed).toEqual([
      expect.objectContaining({
        asset: 'USDT',
        amount: '1000',
        status: 'active',
        // 1000 × 3.65 % / 365 × 30 days.
        extra: expect.objectContaining({
          year_rate: '0.0365',
          lock_up_period: 30,
          interest: '3',
          reinvest: false,
        }),
      }),
    ]);
    expect(b.simple_earn_flexible?.map((p) => p.amount)).toEqual(['500']);
    expect(b.launch_pool).toEqual([]);
    const missing = await op.call('GET', '/admin/api/users/999999/positions');
    expect(missing.status).toBe(404);
  });

  it("pages a user's ledger history newest first without repeats or gaps", async () => {
    const all = await rows<{ id: number }>(
      server.deps.db,
      sql`SELECT p.id::float8 AS id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE a.user_id = ${alice.id} ORDER BY p.id DESC`,
    );
    // Deposits, subscriptions and stakes, 47 hours of bonus, 48 of launch-pool rewards, one staking day.
    expect(all.length).toBeGreaterThan(100);
    const seen: HistoryRow[] = [];
    let cursor: number | null = null;
    for (let page = 0; page < 100; page++) {
      const res: { list: HistoryRow[]; next_cursor: number | null } = await must(
        op.call('GET', `/admin/api/users/${alice.id}/history?limit=7${cursor ? `&cursor=${cursor}` : ''}`),
      );
      seen.push(...res.list);
      cursor = res.next_cursor;
      if (cursor === null) break;
    }
    expect(seen.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(seen[seen.length - 1]).toMatchObject({
      reason: 'deposit',
      line: 'account',
      asset: 'USDT',
      amount: '10000',
      account: 'spot',
    });

    const rewards = await must(
      op.call<{ list: HistoryRow[]; next_cursor: number | null }>(
        'GET',
        `/admin/api/users/${alice.id}/history?line=launch_pool&asset=NOVA&limit=200`,
      ),
    );
    expect(rewards.next_cursor).toBeNull();
    expect(rewards.list).toHaveLength(48);
    for (const r of rewards.list)
      expect(r).toMatchObject({
        reason: 'launchpool_reward',
        line: 'launch_pool',
        amount: '100',
        account: 'spot',
      });
    expect(rewards.list[0]?.at).toBe(midnight + 2 * DAY + HOUR);
    const stake = await must(
      op.call<{ list: HistoryRow[] }>(
        'GET',
        `/admin/api/users/${alice.id}/history?line=launch_pool&asset=GT`,
      ),
    );
    // One entry, two postings of the user's (their order within the entry is the database's).
    expect(stake.list.map((r) => [r.reason, r.account, r.amount]).sort()).toEqual([
      ['launchpool_stake', 'launchpool', '100'],
      ['launchpool_stake', 'spot', '-100'],
    ]);
    expect(stake.list[0]?.entry_id).toBe(stake.list[1]?.entry_id);
    const dual = await must(
      op.call<{ list: HistoryRow[] }>('GET', `/admin/api/users/${alice.id}/history?line=dual`),
    );
    expect(dual.list).toEqual([]);
  });

  it('shows a lag when jobs fall behind the clock and differences when the books disagree', async () => {
    const before = await dashboard();
    // The clock moves two hours without the scheduler: hourly jobs are two periods behind.
    await server.deps.db.execute(sql`UPDATE test_clock SET now_ms = now_ms + ${2 * HOUR * 1000}`);
    const behind = await dashboard();
    expect(behind.now).toBe(before.now + 2 * HOUR);
    for (const job of behind.jobs)
      expect(job.lag_seconds, job.name).toBe(job.period_seconds === HOUR ? 2 * HOUR : 0);

    // A balance tampered with: the next hourly reconciliation keeps a report that names it.
    const bump = (by: string) =>
      server.deps.db.execute(sql`UPDATE ledger_accounts SET balance = balance + ${by}::numeric
        WHERE user_id = ${alice.id} AND asset = 'USDT' AND purpose = 'spot'`);
    await bump('1');
    await op.advance(HOUR);
    const found = await dashboard();
    expect(found.jobs.every((j) => j.lag_seconds === 0)).toBe(true);
    expect(found.reconciliation.ok).toBe(false);
    expect(found.reconciliation.at).toBe(found.now);
    expect(found.reconciliation.differences).toContainEqual(
      expect.objectContaining({
        kind: 'balance_mismatch',
        asset: 'USDT',
        account: expect.objectContaining({ user_id: alice.id, purpose: 'spot' }),
      }),
    );
    await bump('-1');
  });
});
