import { dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows, sql } from '../../src/infra/db/client';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { overviewModule } from '../../src/views/overview';
import { ROLLUP_JOB, rolledUntil, rollupDays } from '../../src/views/overview/rollup';
import { movementsSql } from '../../src/views/statements/movements';
import { listCoins, Operator, startTestServer, type TestServer } from '../harness';
import {
  type Env,
  expectReconciled,
  type FixedOrder,
  fixedProduct,
  flexProduct,
  HOUR,
  toNextHour,
  userWith,
} from '../simple-earn/helpers';

const DAY = 86_400;

interface Overview {
  yesterday_usdt: string;
  cumulative_usdt: string;
}
interface Earnings {
  days: { day: string; start: number; usdt: string }[];
  total_usdt: string;
}
interface Row {
  user_id: string;
  day: string;
  line: string;
  asset: string;
  type: string;
  amount: string;
}

describe('the daily earnings rollup', { timeout: 600_000 }, () => {
  let server: TestServer;
  let env: Env;
  let db: Db;
  let users: Awaited<ReturnType<typeof userWith>>[];
  let firstDay: number;

  /** The rollup's rows of the closed days, as the table holds them. */
  const rolled = (until: Date) =>
    rows<Row>(
      db,
      sql`SELECT user_id::text AS user_id, to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, line, asset, type,
                 trim_scale(amount)::text AS amount
            FROM earn_daily_rollup WHERE day < ${until.toISOString()}::timestamptz
           ORDER BY 1, 2, 3, 4, 5`,
    );

  beforeAll(async () => {
    server = await startTestServer({ modules: [simpleEarnModule, overviewModule] });
    env = { server, op: new Operator(server) };
    db = server.deps.db;
    const { op } = env;
    await listCoins(op);
    // Flexible ETH with a ladder bonus in GT (interest from the sub-ledger, bonus from the ledger) and a
    // 2-day fixed USDT term (its maturity interest from the ledger).
    await flexProduct(op, {
      asset: 'ETH',
      next_time_rate_year: '0.04',
      min_lend_amount: '0.01',
      is_open_award_pool: true,
      award_asset: 'GT',
      ladder_apr: [{ left: '0', right: '1', apr: '0.1' }],
    });
    const productId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 2, year_rate: '0.05' });
    users = [
      await userWith(env, { ETH: '3', USDT: '2000' }),
      await userWith(env, { ETH: '1.5', USDT: '500' }),
    ];
    await toNextHour(env, 60);
    firstDay = Math.floor((await op.now()) / DAY) * DAY;
    for (const [i, u] of users.entries()) {
      const flex = await u.c.post('/apiw/v2/uni-loan/earn/subscribe', {
        asset: 'ETH',
        amount: i ? '1.5' : '2',
      });
      expect(flex.body.code, JSON.stringify(flex.body)).toBe(0);
      const lend = await u.c.post<FixedOrder>('/apiw/v2/fixed_earn/api/user/lend', {
        product_id: productId,
        amount: i ? '300' : '1000',
      });
      expect(lend.body.code, JSON.stringify(lend.body)).toBe(0);
    }
    // Four days and a bit: the fixed terms mature, the flexible hours run on; a redemption on day 2.
    await op.advance(2 * DAY);
    const redeem = await users[0]?.c.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'ETH', amount: '0.5' });
    expect(redeem?.body.code, JSON.stringify(redeem?.body)).toBe(0);
    await op.advance(2 * DAY + 5 * HOUR);
  });
  afterAll(() => server.dispose());

  it('holds per user, day, line, asset and type the sums of the full-history movements, to the 8th decimal', async () => {
    const until = await rolledUntil(db);
    if (!until) throw new Error('nothing rolled up');
    // The days of the run are closed and rolled: at least the four whole days after the first.
    expect(until.getTime() / 1000).toBeGreaterThanOrEqual(firstDay + 4 * DAY);
    const table = await rolled(until);
    // Independently: every user's movements of all time, one statement query each, summed per day here.
    const expected = new Map<string, string>();
    for (const u of users) {
      const found = await rows<{ at: string; line: string; asset: string; type: string; amount: string }>(
        db,
        sql`SELECT to_char(s.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS at, s.line, s.asset, s.type, s.amount::text AS amount
              FROM (${movementsSql(server.deps.reads, { userId: u.id })}) s WHERE s.at < ${until.toISOString()}::timestamptz`,
      );
      for (const m of found) {
        const key = [u.id, m.at, m.line, m.asset, m.type].join('|');
        expected.set(
          key,
          dec(expected.get(key) ?? 0)
            .plus(m.amount)
            .toFixed(),
        );
      }
    }
    for (const [k, v] of expected) if (dec(v).isZero()) expected.delete(k);
    const got = new Map(table.map((r) => [[r.user_id, r.day, r.line, r.asset, r.type].join('|'), r.amount]));
    expect(got).toEqual(expected);
    // What was rolled covers several days, both lines and every kind of earning this run made.
    const keys = [...got.keys()];
    expect(new Set(keys.map((k) => k.split('|')[1])).size).toBeGreaterThanOrEqual(4);
    for (const t of ['interest', 'bonus', 'subscribe', 'redeem'])
      expect(
        keys.some((k) => k.endsWith(`|${t}`)),
        t,
      ).toBe(true);
    expect(keys.some((k) => k.includes('|simple_earn_fixed|USDT|interest'))).toBe(true);
  });

  it('changes nothing when a day is rolled again, and the job claims each day once', async () => {
    const until = await rolledUntil(db);
    if (!until) throw new Error('nothing rolled up');
    const before = await rolled(until);
    const day = new Date((firstDay + 2 * DAY) * 1000);
    await db.transaction((tx) => rollupDays(tx, server.deps, day, new Date(day.getTime() + DAY * 1000)));
    expect(await rolled(until)).toEqual(before);
    expect((await rolledUntil(db))?.getTime()).toBe(until.getTime());
    // Rolling every day again from the start: the same rows.
    await db.transaction((tx) => rollupDays(tx, server.deps, null, until));
    expect(await rolled(until)).toEqual(before);
    // A day the job already did is not done again (its job_runs row is the claim).
    const [last] = await rows<{ start: string }>(
      db,
      sql`SELECT to_char(max(period_start) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start FROM job_runs WHERE job = ${ROLLUP_JOB}`,
    );
    const job = server.deps.scheduler.list().find((j) => j.name === ROLLUP_JOB);
    if (!job || !last) throw new Error('no rollup job run');
    const start = new Date(last.start);
    const period = { start, end: new Date(start.getTime() + DAY * 1000) };
    expect(await server.deps.scheduler.runPeriod(job, period)).toBe(false);
    expect(await rolled(until)).toEqual(before);
  });

  it('answers the overview and the daily earnings as the full history does', async () => {
    const answers = async () =>
      Promise.all(
        users.map(async (u) => ({
          overview: (await u.c.get<Overview>('/api/web/v1/earn/overview')).body.data,
          earnings: (await u.c.get<Earnings>('/api/web/v1/earn/earnings', { days: 7 })).body.data,
        })),
      );
    const fromRollup = await answers();
    for (const a of fromRollup) {
      expect(dec(a.overview.cumulative_usdt).gt(0)).toBe(true);
      expect(dec(a.overview.yesterday_usdt).gt(0)).toBe(true);
      expect(a.earnings.days.filter((d) => dec(d.usdt).gt(0)).length).toBeGreaterThanOrEqual(4);
    }
    // Without the rollup (the watermark back at the start), every figure from the live movements alone.
    const until = await rolledUntil(db);
    await db.execute(sql`UPDATE earn_rollup_state SET rolled_until = 'epoch' WHERE id = 1`);
    expect(await rolledUntil(db)).toBeNull();
    const live = await answers();
    await db.execute(
      sql`UPDATE earn_rollup_state SET rolled_until = ${until?.toISOString()}::timestamptz WHERE id = 1`,
    );
    expect(fromRollup).toEqual(live);
    // A rollup that lags (its watermark two days back) reads those days live: the same answers.
    if (!until) throw new Error('nothing rolled up');
    await db.execute(
      sql`UPDATE earn_rollup_state SET rolled_until = ${new Date(until.getTime() - 2 * DAY * 1000).toISOString()}::timestamptz WHERE id = 1`,
    );
    expect(await answers()).toEqual(fromRollup);
    await db.execute(
      sql`UPDATE earn_rollup_state SET rolled_until = ${until.toISOString()}::timestamptz WHERE id = 1`,
    );
    await expectReconciled(env.op);
  });
});
