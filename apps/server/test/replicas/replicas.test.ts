import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLICA_READS } from '../../src/infra/http/read-routing';
import { createServer, type Server } from '../../src/server';
import { freePort } from '../free-port';
import { ADMIN_TOKEN, testConfig } from '../harness';
import { type Clusters, postgresBin, startClusters } from './clusters';

/** On real PostgreSQL only (the server-pg project); PgBouncer's project has its own concerns. */
const enabled =
  Boolean(process.env.TEST_DATABASE_URL) && process.env.TEST_PGBOUNCER !== '1' && Boolean(postgresBin());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAX_LAG_MS = 3000;
const AFTER_WRITE_MS = 4000;

describe.skipIf(!enabled)('read replicas (a streaming replica made by pg_basebackup)', () => {
  let clusters: Clusters;
  let server: Server;
  let replicaAdmin: pg.Client;

  const url = (base: string, db: string) => {
    const u = new URL(base);
    u.pathname = `/${db}`;
    return u.toString();
  };

  beforeAll(async () => {
    clusters = startClusters(await freePort(), await freePort());
    const admin = new pg.Client({ connectionString: clusters.primaryUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE earn');
    await admin.end();
    server = await createServer(
      testConfig({
        databaseUrl: url(clusters.primaryUrl, 'earn'),
        databaseReadUrls: [url(clusters.replicaUrl, 'earn')],
        databaseReadMaxLagMs: MAX_LAG_MS,
        databaseReadAfterWriteMs: AFTER_WRITE_MS,
        seedDemo: true,
      }),
    );
    await server.app.ready();
    replicaAdmin = new pg.Client({ connectionString: url(clusters.replicaUrl, 'earn') });
    await replicaAdmin.connect();
  }, 120_000);

  afterAll(async () => {
    await replicaAdmin?.end().catch(() => undefined);
    await server?.close();
    clusters?.stop();
  });

  const btcPrice = async (cookie?: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/web/v1/market/assets',
      headers: cookie ? { cookie } : {},
    });
    const list = res.json().data as { asset: string; price_usdt: string }[];
    return list.find((a) => a.asset === 'BTC')?.price_usdt;
  };
  const setBtc = async (usdt: string) => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/admin/api/prices/BTC',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ usdt }),
    });
    expect(res.json().code).toBe(0);
    const cookie = res.cookies.find((c) => c.name === 'earn_primary_until');
    return cookie;
  };
  const metric = async (name: string) => {
    const text = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = text.split('\n').find((l) => l.startsWith(`${name}{replica="0"}`));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };
  const until = async (check: () => Promise<boolean>, ms = 20_000) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      if (await check()) return;
      await sleep(100);
    }
    throw new Error('timed out');
  };
  const replicaBtc = async () =>
    (await replicaAdmin.query(`SELECT price_usdt::text AS p FROM assets WHERE symbol = 'BTC'`)).rows[0]
      ?.p as string;

  it('serves lagging reads from the replica, a writer from the primary, and skips a replica too far behind', async () => {
    await setBtc('50000');
    await until(async () => Number(await replicaBtc()) === 50000);
    await until(async () => (await metric('earn_db_replica_usable')) === 1);
    expect(await metric('earn_db_replica_lag_seconds')).toBeLessThan(MAX_LAG_MS / 1000);

    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    try {
      const cookie = await setBtc('60000');
      // The writer is told to read the primary for the next AFTER_WRITE_MS, on any instance.
      expect(cookie?.maxAge).toBe(AFTER_WRITE_MS / 1000);
      expect(cookie?.httpOnly).toBe(true);
      expect(Number(cookie?.value) - Date.now()).toBeGreaterThan(AFTER_WRITE_MS - 2000);
      // Another user reads the paused replica: the old price.
      expect(Number(await btcPrice())).toBe(50000);
      // The writer sees their own write.
      expect(Number(await btcPrice(`earn_primary_until=${cookie?.value}`))).toBe(60000);

      // Once the replica is further behind than allowed, nobody reads it.
      await until(async () => (await metric('earn_db_replica_usable')) === 0);
      expect(await metric('earn_db_replica_lag_seconds')).toBeGreaterThan(MAX_LAG_MS / 1000);
      expect(Number(await btcPrice())).toBe(60000);
    } finally {
      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    }
    await until(async () => (await metric('earn_db_replica_usable')) === 1);
    expect(Number(await replicaBtc())).toBe(60000);
    expect(Number(await btcPrice())).toBe(60000);
  }, 60_000);

  it('answers every replica read of a signed-in user from the replica without an error', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/api/health' });
    const csrf = first.cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/web/v1/auth/login',
      headers: { 'x-csrf-token': csrf, cookie: `csrftoken=${csrf}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
    });
    expect(login.json().code).toBe(0);
    // The session cookie without the write's "read the primary" cookie: these reads go to the replica,
    // where any write a handler attempted would fail (a read-only transaction).
    const session = login.cookies.filter((c) => c.name !== 'earn_primary_until');
    const cookie = [`csrftoken=${csrf}`, ...session.map((c) => `${c.name}=${c.value}`)].join('; ');
    await until(async () => (await metric('earn_db_replica_usable')) === 1);
    await sleep(500); // the session row on the replica too
    for (const route of REPLICA_READS) {
      const res = await server.app.inject({
        method: 'GET',
        url: route.replace(':id', '1'),
        headers: { cookie },
      });
      expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    }
  }, 60_000);

  it('falls back to the primary at once when the replica stops', async () => {
    const bin = postgresBin() ?? '';
    const data = (await replicaAdmin.query('SHOW data_directory')).rows[0]?.data_directory as string;
    await replicaAdmin.end();
    const asRoot = process.getuid?.() === 0;
    const stop = spawnSync(
      asRoot ? 'runuser' : `${bin}/pg_ctl`,
      [...(asRoot ? ['-u', 'postgres', '--', `${bin}/pg_ctl`] : []), '-D', data, '-m', 'fast', '-w', 'stop'],
      { encoding: 'utf8' },
    );
    expect(stop.status, stop.stderr).toBe(0);
    // Right after the stop, before the next poll notices: the read still answers, from the primary.
    expect(Number(await btcPrice())).toBe(60000);
    await until(async () => (await metric('earn_db_replica_usable')) === 0);
    expect(await metric('earn_db_replica_lag_seconds')).toBeUndefined();
    expect(Number(await btcPrice())).toBe(60000);
  }, 60_000);
});
