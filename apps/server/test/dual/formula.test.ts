import { dec, dualOutcomes } from '@earn/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows, sql } from '../../src/infra/db/client';
import { payoutSql } from '../../src/lines/dual/store-settle';
import { freshDatabase } from '../harness';

/**
 * The SQL twin of the dual outcomes (payoutSql, which fixes an auto-rolled order's outcomes and a
 * withdrawal's refund) equals the TypeScript rule (dualOutcomes, which fixes a subscription's) to the
 * 8th decimal over random amounts, APRs, durations and targets, on the database under test.
 */
describe('dual payout: the SQL twin equals the TypeScript rule', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('for both directions and both outcomes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 10n ** 16n }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 400 * 86_400 }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        async (units, aprBp, seconds, targetUnits) => {
          const amount = dec(units.toString()).div(1e8).toFixed();
          const apr = dec(aprBp).div(100).toFixed();
          const target = dec(targetUnits.toString()).div(1e8).toFixed();
          const [row] = await rows<{ up: string; down: string; plain: string }>(
            database.db,
            sql`SELECT trim_scale(${payoutSql({ amount, apr, seconds: String(seconds), times: target })})::text AS up,
                       trim_scale(${payoutSql({ amount, apr, seconds: String(seconds), per: target })})::text AS down,
                       trim_scale(${payoutSql({ amount, apr, seconds: String(seconds) })})::text AS plain`,
          );
          const sell = dualOutcomes({ direction: 'sell_high', amount, aprPercent: apr, seconds, target });
          const buy = dualOutcomes({ direction: 'buy_low', amount, aprPercent: apr, seconds, target });
          expect(dec(row?.up ?? '').toFixed()).toBe(sell.reached.amount.toFixed());
          expect(dec(row?.down ?? '').toFixed()).toBe(buy.reached.amount.toFixed());
          expect(dec(row?.plain ?? '').toFixed()).toBe(sell.notReached.amount.toFixed());
        },
      ),
      { numRuns: 200 },
    );
  });
});
