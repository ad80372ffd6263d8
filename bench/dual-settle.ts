/**
 * npm run bench:dual -- --orders N [--runs 3] [--url postgres://…] [--keep]
 *
 * Seeds N dual orders of one Sell High product in a fresh PostgreSQL database and times the real
 * settlement of its hour (the plan reading the fixing price and marking the orders, the outcomes,
 * the one balanced entry of N users, the N inbox items, the close), whole in one transaction, against
 * the baseline measured in the same run on the same database: a bare INSERT INTO … SELECT of the same
 * N rows, the orders' shape, into a table with no index. Each run settles a product of its own (a
 * product settles once), alternately reached and not reached.
 */
import '../apps/server/src/modules';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPostgres, rows, sql } from '../apps/server/src/infra/db/client';
import { runWhole } from '../apps/server/src/infra/jobs/scheduler';
import { settlementHour } from '../apps/server/src/lines/dual/engine/settle';

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const orders = Number(arg('orders', '100000'));
const RUNS = Number(arg('runs', '3'));
const base = arg(
  'url',
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
) as string;
const keep = process.argv.includes('--keep');
const HOUR = 3_600_000;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const name = `earn_bench_dual_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 2);
  const db = database.db;
  const settleTimes: number[] = [];
  const bareTimes: number[] = [];
  try {
    await database.migrate();
    const hour0 = Math.floor(Date.now() / HOUR) * HOUR - 100 * HOUR;
    const at = new Date(hour0).toISOString();
    await db.execute(sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES
      ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz),
      ('BTC', 'Bitcoin', 100000, ${at}::timestamptz, ${at}::timestamptz)`);
    await db.execute(sql`CREATE TABLE bench_bare (LIKE dual_orders)`);
    for (let run = 0; run < RUNS; run++) {
      const settle = new Date(hour0 + (run + 1) * 2 * HOUR);
      const reached = run % 2 === 0;
      const seed = await timed(async () => {
        // The fixing price in force at the settlement time: at the target (reached) or below it.
        await db.execute(sql`INSERT INTO asset_prices (asset, at, price_usdt, source)
          VALUES ('BTC', ${settle.toISOString()}::timestamptz, ${reached ? 105000 : 104999.99}, 'set')`);
        const [p] = await rows<{ id: number }>(
          db,
          sql`INSERT INTO dual_products (base_coin, invest_coin, exercise_coin, direction, target_price, settle_at,
                min_amount, total_quota, sold, fixed_apr, status, created_at, updated_at)
              VALUES ('BTC', 'BTC', 'USDT', 'sell_high', 105000, ${settle.toISOString()}::timestamptz, 0.0001, 1e12, 0, 20,
                'open', ${at}::timestamptz, ${at}::timestamptz) RETURNING id`,
        );
        const productId = p?.id as number;
        // Orders of various sizes with 8 decimals, their outcomes fixed as a subscription fixes them.
        await db.execute(sql`INSERT INTO dual_orders (user_id, kind, invest_coin, exercise_coin, amount, target_price, apr,
              status, created_at, expire_at, updated_at, product_id, direction, payout_reached, payout_not_reached)
            SELECT ${run}::int * ${orders}::int + g, 'dual', 'BTC', 'USDT', a.amount, 105000, 20, 'PROCESSING', ${at}::timestamptz,
                   ${settle.toISOString()}::timestamptz, ${at}::timestamptz, ${productId}, 'sell_high',
                   trunc(a.amount * 1.0011 * 105000, 8), trunc(a.amount * 1.0011, 8)
            FROM generate_series(1, ${orders}::int) g CROSS JOIN LATERAL (SELECT ((g % 997) + 1) * 0.00123457 AS amount) a`);
        // What the orders hold in the users' dual accounts, against a seed account (the books balance).
        await db.execute(sql`INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance)
            SELECT user_id, 'BTC', 'dual', true, amount FROM dual_orders WHERE product_id = ${productId}`);
        await db.execute(sql`INSERT INTO ledger_accounts (user_id, asset, purpose, is_user, balance)
            SELECT 0, 'BTC', 'bench_seed:' || ${productId}, false, -SUM(amount) FROM dual_orders WHERE product_id = ${productId}`);
        await db.execute(sql`VACUUM ANALYZE`);
      });
      process.stdout.write(
        `run ${run + 1}: seeded ${orders.toLocaleString('en')} orders in ${(seed.ms / 1000).toFixed(1)} s (${reached ? 'reached' : 'not reached'})\n`,
      );
      await db.execute(sql`CHECKPOINT`);
      const bare = await timed(() =>
        db.transaction(async (tx) => {
          await tx.execute(
            sql`INSERT INTO bench_bare SELECT * FROM dual_orders WHERE expire_at = ${settle.toISOString()}::timestamptz`,
          );
        }),
      );
      await db.execute(sql`CHECKPOINT`);
      const period = { start: new Date(settle.getTime() - HOUR), end: settle };
      const settled = await timed(() => db.transaction((tx) => runWhole(tx, settlementHour, period)));
      const [check] = await rows<{ n: number }>(
        db,
        sql`SELECT COUNT(*)::int AS n FROM dual_orders WHERE expire_at = ${settle.toISOString()}::timestamptz AND status = 'SETTLEMENT_SUCCESS'`,
      );
      if (check?.n !== orders) throw new Error(`settled ${check?.n} of ${orders}`);
      settleTimes.push(settled.ms);
      bareTimes.push(bare.ms);
      process.stdout.write(
        `  bare insert ${(bare.ms / 1000).toFixed(2)} s, settlement ${(settled.ms / 1000).toFixed(2)} s (${(settled.ms / bare.ms).toFixed(1)}×)\n`,
      );
    }
    const s = median(settleTimes);
    const b = median(bareTimes);
    process.stdout.write(
      `\nmedian of ${RUNS}: bare insert ${(b / 1000).toFixed(2)} s, settlement ${(s / 1000).toFixed(2)} s, ratio ${(s / b).toFixed(1)}×, ${Math.round(orders / (s / 1000)).toLocaleString('en')} orders/s\n`,
    );
  } finally {
    await database.close();
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
