/**
 * npm run bench:scale -- [--holdings N] [--stakes N] [--staking N] [--history-rows N] [--instances 3]
 *   [--shard-rows 250000] [--runs 1] [--only accrual,launchpool,staking,history] [--url postgres://…] [--keep]
 *   [--floor] [--explain [ms]] [--explain-timing]
 * (or BENCH_SCALE_HOLDINGS, BENCH_SCALE_STAKES, BENCH_SCALE_STAKING, BENCH_SCALE_HISTORY_ROWS)
 *
 * Periodic work at scale, each beside a bare baseline of the same size measured in the same run on the
 * same database:
 * - one hourly flexible accrual of N holdings (the real job: the whole hour in one transaction as
 *   before, then in shards by one instance and by `--instances` instances, each a scheduler with its
 *   own connection pool claiming shards), against a bare INSERT … SELECT of N rows. Targets at
 *   10 000 000: sharded on 3 instances ≤ 0.5 × one instance; one instance ≤ 3 × the bare insert.
 * - one launch-pool hour with N stakes in one pool, and one staking day with N positions, against a
 *   bare insert of N rows each. Target ≤ 3 ×.
 * - a user's flexible interest history page (the route's own query) among N interest rows (30 days of
 *   hours of N / 720 holdings): p99 ≤ 10 ms, beside a primary-key read of a holding.
 * `--samples N` (default 200) history pages per variant. Each part runs in a database of its own, dropped at the end (`--keep` keeps them).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../apps/server/src/infra/db/client';
import { openPostgres, rows, sql } from '../apps/server/src/infra/db/client';
import type { Clock } from '../apps/server/src/infra/jobs/clock';
import { type Job, type Period, Scheduler, type ShardedWork } from '../apps/server/src/infra/jobs/scheduler';
import { launchPoolHour, payHour } from '../apps/server/src/lines/launch-pool/engine';
import { FLEX_HOURLY_JOB, flexibleHour, runFlexibleHour } from '../apps/server/src/lines/simple-earn/engine';
import { flexHistory } from '../apps/server/src/lines/simple-earn/store/history';
import { indexHistoryDays } from '../apps/server/src/lines/simple-earn/store/history-days';
import { runRewardDay, stakingDay } from '../apps/server/src/lines/staking/engine';
import { earnModules } from '../apps/server/src/modules';
import {
  ensurePartition,
  monthStart,
  PARTITIONED_TABLES,
  partitionName,
} from '../apps/server/src/ops/partitions/partitions';
import { seedDemo } from '../apps/server/src/ops/seed/demo';

function arg(name: string, env: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env[env] ?? fallback;
}

const holdings = Number(arg('holdings', 'BENCH_SCALE_HOLDINGS', '100000'));
const stakes = Number(arg('stakes', 'BENCH_SCALE_STAKES', String(Math.max(1, Math.floor(holdings / 10)))));
const stakingPositions = Number(
  arg('staking', 'BENCH_SCALE_STAKING', String(Math.max(1, Math.floor(holdings / 10)))),
);
const historyRows = Number(arg('history-rows', 'BENCH_SCALE_HISTORY_ROWS', String(holdings * 10)));
const instances = Number(arg('instances', 'BENCH_SCALE_INSTANCES', '3'));
const shardRows = Number(arg('shard-rows', 'BENCH_SCALE_SHARD_ROWS', '250000'));
const runs = Number(arg('runs', 'BENCH_SCALE_RUNS', '1'));
const only = arg('only', 'BENCH_SCALE_ONLY', 'accrual,launchpool,staking,history').split(',');
const base = arg(
  'url',
  'BENCH_DATABASE_URL',
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const keep = process.argv.includes('--keep');
/**
 * `--explain [ms]`: every statement of at least `ms` (default 200) prints its plan with row counts,
 * buffers, trigger times and duration (auto_explain at NOTICE level on the pool's connections;
 * `--explain-timing` adds per-node times, which slow the statements down).
 */
const explainAt = process.argv.includes('--explain') ? Number(arg('explain', '', '200')) || 200 : null;
const explainTiming = process.argv.includes('--explain-timing');
/** `--floor`: after a part's runs, the rows it must write timed alone, each beside the bare insert. */
const floor = process.argv.includes('--floor');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (n: number) => n.toLocaleString('en');
const out = (line: string) => process.stdout.write(`${line}\n`);
const ms = (xs: number[]) =>
  `${xs.map((x) => x.toFixed(0)).join(' / ')} ms (median ${median(xs).toFixed(0)})`;

