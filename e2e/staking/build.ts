import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, WEB_ROOT } from '../support/paths';

/**
 * The staking browser tests serve their own build (WEB_DIST), so that another suite rebuilding
 * apps/web/dist at the same time cannot swap the chunks out from under a running page.
 */
export const STAKING_WEB_DIST = join(tmpdir(), 'earn-e2e-staking-dist');

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let n = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    n = Math.max(n, newest(join(path, entry)));
  }
  return n;
}

export function buildStakingWeb(): string {
  const index = join(STAKING_WEB_DIST, 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json']
    .map((p) => join(WEB_ROOT, p))
    .filter(existsSync);
  const domain = join(REPO_ROOT, 'packages', 'domain', 'src');
  const fresh =
    existsSync(index) && Math.max(...sources.map(newest), newest(domain)) < statSync(index).mtimeMs;
  if (fresh) return STAKING_WEB_DIST;
  const result = spawnSync('npx', ['vite', 'build', '--outDir', STAKING_WEB_DIST, '--emptyOutDir'], {
    cwd: WEB_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0)
    throw new Error(`web build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return STAKING_WEB_DIST;
}
