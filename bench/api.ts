/**
 * npm run bench:api [-- --connections 32 --duration 20 --rounds 3 --workers 1 --warmup 5 --users 256 --population 50000 --url postgres://… --via postgres://… --only subscribe|redeem --get PATH --log-level warn|info --profile DIR --no-vacuum]
 *
 * Drives a mix of flexible subscribes and redeems (half each, JSON bodies, an Idempotency-Key on every
 * call, as the web client sends) from many users against the real server (a child process on
 * PostgreSQL), with autocannon; then, on the same PostgreSQL server, pgbench's tpcb-like script
 * (scale 10, 8 clients) as the baseline; the two alternate for `--rounds` rounds and the medians are
 * judged. Targets: API transactions per second at least 0.4 of pgbench's, p99 latency under 25 ms.
 *
 * The holdings are earning and the coin has idle liquidity, so every redemption takes the path that
 * updates the product row (the hot row) in one short statement just before the commit.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dec } from '@earn/domain';
import autocannon from 'autocannon';
import pg from 'pg';
import { deposit } from '../apps/server/src/accounts/funding';
import { createSession } from '../apps/server/src/accounts/users';
import { type Db, openPostgres, rows, sql } from '../apps/server/src/infra/db/client';
import { FLEX_HOURLY_JOB, runFlexibleHour } from '../apps/server/src/lines/simple-earn/engine';
import { subscribeFlexible } from '../apps/server/src/lines/simple-earn/service/subscribe-flexible';
import { monotonicUs, newestProfile, summariseProfile } from './cpuprofile';
import { addCpu, cpuPerRequest, cpuSnapshot, type ProcCpu } from './proc-cpu';
import { statStatements } from './stat-statements';
// The notify ports the lines' jobs call (the hour's close tells rate watchers) are wired there.
import '../apps/server/src/modules';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const connections = Number(arg('connections', '32'));
const duration = Number(arg('duration', '20'));
/**
 * The same load, unmeasured, first: a deployed server is warm, and in its first seconds a fresh one
 * spends a fifth of its CPU compiling the hot paths (measured with perf: 20 % in V8's optimising
 * compiler in seconds 3 to 8, under 1 % from second 15 on).
 */
const warmup = Number(arg('warmup', '5'));
const userCount = Number(arg('users', '256'));
/**
 * Signed-up users beside the ones driving the load, with live sessions: an exchange's users and
 * sessions tables are large, and PostgreSQL plans a lookup in a table of a few hundred rows as a scan
 * of the whole of it, which a real deployment never sees.
 */
const population = Number(arg('population', '50000'));
const port = Number(arg('port', '3998'));
/** For diagnosis: drive only one of the two calls. */
const only = arg('only', 'mix');
/**
 * For diagnosis: drive a signed-in GET of this path instead (e.g. /api/web/v1/auth/me: the session
 * and one read), to see what a round trip costs on this machine.
 */
const probe = arg('get', '');
/**
 * Server processes sharing the port (WORKERS). One, the server's default: PostgreSQL runs on the same
 * two cores, and a second server process only adds a contender for them (measured: bench/README.md).
 */
const workers = arg('workers', '1');
/**
 * Rounds of the API's load and pgbench's, alternating, each `duration` long: the ratio and p99 printed
 * are the medians, since this machine's speed moves by a fifth between runs of the same code.
 */
const rounds = Number(arg('rounds', '3'));
const base = arg(
  'url',
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const HOUR = 3_600_000;
/**
 * --via postgres://…:6432/ sends the server's connections through a PgBouncer there (the seeding and
 * pgbench go direct); with DATABASE_PREPARED_STATEMENTS=0 in the environment for transaction mode.
 */
const via = arg('via', '');

function dbUrl(name: string, through = base): string {
  const url = new URL(through);
  url.pathname = `/${name}`;
  return url.toString();
}

async function seed(name: string): Promise<string[]> {
  const database = await openPostgres(dbUrl(name), 4);
  const db = database.db;
  await database.migrate();
  const now = new Date();
  const at = now.toISOString();
  await db.execute(
    sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz)`,
  );
  await db.execute(
    sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand) VALUES ('USDT', 1, 0.05, 0)`,
  );
  const tokens: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const [u] = await rows<{ id: string }>(
      db,
      // A funding password set, asked for never (the default mode): the first-move rule, on by
      // default, refuses a subscription from a user who has none.
      sql`INSERT INTO users (email, password_hash, fundpass_hash, created_at, referral_code) VALUES (${`bench${i}@example.com`}, 'x', 'x', ${at}::timestamptz, ${`B${i}`}) RETURNING id::text AS id`,
    );
    const id = Number(u?.id);
    await db.transaction(async (tx) => {
      await deposit(tx as unknown as Db, { userId: id, asset: 'USDT', amount: dec('100000000'), at: now });
      await subscribeFlexible(tx as unknown as Db, id, { asset: 'USDT', amount: '1000000' }, now);
    });
    tokens.push(await createSession(db, id, now));
  }
  // Make the holdings earn: the subscriptions move to an hour already past, which one accrual promotes.
  const hour = Math.floor(now.getTime() / HOUR) * HOUR;
  await db.execute(
    sql`UPDATE se_flex_pending SET hour_start = ${new Date(hour - 2 * HOUR).toISOString()}::timestamptz`,
  );
  const period = { start: new Date(hour - HOUR), end: new Date(hour) };
  await db.transaction((tx) => runFlexibleHour(tx as unknown as Db, period));
  // Mark the periods done so the server's scheduler does not run them during the measurement.
  for (const job of [FLEX_HOURLY_JOB, 'ledger.reconcile', 'simple-earn.fixed-maturity']) {
    await db.execute(sql`INSERT INTO job_runs (job, period_start, period_end, started_at, instance)
      VALUES (${job}, ${period.start.toISOString()}::timestamptz, ${period.end.toISOString()}::timestamptz, ${at}::timestamptz, 'bench')
      ON CONFLICT DO NOTHING`);
  }
  if (population > 0) {
    await db.execute(sql`INSERT INTO users (email, password_hash, created_at, referral_code)
      SELECT 'member' || g || '@example.com', 'x', ${at}::timestamptz, 'M' || g FROM generate_series(1, ${population}::int) g`);
    await db.execute(sql`INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
      SELECT md5('member-session' || u.id), u.id, ${at}::timestamptz, ${at}::timestamptz + interval '1 day'
      FROM users u WHERE u.email LIKE 'member%'`);
  }
  await db.execute(sql`VACUUM ANALYZE`);
  await database.close();
  return tokens;
}

