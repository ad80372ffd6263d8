import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../free-port';
import { ADMIN_TOKEN, freshDatabase, onPostgres } from '../harness';

const ROOT = join(import.meta.dirname, '../../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Running {
  child: ChildProcess;
  port: number;
  output: string;
  exit: Promise<number | null>;
}

function serve(databaseUrl: string, workers: number, port: number): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WORKERS: String(workers),
      DATABASE_POOL_SIZE: '4',
      EARN_CLOCK: 'system',
      ADMIN_TOKEN,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      LOG_LEVEL: 'error',
      JOB_INTERVAL_MS: '500',
      WEB_DIST: '/nonexistent',
      SHUTDOWN_TIMEOUT_MS: '10000',
      MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running: Running = {
    child,
    port,
    output: '',
    exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  const keep = (d: Buffer) => {
    running.output += String(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return running;
}

async function status(port: number, path: string): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 0;
  }
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await sleep(100);
  }
  throw new Error(`${what} not within ${ms} ms`);
}

/** The demo user's session cookie and CSRF token, as the web app holds them. */
async function signIn(port: number): Promise<{ cookie: string; csrf: string }> {
  const first = await fetch(`http://127.0.0.1:${port}/api/health`);
  const csrf0 = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`http://127.0.0.1:${port}/api/web/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf0}`, 'x-csrf-token': csrf0 },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
  });
  const cookies = res.headers.getSetCookie();
  const sid = cookies.map((c) => /^earn_sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
  const csrf = cookies.map((c) => /^csrftoken=([^;]+)/.exec(c)?.[1]).find(Boolean) ?? csrf0;
  if (!sid) throw new Error(`no session: ${res.status}`);
  return { cookie: `earn_sid=${sid}; csrftoken=${csrf}`, csrf };
}

/** The demo user's USDT in flexible savings, as the ledger holds it (whole units here). */
async function lent(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(`SELECT COALESCE(sum(a.balance), 0)::text AS b FROM ledger_accounts a
      JOIN users u ON u.id = a.user_id WHERE u.email = 'demo@example.com' AND a.asset = 'USDT' AND a.purpose = 'flexible'`);
    return Number(r.rows[0].b);
  } finally {
    await c.end();
  }
}

/**
 * The fault test: every backend of the server killed with pg_terminate_backend twice under
 * load. The process lives, every answer is a 200 or a 503 (never a 500 or a dropped connection), it
 * serves again at once, the money moved equals the calls that answered 200, and the books reconcile.
 */
describe.skipIf(!onPostgres)('database faults under load', () => {
  for (const workers of [1, 2])
    it(`WORKERS=${workers}: survives every backend terminated, answers, reconciles, and stops with 0`, async () => {
      const fresh = await freshDatabase();
      await fresh.database.close();
      const name = new URL(fresh.url ?? '').pathname.slice(1);
      const server = serve(fresh.url ?? '', workers, await freePort());
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await until('ready', async () => (await status(server.port, '/api/health/ready')) === 200, 150_000);
        const session = await signIn(server.port);
        const before = await lent(fresh.url ?? '');
        const subscribe = async (i: number) => {
          try {
            const res = await fetch(`http://127.0.0.1:${server.port}/apiw/v2/uni-loan/earn/subscribe`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                cookie: session.cookie,
                'x-csrf-token': session.csrf,
                'x-fund-password': '123456',
                'idempotency-key': `fault-${workers}-${i}`,
              },
              body: JSON.stringify({ asset: 'USDT', amount: '1' }),
              signal: AbortSignal.timeout(10_000),
            });
            return res.status;
          } catch (error) {
            const cause = (error as { cause?: { code?: string } }).cause;
            dropped.push(`${(error as Error).name}: ${(error as Error).message} ${cause?.code ?? ''}`);
            return 0;
          }
        };
        const dropped: string[] = [];
        const statuses: number[] = [];
        let sent = 0;
        let loading = true;
        const loops = Array.from({ length: 6 }, async () => {
          while (loading) statuses.push(await subscribe(sent++));
        });
        const kill = () =>
          admin.query(
            'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
        await sleep(1500);
        const first = await kill();
        await sleep(1500);
        const second = await kill();
        await sleep(1500);
        loading = false;
        await Promise.all(loops);

        expect(Number(first.rows[0].n)).toBeGreaterThan(0);
        expect(Number(second.rows[0].n)).toBeGreaterThan(0);
        expect(server.child.exitCode).toBeNull();
        expect(server.output).not.toMatch(/died|Unhandled|uncaught/i);
        const counts: Record<number, number> = {};
        for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
        expect(Object.keys(counts).map(Number).sort()).toEqual(
          expect.arrayContaining(Object.keys(counts).includes('503') ? [200, 503] : [200]),
        );
        expect(
          Object.keys(counts).filter((s) => s !== '200' && s !== '503'),
          `${dropped.join('; ')}\n${server.output.slice(-3000)}`,
        ).toEqual([]);
        // Serving again at once: ready and a money call within 5 s.
        await until(
          'ready again',
          async () => (await status(server.port, '/api/health/ready')) === 200,
          5000,
        );
        expect(await subscribe(sent++)).toBe(200);
        const ok = (counts[200] ?? 0) + 1;

        // The money moved is exactly the calls that answered 200: a 503 kept nothing.
        expect(await lent(fresh.url ?? '')).toBe(before + ok);
        const rec = await fetch(`http://127.0.0.1:${server.port}/admin/api/reconciliation`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        const report = (await rec.json()) as { data: { ok: boolean; differences: unknown[] } };
        expect(report.data.differences).toEqual([]);
        expect(report.data.ok).toBe(true);

        server.child.kill('SIGTERM');
        const code = await server.exit;
        expect(code, server.output.slice(-2000)).toBe(0);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await admin.end();
        await fresh.drop();
      }
    });
});