/** A fresh database with the schema; dropped by `drop` unless --keep. */
async function freshDb(part: string, pool = 4) {
  const name = `earn_bench_scale_${part}_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), pool);
  await database.migrate();
  if (explainAt !== null) explainOn(database.pool as pg.Pool, explainAt);
  return {
    url: url.toString(),
    database,
    db: database.db,
    async drop() {
      await database.close();
      if (keep) return out(`kept ${name}`);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Loads auto_explain on each connection at its first checkout: the client queues the settings ahead of
 * the caller's first query. Plans arrive as notices and are printed as they come.
 */
function explainOn(pool: pg.Pool, minMs: number): void {
  const ready = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (ready.has(client)) return;
    ready.add(client);
    client.on('notice', (n) => {
      if (n.message?.startsWith('duration:')) out(`\n[explain] ${n.message}`);
    });
    void client
      .query(
        `LOAD 'auto_explain'; SET auto_explain.log_level = notice; SET auto_explain.log_min_duration = ${minMs};
         SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_triggers = on;
         SET auto_explain.log_timing = ${explainTiming ? 'on' : 'off'}; SET auto_explain.log_nested_statements = on`,
      )
      .catch((error: Error) => out(`auto_explain not loaded: ${error.message}`));
  });
}

const clockAt = (at: Date): Clock => ({ kind: 'test', now: () => at, refresh: async () => undefined });
const settle = (db: Db) => db.execute(sql`CHECKPOINT`);

/** The bare baseline: N rows of the hourly interest row's shape, no index, no computation. */
async function bareInsert(db: Db, source: string, n: number, tag: number): Promise<number> {
  await db.execute(
    sql.raw(`CREATE TABLE IF NOT EXISTS bench_bare (period_start timestamptz NOT NULL, position_id bigint NOT NULL,
    user_id bigint NOT NULL, asset text NOT NULL, lent numeric(38,18) NOT NULL, rate_year numeric NOT NULL,
    interest numeric(38,18) NOT NULL, bonus numeric(38,18) NOT NULL, bonus_asset text)`),
  );
  await settle(db);
  const t = await timed(() =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `INSERT INTO bench_bare SELECT to_timestamp(${tag}), id, user_id, 'X', amount, 0.05, 0, 0, NULL FROM ${source} LIMIT ${n}`,
        ),
      );
    }),
  );
  return t.ms;
}

async function accrual(): Promise<void> {
  out(`\n## flexible hour, ${fmt(holdings)} holdings (shards of ${fmt(shardRows)}, ${instances} instances)`);
  const fresh = await freshDb('accrual');
  const pools = [fresh];
  try {
    const db = fresh.db;
    const hour0 = Math.floor(Date.now() / HOUR) * HOUR - 40 * HOUR;
    const at = new Date(hour0 - HOUR).toISOString();
    for (const t of PARTITIONED_TABLES)
      if (t.table === 'se_flex_interest') {
        await ensurePartition(db, t, monthStart(new Date(hour0)));
        await ensurePartition(db, t, monthStart(new Date(hour0), 1));
      }
    const seed = await timed(async () => {
      await db.execute(
        sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz)`,
      );
      await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until)
        VALUES ('USDT', 1, 0.0523, 1e15, ${at}::timestamptz)`);
      await db.execute(sql`INSERT INTO se_flex_positions (user_id, asset, principal, min_lend_rate_year, offer_at, created_at)
        SELECT g, 'USDT', (g % 5000) + 10.123456, 0, ${at}::timestamptz, ${at}::timestamptz FROM generate_series(1, ${holdings}) g`);
      await db.execute(
        sql`CREATE VIEW bench_src AS SELECT id, user_id, principal AS amount FROM se_flex_positions`,
      );
      await db.execute(sql`VACUUM ANALYZE`);
    });
    out(`seeded in ${(seed.ms / 1000).toFixed(1)} s`);
    for (let i = 1; i < instances; i++)
      pools.push({ ...fresh, database: await openPostgres(fresh.url, 4) } as typeof fresh);
    // The job's own work, timed by part: the serial plan and close, and each shard.
    let parts = { plan: 0, close: 0, shards: [] as number[] };
    const work: ShardedWork = {
      plan: async (tx, p, n) => {
        const t = await timed(() => flexibleHour.plan(tx, p, n));
        parts.plan += t.ms;
        return t.value;
      },
      book: async (tx, p, params) => {
        const t = await timed(() => flexibleHour.book(tx, p, params));
        parts.shards.push(t.ms);
        return t.value;
      },
      close: async (tx, p, shards) => {
        parts.close += (await timed(() => flexibleHour.close(tx, p, shards))).ms;
      },
    };
    const job: Job = {
      name: FLEX_HOURLY_JOB,
      periodSeconds: 3600,
      run: (tx, p) => runFlexibleHour(tx, p),
      sharded: work,
    };
    const partsLine = (label: string) => {
      const sum = parts.shards.reduce((a, b) => a + b, 0);
      out(
        `${label}: plan ${parts.plan.toFixed(0)} ms, ${parts.shards.length} shards of median ${median(parts.shards).toFixed(0)} ms (sum ${sum.toFixed(0)} ms), close ${parts.close.toFixed(0)} ms`,
      );
      parts = { plan: 0, close: 0, shards: [] };
    };
    const period = (i: number): Period => ({
      start: new Date(hour0 + i * HOUR),
      end: new Date(hour0 + (i + 1) * HOUR),
    });
    const results = {
      bare: [] as number[],
      whole: [] as number[],
      one: [] as number[],
      many: [] as number[],
    };
    let hour = 0;
    // Warm the cache with one bare pass, then each variant on an hour of its own, after a checkpoint.
    await bareInsert(db, 'bench_src', holdings, 0);
    for (let r = 0; r < runs; r++) {
      results.bare.push(await bareInsert(db, 'bench_src', holdings, r + 1));
      await settle(db);
      const w = period(hour++);
      results.whole.push(
        (await timed(() => db.transaction((tx) => runFlexibleHour(tx as unknown as Db, w)))).ms,
      );
      await settle(db);
      const o = period(hour++);
      const single = new Scheduler(db, clockAt(o.end), undefined, { shardRows, shardWaitMs: 5 });
      results.one.push((await timed(() => single.runPeriod(job, o))).ms);
      partsLine(`run ${r + 1}, 1 instance`);
      await settle(db);
      const m = period(hour++);
      const schedulers = pools.map(
        (p) => new Scheduler(p.database.db, clockAt(m.end), undefined, { shardRows, shardWaitMs: 5 }),
      );
      results.many.push((await timed(() => Promise.all(schedulers.map((s) => s.runPeriod(job, m))))).ms);
      partsLine(`run ${r + 1}, ${instances} instances`);
      const spread = schedulers.map((s) => s.shardsBooked.get(FLEX_HOURLY_JOB) ?? 0);
      out(`run ${r + 1}: shards booked per instance ${spread.join(' / ')}`);
    }
    const [check] = await rows<{ n: string; hours: string }>(
      db,
      sql`SELECT COUNT(*)::text AS n, COUNT(DISTINCT period_start)::text AS hours FROM se_flex_interest`,
    );
    const bare = median(results.bare);
    out(`baseline: bare INSERT … SELECT of ${fmt(holdings)} rows   ${ms(results.bare)}`);
    out(
      `whole hour, one transaction (before)           ${ms(results.whole)}   ratio ${(median(results.whole) / bare).toFixed(2)}`,
    );
    out(
      `in shards, 1 instance                          ${ms(results.one)}   ratio ${(median(results.one) / bare).toFixed(2)}   (target ≤ 3)`,
    );
    out(
      `in shards, ${instances} instances                         ${ms(results.many)}   ratio ${(median(results.many) / bare).toFixed(2)}; ÷ 1 instance ${(median(results.many) / median(results.one)).toFixed(2)}   (target ≤ 0.5)`,
    );
    out(`rows written: ${check?.n} over ${check?.hours} hours`);
  } finally {
    for (const p of pools.slice(1)) await p.database.close();
    await fresh.drop();
  }
}

