import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { defineConfig } from 'vitest/config';
import webConfig from './apps/web/vite.config';

const ALL_SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

/**
 * With PostgreSQL configured (CI), PGlite runs what differs on it: its own start, lock, backup, CLI,
 * migrations, partitions and whole-period jobs, and the money scenarios of every line (the set that
 * also runs through PgBouncer). The rest ran on both and doubled the suite's time for the same SQL;
 * without TEST_DATABASE_URL, or with TEST_PGLITE_ALL=1, PGlite runs everything. The quick subset
 * (`npm run test:quick`, TEST_QUICK=1) runs this set on PGlite without PostgreSQL.
 */
const PGLITE_WITH_POSTGRES = [
  'apps/server/src/**/*.test.ts',
  'apps/server/test/smoke.test.ts',
  'apps/server/test/core/{start,reconcile-cli,partitions,jobs,seed,ledger,idempotency,formulas}.test.ts',
  'apps/server/test/{ops/backup,operator-accounts/cli,runtime/config,statements/statements}.test.ts',
  'apps/server/test/simple-earn/{scenarios,flexible-scenario}.test.ts',
  'apps/server/test/launch-pool/rewards.test.ts',
  'apps/server/test/staking/{rewards,redeem}.test.ts',
  'apps/server/test/{wealth/wealth,soft-staking/soft-staking,dual/dual,dual/settlement,dual/formula}.test.ts',
];

function serverProject(name: string, databaseUrl: string, include = ALL_SERVER_TESTS) {
  return {
    test: {
      name,
      include,
      testTimeout: 60_000,
      hookTimeout: 120_000,
      pool: 'forks' as const,
      maxWorkers: 2,
      // A worker keeps the server's modules from one file to the next: importing them took 4–5 s of a
      // core per file (about a tenth of the whole suite's work), and every file starts its own
      // servers on its own database anyway, so nothing a test asserts rides on a fresh module graph.
      // Per-server state lives on the server, not in a module (issue 28).
      isolate: false,
      // Vitest runs projects of one group together only if they share maxWorkers: the server
      // projects (PGlite and PostgreSQL) form their own group, after the domain and web tests.
      // (Running every project two files at a time in one group is faster on paper, but it has not
      // been measured on a quiet machine yet: under load it timed browser tests out.)
      sequence: { groupOrder: 1 },
      // Each test server's PostgreSQL database is a copy of one migrated for the run.
      globalSetup: ['apps/server/test/db-template.ts'],
      env: { TEST_DATABASE_URL: databaseUrl },
    },
  };
}

/**
 * What only a pooler in transaction mode can break, on every run: unnamed statements, LISTEN kept on
 * PostgreSQL itself, idempotency and two instances through the pooler, and one concurrent money line
 * (the pgbouncer tests themselves cover migrations, advisory locks, the jobs' claims and sharded
 * periods through it).
 */
const PGBOUNCER_EVERY_PUSH = [
  'apps/server/test/pgbouncer/*.test.ts',
  'apps/server/test/core/{idempotency,two-instances}.test.ts',
  'apps/server/test/simple-earn/concurrency.test.ts',
];

/**
 * Every line's money scenarios again through the pooler: the same SQL as on PostgreSQL, so they run
 * when TEST_PGBOUNCER_ALL=1 (before a release, or after a change to the database layer), not on every
 * push.
 */
const PGBOUNCER_ALL = [
  ...PGBOUNCER_EVERY_PUSH,
  'apps/server/test/core/ledger.test.ts',
  'apps/server/test/simple-earn/{scenarios,flexible-scenario}.test.ts',
  'apps/server/test/launch-pool/{rewards,concurrency}.test.ts',
  'apps/server/test/staking/{rewards,redeem}.test.ts',
  'apps/server/test/{wealth/wealth,soft-staking/soft-staking,dual/dual,dual/settlement,dual/formula}.test.ts',
];

