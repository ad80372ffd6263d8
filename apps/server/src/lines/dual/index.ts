import { DUAL_ORDER_STATUSES, dec, roundDown, toWire } from '@earn/domain';
import { sql } from '../../infra/db/client';
import type { Db } from '../../kernel/db';
import type { EarnModule } from '../../kernel/module';
import { registerSubledgerCheck, totalsCheck } from '../../ledger/reconcile';
import { priceUsdt } from '../../market/assets';
import { settlementJob } from './engine/settle';
import { DUAL_PURPOSE } from './model';
import { dualReads, listProducts } from './reads';
import { registerAdminRoutes } from './routes/admin';
import { recordInput } from './routes/schema';
import { registerUserRoutes } from './routes/user';
import { createProduct, setPairSettings } from './service/products';
import { createRecord } from './service/records';

/**
 * The users' 'dual' accounts are the sub-ledger of the orders not yet paid out: every subscribed
 * order holds its amount there from its booking until its settlement or cancellation.
 */
function registerChecks(): void {
  registerSubledgerCheck(
    totalsCheck('dual.orders', {
      expected: sql`SELECT invest_coin AS asset, SUM(amount) AS total FROM dual_orders
        WHERE product_id IS NOT NULL AND status IN ('PROCESSING', 'SETTLEMENT_PROCESSING', 'SETTLEMENT_FAILED')
        GROUP BY invest_coin`,
      actual: sql`SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE is_user AND purpose = ${DUAL_PURPOSE} GROUP BY asset`,
    }),
  );
}

/** The next 08:00 UTC after `at`: the demo's settlement times are days after it, as the exchanges' are. */
function next0800(at: Date): number {
  const day = Math.floor(at.getTime() / 86_400_000) * 86_400;
  const eight = day + 8 * 3600;
  return eight * 1000 > at.getTime() + 3_600_000 ? eight : eight + 86_400;
}

/**
 * The demo: BTC and ETH pairs with a volatility and margin, and quoted products in both directions at
 * three targets each side of the market, settling in 1, 3 and 7 days; one fixed-APR product each.
 * Also one record per status of the spec's list (dual and sniper), as before.
 */
async function seedDemo(db: Db, at: Date, demoUserId: number): Promise<void> {
  const first = next0800(at);
  for (const [base, vol] of [
    ['BTC', '55'],
    ['ETH', '70'],
  ] as const) {
    await setPairSettings(db, { baseCoin: base, volatility: vol, margin: '3' }, at);
    const spot = await priceUsdt(db, base);
    const step = base === 'BTC' ? dec(1000) : dec(50);
    for (const days of [0, 2, 6]) {
      for (const k of [1, 2, 3]) {
        const up = roundDown(spot.div(step), 0).plus(k).times(step);
        const down = roundDown(spot.div(step), 0)
          .minus(k - 1)
          .times(step);
        for (const [direction, target] of [
          ['sell_high', up],
          ['buy_low', down.eq(spot) ? down.minus(step) : down],
        ] as const) {
          await createProduct(
            db,
            {
              direction,
              invest_coin: direction === 'sell_high' ? base : 'USDT',
              exercise_coin: direction === 'sell_high' ? 'USDT' : base,
              target_price: toWire(target),
              settle_time: first + days * 86_400,
              min_amount: direction === 'sell_high' ? (base === 'BTC' ? '0.001' : '0.01') : '50',
              max_amount: direction === 'sell_high' ? (base === 'BTC' ? '5' : '100') : '200000',
              total_quota: direction === 'sell_high' ? (base === 'BTC' ? '50' : '1000') : '2000000',
              apr: days === 6 && k === 1 ? (direction === 'sell_high' ? '18' : '24') : undefined,
            },
            at,
          );
        }
      }
    }
  }
  await seedRecords(db, at, demoUserId);
}

/** One demo record per status, dual and sniper, so the status list shows every case. */
async function seedRecords(db: Db, at: Date, demoUserId: number): Promise<void> {
  const sec = Math.floor(at.getTime() / 1000);
  let i = 0;
  for (const status of DUAL_ORDER_STATUSES) {
    i++;
    const settled = status === 'SETTLEMENT_SUCCESS';
    await createRecord(
      db,
      recordInput.parse({
        user: demoUserId,
        kind: i % 3 === 0 ? 'sniper' : 'dual',
        invest_coin: i % 2 === 0 ? 'USDT' : 'BTC',
        exercise_coin: i % 2 === 0 ? 'BTC' : 'USDT',
        amount: i % 2 === 0 ? String(500 + i * 100) : '0.01',
        target_price: '95000',
        apr: String(20 + i * 3),
        status,
        expire_time: sec + (i - 5) * 86_400,
        settle_coin: settled ? 'USDT' : undefined,
        settle_amount: settled ? '1004.52' : undefined,
      }),
      new Date(at.getTime() - (11 - i) * 3_600_000),
    );
  }
}

export const dualModule: EarnModule = {
  name: 'dual',
  reads: dualReads,
  routes(app, deps) {
    registerChecks();
    registerUserRoutes(app, deps);
    registerAdminRoutes(app, deps);
  },
  jobs: () => [settlementJob()],
  seedDemo,
  /** The best APR quoted now among the products open for subscription (the home page's dual card). */
  async bestOffer(db, now) {
    const open = await listProducts(db, {}, now);
    const best = open.reduce<(typeof open)[number] | undefined>(
      (m, p) => (!m || dec(p.apr).gt(m.apr) ? p : m),
      undefined,
    );
    // The page shows one pair and direction at a time: the card opens the ones of this product.
    return {
      line: 'dual',
      asset: best?.invest_coin ?? null,
      apr: best ? toWire(best.apr) : null,
      query: best ? { coin: best.base_coin, direction: best.direction } : null,
    };
  },
};
