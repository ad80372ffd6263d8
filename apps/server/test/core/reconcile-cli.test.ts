import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dec } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, sql } from '../../src/infra/db/client';
import { Reason, SystemPurpose, systemAccount, UserPurpose, userAccount } from '../../src/ledger/accounts';
import { transfer } from '../../src/ledger/ledger';
import { listCoins, Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';

const ROOT = join(import.meta.dirname, '../../../..');

/** `npm run reconcile`, as a child process with its own environment. */
function runCli(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    delete base.DATA_DIR;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli/reconcile.ts'], {
      cwd: ROOT,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

function reportOf(stdout: string): {
  ok: boolean;
  differences: { kind: string; expected: string; actual: string }[];
} {
  return JSON.parse(stdout.slice(0, stdout.lastIndexOf('}') + 1));
}

describe.runIf(onPostgres)('npm run reconcile on PostgreSQL (DATABASE_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const op = new Operator(server);
    await listCoins(op);
    const id = await new TestClient(server).register();
    await op.deposit(id, 'USDT', '250.5');
    await op.deposit(id, 'BTC', '0.1');
  });
  afterAll(() => server.dispose());

  it('exits 0 on clean books and 1 after a balance is tampered with', async () => {
    const url = server.url as string;
    const clean = await runCli({ DATABASE_URL: url });
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('reconciliation: ok');
    expect(reportOf(clean.stdout)).toEqual({ ok: true, differences: [] });

    await server.deps.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 0.00000001 WHERE purpose = 'spot' AND asset = 'USDT'`,
    );
    const tampered = await runCli({ DATABASE_URL: url });
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain('reconciliation: 2 difference(s)');
    expect(
      reportOf(tampered.stdout)
        .differences.map((d) => d.kind)
        .sort(),
    ).toEqual(['asset_not_zero', 'balance_mismatch']);

    await server.deps.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance - 0.00000001 WHERE purpose = 'spot' AND asset = 'USDT'`,
    );
    expect((await runCli({ DATABASE_URL: url })).code).toBe(0);
  }, 300_000);

  it('exits non-zero when it cannot reach the database', async () => {
    const res = await runCli({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    expect(res.code).not.toBe(0);
  }, 300_000);
});

describe.skipIf(onPostgres)('npm run reconcile on PGlite (DATA_DIR)', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'earn-reconcile-'));
    database = await openPglite(dir);
    await database.migrate();
    const at = new Date();
    await database.db.execute(
      sql`INSERT INTO users (email, password_hash, created_at, referral_code) VALUES ('cli@example.com', 'x', now(), 'CLI0000001')`,
    );
    await transfer(database.db, {
      from: systemAccount('USDT', SystemPurpose.external),
      to: userAccount(1, 'USDT', UserPurpose.spot),
      amount: dec('42'),
      reason: Reason.deposit,
      at,
    });
    await database.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 on clean books and 1 after tampering', async () => {
    const clean = await runCli({ DATA_DIR: dir });
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('reconciliation: ok');

    const db = await openPglite(dir);
    await db.db.execute(sql`UPDATE ledger_accounts SET balance = 41 WHERE purpose = 'spot'`);
    await db.close();
    const tampered = await runCli({ DATA_DIR: dir });
    expect(tampered.code).toBe(1);
    expect(reportOf(tampered.stdout).differences).toContainEqual(
      expect.objectContaining({
        kind: 'balance_mismatch',
        expected: '42.000000000000000000',
        actual: '41.000000000000000000',
      }),
    );
  }, 300_000);
});