async function startServer(name: string): Promise<ChildProcess> {
  // --profile DIR: the server writes a CPU profile there when it stops (open it in Chrome DevTools).
  const profileDir = arg('profile', '');
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: via ? dbUrl(name, via) : dbUrl(name),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      EARN_CLOCK: 'system',
      JOB_INTERVAL_MS: String(24 * HOUR),
      // --log-level info: the server as deployed by default, one line a request.
      LOG_LEVEL: arg('log-level', 'warn'),
      ADMIN_TOKEN: '',
      NODE_ENV: 'production',
      WORKERS: workers,
      // The load comes from one address and a few users: no limit may cut the measurement short.
      MONEY_RATE_LIMIT_PER_MINUTE: '1000000000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

/** Stops the server and waits for it to exit (with --profile, it writes its profile as it exits). */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Requests sent so far, across the warm-up and the measurement: every Idempotency-Key is new. */
let sent = 0;

/** Each session's CSRF token, as the server hands it out: tokens are signed and bound to the session. */
async function csrfTokens(tokens: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const token of tokens) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { cookie: `earn_sid=${token}` },
    });
    const csrf = /csrftoken=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!csrf) throw new Error('no CSRF token handed out');
    out.push(csrf);
  }
  return out;
}

/**
 * One call of each kind before the load, as the load sends it: a call the server refuses would
 * otherwise be measured as fast non-2xx answers, and the figures would mean nothing.
 */
async function preflight(tokens: string[], csrf: string[]): Promise<void> {
  const token = tokens[0] as string;
  const csrfToken = csrf[0] as string;
  for (const path of ['/apiw/v2/uni-loan/earn/subscribe', '/apiw/v2/uni-loan/earn/redeem']) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `earn_sid=${token}; csrftoken=${csrfToken}`,
        'x-csrf-token': csrfToken,
        'idempotency-key': `bench-preflight-${process.pid}-${path.split('/').pop()}`,
      },
      body: JSON.stringify({ asset: 'USDT', amount: '10' }),
    });
    const body = (await res.json()) as { code?: number };
    if (res.status !== 200 || body.code !== 0)
      throw new Error(`${path} answered ${res.status} ${JSON.stringify(body)} before the load`);
  }
}

async function runLoad(tokens: string[], csrf: string[], seconds: number) {
  const request = (path: string) => ({
    method: 'POST' as const,
    path,
    setupRequest: (req: autocannon.Request) => {
      const i = sent++;
      const token = tokens[i % tokens.length] as string;
      const csrfToken = csrf[i % tokens.length] as string;
      return {
        ...req,
        headers: {
          'content-type': 'application/json',
          cookie: `earn_sid=${token}; csrftoken=${csrfToken}`,
          'x-csrf-token': csrfToken,
          'idempotency-key': `bench-${process.pid}-${i}`,
        },
        body: JSON.stringify({ asset: 'USDT', amount: '10' }),
      };
    },
  });
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: probe
      ? [
          {
            method: 'GET' as const,
            path: probe,
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              headers: { cookie: `earn_sid=${tokens[sent++ % tokens.length]}` },
            }),
          },
        ]
      : only === 'subscribe'
        ? [request('/apiw/v2/uni-loan/earn/subscribe')]
        : only === 'redeem'
          ? [request('/apiw/v2/uni-loan/earn/redeem')]
          : [request('/apiw/v2/uni-loan/earn/subscribe'), request('/apiw/v2/uni-loan/earn/redeem')],
  });
}

