/**
 * npm run bench:clock-year [-- --users 40 --days 365 --warm-days 0 --queries --pglite --data-dir DIR --keep --url postgres://…]
 *
 * A year of test clock in one call, as scripts make it: the server in this process (the settings
 * main.ts would read, the demo catalogue, the test clock) on a fresh PostgreSQL database (or an
 * in-memory PGlite with --pglite), `--users` users (40 with the demo user) with six holdings each
 * (flexible USDT, BTC, ETH and GT, a reinvesting fixed USDT 7-day order, an ETH stake), then
 * `POST /admin/api/clock/advance {"seconds": days × 86 400}`. Prints the answer's status, the
 * wall time, the clock days per minute, and per job the periods run, the time they took and the share
 * of the whole. Baseline, measured in the same run: one day's advance with the same population.
 * Target: a year of 240 holdings within two minutes. `--keep`: the database stays (its name is printed first),
 * to look at its plans.
 */
import { randomUUID } from 'node:crypto';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import pg from 'pg';
import { parseConfig } from '../apps/server/src/config';
import { openPglite, openPostgres } from '../apps/server/src/infra/db/client';
import { createServer } from '../apps/server/src/server';
import { populate } from '../apps/server/test/console/population';
import { readProcCpu } from './proc-cpu';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const users = Number(arg('users', '40'));
/** Days advanced before the timed advance (not in its figures), e.g. past the demo launch pools' end. */
const warmDays = Number(arg('warm-days', '0'));
const days = Number(arg('days', '365'));
/** --data-dir DIR: PGlite in that folder (as `npm start` keeps it in ./data), not in memory. */
const dataDir = arg('data-dir', '');
const onPglite = process.argv.includes('--pglite') || dataDir !== '';
const base = arg(
  'url',
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const TOKEN = 'bench-clock-year';
const DAY = 86_400;

interface JobTime {
  periods: number;
  ms: number;
}

/** --queries: every statement's time, by its text's first words, printed after the advance. */
const queryTimes = new Map<string, { n: number; ms: number }>();
let counting = false;
if (process.argv.includes('--queries')) {
  const original = pg.Client.prototype.query;
  // pg's query has many overloads; the profile only wraps the promise it answers.
  pg.Client.prototype.query = function profiled(this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').replace(/\$\d+/g, '$').slice(0, 110);
    const started = performance.now();
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (counting && result instanceof Promise)
      void result.then(
        () => {
          const t = queryTimes.get(key) ?? { n: 0, ms: 0 };
          t.n++;
          t.ms += performance.now() - started;
          queryTimes.set(key, t);
        },
        () => undefined,
      );
    return result;
  } as typeof original;
}

// On PGlite the statements go through Drizzle's prepared query (transactions' BEGIN and COMMIT not counted).
if (process.argv.includes('--queries') && onPglite) {
  const proto = PglitePreparedQuery.prototype as unknown as {
    execute(this: { queryString: string }, ...args: unknown[]): Promise<unknown>;
  };
  const original = proto.execute;
  proto.execute = async function profiled(this: { queryString: string }, ...args: unknown[]) {
    const key = this.queryString.replace(/\s+/g, ' ').replace(/\$\d+/g, '$').slice(0, 110);
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      if (counting) {
        const t = queryTimes.get(key) ?? { n: 0, ms: 0 };
        t.n++;
        t.ms += performance.now() - started;
        queryTimes.set(key, t);
      }
    }
  };
}

/**
 * CPU ticks (1/100 s, user + system) of each PostgreSQL backend serving the bench's database, read
 * from /proc (a server on this machine): the machine is shared, so CPU time is the steadier figure.
 */
async function backendTicks(admin: pg.Client | undefined, db: string): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  if (!admin) return ticks;
  const found = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    db,
  ]);
  for (const { pid } of found.rows) {
    // A backend on another machine, or gone: not counted.
    const cpu = readProcCpu(pid);
    if (cpu) ticks.set(pid, cpu.ticks);
  }
  return ticks;
}

