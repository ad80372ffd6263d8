import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, rows, sql } from '../../src/infra/db/client';
import { createServer, type Server } from '../../src/server';
import { onPostgres, startTestServer, type TestServer, testConfig } from '../harness';
import { ConsoleClient, codeAt, type Me, wallSeconds } from './helpers';

const ROOT = join(import.meta.dirname, '../../../..');

/** `npm run operator:create -- …`, as a child process with its own environment. */
function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    delete base.DATA_DIR;
    delete base.EARN_CLOCK;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/ops/cli/operator-create.ts', ...args],
      { cwd: ROOT, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What the CLI printed: the password, the secret and the otpauth URL. */
function printed(stdout: string) {
  const field = (name: string) => new RegExp(`^${name}: (\\S+)$`, 'm').exec(stdout)?.[1] ?? '';
  return { password: field('password'), secret: field('totp secret'), url: field('otpauth url') };
}

/** Signs in through the server with what the CLI printed, and checks the audit record of the creation. */
async function signInWithPrinted(server: Server, email: string, stdout: string, role: string) {
  const { password, secret, url } = printed(stdout);
  expect(password.length).toBeGreaterThanOrEqual(20);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(url).toContain(`secret=${secret}`);
  expect(url).toMatch(/^otpauth:\/\/totp\//);
  const client = new ConsoleClient(server);
  const res = await client.login(email, password, await codeAt(secret, wallSeconds(server)));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data).toMatchObject({ email, role });
  expect((await client.get<Me>('/admin/api/auth/me')).body.data.role).toBe(role);
  const created = await rows<{ actor: string; role: string; action: string; after: { email: string } }>(
    server.deps.db,
    sql`SELECT actor, role, action, after FROM operator_audit WHERE action = 'operator.create'`,
  );
  expect(created).toEqual([
    { actor: 'cli', role: 'admin', action: 'operator.create', after: { email, role, disabled: false } },
  ]);
}

describe.runIf(onPostgres)('npm run operator:create on PostgreSQL (DATABASE_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('creates the first admin, who signs in with the printed password and code; a second run refuses the email', async () => {
    const env = { DATABASE_URL: server.url as string, EARN_CLOCK: 'test' };
    const made = await runCli(['--email', 'Root@Example.com'], env);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^operator created: root@example\.com \(id \d+, role admin\)$/m);
    await signInWithPrinted(server, 'root@example.com', made.stdout, 'admin');

    const again = await runCli(['--email', 'root@example.com', '--role', 'viewer'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('operator:create: Operator root@example.com already exists\n');
    expect(again.stdout).toBe('');
    const [count] = await rows<{ n: number }>(server.deps.db, sql`SELECT count(*)::int AS n FROM operators`);
    expect(count?.n).toBe(1);
  }, 300_000);
});

describe.skipIf(onPostgres)('npm run operator:create on PGlite (DATA_DIR)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'earn-operator-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates a fresh data directory, creates a viewer who signs in; refuses a duplicate and bad arguments', async () => {
    const made = await runCli(['--email', 'watch@example.com', '--role', 'viewer'], { DATA_DIR: dir });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('operator created: watch@example.com');

    const duplicate = await runCli(['--email', 'WATCH@example.com'], { DATA_DIR: dir });
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe('operator:create: Operator watch@example.com already exists\n');
    const badRole = await runCli(['--email', 'x@example.com', '--role', 'root'], { DATA_DIR: dir });
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('--role must be one of viewer, operator, admin');
    const noEmail = await runCli([], { DATA_DIR: dir });
    expect(noEmail.code).toBe(1);
    expect(noEmail.stderr).toContain('usage: npm run operator:create -- --email');

    // PGlite is one process at a time: the server opens the directory once the CLI has exited.
    const server = await createServer(testConfig({ dataDir: dir }), { database: await openPglite(dir) });
    try {
      await server.app.ready();
      await signInWithPrinted(server, 'watch@example.com', made.stdout, 'viewer');
    } finally {
      await server.close();
    }
  }, 300_000);
});