/** The demo catalogue (products, projects), on which the launch-pool and staking parts add volume. */
async function demoDb(part: string) {
  const fresh = await freshDb(part);
  await seedDemo(fresh.db, new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY), earnModules);
  return fresh;
}

/** Rolls a timed statement back: the floor's rows are measured, not kept. */
class RolledBack extends Error {}

/**
 * The floor of a part: each set of rows its period must write, as one bare statement (no computation,
 * no join beyond finding the rows) timed alone after a checkpoint and rolled back, beside the bare insert.
 */
async function floorOf(db: Db, bare: number, statements: { label: string; sql: string[] }[]): Promise<void> {
  let sum = 0;
  for (const s of statements) {
    await settle(db);
    let elapsed = 0;
    await db
      .transaction(async (tx) => {
        const t = await timed(async () => {
          for (const q of s.sql) await tx.execute(sql.raw(q));
        });
        elapsed = t.ms;
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    if (!s.label.startsWith(' ')) sum += elapsed;
    out(
      `floor: ${s.label.padEnd(58)} ${elapsed.toFixed(0).padStart(7)} ms   ${(elapsed / bare).toFixed(2)} × bare`,
    );
  }
  out(
    `floor: sum (the indented lines are variants, not counted)${' '.repeat(3)} ${sum.toFixed(0).padStart(7)} ms   ${(sum / bare).toFixed(2)} × bare`,
  );
}

/** The ledger's share of a floor: one posting and one balance move per user (spot accounts of users > 1 000 000). */
function ledgerFloor(n: number): { label: string; sql: string[] }[] {
  const far = "'2100-01-01T00:00:00Z'::timestamptz";
  const spot = "FROM ledger_accounts WHERE user_id > 1000000 AND purpose = 'spot'";
  return [
    {
      label: `${fmt(n)} postings (2 indexes, 2 foreign keys)`,
      sql: [
        `INSERT INTO journal_entries (id, reason, ref, created_at) VALUES (-1, 'floor', NULL, ${far})`,
        `INSERT INTO postings (entry_id, account_id, asset, amount) SELECT -1, id, asset, 0.00000001 ${spot}`,
      ],
    },
    {
      label: '  the same postings without the foreign keys (a copy)',
      sql: [
        'CREATE TABLE bench_postings (LIKE postings INCLUDING DEFAULTS INCLUDING INDEXES)',
        `INSERT INTO bench_postings (entry_id, account_id, asset, amount) SELECT -1, id, asset, 0.00000001 ${spot}`,
      ],
    },
    {
      label: `${fmt(n)} spot balances updated`,
      sql: [
        `UPDATE ledger_accounts SET balance = balance + 0.00000001 WHERE user_id > 1000000 AND purpose = 'spot'`,
      ],
    },
  ];
}

async function launchpool(): Promise<void> {
  out(`\n## launch-pool hour, ${fmt(stakes)} stakes in one pool`);
  const fresh = await demoDb('launchpool');
  try {
    const db = fresh.db;
    const hourStart = Math.floor(Date.now() / HOUR) * HOUR - 2 * DAY;
    // One pool of a running project: its project made to run over the measured hours.
    const [pool] = await rows<{ rid: string; pid: string; coin: string }>(
      db,
      sql`SELECT pl.rid::text AS rid, pl.pid::text AS pid, pl.coin FROM launchpool_pools pl ORDER BY pl.rid LIMIT 1`,
    );
    if (!pool) throw new Error('the demo has no launch pool');
    await db.execute(sql`UPDATE launchpool_projects SET start_at = ${new Date(hourStart - DAY).toISOString()}::timestamptz,
      end_at = ${new Date(hourStart + 30 * DAY).toISOString()}::timestamptz, settled_at = NULL WHERE pid = ${pool.pid}::bigint`);
    await db.execute(
      sql`UPDATE launchpool_pools SET acc_updated_at = ${new Date(hourStart - HOUR).toISOString()}::timestamptz WHERE rid = ${pool.rid}::bigint`,
    );
    const since = new Date(hourStart - DAY).toISOString();
    await db.execute(sql`INSERT INTO launchpool_positions (user_id, rid, pid, coin, amount, created_at, updated_at)
      SELECT 1000000 + g, ${pool.rid}::bigint, ${pool.pid}::bigint, ${pool.coin}, (g % 900) + 100.5, ${since}::timestamptz, ${since}::timestamptz FROM generate_series(1, ${stakes}) g
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`UPDATE launchpool_pools SET staked_total = (SELECT SUM(amount) FROM launchpool_positions WHERE rid = ${pool.rid}::bigint), left_amount = NULL, total_amount = NULL
      WHERE rid = ${pool.rid}::bigint`);
    await db.execute(
      sql`CREATE VIEW bench_src AS SELECT rid AS id, user_id, amount FROM launchpool_positions`,
    );
    await db.execute(sql`VACUUM ANALYZE`);
    const bare: number[] = [];
    const hour: number[] = [];
    const sharded: number[] = [];
    await bareInsert(db, 'bench_src', stakes, 0);
    let h = 0;
    for (let r = 0; r < runs; r++) {
      bare.push(await bareInsert(db, 'bench_src', stakes, r + 1));
      await settle(db);
      const p = { start: new Date(hourStart + h * HOUR), end: new Date(hourStart + (h + 1) * HOUR) };
      h++;
      hour.push((await timed(() => db.transaction((tx) => payHour(tx as unknown as Db, p)))).ms);
      await settle(db);
      const q = { start: new Date(hourStart + h * HOUR), end: new Date(hourStart + (h + 1) * HOUR) };
      h++;
      const s = new Scheduler(db, clockAt(q.end), undefined, { shardRows, shardWaitMs: 5 });
      sharded.push(
        (
          await timed(() =>
            s.runPeriod(
              {
                name: 'launchpool.hourly',
                periodSeconds: 3600,
                run: async () => undefined,
                sharded: launchPoolHour,
              },
              q,
            ),
          )
        ).ms,
      );
    }
    const [check] = await rows<{ n: string }>(
      db,
      sql`SELECT COUNT(*)::text AS n FROM launchpool_rewards WHERE user_id > 1000000`,
    );
    out(`baseline: bare insert of ${fmt(stakes)} rows   ${ms(bare)}`);
    out(
      `launch-pool hour, whole              ${ms(hour)}   ratio ${(median(hour) / median(bare)).toFixed(2)}   (target ≤ 3)`,
    );
    out(
      `launch-pool hour, in shards (1 pool) ${ms(sharded)}   ratio ${(median(sharded) / median(bare)).toFixed(2)}`,
    );
    out(`reward rows written: ${check?.n}`);
    if (floor) {
      const far = "'2100-01-01T00:00:00Z'::timestamptz";
      const mine = `FROM launchpool_positions WHERE rid = ${pool.rid}`;
      await floorOf(db, median(bare), [
        {
          label: `${fmt(stakes)} reward rows (launchpool_rewards, 2 indexes)`,
          sql: [
            `INSERT INTO launchpool_rewards (rid, user_id, hour_start, pid, coin, amount, created_at, stake, pool_total, reward_per_hour, acc_step, earlier, carry_in)
             SELECT rid, user_id, ${far}, pid, 'X', 0.00000001, ${far}, amount, amount, amount, reward_per_token_paid, 0, carried_reward ${mine}`,
          ],
        },
        {
          label: `${fmt(stakes)} positions updated (the hour's columns)`,
          sql: [
            `UPDATE launchpool_positions SET accrued_reward = accrued_reward + 1e-30, carried_reward = carried_reward + 1e-30,
             reward_per_token_paid = reward_per_token_paid + 1e-30, total_reward = total_reward + 0.00000001,
             accrued_interest = accrued_interest, carried_interest = carried_interest, interest_index_paid = interest_index_paid,
             total_interest = total_interest, updated_at = ${far} WHERE rid = ${pool.rid}`,
          ],
        },
        ...ledgerFloor(stakes),
      ]);
    }
  } finally {
    await fresh.drop();
  }
}

