import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../../src/infra/db/client';
import { createServer } from '../../src/server';
import { ledgerSnapshot } from '../core/util';
import { Operator, onPostgres, startTestServer, testConfig } from '../harness';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../../..');
const DAY = 86_400;

/** `npm run reconcile` on a database given by environment, as an operator would run it after a restore. */
function reconcileCli(env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    delete base.DATA_DIR;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli/reconcile.ts'], {
      cwd: ROOT,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

/** The README's backup and restore, as commands: pg_dump's custom format into pg_restore. */
describe.runIf(onPostgres)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'earn-backup-'));
  const restoredName = `earn_restored_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const base = process.env.TEST_DATABASE_URL ?? '';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores every balance, entry and posting of a day of every product line, and reconciles clean', async () => {
    const server = await startTestServer({ seedDemo: true });
    try {
      // A day of the demo catalogue: interest, rewards and payouts of every line in the books.
      await new Operator(server).call('POST', '/admin/api/clock/advance', { seconds: DAY });
      const original = await ledgerSnapshot(server.deps.db);
      expect(original.entries).toBeGreaterThan(20);

      const restoredUrl = new URL(base);
      restoredUrl.pathname = `/${restoredName}`;
      const dump = join(dir, 'earn.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, server.url as string]);
      await admin(`CREATE DATABASE ${restoredName}`);
      await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);

      const restored = await openPostgres(restoredUrl.toString(), 2);
      try {
        expect(await ledgerSnapshot(restored.db)).toEqual(original);
      } finally {
        await restored.close();
      }
      const report = await reconcileCli({ DATABASE_URL: restoredUrl.toString() });
      expect(report.stdout).toContain('reconciliation: ok');
      expect(report.code).toBe(0);

      // The restored database serves: a server starts on it with its migrations already at head.
      const again = await createServer(testConfig({ databaseUrl: restoredUrl.toString() }), {
        database: await openPostgres(restoredUrl.toString(), 2),
      });
      await again.close();
    } finally {
      await server.dispose();
    }
  }, 240_000);
});

/** PGlite: a copy of a stopped DATA_DIR is the backup. */
describe.runIf(!onPostgres)('backup and restore on PGlite (a copy of the stopped DATA_DIR)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'earn-backup-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Two servers on PGlite files, each migrating and seeding the demo: on two cores shared with other
  // suites that passed the project's 60 s by time alone (twice, at load 12 and 7), as the PostgreSQL
  // backup above already allows for.
  it('a copy of the stopped data directory holds the same books and reconciles clean', async () => {
    const live = join(dir, 'live');
    const copy = join(dir, 'copy');
    const server = await createServer(testConfig({ seedDemo: true }), { database: await openPglite(live) });
    let original: Awaited<ReturnType<typeof ledgerSnapshot>>;
    try {
      await new Operator(server).call('POST', '/admin/api/clock/advance', { seconds: DAY });
      original = await ledgerSnapshot(server.deps.db);
    } finally {
      await server.close();
    }
    cpSync(live, copy, { recursive: true });

    const restored = await openPglite(copy);
    try {
      expect(await ledgerSnapshot(restored.db)).toEqual(original);
    } finally {
      await restored.close();
    }
    const report = await reconcileCli({ DATA_DIR: copy });
    expect(report.stdout).toContain('reconciliation: ok');
    expect(report.code).toBe(0);
  }, 180_000);
});
