import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../harness';

const ROOT = join(import.meta.dirname, '../../../..');

/** `npm run serve` with nothing configured but a port and a data directory: PGlite, system clock, demo seed. */
describe.skipIf(onPostgres)('main.ts on PGlite in DATA_DIR', () => {
  let dir: string;
  let child: ChildProcess;
  let output = '';
  let base = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'earn-start-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // The OS's choice, read back from the start line (a random port collided in CI).
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
    };
    for (const k of ['DATABASE_URL', 'EARN_CLOCK', 'ADMIN_TOKEN', 'SEED_DEMO', 'HOST']) delete env[k];
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 180_000);
      const onData = (d: Buffer) => {
        output += String(d);
        const running = /Earn is running at (http:\/\/[^\s]+)/.exec(output);
        if (running && output.includes('Demo login')) {
          base = running[1] ?? '';
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
  }, 240_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the address, the database and the demo login', () => {
    // The port bound (PORT=0 asked the OS for one), not 0: the fetches below go to it.
    expect(base).toMatch(/^http:\/\/[\d.]+:[1-9]\d*$/);
    expect(output).toContain(`PGlite in ${join(dir, 'data')}`);
    expect(output).toContain('Demo login: demo@example.com / demo-password');
    expect(output).toContain('operator API off');
    expect(existsSync(join(dir, 'data'))).toBe(true);
  });

  it('serves the API with the seeded demo user; the operator API wants credentials', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toMatchObject({ code: 0, data: { clock: 'system' } });
    const csrf = /csrftoken=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] as string;
    const login = await fetch(`${base}/api/web/v1/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `csrftoken=${csrf}`,
        'x-csrf-token': csrf,
      },
      body: 'email=demo%40example.com&password=demo-password',
    });
    expect(login.status).toBe(200);
    expect((await fetch(`${base}/admin/api/reconciliation`)).status).toBe(401);
    const docs = await fetch(`${base}/api/docs/json`);
    expect(docs.status).toBe(200);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