async function staking(): Promise<void> {
  out(`\n## staking day, ${fmt(stakingPositions)} positions in one product`);
  const fresh = await demoDb('staking');
  try {
    const db = fresh.db;
    const day0 = Math.floor(Date.now() / DAY) * DAY - 10 * DAY;
    const [product] = await rows<{ id: number; coin: string }>(
      db,
      sql`SELECT id, coin FROM staking_products WHERE rate > 0 ORDER BY id LIMIT 1`,
    );
    if (!product) throw new Error('the demo has no staking product');
    const since = new Date(day0 - 2 * DAY).toISOString();
    await db.execute(sql`INSERT INTO staking_lots (user_id, product_id, protocol_id, amount, original_amount, accrual_start, created_at)
      SELECT 1000000 + g, ${product.id}, 0, (g % 900) + 1.25, (g % 900) + 1.25, ${since}::timestamptz, ${since}::timestamptz
      FROM generate_series(1, ${stakingPositions}) g`);
    await db.execute(sql`INSERT INTO staking_positions (user_id, product_id, protocol_id, coin, amount, updated_at)
      SELECT 1000000 + g, ${product.id}, 0, ${product.coin}, (g % 900) + 1.25, ${since}::timestamptz FROM generate_series(1, ${stakingPositions}) g ON CONFLICT DO NOTHING`);
    await db.execute(
      sql`CREATE VIEW bench_src AS SELECT product_id AS id, user_id, amount FROM staking_lots`,
    );
    await db.execute(sql`VACUUM ANALYZE`);
    const bare: number[] = [];
    const whole: number[] = [];
    const sharded: number[] = [];
    await bareInsert(db, 'bench_src', stakingPositions, 0);
    let d = 0;
    for (let r = 0; r < runs; r++) {
      bare.push(await bareInsert(db, 'bench_src', stakingPositions, r + 1));
      await settle(db);
      const p = { start: new Date(day0 + d * DAY), end: new Date(day0 + (d + 1) * DAY) };
      d++;
      whole.push((await timed(() => db.transaction((tx) => runRewardDay(tx as unknown as Db, p)))).ms);
      await settle(db);
      const q = { start: new Date(day0 + d * DAY), end: new Date(day0 + (d + 1) * DAY) };
      d++;
      const s = new Scheduler(db, clockAt(q.end), undefined, { shardRows, shardWaitMs: 5 });
      sharded.push(
        (
          await timed(() =>
            s.runPeriod(
              {
                name: 'staking.rewards',
                periodSeconds: 86400,
                run: async () => undefined,
                sharded: stakingDay,
              },
              q,
            ),
          )
        ).ms,
      );
    }
    const [check] = await rows<{ n: string }>(
      db,
      sql`SELECT COUNT(*)::text AS n FROM staking_rewards WHERE user_id > 1000000`,
    );
    out(`baseline: bare insert of ${fmt(stakingPositions)} rows   ${ms(bare)}`);
    out(
      `staking day, whole                   ${ms(whole)}   ratio ${(median(whole) / median(bare)).toFixed(2)}   (target ≤ 3)`,
    );
    out(
      `staking day, in shards, 1 instance   ${ms(sharded)}   ratio ${(median(sharded) / median(bare)).toFixed(2)}`,
    );
    out(`reward rows written: ${check?.n}`);
    if (floor) {
      const far = "'2100-01-01T00:00:00Z'::timestamptz";
      await floorOf(db, median(bare), [
        {
          label: `${fmt(stakingPositions)} reward rows (staking_rewards, 3 indexes)`,
          sql: [
            `INSERT INTO staking_rewards (user_id, product_id, protocol_id, day, source, coin, eligible, gross, amount, carry, paid, paid_at, created_at)
             SELECT user_id, product_id, protocol_id, ${far}, 'base', coin, amount, amount, amount, 0, true, ${far}, ${far} FROM staking_positions WHERE user_id > 1000000`,
          ],
        },
        {
          label: `${fmt(stakingPositions)} carries updated`,
          sql: ['UPDATE staking_carries SET carry = carry + 1e-18 WHERE user_id > 1000000'],
        },
        {
          label: `${fmt(stakingPositions)} positions updated (accrued reward)`,
          sql: [
            'UPDATE staking_positions SET accrued_reward = accrued_reward + 0.00000001 WHERE user_id > 1000000',
          ],
        },
        ...ledgerFloor(stakingPositions),
      ]);
    }
  } finally {
    await fresh.drop();
  }
}

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)] as number;
}

