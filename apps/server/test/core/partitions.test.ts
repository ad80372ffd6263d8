import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import {
  createAhead,
  detachBefore,
  ensurePartition,
  listPartitions,
  monthStart,
  PARTITIONED_TABLES,
  partitionName,
} from '../../src/ops/partitions/partitions';
import { Operator, startTestServer, type TestServer } from '../harness';

const DAY = 24 * 3600;

/**
 * The hourly and daily histories are partitioned by month: rows land in their month's partition,
 * the daily job keeps two months ready ahead of the clock, rows the default took for a month move
 * into its partition when it is made, and old months detach as tables of their own.
 */
describe('partitioned histories', () => {
  let server: TestServer;
  let op: Operator;
  let now: Date;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    now = new Date((await op.now()) * 1000);
  });
  afterAll(() => server.dispose());

  const interestRow = (at: Date, position: number) =>
    server.deps.db.execute(sql`INSERT INTO se_flex_interest
      (period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset)
      VALUES (${at}, ${position}, 1, 'USDT', 100, 0.05, 0.00057077, 0, NULL)`);
  const whereRows = async () =>
    (
      await rows<{ part: string; n: string }>(
        server.deps.db,
        sql`SELECT tableoid::regclass::text AS part, count(*) AS n FROM se_flex_interest GROUP BY 1 ORDER BY 1`,
      )
    ).map((r) => `${r.part.replace(/"/g, '')}:${r.n}`);

  it('is partitioned, and the daily job makes the next two months of every history', async () => {
    const partitioned = await rows<{ name: string }>(
      server.deps.db,
      sql`SELECT c.relname AS name FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid ORDER BY 1`,
    );
    expect(partitioned.map((r) => r.name)).toEqual(PARTITIONED_TABLES.map((t) => t.table).sort());
    await server.deps.scheduler.runDue();
    const names = (await listPartitions(server.deps.db)).map((p) => p.partition);
    for (const t of PARTITIONED_TABLES) {
      expect(names).toContain(`${t.table}_default`);
      expect(names).toContain(partitionName(t.table, monthStart(now, 1)));
      expect(names).toContain(partitionName(t.table, monthStart(now, 2)));
    }
    // A second run makes nothing new.
    expect(await server.deps.db.transaction((tx) => createAhead(tx as never, now))).toEqual([]);
  });

  it("routes each row to its month's partition; this month's rows stay in the default", async () => {
    await interestRow(new Date(monthStart(now).getTime() + 3600_000), 1);
    await interestRow(new Date(monthStart(now, 1).getTime() + 3600_000), 1);
    await interestRow(new Date(monthStart(now, 2).getTime() + 2 * DAY * 1000), 2);
    expect(await whereRows()).toEqual([
      'se_flex_interest_default:1',
      `${partitionName('se_flex_interest', monthStart(now, 1))}:1`,
      `${partitionName('se_flex_interest', monthStart(now, 2))}:1`,
    ]);
  });

  it('moves rows the default holds for a month into its partition when it is made', async () => {
    const later = monthStart(now, 3);
    await interestRow(new Date(later.getTime() + 3600_000), 3);
    await interestRow(new Date(later.getTime() + 7200_000), 4);
    expect(await whereRows()).toContain('se_flex_interest_default:3');
    const seFlex = PARTITIONED_TABLES[0];
    expect(await server.deps.db.transaction((tx) => ensurePartition(tx as never, seFlex, later))).toBe(true);
    expect(await whereRows()).toEqual([
      'se_flex_interest_default:1',
      `${partitionName('se_flex_interest', monthStart(now, 1))}:1`,
      `${partitionName('se_flex_interest', monthStart(now, 2))}:1`,
      `${partitionName('se_flex_interest', later)}:2`,
    ]);
    const [sum] = await rows<{ total: string }>(
      server.deps.db,
      sql`SELECT sum(interest)::text AS total FROM se_flex_interest`,
    );
    // Five rows of 0.00057077 each: not one lost or doubled by the move.
    expect(sum?.total).toBe('0.002853850000000000');
  });

  it('detaches the months that ended by a date: a table of its own, its totals kept in the history', async () => {
    const first = partitionName('se_flex_interest', monthStart(now, 1));
    await interestRow(new Date(monthStart(now, 1).getTime() + 7200_000), 1);
    const detached = await detachBefore(server.deps.db, monthStart(now, 2));
    expect(detached).toContain(first);
    expect(detached).not.toContain(partitionName('se_flex_interest', monthStart(now, 2)));
    // Staking's months stay: held and paid rewards cannot share one row per key.
    expect(detached.some((p) => p.startsWith('staking_rewards'))).toBe(false);
    const [kept] = await rows<{ n: string }>(
      server.deps.db,
      sql`SELECT count(*) AS n FROM ${sql.raw(`"${first}"`)}`,
    );
    expect(Number(kept?.n)).toBe(2);
    // The month's two hours of position 1 are one row of their total now, in the default partition.
    const month = await rows<{ interest: string; part: string }>(
      server.deps.db,
      sql`SELECT interest::text AS interest, tableoid::regclass::text AS part FROM se_flex_interest
        WHERE period_start = ${monthStart(now, 1)}`,
    );
    expect(month).toEqual([{ interest: '0.001141540000000000', part: 'se_flex_interest_default' }]);
    const [sum] = await rows<{ total: string }>(
      server.deps.db,
      sql`SELECT sum(interest)::text AS total FROM se_flex_interest`,
    );
    expect(sum?.total).toBe('0.003424620000000000');
  });
});
