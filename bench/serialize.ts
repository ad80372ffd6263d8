/**
 * npm run bench:serialize [-- --ms 200 --only PART]
 *
 * What answering by schema costs. Starts the server in this process on an in-memory PGlite with the
 * demo catalogue, signs in the demo user, and reads every GET route that answers without parameters
 * (as the user, and the operator API with a token). For each answer it times three writers on the
 * same payload: the zod serializer the server used before (encode by the zod schema, then
 * JSON.stringify), the fast-json-stringify writer compiled from the schema's JSON Schema (what the
 * server uses now), and a bare JSON.stringify of the payload (the baseline: no schema at all).
 * Prints writes per second of each and the ratios, per route and as a geometric mean.
 */

import type { Config } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/infra/db/client';
import type { Writer } from '../apps/server/src/infra/http/serializer';
import { createServer } from '../apps/server/src/server';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
/** --only PART: the routes whose path contains PART. */
const onlyRoute = arg('only', '');
const budgetMs = Number(arg('ms', '200'));
const TOKEN = 'bench-serialize';

const config: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  webDist: '/nonexistent',
  adminToken: TOKEN,
  clock: 'test',
  logLevel: 'silent',
  jobIntervalMs: 1000,
  seedDemo: true,
  secureCookies: false,
  authRateLimitPerMinute: 1_000_000,
  anonWriteRateLimitPerMinute: 1_000_000,
  publicRateLimitPerMinute: 1_000_000,
  moneyRateLimitPerMinute: 1_000_000,
};

/** Writes per second of `write(payload)`, timed for about budgetMs after a warm-up. */
function rate(write: Writer, payload: unknown): number {
  for (let i = 0; i < 200; i++) write(payload);
  let n = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < budgetMs) {
    for (let i = 0; i < 100; i++) write(payload);
    n += 100;
    elapsed = performance.now() - started;
  }
  return (n * 1000) / elapsed;
}

const writers = new Map<string, { fast?: Writer; zod: Writer }>();
const database = await openPglite();
const server = await createServer(config, {
  database,
  observeSerializers: (route, w) => {
    // The success answer is compiled first; keep it.
    if (!writers.has(route)) writers.set(route, w);
  },
});
try {
  await server.app.ready();
  const app = server.app;
  const first = await app.inject({ method: 'GET', url: '/api/health' });
  const csrf = first.cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const login = await app.inject({
    method: 'POST',
    url: '/api/web/v1/auth/login',
    headers: { 'x-csrf-token': csrf, cookie: `csrftoken=${csrf}` },
    payload: { email: 'demo@example.com', password: 'demo-password' },
  });
  const cookie = [`csrftoken=${csrf}`, ...login.cookies.map((c) => `${c.name}=${c.value}`)].join('; ');

  const rows: { route: string; bytes: number; zod: number; fast: number; bare: number }[] = [];
  for (const route of app.routeTable) {
    if (route.method !== 'GET' || route.url.includes(':') || route.url.includes('*')) continue;
    // The inbox's server-sent events never end an answer: inject would wait for ever.
    if (route.url.endsWith('/stream')) continue;
    if (onlyRoute && !route.url.includes(onlyRoute)) continue;
    const key = `GET ${route.url}`;
    const w = writers.get(key);
    if (!w?.fast) continue;
    const headers = route.url.startsWith('/admin/') ? { authorization: `Bearer ${TOKEN}` } : { cookie };
    const answer = await app.inject({ method: 'GET', url: route.url, headers });
    if (answer.statusCode !== 200 || !answer.headers['content-type']?.toString().includes('json')) continue;
    const payload: unknown = answer.json();
    rows.push({
      route: route.url,
      bytes: answer.body.length,
      zod: rate(w.zod, payload),
      fast: rate(w.fast, payload),
      bare: rate((p) => JSON.stringify(p), payload),
    });
  }

  rows.sort((a, b) => b.bytes - a.bytes);
  const k = (n: number) => `${(n / 1000).toFixed(1)}k/s`.padStart(10);
  console.log(
    `${'route'.padEnd(58)} ${'bytes'.padStart(6)} ${'zod'.padStart(10)} ${'fast'.padStart(10)} ${'bare'.padStart(10)}  fast÷zod  fast÷bare`,
  );
  for (const r of rows)
    console.log(
      `${r.route.slice(0, 58).padEnd(58)} ${String(r.bytes).padStart(6)} ${k(r.zod)} ${k(r.fast)} ${k(r.bare)}  ${(r.fast / r.zod).toFixed(2).padStart(8)}  ${(r.fast / r.bare).toFixed(2).padStart(9)}`,
    );
  const geo = (f: (r: (typeof rows)[number]) => number) =>
    Math.exp(rows.reduce((s, r) => s + Math.log(f(r)), 0) / rows.length);
  console.log(
    `\n${rows.length} routes; geometric mean: fast ÷ zod ${geo((r) => r.fast / r.zod).toFixed(2)}, ` +
      `fast ÷ bare JSON.stringify ${geo((r) => r.fast / r.bare).toFixed(2)}, zod ÷ bare ${geo((r) => r.zod / r.bare).toFixed(2)}`,
  );
} finally {
  await server.close();
}
