import { type DualDirection, dec, targetReached } from '@earn/domain';
import { type Db, rows, sql } from '../../../infra/db/client';
import { runWhole } from '../../../infra/jobs/scheduler';
import { unixSeconds } from '../../../kernel/clock';
import { idleBatch, type Job, type Period, shardedWork } from '../../../kernel/jobs';
import { notices } from '../../../kernel/notices';
import { postBulkEntry } from '../../../ledger/bulk';
import { DualReason } from '../model';
import { isCrossed, quoteInputs, quoteOf } from '../service/quote';
import { cutoffOf } from '../service/subscribe';
import { openProducts, productById } from '../store';
import {
  bookOutcomes,
  closeProduct,
  markDue,
  orderRanges,
  type RollTarget,
  rollInto,
  type SettleFacts,
  settledItems,
  settlementLegs,
} from '../store-settle';

const HOUR_SECONDS = 3600;

/** One shard of an hour's settlement: a range of one product's orders. */
type SettleShard = { product: number; lo: number; hi: number; rows: number };

/**
 * The hour's settlement in shards. The plan reads each due product's fixing price once (locking it,
 * so a cancellation cannot cross it) and marks it settling and its orders SETTLEMENT_PROCESSING, or
 * failed; each shard books a range of one product's orders; the close marks the products settled.
 * Exactly once per product: the (job, hour) claim, the product's status moved in the plan's
 * transaction, the orders' status moved with their booking, and each range's entry keyed by
 * (reason, ref) all hold it, on any number of instances.
 */
export const settlementHour = shardedWork<SettleShard>({
  async plan(tx, period, shardRows) {
    const due = await markDue(tx, period.end);
    const shards: SettleShard[] = [];
    for (const p of due) {
      if (p.status !== 'settling') continue;
      if (p.orders === 0 || p.lo === null || p.hi === null) {
        await closeProduct(tx, p.id, await reachedOf(tx, p.id), period.end);
        continue;
      }
      const size = shardRows > 0 ? shardRows : p.orders;
      if (p.orders <= size) {
        shards.push({ product: p.id, lo: p.lo, hi: p.hi, rows: p.orders });
        continue;
      }
      for (const r of await orderRanges(tx, p.id, size)) shards.push({ product: p.id, ...r, rows: size });
    }
    return shards;
  },
  async book(tx, period, shard) {
    return { orders: await settleRange(tx, shard, period.end) };
  },
  async close(tx, period, shards) {
    for (const id of new Set(shards.map((s) => s.params.product)))
      await closeProduct(tx, id, await reachedOf(tx, id), period.end);
  },
});

async function reachedOf(tx: Db, productId: number): Promise<boolean> {
  const p = await productById(tx, productId);
  if (!p || p.fixingPrice === null) throw new Error(`dual product ${productId} has no fixing price`);
  return targetReached(p.direction, p.fixingPrice, p.targetPrice);
}

/**
 * One range of a settling product: each order's outcome, the auto-rolls, one balanced entry for the
 * range (`settle:<product>:<first id>`) and the users' inbox items. Answers how many orders settled.
 */
async function settleRange(tx: Db, shard: SettleShard, at: Date): Promise<number> {
  const facts: SettleFacts = {
    productId: shard.product,
    reached: await reachedOf(tx, shard.product),
    lo: shard.lo,
    hi: shard.hi,
    at,
  };
  const n = await bookOutcomes(tx, facts);
  if (n === 0) return 0;
  if (!facts.reached) {
    const into = await rollTarget(tx, shard.product, at);
    if (into) await rollInto(tx, facts, into);
  }
  await postBulkEntry(tx, {
    reason: DualReason.settle,
    ref: `settle:${shard.product}:${shard.lo}`,
    at,
    memo: { product: shard.product, reached: facts.reached },
    legs: settlementLegs(facts),
  });
  await notices().notifyMany(tx, 'dual_settled', settledItems(facts), at);
  return n;
}

/**
 * Where an auto-roll goes: the open product of the same pair and direction that settles soonest,
 * still takes subscriptions at `at` and whose target the market has not crossed (ties: the lowest
 * id), at the APR it quotes then; none, or one that quotes nothing: the proceeds go to spot.
 */
async function rollTarget(tx: Db, fromId: number, at: Date): Promise<RollTarget | undefined> {
  const from = await productById(tx, fromId);
  if (!from) return undefined;
  const candidates = await openProducts(tx, {
    base: from.baseCoin,
    direction: from.direction as DualDirection,
    cutoff: cutoffOf(at),
  });
  const [first] = candidates;
  if (!first) return undefined;
  // One pair, one market price: a product whose target it has crossed takes no roll, as no subscription.
  const market = await quoteInputs(tx, first);
  const next = candidates.find((p) => !isCrossed(p, market));
  if (!next) return undefined;
  const locked = await productById(tx, next.id, { forUpdate: true });
  if (locked?.status !== 'open') return undefined;
  const quote = quoteOf(locked, await quoteInputs(tx, locked), unixSeconds(at));
  if (!dec(quote.apr).gt(0)) return undefined;
  return {
    id: locked.id,
    aprPercent: quote.apr,
    minAmount: locked.minAmount,
    maxPerUser: locked.maxPerUser,
    quotaLeft: dec(locked.totalQuota).minus(locked.sold).toFixed(),
    target: locked.targetPrice,
    settleAt: locked.settleAt,
    direction: locked.direction,
    investCoin: locked.investCoin,
  };
}

export function settlementJob(): Job {
  return {
    name: 'dual.settlement',
    periodSeconds: HOUR_SECONDS,
    run: (tx: Db, period: Period) => runWhole(tx, settlementHour, period),
    sharded: settlementHour,
    // The hours before the first settlement due settle nothing: a clock advance records them at once.
    batch: idleBatch(async (db, first, max) => {
      const [found] = await rows<{ at: string | null }>(
        db,
        sql`SELECT (EXTRACT(EPOCH FROM MIN(settle_at)) * 1000)::bigint::text AS at FROM dual_products
          WHERE status IN ('open', 'failed', 'settling')`,
      );
      if (!found?.at) return max;
      return Math.ceil((Number(found.at) - first.start.getTime()) / (HOUR_SECONDS * 1000)) - 1;
    }),
    // Until a product's settlement falls due, its hours settle nothing: another line's batch may run ahead.
    independent: async (db, _from, to) => {
      const [found] = await rows<{ any: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM dual_products WHERE status IN ('open', 'failed', 'settling')
          AND settle_at <= ${to.toISOString()}::timestamptz) AS any`,
      );
      return found?.any === false;
    },
  };
}
