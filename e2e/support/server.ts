import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtWebDir } from './build';
import { REPO_ROOT } from './paths';
import { createDatabaseFrom, dropDatabase } from './postgres';
import { provided } from './provided';

export interface RunningServer {
  url: string;
  port: number;
  adminToken: string;
  dataDir: string;
  /** The server's output so far, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the OS's choice, from its ephemeral range, so never the lead's 3000). */
import { freePort } from '../../apps/server/test/free-port';

export { freePort };

async function waitForHealth(
  url: string,
  adminToken: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      // Answered with our own operator token: a server of another run that took the same free port
      // (it was free when we asked) answers 401 and is not mistaken for ours.
      const res = await fetch(`${url}/admin/api/clock`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${log()}`);
}

export interface StartOptions {
  /**
   * Start from a copy of the run's migrated and seeded demo database (the e2e global setup makes it)
   * instead of migrating and seeding an empty one: the same database, a minute sooner. Default: when
   * the run has one and `env` asks for no other database or seed.
   */
  template?: boolean;
  /** Leave the data directory in place on stop (the global setup copies it as the template). */
  keepDataDir?: boolean;
  /**
   * Run on PGlite in a data directory even where the run has a PostgreSQL template: the file that
   * keeps `npm start`'s default database under a browser (shell.test.ts).
   */
  pglite?: boolean;
}

/**
 * Starts the server the way `npm start` does (`node --import tsx apps/server/src/main.ts`, serving
 * the built web app) on a fresh database in a temp DATA_DIR, a free port, the test clock and an
 * operator token. Build the web app first (`buildWeb`): the server serves that build (WEB_DIST).
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<RunningServer> {
  // The port was free when asked for; another run may take it before our server binds it.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env, opts);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>, opts: StartOptions): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'earn-e2e-data-'));
  const template = provided('e2ePgliteTemplate');
  const pgTemplate = provided('e2ePgTemplate');
  const ownDatabase = 'DATA_DIR' in env || 'DATABASE_URL' in env || 'SEED_DEMO' in env;
  const fromTemplate = opts.template ?? !ownDatabase;
  // With TEST_DATABASE_URL (CI), each file's server runs on its own PostgreSQL database copied from
  // the run's migrated, seeded demo (CREATE DATABASE … TEMPLATE, a fraction of a second); PGlite in
  // the server's own thread made every page's queries compete with the server for one core.
  const database =
    pgTemplate && fromTemplate && !opts.pglite ? await createDatabaseFrom(pgTemplate) : undefined;
  if (!database && template && fromTemplate) cpSync(template, dataDir, { recursive: true });
  const adminToken = randomBytes(16).toString('hex');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      EARN_CLOCK: 'test',
      ADMIN_TOKEN: adminToken,
      LOG_LEVEL: 'warn',
      // Flows of new users stake without a funding password; e2e/security.test.ts turns the rule on.
      FUNDPASS_FIRST_MOVE: '0',
      ...(builtWebDir() ? { WEB_DIST: builtWebDir() } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!opts.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    if (database) await dropDatabase(database.name);
  };
  try {
    await waitForHealth(url, adminToken, child, () => output, 180_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, adminToken, dataDir, log: () => output, stop };
}
