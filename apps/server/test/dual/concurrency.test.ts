import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rows, sql } from '../../src/infra/db/client';
import { createServer, type Server } from '../../src/server';
import { freshDatabase, listCoins, Operator, onPostgres, TestClient, testConfig } from '../harness';
import { balances, createProduct, D, expected, type Order, productOf, subscribe } from './helpers';

const HOUR = 3600;

/**
 * On PostgreSQL: parallel subscriptions never oversell a product; a settlement runs exactly once
 * while two server instances on one database advance the clock at once (in shards of two orders),
 * and again once after a restart.
 */
describe.runIf(onPostgres)('dual under concurrency and several instances', () => {
  let url: string;
  let drop: () => Promise<void>;
  const servers: Server[] = [];
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
    for (const s of servers) await s.close().catch(() => undefined);
    await drop?.();
  });

  it('never oversells under 10 parallel subscriptions, and settles once across two instances and a restart', async () => {
    const a = await start();
    const op = new Operator(a);
    await listCoins(op);
    const now = await op.now();
    const product = await createProduct(op, {
      base: 'BTC',
      direction: 'sell_high',
      target: '103000',
      settle: now + 3 * HOUR,
      apr: '25',
      quota: '2',
    });
    const users: { client: TestClient; id: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const client = new TestClient(a);
      const id = await client.register();
      await op.deposit(id, 'BTC', '1');
      users.push({ client, id });
    }
    const quote = await productOf(users[0]?.client as TestClient, product.id);
    const answers = await Promise.all(users.map((u) => subscribe(u.client, quote, '0.3')));
    const taken = answers.filter((r) => r.body.code === 0);
    // 6 × 0.3 = 1.8 fits a quota of 2; a seventh would not.
    expect(taken).toHaveLength(6);
    for (const r of answers.filter((x) => x.body.code !== 0))
      expect(r.body.data).toMatchObject({ key: 'dual.subscribe.aboveQuota', params: { amount: '0.2' } });
    const [sold] = await rows<{ sold: string }>(
      a.deps.db,
      sql`SELECT sold::text AS sold FROM dual_products WHERE id = ${product.id}`,
    );
    expect(new D(sold?.sold ?? '0').toFixed()).toBe('1.8');
    expect((await op.reconciliation()).ok).toBe(true);

    // A second instance on the same database; both advance to the settlement at once.
    const b = await start();
    const opB = new Operator(b);
    await opB.setPrice('BTC', '103000');
    await Promise.all([op.advance(3 * HOUR), opB.advance(3 * HOUR)]);
    const runs = await rows<{ n: number }>(
      a.deps.db,
      sql`SELECT COUNT(*)::int AS n FROM dual_settlements WHERE product_id = ${product.id} AND outcome = 'settled'`,
    );
    expect(runs[0]?.n).toBe(1);
    const entries = await rows<{ n: number }>(
      a.deps.db,
      sql`SELECT COUNT(*)::int AS n FROM journal_entries WHERE reason = 'dual_settle' AND ref LIKE ${`settle:${product.id}:%`}`,
    );
    // Six orders in shards of two: three entries, each booked once.
    expect(entries[0]?.n).toBe(3);
    for (const [i, r] of answers.entries()) {
      if (r.body.code !== 0) continue;
      const o = r.body.data as Order;
      const want = expected({
        direction: 'sell_high',
        amount: '0.3',
        apr: '25',
        seconds: product.settle_time - o.create_time,
        target: '103000',
      });
      expect(await balances(op, users[i]?.id as number)).toMatchObject({
        'spot:BTC': '0.7',
        'spot:USDT': want.reached,
        'dual:BTC': '0',
      });
    }
    expect((await op.reconciliation()).ok).toBe(true);

    // A restart: both instances go, a new one comes and runs its passes again; nothing settles twice.
    await a.close();
    await b.close();
    servers.length = 0;
    const c = await start();
    const opC = new Operator(c);
    await opC.advance(2 * HOUR);
    const after = await rows<{ n: number }>(
      c.deps.db,
      sql`SELECT COUNT(*)::int AS n FROM journal_entries WHERE reason = 'dual_settle'`,
    );
    expect(after[0]?.n).toBe(3);
    expect((await opC.reconciliation()).ok).toBe(true);
  });
});