/**
 * The flexible history page as it was before the index of hours (kept here as the same run's
 * reference): the total and the page each probe every hour of the range for each holding.
 */
async function previousPage(db: Db, userId: number, start: Date, end: Date) {
  const hourly = sql`SELECT i.interest AS amount, i.period_start + interval '1 hour' AS at, i.asset, i.lent, i.rate_year
    FROM se_flex_positions p
    CROSS JOIN LATERAL generate_series(date_trunc('hour', ${start.toISOString()}::timestamptz) - interval '1 hour',
      ${end.toISOString()}::timestamptz - interval '1 hour', interval '1 hour') g(hour)
    JOIN se_flex_interest i ON i.period_start = g.hour AND i.position_id = p.id
    WHERE p.user_id = ${userId} AND i.interest > 0
      AND i.period_start + interval '1 hour' >= ${start.toISOString()}::timestamptz AND i.period_start + interval '1 hour' <= ${end.toISOString()}::timestamptz`;
  await rows(db, sql`SELECT COUNT(*)::text AS n FROM (${hourly}) s`);
  return rows(
    db,
    sql`SELECT s.amount::text, s.at, s.asset, s.lent::text, s.rate_year::text FROM (${hourly}) s ORDER BY s.at DESC, s.asset LIMIT 10 OFFSET 0`,
  );
}

