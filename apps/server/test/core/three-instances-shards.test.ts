import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, type Db, rows, sql } from '../../src/infra/db/client';
import { SystemClock } from '../../src/infra/jobs/clock';
import { Scheduler } from '../../src/infra/jobs/scheduler';
import { readsOf, rollupsOf } from '../../src/kernel/module';
import { UserPurpose } from '../../src/ledger/accounts';
import { postBulkEntry } from '../../src/ledger/bulk';
import { reconcile } from '../../src/ledger/reconcile';
import { FLEX_HOURLY_JOB, runFlexibleHour } from '../../src/lines/simple-earn/engine';
import { earnModules } from '../../src/modules';
import { ADMIN_TOKEN, freshDatabase, onPostgres, testConfig } from '../harness';
import { type Instance, startInstance, stopInstances } from '../instances';

const HOUR = 3_600_000;
const POSITIONS = 3000;
const SHARD_ROWS = 60;

/**
 * Flexible holdings in USDT (the demand covers every offer) and BTC (it does not), booked in the
 * ledger as users' flexible balances so that reconciliation has clean books to start from.
 */
async function seed(db: Db, at: Date): Promise<void> {
  const t = at.toISOString();
  await db.execute(sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES
    ('USDT', 'Tether', 1, ${t}::timestamptz, ${t}::timestamptz), ('BTC', 'Bitcoin', 60000, ${t}::timestamptz, ${t}::timestamptz)`);
  await db.execute(sql`INSERT INTO users (email, password_hash, created_at, referral_code)
    SELECT 'u' || g || '@example.com', 'x', ${t}::timestamptz, 'R' || g FROM generate_series(1, ${POSITIONS}) g`);
  await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until)
    VALUES ('USDT', 1, 0.0523, 1e15, ${t}::timestamptz), ('BTC', 0.001, 0.0150, 300, ${t}::timestamptz)`);
  await db.execute(sql`INSERT INTO se_flex_positions (user_id, asset, principal, min_lend_rate_year, offer_at, created_at)
    SELECT g, CASE WHEN g % 3 = 0 THEN 'BTC' ELSE 'USDT' END,
      CASE WHEN g % 3 = 0 THEN (g % 7) * 0.37 + 0.01234567 ELSE (g * 137 % 5000) + 10.123456 END,
      CASE WHEN g % 3 = 0 THEN (g % 5) * 0.005 WHEN g % 10 = 0 THEN 0.09 ELSE 0 END,
      ${t}::timestamptz - make_interval(mins => g % 13), ${t}::timestamptz
    FROM generate_series(1, ${POSITIONS}) g`);
  await postBulkEntry(db, {
    reason: 'test.seed',
    ref: 'flexible',
    at,
    legs: sql`SELECT user_id, asset, ${UserPurpose.flexible}::text AS purpose, principal AS amount FROM se_flex_positions
      UNION ALL SELECT 0, asset, 'test_funding', -SUM(principal) FROM se_flex_positions GROUP BY asset`,
  });
}

async function books(db: Db, from: Date): Promise<Record<string, string[]>> {
  const q = async (query: ReturnType<typeof sql>) => (await rows<{ r: string }>(db, query)).map((x) => x.r);
  const f = from.toISOString();
  return {
    interest: await q(
      sql`SELECT concat_ws(' ', period_start, position_id, lent, interest, bonus) AS r
          FROM se_flex_interest WHERE period_start >= ${f}::timestamptz ORDER BY period_start, position_id`,
    ),
    positions: await q(
      sql`SELECT concat_ws(' ', id, principal, acc_offset, bonus_cum) AS r FROM se_flex_positions ORDER BY id`,
    ),
    products: await q(
      sql`SELECT concat_ws(' ', asset, acc_index, accrued_until, last_supplied, last_lent, liquidity_left) AS r FROM se_flex_products ORDER BY asset`,
    ),
    hours: await q(
      sql`SELECT concat_ws(' ', asset, period_start, supplied, lent, interest_paid, index_after) AS r
          FROM se_flex_hours WHERE period_start >= ${f}::timestamptz ORDER BY asset, period_start`,
    ),
    balances: await q(
      sql`SELECT concat_ws(' ', user_id, asset, purpose, balance) AS r FROM ledger_accounts WHERE balance <> 0 ORDER BY user_id, asset, purpose`,
    ),
  };
}

async function advance(instance: Instance, seconds: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${instance.port}/admin/api/clock/advance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  const body = (await res.json()) as { code: number };
  if (body.code !== 0) throw new Error(`advance on ${instance.port}: ${JSON.stringify(body)}`);
}

/** Shard statements running now (each instance books one shard at a time). */
async function shardsInFlight(db: Db): Promise<number> {
  const [n] = await rows<{ n: number }>(
    db,
    sql`SELECT COUNT(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND query LIKE 'WITH ins AS (%se_flex_interest%'`,
  );
  return n?.n ?? 0;
}

