import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first route's JavaScript budget (gzip -9, entry script plus the modules index.html preloads). */
export const FIRST_ROUTE_BUDGET_KB = 150;

/** A built file's size once gzipped at level 9, in KB. */
export function gzipKb(webDist: string, file: string): number {
  return gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length / 1024;
}

/** What `/` must fetch before it runs: the entry script of index.html and every module it preloads. */
export function firstRouteScripts(webDist: string): string[] {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return [...entry, ...preloads];
}

/** Each first-route script with its gzip size, and their sum. */
export function firstRouteSize(webDist: string): { files: { file: string; kb: number }[]; totalKb: number } {
  const files = firstRouteScripts(webDist).map((file) => ({ file, kb: gzipKb(webDist, file) }));
  return { files, totalKb: files.reduce((sum, f) => sum + f.kb, 0) };
}
