import { defineConfig } from 'vitest/config';

function serverProject(name: string, databaseUrl: string) {
  return {
    test: {
      name,
      include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      pool: 'forks' as const,
      maxWorkers: 2,
      // Vitest runs projects of one group together only if they share maxWorkers: the server
      // projects (PGlite and PostgreSQL) form their own group, after the domain and web tests.
      sequence: { groupOrder: 1 },
      env: { TEST_DATABASE_URL: databaseUrl },
    },
  };
}

// One runner for the whole repository: each workspace is a project so `npm test` runs everything.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      // Server tests run on in-memory PGlite, and again on real PostgreSQL when TEST_DATABASE_URL is set.
      serverProject('server', ''),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', process.env.TEST_DATABASE_URL)] : []),
      './apps/web',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
