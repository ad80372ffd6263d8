/**
 * npm run bench:export [-- --rows 1000000 --heap 128 --port 3996 --url postgres://… --keep]
 *
 * The statement's CSV export of one user with `rows` movements, through HTTP from a server process on
 * PostgreSQL: rows per second and the server's peak RSS (sampled every 50 ms from /proc) beside its RSS
 * before the export. Baselines, measured in the same run on the same database: a bare
 * `COPY (postings of the user) TO STDOUT` through psql (the database alone, no statement logic), and
 * the statement's own query read by a cursor in this process (the database's share of the export).
 * Target: the server's memory stays flat (peak within 100 MB of its idle RSS) at any size.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createSession } from '../apps/server/src/accounts/users';
import { openPostgres, rows, sql } from '../apps/server/src/infra/db/client';
import { compileSql } from '../apps/server/src/infra/db/compile';
import { readsOf } from '../apps/server/src/kernel/module';
import { earnModules } from '../apps/server/src/modules';
import { movementsSql } from '../apps/server/src/views/statements/movements';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const total = Number(arg('rows', '1000000'));
const port = Number(arg('port', '3996'));
const base = arg(
  'url',
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const name = `earn_bench_export_${process.pid}`;
/** --heap MB: the server's V8 old-space cap, to show the export fits a fixed heap (0: Node's default). */
const heapMb = Number(arg('heap', '0'));
/** --keep: leave the database for a look with EXPLAIN (its name is printed). */
const keep = process.argv.includes('--keep');
const dbUrl = (() => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
})();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/**
 * One user with `total` movements: flexible subscriptions and redemptions of USDT and ETH, one entry
 * each (spot ↔ flexible), an hour apart back from now. Written set-based, straight into the ledger's
 * tables (the balances are not kept: nothing but the export reads this database).
 */
async function seed(): Promise<{ userId: number; token: string }> {
  const database = await openPostgres(dbUrl, 4);
  const db = database.db;
  await database.migrate();
  const now = new Date();
  const at = now.toISOString();
  await db.execute(sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES
    ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz), ('ETH', 'Ether', 4000, ${at}::timestamptz, ${at}::timestamptz)`);
  // A price record every hour of the period, as the hourly job would have left.
  await db.execute(sql`INSERT INTO asset_prices (asset, at, price_usdt, source)
    SELECT 'ETH', date_trunc('hour', ${at}::timestamptz) - g * interval '1 hour', 3000 + (g % 2000), 'hour'
    FROM generate_series(0, ${Math.ceil(total / 2)}::int) g ON CONFLICT DO NOTHING`);
  const [u] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO users (email, password_hash, created_at, referral_code) VALUES ('export@example.com', 'x', ${at}::timestamptz, 'EXP') RETURNING id::text AS id`,
  );
  const userId = Number(u?.id);
  await db.execute(sql`INSERT INTO ledger_accounts (user_id, asset, purpose, is_user)
    SELECT ${userId}, a, p, true FROM unnest(ARRAY['USDT', 'ETH']) a, unnest(ARRAY['spot', 'flexible']) p`);
  await db.execute(sql`INSERT INTO journal_entries (id, reason, created_at)
    SELECT g, CASE WHEN g % 3 = 0 THEN 'se_flex_redeem' ELSE 'se_flex_subscribe' END,
      ${at}::timestamptz - (g * interval '30 minutes')
    FROM generate_series(1, ${total}::int) g`);
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('journal_entries', 'id'), ${total}::bigint)`);
  // Entry g moves (1 + g % 1000) / 100 of USDT (even g) or ETH (odd g) between spot and flexible.
  await db.execute(sql`INSERT INTO postings (entry_id, account_id, asset, amount)
    SELECT g, a.id, a.asset,
      CASE WHEN (a.purpose = 'flexible') = (g % 3 <> 0) THEN 1 ELSE -1 END * (1 + g % 1000) / 100.0
    FROM generate_series(1, ${total}::int) g
    JOIN ledger_accounts a ON a.user_id = ${userId} AND a.asset = CASE WHEN g % 2 = 0 THEN 'USDT' ELSE 'ETH' END`);
  const token = await createSession(db, userId, now);
  await db.execute(sql`VACUUM ANALYZE`);
  await database.close();
  return { userId, token };
}

async function startServer(): Promise<ChildProcess> {
  const heap = heapMb > 0 ? [`--max-old-space-size=${heapMb}`] : [];
  const child = spawn(process.execPath, [...heap, '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      JOB_INTERVAL_MS: String(24 * 3_600_000),
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: '',
      NODE_ENV: 'production',
      WORKERS: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await sleep(200);
  }
  child.kill();
  throw new Error('server did not start');
}

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** The export through HTTP: rows (lines less the header), seconds, and the peak RSS seen meanwhile. */
async function exportOnce(pid: number, token: string, query = '') {
  let peak = rssKb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 50);
  const started = performance.now();
  const res = await fetch(
    `http://127.0.0.1:${port}/api/web/v1/earn/statements.csv?tz=Asia/Shanghai${query}`,
    {
      headers: { cookie: `earn_sid=${token}` },
    },
  );
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
  let lines = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    const text = decoder.decode(chunk, { stream: true });
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { rows: lines - 1, seconds, peakKb: Math.max(peak, rssKb(pid)) };
}

