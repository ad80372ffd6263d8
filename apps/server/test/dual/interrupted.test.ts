import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rows, sql } from '../../src/infra/db/client';
import { createServer, type Server } from '../../src/server';
import {
  ADMIN_TOKEN,
  freshDatabase,
  listCoins,
  Operator,
  onPostgres,
  TestClient,
  testConfig,
} from '../harness';
import { type Instance, startInstance } from '../instances';
import { balances, createProduct, D, expected, type Order, orderOf, productOf, subscribe } from './helpers';

const HOUR = 3600;

/**
 * A settlement interrupted half way completes exactly once after a restart (PostgreSQL, shards of two
 * orders). The hour's plan commits (the product settling, its orders SETTLEMENT_PROCESSING, the
 * shards listed); the first shard books; the second shard's transaction fails after it has moved its
 * orders' statuses and before its entry — what a process killed inside that transaction leaves, as
 * PostgreSQL rolls an unfinished transaction back either way. Then the instance goes, a new one on
 * the same database runs its pass: every order is paid once, one entry per shard, one run. And the
 * real thing: a server process (`npm run serve`) SIGKILLed while inside a shard's transaction.
 */
describe.runIf(onPostgres)('dual settlement interrupted half way', () => {
  let url: string;
  let drop: () => Promise<void>;
  const servers: Server[] = [];
  let child: Instance | undefined;
  const start = async () => {
    const database = await openPostgres(url, 10);
    const server = await createServer(testConfig({ jobShardRows: 2 }), { database });
    await server.app.ready();
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    const fresh = await freshDatabase({ migrated: true });
    await fresh.database.close();
    url = fresh.url as string;
    drop = fresh.drop;
  }, 120_000);
  afterAll(async () => {
    if (child && child.child.exitCode === null) child.child.kill('SIGKILL');
    for (const s of servers) await s.close().catch(() => undefined);
    await drop?.();
  });

  it('completes exactly once after a restart, each order paid once', async () => {
    const a = await start();
    const op = new Operator(a);
    await listCoins(op);
    const now = Math.ceil((await op.now()) / HOUR) * HOUR;
    const product = await createProduct(op, {
      base: 'BTC',
      direction: 'buy_low',
      target: '97000',
      settle: now + 3 * HOUR,
      apr: '31.7',
    });
    const users: { client: TestClient; id: number; order: Order }[] = [];
    const amounts = ['1000', '2500.5', '333.33333333', '7777', '10'];
    for (const amount of amounts) {
      const client = new TestClient(a);
      const id = await client.register();
      await op.deposit(id, 'USDT', '10000');
      const r = await subscribe(client, await productOf(client, product.id), amount);
      expect(r.body.code).toBe(0);
      users.push({ client, id, order: r.body.data });
    }
    const firstId = Math.min(...users.map((u) => u.order.order_id));
    const db = a.deps.db;
    // The second shard's transaction dies half way: its orders' statuses moved, its entry refused.
    await db.execute(sql`CREATE FUNCTION dual_test_interrupt() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'dual test: interrupted half way'; END $$`);
    await db.execute(
      sql.raw(`CREATE TRIGGER dual_test_interrupt BEFORE INSERT ON journal_entries FOR EACH ROW
        WHEN (NEW.reason = 'dual_settle' AND NEW.ref <> 'settle:${product.id}:${firstId}')
        EXECUTE FUNCTION dual_test_interrupt()`),
    );
    await op.setPrice('BTC', '96000');
    const interrupted = await op.call('POST', '/admin/api/clock/advance', {
      seconds: product.settle_time - (await op.now()),
    });
    expect(interrupted.body.code).not.toBe(0);

    // Mid-way: the first two orders paid, the other three still SETTLEMENT_PROCESSING, the books whole.
    const statuses = await Promise.all(
      users.map(async (u) => (await orderOf(u.client, u.order.order_id)).status),
    );
    expect(statuses).toEqual([
      'SETTLEMENT_SUCCESS',
      'SETTLEMENT_SUCCESS',
      'SETTLEMENT_PROCESSING',
      'SETTLEMENT_PROCESSING',
      'SETTLEMENT_PROCESSING',
    ]);
    const [mid] = await rows<{ status: string; entries: number; runs: number }>(
      db,
      sql`SELECT p.status,
            (SELECT COUNT(*)::int FROM journal_entries WHERE reason = 'dual_settle') AS entries,
            (SELECT COUNT(*)::int FROM dual_settlements WHERE product_id = p.id) AS runs
          FROM dual_products p WHERE p.id = ${product.id}`,
    );
    expect(mid).toEqual({ status: 'settling', entries: 1, runs: 0 });
    expect((await op.reconciliation()).ok).toBe(true);

    // The instance goes; the fault is gone; a new instance on the same database takes over.
    await db.execute(sql`DROP TRIGGER dual_test_interrupt ON journal_entries`);
    await db.execute(sql`DROP FUNCTION dual_test_interrupt()`);
    await a.close();
    servers.length = 0;
    const b = await start();
    const opB = new Operator(b);
    await opB.advance(60);
    // And once more, an hour on: nothing settles twice.
    await opB.advance(HOUR);

    for (const [i, u] of users.entries()) {
      const want = expected({
        direction: 'buy_low',
        amount: amounts[i] as string,
        apr: '31.7',
        seconds: product.settle_time - (u.order.quote_time ?? u.order.create_time),
        target: '97000',
      });
      // The users' sessions were the old instance's: the order is read as the operator reads it.
      const [row] = await rows<Record<string, string>>(
        b.deps.db,
        sql`SELECT status, settle_price::text, settle_coin, settle_amount::text
            FROM dual_orders WHERE id = ${u.order.order_id}`,
      );
      expect(row, `order ${i}`).toMatchObject({ status: 'SETTLEMENT_SUCCESS', settle_coin: 'BTC' });
      expect(new D(row?.settle_price ?? '0').toFixed(), `order ${i} fixing`).toBe('96000');
      expect(new D(row?.settle_amount ?? '0').toFixed(), `order ${i} paid`).toBe(want.reached);
      expect(await balances(opB, u.id), `user ${i}`).toMatchObject({
        'spot:BTC': want.reached,
        'spot:USDT': new D('10000').minus(amounts[i] as string).toFixed(),
        'dual:USDT': '0',
      });
    }
    const [after] = await rows<{ status: string; entries: number; refs: number; runs: number; told: number }>(
      b.deps.db,
      sql`SELECT p.status,
            (SELECT COUNT(*)::int FROM journal_entries WHERE reason = 'dual_settle') AS entries,
            (SELECT COUNT(DISTINCT ref)::int FROM journal_entries WHERE reason = 'dual_settle') AS refs,
            (SELECT COUNT(*)::int FROM dual_settlements WHERE product_id = p.id) AS runs,
            (SELECT COUNT(*)::int FROM notifications WHERE kind = 'dual_settled') AS told
          FROM dual_products p WHERE p.id = ${product.id}`,
    );
    // Five orders in shards of two: three entries, one settled run, each user told once.
    expect(after).toEqual({ status: 'settled', entries: 3, refs: 3, runs: 1, told: 5 });
    expect((await opB.reconciliation()).ok).toBe(true);
  });

  it('completes exactly once after the process is killed inside a shard of SETTLEMENT_PROCESSING', async () => {
    // Set up on an instance in this process, then hand the database to a real server process.
    for (const s of servers) await s.close();
    servers.length = 0;
    const a = await start();
    const op = new Operator(a);
    await op.setPrice('BTC', '100000');
    const now = Math.ceil((await op.now()) / HOUR) * HOUR;
    const product = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '104000',
      settle: now + 2 * HOUR,
      apr: '12.34',
    });
    const amounts = ['0.1', '0.23456789', '1'];
    const users: { id: number; order: Order }[] = [];
    for (const amount of amounts) {
      const client = new TestClient(a);
      const id = await client.register();
      await op.deposit(id, 'BTC', '2');
      const r = await subscribe(client, await productOf(client, product.id), amount);
      expect(r.body.code).toBe(0);
      users.push({ id, order: r.body.data });
    }
    await op.setPrice('BTC', '104000');
    const db = a.deps.db;
    // The settlement's entry waits, so that the process dies inside the shard's transaction.
    await db.execute(sql`CREATE FUNCTION dual_test_stall() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(600); RETURN NEW; END $$`);
    await db.execute(sql`CREATE TRIGGER dual_test_stall BEFORE INSERT ON journal_entries FOR EACH ROW
      WHEN (NEW.reason = 'dual_settle') EXECUTE FUNCTION dual_test_stall()`);
    const toSettle = product.settle_time - (await op.now()) + 60;
    await a.close();
    servers.length = 0;

    child = await startInstance(url, 0, { JOB_SHARD_ROWS: '2' });
    void fetch(`http://127.0.0.1:${child.port}/admin/api/clock/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: toSettle }),
      // It never answers: the process is killed inside the settlement.
    }).catch(() => undefined);
    const watcher = await openPostgres(url, 2);
    const stalled = async () =>
      (
        await rows<{ n: number }>(
          watcher.db,
          sql`SELECT COUNT(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event = 'PgSleep'`,
        )
      )[0]?.n ?? 0;
    for (let i = 0; i < 600 && (await stalled()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await stalled()).toBe(1);
    child.child.kill('SIGKILL');
    await new Promise((resolve) => child?.child.once('exit', resolve));
    // Its connection is gone: PostgreSQL ends the backend and rolls the shard back.
    await watcher.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event = 'PgSleep'`);
    await watcher.db.execute(sql`DROP TRIGGER dual_test_stall ON journal_entries`);
    await watcher.db.execute(sql`DROP FUNCTION dual_test_stall()`);
    const [killed] = await rows<{ status: string; processing: number; entries: number }>(
      watcher.db,
      sql`SELECT p.status,
            (SELECT COUNT(*)::int FROM dual_orders WHERE product_id = p.id AND status = 'SETTLEMENT_PROCESSING') AS processing,
            (SELECT COUNT(*)::int FROM journal_entries WHERE ref LIKE ${`settle:${product.id}:%`}) AS entries
          FROM dual_products p WHERE p.id = ${product.id}`,
    );
    expect(killed).toEqual({ status: 'settling', processing: 3, entries: 0 });
    await watcher.close();

    const b = await start();
    const opB = new Operator(b);
    await opB.advance(60);
    await opB.advance(HOUR);
    for (const [i, u] of users.entries()) {
      const want = expected({
        direction: 'sell_high',
        amount: amounts[i] as string,
        apr: '12.34',
        seconds: product.settle_time - (u.order.quote_time ?? u.order.create_time),
        target: '104000',
      });
      expect(await balances(opB, u.id), `user ${i}`).toMatchObject({
        'spot:USDT': want.reached,
        'spot:BTC': new D('2').minus(amounts[i] as string).toFixed(),
        'dual:BTC': '0',
      });
    }
    const [after] = await rows<{ status: string; settled: number; entries: number; runs: number }>(
      b.deps.db,
      sql`SELECT p.status,
            (SELECT COUNT(*)::int FROM dual_orders WHERE product_id = p.id AND status = 'SETTLEMENT_SUCCESS') AS settled,
            (SELECT COUNT(*)::int FROM journal_entries WHERE ref LIKE ${`settle:${product.id}:%`}) AS entries,
            (SELECT COUNT(*)::int FROM dual_settlements WHERE product_id = p.id) AS runs
          FROM dual_products p WHERE p.id = ${product.id}`,
    );
    // Three orders in shards of two: two entries, one run.
    expect(after).toEqual({ status: 'settled', settled: 3, entries: 2, runs: 1 });
    expect((await opB.reconciliation()).ok).toBe(true);
  }, 300_000);
});