describe.runIf(onPostgres)('three server processes book the flexible hour in shards', () => {
  let database: Database;
  let reference: { database: Database; drop(): Promise<void> };
  let drop: () => Promise<void>;
  const instances: Instance[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    reference = await freshDatabase();
    await reference.database.migrate();
    const env = { JOB_SHARD_ROWS: String(SHARD_ROWS), JOB_INTERVAL_MS: '30' };
    instances.push(...(await Promise.all([0, 1, 2].map(() => startInstance(fresh.url as string, 0, env)))));
  }, 300_000);

  afterAll(async () => {
    await stopInstances();
    await database?.close();
    await drop?.();
    await reference?.database.close();
    await reference?.drop();
  });

  it('every shard booked once, by more than one process, one killed mid-shard; the books equal one process booking each hour whole', async () => {
    const db = database.db;
    const [clock] = await rows<{ now_ms: string }>(db, sql`SELECT now_ms::text AS now_ms FROM test_clock`);
    const now = Number(clock?.now_ms);
    // Holdings from before the hour that just ended; the schedulers already closed that hour (empty).
    const seededAt = new Date(Math.floor(now / HOUR) * HOUR - 2 * HOUR);
    // Wait until that hour is closed, so that no plan sees half a seed.
    for (let i = 0; i < 1000; i++) {
      const [done] = await rows<{ n: number }>(
        db,
        sql`SELECT COUNT(*)::int AS n FROM job_runs WHERE job = ${FLEX_HOURLY_JOB} AND period_start = ${new Date(seededAt.getTime() + HOUR).toISOString()}::timestamptz`,
      );
      if (done?.n === 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await seed(db, seededAt);
    await seed(reference.database.db, seededAt);
    // Each shard's insert takes 60 ms more, so the three processes overlap and one can die inside one.
    await db.execute(sql`CREATE FUNCTION test_slow_shard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.06); RETURN NULL; END $$`);
    await db.execute(
      sql`CREATE TRIGGER test_slow_shard AFTER INSERT ON se_flex_interest FOR EACH STATEMENT EXECUTE FUNCTION test_slow_shard()`,
    );

    const [a, b, c] = instances as [Instance, Instance, Instance];
    const moving = advance(a, 2 * 3600);
    // Wait until each of the three has booked a shard and all three are inside one at once, then
    // kill one of them mid-shard.
    let seen = 0;
    for (let i = 0; i < 3000 && seen < 3; i++) {
      const [booked] = await rows<{ n: number }>(
        db,
        sql`SELECT COUNT(DISTINCT instance)::int AS n FROM job_shards WHERE job = ${FLEX_HOURLY_JOB} AND done_at IS NOT NULL`,
      );
      seen = booked?.n === 3 ? await shardsInFlight(db) : 0;
      if (seen < 3) await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen).toBe(3);
    c.child.kill('SIGKILL');
    await moving;
    await advance(b, 3600);

    const periods = await rows<{ period_start: Date; shards: number; closed: boolean }>(
      db,
      sql`SELECT period_start, shards, closed_at IS NOT NULL AS closed FROM job_periods
          WHERE job = ${FLEX_HOURLY_JOB} AND shards > 0 ORDER BY period_start`,
    );
    // Three hours after the seed, each of 2000 USDT holders and 1000 BTC in ranges of about 60.
    expect(periods.length).toBe(3);
    expect(periods.every((p) => p.closed && p.shards === periods[0]?.shards)).toBe(true);
    expect(periods[0]?.shards).toBeGreaterThanOrEqual(
      Math.ceil(2000 / SHARD_ROWS) + Math.ceil(1000 / SHARD_ROWS),
    );
    const shards = await rows<{ n: number; done: number; instances: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n, COUNT(done_at)::int AS done, COUNT(DISTINCT instance)::int AS instances
          FROM job_shards WHERE job = ${FLEX_HOURLY_JOB}`,
    );
    expect(shards[0]?.done).toBe(shards[0]?.n);
    expect(shards[0]?.n).toBe(3 * (periods[0]?.shards ?? 0));
    // Work spread: all three processes booked shards (the killed one before it died).
    expect(shards[0]?.instances).toBe(3);
    const twice = await rows<{ position_id: string }>(
      db,
      sql`SELECT position_id::text FROM se_flex_interest GROUP BY period_start, position_id HAVING COUNT(*) > 1`,
    );
    expect(twice).toEqual([]);
    const runs = await rows<{ n: number }>(
      db,
      sql`SELECT COUNT(*)::int AS n FROM job_runs WHERE job = ${FLEX_HOURLY_JOB} AND period_start >= ${periods[0]?.period_start}`,
    );
    expect(runs[0]?.n).toBe(3);

    // One process booking the same hours whole, each in one transaction.
    for (const p of periods) {
      const start = new Date(p.period_start);
      await reference.database.db.transaction((tx) =>
        runFlexibleHour(tx, { start, end: new Date(start.getTime() + HOUR) }),
      );
    }
    const from = new Date(periods[0]?.period_start as Date);
    const ours = await books(db, from);
    expect(ours.interest?.length).toBeGreaterThan(3 * 1500);
    expect(ours).toEqual(await books(reference.database.db, from));

    // npm run reconcile's checks, every product line's sub-ledger included, on the shared database.
    const clockNow = new SystemClock();
    const app = await buildApp(
      {
        db,
        clock: clockNow,
        scheduler: new Scheduler(db, clockNow),
        config: testConfig(),
        reads: readsOf(earnModules),
        rollups: rollupsOf(earnModules),
      },
      earnModules,
    );
    await app.close();
    const report = await reconcile(db);
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
  }, 300_000);
});