/** VACUUM of the API's database, as pgbench does to its own tables before a run. */
async function vacuum(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM');
  } finally {
    await client.end();
  }
}

function pgbenchInit(name: string): void {
  execFileSync('pgbench', ['-i', '-s', '10', '-q', dbUrl(name)], { stdio: 'ignore' });
}

function pgbenchRun(name: string): number {
  const out = execFileSync('pgbench', ['-c', '8', '-j', '2', '-T', String(duration), dbUrl(name)], {
    encoding: 'utf8',
  });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  if (!m) throw new Error(`pgbench output not understood:\n${out}`);
  return Number(m[1]);
}

interface Round {
  result: autocannon.Result;
  apiTps: number;
  pgTps: number;
  ratio: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function main() {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 10);
  const apiDb = `earn_bench_api_${suffix}`;
  const pgbenchDb = `earn_bench_pgbench_${suffix}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${apiDb}`);
  await admin.query(`CREATE DATABASE ${pgbenchDb}`);
  let server: ChildProcess | undefined;
  try {
    process.stdout.write(`seeding ${userCount} users with earning holdings …\n`);
    const tokens = await seed(apiDb);
    server = await startServer(apiDb);
    const csrf = await csrfTokens(tokens);
    if (!probe) await preflight(tokens, csrf);
    if (warmup > 0) {
      process.stdout.write(`warming up for ${warmup} s (not measured) …\n`);
      await runLoad(tokens, csrf, warmup);
      // The statistics of a server under load, as autovacuum keeps them (it analyses a table once a
      // minute at most, the measurement is shorter): the tables of pending amounts and keys as the
      // load fills them, not as the seed left them.
      if (!process.argv.includes('--no-analyze')) {
        const api = new pg.Client({ connectionString: dbUrl(apiDb) });
        await api.connect();
        await api.query('ANALYZE');
        await api.end();
      }
    }
    pgbenchInit(pgbenchDb);
    const stats = await statStatements(dbUrl(apiDb));
    const windows: [number, number][] = [];
    const measured: Round[] = [];
    let requests = 0;
    let cpuTicks = new Map<number, ProcCpu>();
    for (let round = 1; round <= rounds; round++) {
      process.stdout.write(
        `round ${round}/${rounds}: driving ${connections} connections for ${duration} s …\n`,
      );
      // pgbench vacuums its tables before each of its runs (its default, -n turns it off); the API's
      // tables get the same before each of theirs, so neither side runs on the other's dead rows or
      // on the rows its own earlier rounds left (this machine's PostgreSQL runs without autovacuum).
      if (!process.argv.includes('--no-vacuum')) await vacuum(dbUrl(apiDb));
      const apiBefore = cpuSnapshot();
      const from = monotonicUs();
      const result = await runLoad(tokens, csrf, duration);
      windows.push([from, monotonicUs()]);
      cpuTicks = addCpu(cpuTicks, apiBefore, cpuSnapshot());
      requests += result.requests.total;
      process.stdout.write(
        `round ${round}/${rounds}: pgbench tpcb-like, scale 10, 8 clients, ${duration} s …\n`,
      );
      const pgTps = pgbenchRun(pgbenchDb);
      const apiTps = result['2xx'] / result.duration;
      measured.push({ result, apiTps, pgTps, ratio: apiTps / pgTps });
    }
    const cpu = cpuPerRequest(new Map(), cpuTicks, server.pid, requests);
    const statements = await stats.report(requests);
    await stopServer(server);
    server = undefined;
    const out = [
      'API (flexible subscribe/redeem mix) against pgbench tpcb-like (scale 10, 8 clients), alternating:',
    ];
    measured.forEach(({ result, apiTps, pgTps, ratio }, i) => {
      out.push(
        `  round ${i + 1}: API ${apiTps.toFixed(0)} tps (requests ${result.requests.total}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms), pgbench ${pgTps.toFixed(0)} tps, ratio ${ratio.toFixed(2)}`,
      );
    });
    const ratio = median(measured.map((m) => m.ratio));
    const p99 = median(measured.map((m) => m.result.latency.p99));
    out.push(
      `  ${cpu}`,
      `median of ${rounds} rounds: API ${median(measured.map((m) => m.apiTps)).toFixed(0)} tps, pgbench ${median(measured.map((m) => m.pgTps)).toFixed(0)} tps`,
      `ratio API / pgbench ${ratio.toFixed(2)}   (target ≥ 0.4)   ${ratio >= 0.4 ? 'met' : 'NOT met'}`,
      `p99 ${p99} ms   (target < 25 ms)   ${p99 < 25 ? 'met' : 'NOT met'}`,
      statements,
    );
    const profileDir = arg('profile', '');
    const profile = profileDir ? newestProfile(profileDir) : undefined;
    if (profile) out.push(summariseProfile(profile, requests, windows));
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    if (server) await stopServer(server);
    if (!process.argv.includes('--keep')) {
      await admin.query(`DROP DATABASE IF EXISTS ${apiDb} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
    }
    await admin.end();
  }
}

await main();