async function main(): Promise<void> {
  const name = `earn_bench_year_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = onPglite ? undefined : new pg.Client({ connectionString: base });
  let url: string | undefined;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    if (process.argv.includes('--async-commit'))
      await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const config = parseConfig({
    ...process.env,
    DATABASE_URL: url ?? '',
    EARN_CLOCK: 'test',
    ADMIN_TOKEN: TOKEN,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    FUNDPASS_FIRST_MOVE: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const database = url
    ? await openPostgres(url, config.databasePoolSize ?? 10)
    : await openPglite(dataDir || undefined);
  const server = await createServer(config, { database, logger: { level: 'warn' } });
  try {
    await server.app.ready();
    // Each job's periods, timed where the scheduler calls them (whole or by shards).
    const times = new Map<string, JobTime>();
    const time = async <T>(job: string, periods: number, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        const t = times.get(job) ?? { periods: 0, ms: 0 };
        t.periods += periods;
        t.ms += performance.now() - started;
        times.set(job, t);
      }
    };
    for (const job of server.deps.scheduler.list()) {
      const run = job.run;
      job.run = (tx, period) => time(job.name, 1, () => run(tx, period));
      const sharded = job.sharded;
      if (sharded) {
        const { plan, book, close } = sharded;
        job.sharded = {
          plan: (tx, period, rowsPer) => time(job.name, 1, () => plan(tx, period, rowsPer)),
          book: (tx, period, params) => time(job.name, 0, () => book(tx, period, params)),
          close: (tx, period, shards) => time(job.name, 0, () => close(tx, period, shards)),
        };
      }
      const batch = job.batch;
      // A batch of periods (spanning stops): timed as one period of its own line.
      if (batch)
        job.batch = {
          ...batch,
          run: (tx, first, max, rowsPer, resume) =>
            time(`${job.name} (batch)`, 1, () => batch.run(tx, first, max, rowsPer, resume)),
        };
      const due = job.due;
      if (due)
        job.due = {
          next: (db) => time(`${job.name} (next)`, 0, () => due.next(db)),
          run: (tx, now) => time(`${job.name} (due)`, 1, () => due.run(tx, now)),
        };
    }
    const seeded = performance.now();
    const holdings = await populate(server, TOKEN, users - 1);
    process.stdout.write(
      `${onPglite ? 'PGlite' : name}: ${users} users (the demo user among them), ${holdings} holdings opened ` +
        `besides the demo user's in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`,
    );
    const advance = async (seconds: number) => {
      const started = performance.now();
      const res = await server.app.inject({
        method: 'POST',
        url: '/admin/api/clock/advance',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ seconds }),
      });
      return { status: res.statusCode, body: res.body, ms: performance.now() - started };
    };
    if (warmDays > 0) {
      const warm = await advance(warmDays * DAY);
      process.stdout.write(
        `warm-up: ${warmDays} days first, ${warm.status} in ${(warm.ms / 1000).toFixed(1)} s\n`,
      );
    }
    const baseline = await advance(DAY);
    times.clear();
    counting = true;
    const cpuBefore = process.cpuUsage();
    const pgBefore = await backendTicks(admin, name);
    const year = await advance(days * DAY);
    const pgAfter = await backendTicks(admin, name);
    const cpu = process.cpuUsage(cpuBefore);
    counting = false;
    const perMinute = (d: number, ms: number) => ((d * 60_000) / ms).toFixed(1);
    const lines = [
      '',
      `baseline: one day's advance      ${baseline.status}  ${(baseline.ms / 1000).toFixed(2)} s`,
      `${days} days in one call            ${year.status}  ${(year.ms / 1000).toFixed(1)} s  ` +
        `(${perMinute(days, year.ms)} clock days a minute; target: 365 days within 120 s)`,
    ];
    const pgSeconds = [...pgAfter].reduce((a, [pid, t]) => a + t - (pgBefore.get(pid) ?? 0), 0) / 100;
    lines.push(
      `CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)}, ` +
        `system ${(cpu.system / 1e6).toFixed(1)})` +
        (admin ? `, PostgreSQL backends of the database ${pgSeconds.toFixed(1)} s` : ' (PGlite runs in it)'),
    );
    if (year.status !== 200) lines.push(`answer: ${year.body.slice(0, 400)}`);
    const total = [...times.values()].reduce((a, t) => a + t.ms, 0);
    lines.push('', 'job                                   periods      time   share   per period');
    for (const [job, t] of [...times].sort((a, b) => b[1].ms - a[1].ms))
      lines.push(
        `${job.padEnd(36)} ${String(t.periods).padStart(8)} ${(t.ms / 1000).toFixed(2).padStart(8)} s ` +
          `${((t.ms / year.ms) * 100).toFixed(1).padStart(5)} % ${t.periods ? `${(t.ms / t.periods).toFixed(1).padStart(8)} ms` : ''}`,
      );
    lines.push(
      `in jobs ${(total / 1000).toFixed(1)} s of ${(year.ms / 1000).toFixed(1)} s; the rest is the scheduler's own queries`,
    );
    if (queryTimes.size > 0) {
      const all = [...queryTimes.values()].reduce((a, t) => ({ n: a.n + t.n, ms: a.ms + t.ms }), {
        n: 0,
        ms: 0,
      });
      // PGlite runs every statement in this one thread: its costliest say where the time goes.
      const order = onPglite ? 'costliest' : 'most frequent';
      lines.push('', `statements: ${all.n} in ${(all.ms / 1000).toFixed(1)} s; the 80 ${order}:`);
      const key = (t: { n: number; ms: number }) => (onPglite ? t.ms : t.n);
      for (const [text, t] of [...queryTimes].sort((a, b) => key(b[1]) - key(a[1])).slice(0, 80))
        lines.push(`${(t.ms / 1000).toFixed(2).padStart(7)} s ${String(t.n).padStart(7)} × ${text}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await server.close();
    if (admin && process.argv.includes('--keep')) {
      process.stdout.write(`kept: ${name}\n`);
      await admin.end();
    } else if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

await main();
