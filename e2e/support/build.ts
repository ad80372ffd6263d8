import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, WEB_ROOT } from './paths';
import { provided } from './provided';

let lastBuild: string | undefined;

/** Where the last `buildWeb` of this process (or the run's global setup) put the app; `startServer` serves it. */
export function builtWebDir(): string | undefined {
  return lastBuild ?? provided('e2eWebDist');
}

/**
 * Builds the web app as `npm start` does (vite build, production mode), into a directory of this
 * process's own: several test files, a benchmark or an engineer may build at the same time, and a
 * shared dist/ emptied by another build under a running page would break its lazy chunks. Built
 * once per process, and in a test run once for all files (the e2e global setup builds it and every
 * file serves that build); `force` rebuilds.
 */
export function buildWeb(opts: { force?: boolean } = {}): string {
  if (lastBuild && !opts.force) return lastBuild;
  const shared = provided('e2eWebDist');
  if (shared && !opts.force) return shared;
  const outDir = mkdtempSync(join(tmpdir(), 'earn-web-dist-'));
  const result = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: WEB_ROOT,
      encoding: 'utf8',
      // vitest sets NODE_ENV=test, which would build React's development bundle.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (result.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`web build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  if (lastBuild) rmSync(lastBuild, { recursive: true, force: true });
  lastBuild = outDir;
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  return outDir;
}