/**
 * The money scenarios again through a PgBouncer in transaction pooling mode (Debian's 1.18), which
 * the project's global setup starts on a port of this run's own; statements stay unnamed there.
 */
function pgbouncerProject(databaseUrl: string) {
  const port = 20_000 + (process.pid % 20_000);
  const url = new URL(databaseUrl);
  url.port = String(port);
  const base = serverProject('server-pgbouncer', url.toString());
  return {
    test: {
      ...base.test,
      include: process.env.TEST_PGBOUNCER_ALL === '1' ? PGBOUNCER_ALL : PGBOUNCER_EVERY_PUSH,
      globalSetup: ['apps/server/test/pgbouncer/global-setup.ts', 'apps/server/test/db-template.ts'],
      env: {
        TEST_DATABASE_URL: url.toString(),
        TEST_PREPARED_STATEMENTS: '0',
        // Server processes a test spawns inherit this.
        DATABASE_PREPARED_STATEMENTS: '0',
        TEST_PGBOUNCER: '1',
        PGBOUNCER_PORT: String(port),
        PGBOUNCER_TARGET_URL: databaseUrl,
      },
    },
  };
}

/**
 * The web test files that replace a module with vi.mock (found by reading them, so a new one cannot be
 * missed): vi.mock of a module another file already loaded would not apply in a shared module graph.
 */
const WEB_MOCK_FILES = readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter(
    (f) => /\.test\.tsx?$/.test(f) && readFileSync(join('apps/web/src', f), 'utf8').includes('vi.mock('),
  )
  .map((f) => `src/${f.split(sep).join('/')}`);

/** apps/web's own test settings under another name and file set (`extends` would add to its include). */
function webProject(name: string, test: { isolate?: boolean; include?: string[]; exclude?: string[] }) {
  return { ...webConfig, root: 'apps/web', test: { ...webConfig.test, name, ...test } };
}

const pgbouncerInstalled = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].some((p) => existsSync(p));

// One runner for the whole repository: each workspace is a project so `npm test` runs everything.
export default defineConfig({
  test: {
    // Each file's time by project, printed after the run and kept in test-output/file-times.json.
    reporters: ['default', './scripts/file-times-reporter.ts'],
    projects: [
      // Both cores (Vitest's default on two is one worker), before the server's group starts.
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], maxWorkers: 2 } },
      // Server tests run on in-memory PGlite, and on real PostgreSQL when TEST_DATABASE_URL is set.
      serverProject(
        'server',
        '',
        // `npm run test:quick` (TEST_QUICK=1) runs the same set without PostgreSQL: all 131 files on
        // PGlite cost ~755 CPU-s of a quick run's, over 6 minutes on two cores; this set keeps it under 5.
        (process.env.TEST_DATABASE_URL || process.env.TEST_QUICK === '1') &&
          process.env.TEST_PGLITE_ALL !== '1'
          ? PGLITE_WITH_POSTGRES
          : ALL_SERVER_TESTS,
      ),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', process.env.TEST_DATABASE_URL)] : []),
      ...(process.env.TEST_DATABASE_URL && pgbouncerInstalled
        ? [pgbouncerProject(process.env.TEST_DATABASE_URL)]
        : []),
      // The web component tests in two projects: most share a jsdom and their modules per worker
      // (setting up jsdom and importing the app took most of a file's time: 53 s of environment and
      // 103 s of import over 92 files); the files that replace a module with vi.mock keep a fresh
      // module graph each.
      webProject('web', { isolate: false, exclude: WEB_MOCK_FILES }),
      webProject('web-mocks', { include: WEB_MOCK_FILES }),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // A page's answer to a click (a request, a refetch, a render) on two shared cores can take
          // longer than expect.poll's default second; the assertions are the same, they wait longer.
          expect: { poll: { timeout: 15_000 } },
          // One web build, one Chromium and one migrated, seeded demo database for every file.
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
