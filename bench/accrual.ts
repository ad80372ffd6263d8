/**
 * npm run bench:accrual -- --holdings N [--runs 5] [--url postgres://…] [--keep]
 *
 * Seeds N flexible USDT holdings in a fresh PostgreSQL database and times one hourly accrual of the
 * real job (matching, per-position hourly rows, index, one general-ledger entry), against the
 * baseline measured in the same run on the same database: a bare INSERT INTO … SELECT of the same N
 * rows, same row shape, into a table with no index and no computation. Target at N = 1 000 000: the
 * accrual takes at most 3 times the bare insert.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../apps/server/src/infra/db/client';
import { openPostgres, rows, sql } from '../apps/server/src/infra/db/client';
import { runFlexibleHour } from '../apps/server/src/lines/simple-earn/engine';
// The notify ports the hour's close calls (it tells rate watchers) are wired there, as for the server.
import '../apps/server/src/modules';

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const holdings = Number(arg('holdings', '100000'));
const base = arg(
  'url',
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
) as string;
const keep = process.argv.includes('--keep');
const HOUR = 3_600_000;
const RUNS = Number(arg('runs', '5'));

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

async function main() {
  const name = `earn_bench_accrual_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 2);
  const db = database.db;
  try {
    await database.migrate();
    const hour0 = Math.floor(Date.now() / HOUR) * HOUR - 10 * HOUR;
    const at = new Date(hour0).toISOString();
    process.stdout.write(`seeding ${holdings.toLocaleString('en')} holdings in ${name} …\n`);
    const seed = await timed(async () => {
      await db.execute(
        sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz)`,
      );
      await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until)
        VALUES ('USDT', 1, 0.0523, 1e15, ${at}::timestamptz)`);
      // Principal of various sizes with fractions, so that the carry-forward is exercised.
      await db.execute(sql`INSERT INTO se_flex_positions (user_id, asset, principal, min_lend_rate_year, offer_at, created_at)
        SELECT g, 'USDT', (g % 5000) + 10.123456, 0, ${at}::timestamptz, ${at}::timestamptz FROM generate_series(1, ${holdings}) g`);
      await db.execute(sql`CREATE TABLE bench_bare (period_start timestamptz NOT NULL, position_id bigint NOT NULL, user_id bigint NOT NULL,
        asset text NOT NULL, lent numeric(38,18) NOT NULL, rate_year numeric NOT NULL, interest numeric(38,18) NOT NULL,
        bonus numeric(38,18) NOT NULL, bonus_asset text)`);
      await db.execute(sql`VACUUM ANALYZE`);
    });
    process.stdout.write(`seeded in ${(seed.ms / 1000).toFixed(1)} s\n\n`);

    // Each timed run starts after a checkpoint, so that neither pays for the other's dirty pages.
    const settle = () => db.execute(sql`CHECKPOINT`);
    const bare = async (period: number) =>
      timed(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO bench_bare SELECT ${new Date(period).toISOString()}::timestamptz, id, user_id, asset, principal, 0.0523, 0, 0, NULL
            FROM se_flex_positions`);
        }),
      );
    const accrue = async (period: number) =>
      timed(() =>
        db.transaction((tx) =>
          runFlexibleHour(tx as unknown as Db, { start: new Date(period), end: new Date(period + HOUR) }),
        ),
      );

    // Warm both paths once on the same data (cache), then measure alternately.
    const results: { bare: number[]; accrual: number[] } = { bare: [], accrual: [] };
    await bare(hour0 - HOUR);
    for (let i = 0; i < RUNS; i++) {
      await settle();
      results.bare.push((await bare(hour0 + i * HOUR)).ms);
      await settle();
      results.accrual.push((await accrue(hour0 + i * HOUR)).ms);
    }
    const [check] = await rows<{ n: string; interest: string }>(
      db,
      sql`SELECT COUNT(*)::text AS n, SUM(interest)::text AS interest FROM se_flex_interest`,
    );
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const bareMs = median(results.bare);
    const accrualMs = median(results.accrual);
    const ratio = accrualMs / bareMs;
    const out = [
      `holdings                       ${holdings.toLocaleString('en')}`,
      `baseline: bare INSERT … SELECT  ${results.bare.map((x) => x.toFixed(0)).join(' / ')} ms   (median ${bareMs.toFixed(0)} ms)`,
      `hourly accrual (the real job)   ${results.accrual.map((x) => x.toFixed(0)).join(' / ')} ms   (median ${accrualMs.toFixed(0)} ms)`,
      `ratio accrual / baseline        ${ratio.toFixed(2)}   (target ≤ 3 at 1 000 000)`,
      `per holding                     ${((accrualMs * 1000) / holdings).toFixed(2)} µs`,
      `hourly rows written (${RUNS} hours)   ${check?.n ?? '?'}; interest booked ${check?.interest ?? '?'} USDT`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await database.close();
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
