import { randomUUID } from 'node:crypto';
import { Code, MessageKey } from '@earn/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { createServer, type Server } from '../../src/server';
import { listCoins, Operator, onPostgres, TestClient, testConfig } from '../harness';
import { flexProduct } from '../simple-earn/helpers';

/** Connections the server's own role may hold at once: the table the test fills. */
const ROLE_LIMIT = 6;

/**
 * PostgreSQL's connection table full for the server's role (a role's CONNECTION LIMIT: superusers,
 * as tests connect, are exempt from every limit): a new connection is refused with SQLSTATE 53300.
 * Reads, a subscription and auth/me answer the 503 a restart gets, with its code and message key, and
 * change nothing; once connections free up, the same calls succeed without a restart.
 */
describe.skipIf(!onPostgres)('connection table full', { timeout: 120_000 }, () => {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  const role = `earn_limited_${suffix}`;
  const database = `earn_test_limit_${suffix}`;
  let admin: pg.Client;
  let server: Server;
  let user: TestClient;
  let url: string;
  const hogs: pg.Client[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT ${ROLE_LIMIT}`);
    await admin.query(`CREATE DATABASE ${database} OWNER ${role}`);
    const u = new URL(process.env.TEST_DATABASE_URL ?? '');
    u.username = role;
    u.pathname = `/${database}`;
    url = u.toString();
    server = await createServer(
      testConfig({ databaseUrl: url, databasePoolSize: 3, databaseWaitSeconds: 5 }),
      {
        modules: [simpleEarnModule],
      },
    );
    await server.app.ready();
    const op = new Operator(server);
    await listCoins(op);
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.05' });
    user = new TestClient(server);
    const id = await user.register();
    await op.deposit(id, 'USDT', '100');
  });

  afterAll(async () => {
    for (const hog of hogs.splice(0)) await hog.end().catch(() => undefined);
    await server?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  const calls = () => [
    user.get('/api/web/v1/auth/me'),
    user.get('/apiw/v2/uni-loan/earn/subscribe'),
    user.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10' }),
  ];

  /** The user's USDT in flexible savings, read as a superuser (exempt from the role's limit). */
  const lent = async (): Promise<string> => {
    const su = new URL(process.env.TEST_DATABASE_URL ?? '');
    su.pathname = `/${database}`;
    const c = new pg.Client({ connectionString: su.toString() });
    await c.connect();
    try {
      const r = await c.query(`SELECT COALESCE(sum(balance), 0)::text AS b FROM ledger_accounts
        WHERE is_user AND asset = 'USDT' AND purpose = 'flexible'`);
      return String(Number(r.rows[0].b));
    } finally {
      await c.end();
    }
  };

  it('answers 503 with the shared code and key while the table is full, and recovers by itself', async () => {
    expect(await lent()).toBe('0');
    // The server's connections go (as a restart takes them), and others take every slot of its role.
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < ROLE_LIMIT; i++) {
      const hog = new pg.Client({ connectionString: url });
      hog.on('error', () => undefined);
      await hog.connect();
      hogs.push(hog);
    }
    const refused = new pg.Client({ connectionString: url });
    await expect(refused.connect()).rejects.toMatchObject({ code: '53300' });

    const full = await Promise.all(calls());
    for (const res of full) {
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.code).toBe(Code.SERVICE_UNAVAILABLE);
      expect(res.body.data).toEqual({ key: MessageKey.serviceUnavailable, params: {} });
      expect(res.headers['retry-after']).toBe('1');
    }

    expect(await lent()).toBe('0');

    for (const hog of hogs.splice(0)) await hog.end();
    const [me, list, subscribe] = await Promise.all(calls());
    expect(me?.status).toBe(200);
    expect(list?.status).toBe(200);
    expect(subscribe?.status, JSON.stringify(subscribe?.body)).toBe(200);
    expect(await lent()).toBe('10');
  });
});
