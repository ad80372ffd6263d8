import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, MessageKey } from '@earn/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_FUNDPASS, DEMO_PASSWORD } from '../../src/ops/seed/demo';
import { freePort } from '../free-port';
import { ADMIN_TOKEN, freshDatabase, onPostgres } from '../harness';
import { type Instance, startInstance } from '../instances';

/**
 * The server as its own process (instances.ts), resolving once it is ready; with WORKERS the primary
 * prints no banner, so readiness is polled.
 */
async function serve(databaseUrl: string, port: number, env: Record<string, string>): Promise<Instance> {
  if (!env.WORKERS) return startInstance(databaseUrl, port, env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: join(import.meta.dirname, '../../../..'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      EARN_CLOCK: 'test',
      ADMIN_TOKEN,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { child, port, output: '' };
  const keep = (d: Buffer) => {
    instance.output += String(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return instance;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`not ready:\n${instance.output}`);
}

const SHUTDOWN_TIMEOUT_MS = 15_000;
const IN_FLIGHT = 16;

/** The demo user's session cookie and CSRF token, as the web app holds them. */
async function signIn(base: string): Promise<{ cookie: string; csrf: string }> {
  const first = await fetch(`${base}/api/health`);
  const csrf0 = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`${base}/api/web/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf0}`, 'x-csrf-token': csrf0 },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const cookies = res.headers.getSetCookie();
  const sid = cookies.map((c) => /^earn_sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
  const csrf = cookies.map((c) => /^csrftoken=([^;]+)/.exec(c)?.[1]).find(Boolean) ?? csrf0;
  if (!sid) throw new Error(`no session: ${res.status}`);
  return { cookie: `earn_sid=${sid}; csrftoken=${csrf}`, csrf };
}

interface Outcome {
  status: number;
  code?: number;
  key?: string;
  error?: string;
}

interface Call {
  /** Resolves once the whole request is handed to the operating system: it is in flight. */
  sent: Promise<void>;
  outcome: Promise<Outcome>;
}

/**
 * One call of the mix a signed-in page makes (a subscription, auth/me and two reads) on an agent that
 * keeps its connections alive, as browsers and fetch do.
 */
function call(agent: Agent, port: number, session: { cookie: string; csrf: string }, i: number): Call {
  const kind = i % 4;
  const body = kind === 0 ? JSON.stringify({ asset: 'USDT', amount: '1' }) : undefined;
  const path = [
    '/apiw/v2/uni-loan/earn/subscribe',
    '/api/web/v1/auth/me',
    '/apiw/v2/uni-loan/earn/subscribe',
    '/apiw/v2/earn/staking/products',
  ][kind];
  let sent: () => void = () => undefined;
  const written = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: body ? 'POST' : 'GET',
        headers: {
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
          ...(body
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(body)),
                'x-fund-password': DEMO_FUNDPASS,
                'idempotency-key': `shutdown-${i}-${Date.now()}`,
              }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          try {
            const parsed = JSON.parse(text) as { code?: number; data?: { key?: string } };
            resolve({ status: res.statusCode ?? 0, code: parsed.code, key: parsed.data?.key });
          } catch {
            resolve({ status: res.statusCode ?? 0, error: `not JSON: ${text.slice(0, 200)}` });
          }
        });
        res.on('error', (error) => resolve({ status: 0, error: error.message }));
      },
    );
    // 'finish' says the request is handed to its socket, which may still be connecting: in flight
    // once that socket is connected too (a new one's queued bytes are then written at once).
    const connected = new Promise<void>((resolve) =>
      req.once('socket', (socket) => {
        if (!socket.connecting) resolve();
        else socket.once('connect', () => setImmediate(resolve));
      }),
    );
    const finished = new Promise<void>((resolve) => req.once('finish', resolve));
    void Promise.all([connected, finished]).then(sent);
    req.on('error', (error: NodeJS.ErrnoException) => {
      sent();
      resolve({ status: 0, error: `${error.message} ${error.code ?? ''}` });
    });
    req.end(body);
  });
  return { sent: written, outcome };
}

