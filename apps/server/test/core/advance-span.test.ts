import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows, sql } from '../../src/infra/db/client';
import { FLEX_HOURLY_JOB } from '../../src/lines/simple-earn/engine';
import { populate } from '../console/population';
import { ADMIN_TOKEN, onPostgres, startTestServer, type TestServer } from '../harness';

/*
 * The whole server (every module's jobs, the demo catalogue, holders in every line) advanced one
 * clock hour per call, and in one call whose stops span a day (PostgreSQL: one transaction a day of
 * clock, quiet flexible hours and idle hours batched): the money and the lines' books must be the
 * same, first while the demo's launch pools run, then once they are settled (flexible hours batched
 * in both). Coalescing jobs (reconciliation, the daily rollup) are left out: they run once per call
 * by design.
 */

const HOURS = 50;
const START = new Date(Date.UTC(2026, 10, 2, 9));

/** The books as text, without what differs by design between two servers (random ids, emails, tokens). */
async function books(db: Db): Promise<Record<string, string[]>> {
  const q = async (query: string) => (await rows<{ r: string }>(db, sql.raw(query))).map((x) => x.r);
  return {
    entries: await q(
      `SELECT concat_ws(' | ', reason, created_at, COUNT(*), (SELECT SUM(p.amount) FROM postings p JOIN journal_entries f ON f.id = p.entry_id
         WHERE f.reason = e.reason AND f.created_at = e.created_at AND p.amount > 0)) AS r
       FROM journal_entries e GROUP BY reason, created_at ORDER BY created_at, reason`,
    ),
    balances: await q(
      `SELECT concat_ws(' | ', user_id, asset, purpose, balance) AS r FROM ledger_accounts WHERE balance <> 0 ORDER BY user_id, asset, purpose`,
    ),
    flexInterest: await q(
      `SELECT concat_ws(' | ', period_start, position_id, lent, rate_year, interest, bonus, bonus_asset) AS r FROM se_flex_interest ORDER BY period_start, position_id`,
    ),
    flexHours: await q(`SELECT t::text AS r FROM se_flex_hours t ORDER BY asset, period_start`),
    flexProducts: await q(`SELECT t::text AS r FROM se_flex_products t ORDER BY asset`),
    positions: await q(
      `SELECT concat_ws(' | ', id, principal, frozen_amount, acc_offset, bonus_cum, interest_withdrawn) AS r FROM se_flex_positions ORDER BY id`,
    ),
    fixed: await q(
      `SELECT concat_ws(' | ', id, status, amount, finish_at) AS r FROM (SELECT id, status, principal AS amount, finish_at FROM se_fixed_orders) o ORDER BY id`,
    ),
    launchpool: await q(
      `SELECT concat_ws(' | ', rid, user_id, hour_start, coin, amount) AS r FROM launchpool_rewards ORDER BY rid, user_id, hour_start, coin`,
    ),
    staking: await q(
      `SELECT concat_ws(' | ', user_id, product_id, day, coin, amount) AS r FROM staking_rewards ORDER BY user_id, product_id, day, coin`,
    ),
    runs: await q(
      `SELECT concat_ws(' | ', job, period_start, started_at) AS r FROM job_runs WHERE job NOT IN ('ledger.reconcile', 'earn.rollup.daily') ORDER BY job, period_start`,
    ),
  };
}

describe.runIf(onPostgres)('a clock advance in spanning stops runs what one-hour advances run', () => {
  const servers: TestServer[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const server = await startTestServer({
        seedDemo: true,
        clockStart: START,
        config: { fundpassFirstMove: false },
      });
      servers.push(server);
      await populate(server, ADMIN_TOKEN, 3);
    }
  }, 300_000);
  afterAll(async () => {
    for (const s of servers) await s.dispose();
  });

  const clock = (s: TestServer) => {
    const c = s.deps.testClock;
    if (!c) throw new Error('no test clock');
    return c;
  };
  /** Flexible hours the spanning server booked in batches. */
  let batched = 0;
  const round = async (hours: number) => {
    const [hourly, spanning] = servers;
    if (!hourly || !spanning) throw new Error('no servers');
    for (let i = 0; i < hours; i++) await hourly.deps.scheduler.advance(clock(hourly), 3600);
    await spanning.deps.scheduler.advance(clock(spanning), hours * 3600);
    const a = await books(hourly.deps.db);
    const b = await books(spanning.deps.db);
    for (const key of Object.keys(a)) expect({ [key]: b[key] }).toEqual({ [key]: a[key] });
    return a;
  };

  it(`${HOURS} hours with the demo launch pools running: one call against ${HOURS} calls of an hour`, async () => {
    const flex = servers[1]?.deps.scheduler.list().find((j) => j.name === FLEX_HOURLY_JOB);
    const batch = flex?.batch;
    if (!flex || !batch) throw new Error('no flexible batch');
    flex.batch = {
      run: async (tx, first, max, shardRows, resume) => {
        const booked = await batch.run(tx, first, max, shardRows, resume);
        batched += booked.length;
        return booked;
      },
    };
    const a = await round(HOURS);
    expect(a.flexInterest?.length).toBeGreaterThan(HOURS * 10);
    expect(a.launchpool?.length).toBeGreaterThan(0);
    expect(a.staking?.length).toBeGreaterThan(0);
    // The pools' hours pay holders and end no project here: they interleave with the flexible batch
    // (lines/launch-pool/engine/index.ts), each flexible hour booked as a part that resumes after one.
    expect(batched).toBeGreaterThan(HOURS - 5);
  }, 300_000);

  it(`${HOURS} more hours once the pools are settled: quiet flexible hours batched, the same books`, async () => {
    for (const s of servers)
      await s.deps.db.execute(
        sql`UPDATE launchpool_projects SET settled_at = ${START.toISOString()}::timestamptz WHERE settled_at IS NULL`,
      );
    batched = 0;
    await round(HOURS);
    expect(batched).toBeGreaterThan(HOURS / 2);
  }, 300_000);
});
