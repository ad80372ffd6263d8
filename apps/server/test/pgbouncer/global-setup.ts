import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts Debian's PgBouncer in transaction pooling mode in front of TEST_DATABASE_URL's server, on the
 * port vitest.config.ts chose, for the server-pgbouncer project; stops it (by its pid) afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's env reaches its tests, not this setup: read it from the project's config.
  const env = project.config.env as Record<string, string>;
  const target = new URL(env.PGBOUNCER_TARGET_URL ?? '');
  const port = Number(env.PGBOUNCER_PORT);
  const dir = mkdtempSync(join(tmpdir(), 'earn-pgbouncer-'));
  const user = decodeURIComponent(target.username || 'postgres');
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 40',
      // node-postgres sends these at connect; PgBouncer would refuse an unknown startup parameter.
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
    ].join('\n'),
  );
  // PgBouncer refuses to run as root; it switches to the PostgreSQL system user given with -u.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    const { uid, gid } = postgresUser();
    for (const f of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, f), uid, gid);
  }
  const child: ChildProcess = spawn(
    'pgbouncer',
    [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')],
    {
      stdio: 'ignore',
    },
  );
  await waitForPort(port, child);
  return async () => {
    if (child.pid && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pgbouncer did not listen on ${port}`);
}