/**
 * N interest rows: 720 hours (30 days) of N / 720 holdings, one user each, loaded month by month
 * straight into each partition's table before it is attached (INSERT … SELECT from generate_series,
 * then its index built once, then attached without a scan thanks to a range constraint), then the
 * index of hours written by the real rollup step up to today's start.
 */
async function history(): Promise<void> {
  const hours = 720;
  const positions = Math.max(1, Math.floor(historyRows / hours));
  out(
    `\n## history page among ${fmt(positions * hours)} interest rows (${fmt(positions)} holdings × ${hours} hours)`,
  );
  const fresh = await freshDb('history');
  try {
    const db = fresh.db;
    const now = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const today = new Date(Math.floor(now.getTime() / DAY) * DAY);
    const first = now.getTime() - hours * HOUR;
    const at = new Date(first - HOUR).toISOString();
    const table = PARTITIONED_TABLES.find((t) => t.table === 'se_flex_interest');
    if (!table) throw new Error('se_flex_interest is not partitioned');
    await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until)
      VALUES ('USDT', 1, 0.0523, 1e15, ${now.toISOString()}::timestamptz)`);
    await db.execute(sql`INSERT INTO se_flex_positions (user_id, asset, principal, min_lend_rate_year, offer_at, created_at)
      SELECT g, 'USDT', (g % 5000) + 10.123456, 0, ${at}::timestamptz, ${at}::timestamptz FROM generate_series(1, ${positions}) g`);
    const load = await timed(async () => {
      for (
        let month = monthStart(new Date(first));
        month.getTime() <= now.getTime();
        month = monthStart(month, 1)
      ) {
        const name = sql.raw(`"${partitionName('se_flex_interest', month)}"`);
        const from = Math.max(0, Math.ceil((month.getTime() - first) / HOUR));
        const to = Math.min(hours, Math.ceil((monthStart(month, 1).getTime() - first) / HOUR));
        const range = sql.raw(
          `period_start >= '${month.toISOString()}' AND period_start < '${monthStart(month, 1).toISOString()}'`,
        );
        await db.execute(
          sql`CREATE TABLE ${name} (LIKE se_flex_interest INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
        );
        // A day of hours per statement, in time order as the job writes them.
        for (let h = from; h < to; h += 24)
          await db.execute(sql`INSERT INTO ${name} (period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset)
            SELECT to_timestamp(${first / 1000}::bigint + s * 3600), p.id, p.user_id, 'USDT', p.principal, 0.0523, trunc(p.principal * 0.0523 / 8760, 8), 0, NULL
            FROM generate_series(${h}::int, ${Math.min(to, h + 24) - 1}::int) s CROSS JOIN se_flex_positions p`);
        await db.execute(sql`ALTER TABLE ${name} ADD CONSTRAINT bench_range CHECK (${range})`);
        await db.execute(
          sql`CREATE INDEX ${sql.raw(`"${partitionName('se_flex_interest', month)}_period_position"`)} ON ${name} (period_start, position_id)`,
        );
        await db.execute(
          sql`ALTER TABLE se_flex_interest ATTACH PARTITION ${name} FOR VALUES FROM (${sql.raw(`'${month.toISOString()}'`)}) TO (${sql.raw(`'${monthStart(month, 1).toISOString()}'`)})`,
        );
        await db.execute(sql`ALTER TABLE ${name} DROP CONSTRAINT bench_range`);
      }
      await ensurePartition(db, table, monthStart(now, 1));
      await db.execute(sql`ANALYZE`);
    });
    const [size] = await rows<{ n: string; bytes: string }>(
      db,
      sql`SELECT (SELECT COUNT(*) FROM se_flex_interest)::text AS n, pg_size_pretty(pg_database_size(current_database())) AS bytes`,
    );
    out(`loaded ${size?.n} rows in ${(load.ms / 1000).toFixed(0)} s; database ${size?.bytes}`);
    // The rollup ran at 00:10 today: every day before today is in the index of hours.
    const indexed = await timed(() =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO earn_rollup_state (id, rolled_until) VALUES (1, ${today.toISOString()}::timestamptz)`,
        );
        await indexHistoryDays(tx as unknown as Db, null, today);
      }),
    );
    await db.execute(sql`VACUUM ANALYZE se_flex_history_days`);
    const [days] = await rows<{ n: string; bytes: string }>(
      db,
      sql`SELECT COUNT(*)::text AS n, pg_size_pretty(pg_total_relation_size('se_flex_history_days')) AS bytes FROM se_flex_history_days`,
    );
    out(
      `index of hours: ${fmt(Number(days?.n))} rows (${days?.bytes}) written in ${(indexed.ms / 1000).toFixed(1)} s for ${Math.round((today.getTime() - first) / DAY)} days ` +
        `(the daily rollup writes one day of it); ${(now.getTime() - today.getTime()) / HOUR} hours since the watermark probed live`,
    );

    const samples = Number(arg('samples', 'BENCH_SCALE_SAMPLES', '200'));
    const users = Array.from({ length: samples }, (_, i) => 1 + ((i * 7919) % positions));
    const hourly = (u: number, page: number) =>
      flexHistory(db, u, { page, limit: 10, type: 3, daily: false, tzMinutes: 0 }, now);
    const daily = (u: number) =>
      flexHistory(db, u, { page: 1, limit: 8, type: 3, daily: true, tzMinutes: 480 }, now);
    const pkRead = (u: number) =>
      rows(db, sql`SELECT id, principal::text FROM se_flex_positions WHERE id = ${u}`);
    const monthAgo = new Date(now.getTime() - 30 * DAY);
    const variants: [string, (u: number) => Promise<unknown>][] = [
      ['primary-key read of a holding (baseline)', pkRead],
      ['history page 1 (30 days, 10 rows, total)', (u) => hourly(u, 1)],
      ['history page 50 (30 days, 10 rows, total)', (u) => hourly(u, 50)],
      ['daily page 1 (30 days, UTC+8, 8 days, total)', daily],
      ['the previous query (page 1, total: 720 probes × 2)', (u) => previousPage(db, u, monthAgo, now)],
    ];
    const measure = async (list: typeof variants) => {
      // A warm-up pass of each, then the measured ones, interleaved so that each sees the same load.
      for (const u of users.slice(0, 20)) for (const [, run] of list) await run(u);
      const times = list.map(() => [] as number[]);
      for (const u of users)
        for (const [i, [, run]] of list.entries()) times[i]?.push((await timed(() => run(u))).ms);
      const pk = p99(times[0] ?? []);
      for (const [i, [label]] of list.entries()) {
        const t = times[i] ?? [];
        out(
          `${label.padEnd(52)} p50 ${median(t).toFixed(2).padStart(7)} ms, p99 ${p99(t).toFixed(2).padStart(7)} ms   p99 ÷ pk ${(p99(t) / pk).toFixed(1)}`,
        );
      }
    };
    out(
      `load ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    await measure(variants);
    // Just before the next rollup: a whole day more of hours is probed live.
    await db.execute(
      sql`UPDATE earn_rollup_state SET rolled_until = ${new Date(today.getTime() - DAY).toISOString()}::timestamptz`,
    );
    out(`the watermark a day earlier (${(now.getTime() - today.getTime()) / HOUR + 24} hours live):`);
    await measure([
      ['primary-key read of a holding (baseline)', pkRead],
      ['history page 1 (30 days, 10 rows, total)', (u) => hourly(u, 1)],
    ]);
    out(
      `load ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await fresh.drop();
  }
}

out(
  `bench:scale on ${new URL(base).host}; runs ${runs}; load ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
if (only.includes('accrual')) await accrual();
if (only.includes('launchpool')) await launchpool();
if (only.includes('staking')) await staking();
if (only.includes('history')) await history();