/** Opens the notification stream; resolves once its first event arrived, with its end. */
function openStream(
  agent: Agent,
  port: number,
  session: { cookie: string },
): Promise<{ ended: Promise<void> }> {
  return new Promise((opened, failed) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: '/api/web/v1/notifications/stream',
        headers: { cookie: session.cookie },
      },
      (res) => {
        if (res.statusCode !== 200) failed(new Error(`stream answered ${res.statusCode}`));
        const ended = new Promise<void>((resolve) => {
          res.on('end', resolve);
          res.on('close', resolve);
          res.on('error', () => resolve());
        });
        res.once('data', () => opened({ ended }));
        res.resume();
      },
    );
    req.on('error', failed);
    req.end();
  });
}

/**
 * SIGTERM with requests in flight and a notification stream open: each request is answered (200, or
 * refused with the 503 envelope: nothing done), the stream ends, and the process exits 0 as soon as
 * they and the job period in flight are done, well within SHUTDOWN_TIMEOUT_MS, while the client keeps
 * its connections alive as browsers do. Before the fix: on PGlite 13 of 16 reset (Node closed the
 * connections whose request it had not read yet), on PostgreSQL the kept-alive connections held the
 * close until SHUTDOWN_TIMEOUT_MS, exit 1.
 */
describe('SIGTERM with requests in flight', { timeout: 300_000 }, () => {
  const cases = onPostgres ? ['postgres', 'postgres, WORKERS=2', 'pglite'] : ['pglite'];
  for (const store of cases)
    it(`${store}: answers all ${IN_FLIGHT} and exits 0 within a few seconds`, async () => {
      const fresh = store.startsWith('postgres') ? await freshDatabase() : undefined;
      await fresh?.database.close();
      const dataDir = store === 'pglite' ? mkdtempSync(join(tmpdir(), 'earn-shutdown-')) : undefined;
      const port = await freePort();
      let instance: Instance | undefined;
      try {
        instance = await serve(fresh?.url ?? '', port, {
          ...(dataDir ? { DATA_DIR: dataDir } : {}),
          ...(store.includes('WORKERS=2') ? { WORKERS: '2' } : {}),
          SEED_DEMO: '1',
          JOB_INTERVAL_MS: '200',
          SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
          MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
          AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        });
        const { child } = instance;
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        const session = await signIn(`http://127.0.0.1:${port}`);
        const agent = new Agent({ keepAlive: true, maxSockets: 64 });
        // Warm: every kind answered once, on connections the agent keeps alive.
        for (let i = 0; i < 4; i++) expect((await call(agent, port, session, i).outcome).status).toBe(200);

        // A page's notification stream stays open until the server ends it.
        const stream = await openStream(agent, port, session);

        const calls = Array.from({ length: IN_FLIGHT }, (_, i) => call(agent, port, session, i));
        // Every request written to its socket, none answered yet (PGlite answers them one by one).
        await Promise.all(calls.map((c) => c.sent));
        const signalled = performance.now();
        child.kill('SIGTERM');
        const outcomes = await Promise.all(calls.map((c) => c.outcome));
        await stream.ended;
        // The agent keeps its connections open, as a browser does: the server must close them.
        const code = await exited;
        agent.destroy();
        const tookMs = performance.now() - signalled;

        const unanswered = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
        expect(unanswered, `${JSON.stringify(outcomes)}\n${instance.output.slice(-2000)}`).toEqual([]);
        for (const o of outcomes.filter((x) => x.status === 503))
          expect(o).toMatchObject({ code: Code.SERVICE_UNAVAILABLE, key: MessageKey.serviceUnavailable });
        expect(code, instance.output.slice(-2000)).toBe(0);
        expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 3);
      } finally {
        if (instance && instance.child.exitCode === null) instance.child.kill('SIGKILL');
        await fresh?.drop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    });
});
