import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/infra/db/client';

const behindPgbouncer = process.env.TEST_PGBOUNCER === '1';

/**
 * The server behind PgBouncer in transaction pooling mode (the server-pgbouncer project; the money
 * scenarios of the other files run through it too). These check what that mode changes.
 */
describe.skipIf(!behindPgbouncer)('behind PgBouncer (transaction pooling)', () => {
  // Collected (not run) in the other server projects too, where the variable may be empty.
  const bouncer = new URL(process.env.TEST_DATABASE_URL || 'postgres://x@127.0.0.1/x');
  const created: string[] = [];
  const at = (database: string) => {
    const url = new URL(bouncer);
    url.pathname = `/${database}`;
    return url.toString();
  };
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.PGBOUNCER_TARGET_URL });
    await admin.connect();
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('is PgBouncer in transaction mode', async () => {
    const admin = new pg.Client({ connectionString: at('pgbouncer') });
    await admin.connect();
    try {
      const config = await admin.query('SHOW CONFIG');
      const mode = config.rows.find((r: { key: string }) => r.key === 'pool_mode') as { value: string };
      expect(mode.value).toBe('transaction');
      const version = await admin.query('SHOW VERSION');
      expect(JSON.stringify(version.rows)).toMatch(/PgBouncer 1\.\d+/);
    } finally {
      await admin.end();
    }
  });

  it('loses a named statement when the next transaction gets another server connection (why naming is off)', async () => {
    const url = bouncer.toString();
    const holder = new pg.Client({ connectionString: url });
    const named = new pg.Client({ connectionString: url });
    await holder.connect();
    await named.connect();
    try {
      await holder.query('BEGIN'); // pins one server connection
      const statement = {
        name: `probe_${randomUUID().slice(0, 8)}`,
        text: 'SELECT $1::int + 1 AS n',
        values: [1],
      };
      expect((await named.query(statement)).rows[0].n).toBe(2); // prepared on a second one
      // The first goes back to the pool last, so PgBouncer (most recently used first) hands it out next.
      await holder.query('COMMIT');
      const outcomes: string[] = [];
      for (let i = 0; i < 4; i++)
        outcomes.push(
          await named.query(statement).then(
            () => 'ok',
            (e: Error) => e.message,
          ),
        );
      expect(outcomes.some((o) => /prepared statement .* does not exist/.test(o))).toBe(true);
    } finally {
      await holder.end();
      await named.end();
    }
  });

  it('applies the migrations once when two instances start together', async () => {
    const name = `earn_pgb_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: process.env.PGBOUNCER_TARGET_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    const a = await openPostgres(at(name), 2, { preparedStatements: false });
    const b = await openPostgres(at(name), 2, { preparedStatements: false });
    try {
      await Promise.all([a.migrate(), b.migrate()]);
      const applied = await admin.query(`SELECT count(*)::int AS n FROM pg_database WHERE datname = $1`, [
        name,
      ]);
      expect(applied.rows[0].n).toBe(1);
      const direct = new URL(process.env.PGBOUNCER_TARGET_URL ?? '');
      direct.pathname = `/${name}`;
      const check = new pg.Client({ connectionString: direct.toString() });
      await check.connect();
      const rows = await check.query(
        'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS d FROM drizzle.__drizzle_migrations',
      );
      // Only this database's locks: the other test files run beside this one and take their own.
      const locks = await check.query(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = $1)`,
        [name],
      );
      await check.end();
      expect(rows.rows[0].n).toBeGreaterThan(15);
      expect(rows.rows[0].d).toBe(rows.rows[0].n);
      expect(locks.rows[0].n).toBe(0); // no session lock left behind on a pooled server connection
    } finally {
      await a.close();
      await b.close();
      await admin.end();
    }
  });
});
