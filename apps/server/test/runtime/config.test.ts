import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseConfig } from '../../src/config';
import { lockDataDir } from '../../src/infra/db/data-dir-lock';

const refused = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'accepted';
};

describe('configuration', () => {
  it('refuses each bad value with one line naming the variable, the value and what it accepts', () => {
    expect(refused({ JOB_INTERVAL_MS: 'abc' })).toBe(
      'JOB_INTERVAL_MS="abc" is not valid: a whole number from 10 to 86400000',
    );
    expect(refused({ PORT: 'abc' })).toBe('PORT="abc" is not valid: a whole number from 0 to 65535');
    expect(refused({ LOG_LEVEL: 'verbose' })).toBe(
      'LOG_LEVEL="verbose" is not valid: one of fatal, error, warn, info, debug, trace, silent',
    );
    expect(refused({ DATABASE_POOL_SIZE: 'abc' })).toBe(
      'DATABASE_POOL_SIZE="abc" is not valid: a whole number from 1 to 1000',
    );
    expect(refused({ DATABASE_URL: 'mysql://db/earn' })).toBe(
      'DATABASE_URL="mysql://db/earn" is not valid: a postgres:// or postgresql:// connection URL',
    );
    expect(refused({ SECURE_COOKIES: 'yes' })).toBe(
      'SECURE_COOKIES="yes" is not valid: 1 or 0 (true or false)',
    );
    expect(refused({ WORKERS: '0' })).toBe('WORKERS="0" is not valid: a whole number from 1 to 256');
  });

  it('takes unset and empty as the defaults', () => {
    const c = parseConfig({ ADMIN_TOKEN: '', PORT: '' });
    expect([c.port, c.jobIntervalMs, c.logLevel, c.adminToken, c.databasePoolSize, c.seedDemo]).toEqual([
      3000,
      5000,
      'info',
      undefined,
      10,
      true,
    ]);
    expect(parseConfig({ WORKERS: '4' }).workers).toBe(1); // PGlite is one process
    expect(parseConfig({ WORKERS: '4', DATABASE_URL: 'postgres://h/db' }).workers).toBe(4);
  });

  it('lists every variable in the README table', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const name of CONFIG_VARIABLES) expect(readme, name).toContain(`| \`${name}\``);
  });

  it('exits 2 before opening anything, with one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'earn-cfg-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        env: { ...process.env, PORT: 'abc', DATA_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        'configuration: PORT="abc" is not valid: a whole number from 0 to 65535',
      ]);
      // Nothing opened: PGlite never created its files in DATA_DIR.
      expect(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout.trim()).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite DATA_DIR lock', () => {
  it('refuses a second holder while the first lives, and frees the directory on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'earn-lock-'));
    try {
      const release = lockDataDir(dir);
      // Another process: a child that tries the same directory.
      const second = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('${new URL('../../src/infra/db/data-dir-lock.ts', import.meta.url).pathname}').then(m => m.lockDataDir(${JSON.stringify(dir)}))`,
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(second.status).not.toBe(0);
      expect(second.stderr).toContain(`DATA_DIR ${dir} is in use by process ${process.pid}`);
      release();
      const again = lockDataDir(dir);
      again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'earn-lock-'));
    try {
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
        encoding: 'utf8',
      });
      writeFileSync(join(dir, 'earn.lock'), gone.stdout);
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, 'earn.lock'), 'utf8')).toBe(String(process.pid));
      release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