/** Baseline 1: the user's postings, joined to their entries, as CSV by PostgreSQL alone. */
function bareCopy(userId: number) {
  const started = performance.now();
  execFileSync(
    'psql',
    [
      dbUrl,
      '-q',
      '-c',
      `COPY (SELECT e.created_at, e.reason, a.asset, p.amount, p.entry_id FROM ledger_accounts a
        JOIN postings p ON p.account_id = a.id JOIN journal_entries e ON e.id = p.entry_id
        WHERE a.user_id = ${userId} AND a.purpose <> 'spot' ORDER BY e.created_at) TO STDOUT (FORMAT csv)`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 30 },
  );
  return (performance.now() - started) / 1000;
}

/** Baseline 2: the statement's own query, read by a cursor here: the database's share of an export. */
async function queryOnly(userId: number) {
  const compiled = compileSql(
    sql`SELECT * FROM (${movementsSql(readsOf(earnModules), { userId })}) s ORDER BY s.at_us, s.src, s.id, s.asset, s.type`,
  );
  if (!compiled) throw new Error('statement query did not compile');
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const started = performance.now();
  let n = 0;
  await client.query('BEGIN');
  // As the server reads it: JIT off (see statements/queries.ts).
  await client.query('SET LOCAL jit = off');
  await client.query({ text: `DECLARE c NO SCROLL CURSOR FOR ${compiled.text}`, values: compiled.values });
  for (;;) {
    const batch = await client.query('FETCH 2000 FROM c');
    n += batch.rows.length;
    if (batch.rows.length < 2000) break;
  }
  await client.query('COMMIT');
  await client.end();
  return { rows: n, seconds: (performance.now() - started) / 1000 };
}

const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
let server: ChildProcess | undefined;
try {
  const seedStart = performance.now();
  const seededAt = Math.floor(Date.now() / 1000);
  const { userId, token } = await seed();
  console.log(`seeded ${total} movements in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  server = await startServer();
  const pid = server.pid as number;
  const idle = rssKb(pid);
  const copy = bareCopy(userId);
  const query = await queryOnly(userId);
  // A tenth of the rows first (the newest, entries are 30 minutes apart): the peak must not grow with the size.
  const tenth = await exportOnce(pid, token, `&from=${seededAt - (total / 10) * 1800 + 1800}`);
  const afterTenth = rssKb(pid);
  const run = await exportOnce(pid, token);
  if (run.rows !== total) throw new Error(`exported ${run.rows} rows, expected ${total}`);
  const rate = (n: number, s: number) => `${Math.round(n / s).toLocaleString('en')} rows/s`;
  console.log(`bare COPY of the postings (psql):     ${copy.toFixed(1)} s, ${rate(total, copy)}`);
  console.log(
    `statement query by cursor (no HTTP):  ${query.seconds.toFixed(1)} s, ${rate(query.rows, query.seconds)}`,
  );
  console.log(
    `CSV export through HTTP:              ${run.seconds.toFixed(1)} s, ${rate(run.rows, run.seconds)}`,
  );
  console.log(
    `CSV export of a tenth:                ${tenth.rows} rows, ${tenth.seconds.toFixed(1)} s, ${rate(tenth.rows, tenth.seconds)}`,
  );
  console.log(
    `server RSS: idle ${mb(idle)}; peak ${mb(tenth.peakKb)} exporting a tenth, ${mb(afterTenth)} after it, peak ${mb(run.peakKb)} exporting all`,
  );
  console.log(
    `export / bare COPY: ${(run.seconds / copy).toFixed(2)} × the time; export / query: ${(run.seconds / query.seconds).toFixed(2)} ×`,
  );
} finally {
  server?.kill('SIGTERM');
  await sleep(500);
  if (keep) console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
