/**
 * npm run bench:liveness [-- --days 14 --port 3997]
 *
 * On PGlite, which runs PostgreSQL inside the server's own process: does the server still answer while
 * a long clock advance runs its jobs? Starts the server (demo catalogue, test clock) on a fresh
 * DATA_DIR, starts a background advance of `days`, then the same span in the foreground call
 * (POST /admin/api/clock/advance), and polls GET /api/health/live every 50 ms until each is done. Baseline, measured in the same run: the same polling for 5 s with the server idle. Target: no
 * answer takes a second or more (no job or request holds the event loop for seconds).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const days = Number(arg('days', '14'));
const port = Number(arg('port', '3997'));
const base = `http://127.0.0.1:${port}`;
const auth = { authorization: 'Bearer bench', 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Polled {
  n: number;
  mean: number;
  p99: number;
  max: number;
}

async function poll(until: () => boolean): Promise<Polled> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    await fetch(`${base}/api/health/live`);
    times.push(performance.now() - started);
    await sleep(50);
  }
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    p99: times[Math.floor(times.length * 0.99)] ?? 0,
    max: times[times.length - 1] ?? 0,
  };
}

const show = (p: Polled) =>
  `${p.n} answers: mean ${p.mean.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`;

const dir = mkdtempSync(join(tmpdir(), 'earn-liveness-'));
let server: ChildProcess | undefined;
try {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dir,
      PORT: String(port),
      EARN_CLOCK: 'test',
      ADMIN_TOKEN: 'bench',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('server did not start');
    const ok = await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(200);
  }
  const idleEnd = performance.now() + 5000;
  const idle = await poll(() => performance.now() > idleEnd);
  const started = await fetch(`${base}/admin/api/clock/advances`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ seconds: days * 86_400 }),
  });
  const id = ((await started.json()) as { data: { id: number } }).data.id;
  let done = false;
  const t0 = performance.now();
  const busyPoll = poll(() => done);
  while (!done) {
    await sleep(1000);
    const res = await fetch(`${base}/admin/api/clock/advances/${id}`, { headers: auth });
    done = ((await res.json()) as { data: { status: string } }).data.status !== 'running';
  }
  const busy = await busyPoll;
  // The same span in the foreground call scripts make (POST /admin/api/clock/advance), which answers
  // once it is done: the scheduler itself must let the polls in between its periods.
  let foregroundDone = false;
  const t1 = performance.now();
  const foregroundPoll = poll(() => foregroundDone);
  const foreground = await fetch(`${base}/admin/api/clock/advance`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ seconds: days * 86_400 }),
  });
  foregroundDone = true;
  const inForeground = await foregroundPoll;
  const foregroundS = ((performance.now() - t1) / 1000).toFixed(1);
  console.log(`liveness on PGlite, server idle (baseline):          ${show(idle)}`);
  console.log(
    `liveness during a ${days}-day clock advance (${((performance.now() - t0) / 1000).toFixed(1)} s): ${show(busy)}`,
  );
  console.log(
    `liveness during a ${days}-day foreground advance (${foregroundS} s, answered ${foreground.status}): ${show(inForeground)}`,
  );
  const worst = Math.max(busy.max, inForeground.max);
  console.log(
    `longest answer ${worst.toFixed(0)} ms   (target < 1000 ms)   ${worst < 1000 ? 'met' : 'NOT met'}`,
  );
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((resolve) => server?.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
