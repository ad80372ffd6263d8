import {
  type Decimal,
  roundDown,
  SimpleEarnHistoryMode,
  SimpleEarnProductType,
  SimpleEarnRedeemAccount,
  toWire,
} from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { DomainError } from '../../../kernel/errors';
import { subscribeFixed } from '../../simple-earn/service/subscribe-fixed';
import { subscribeFlexible } from '../../simple-earn/service/subscribe-flexible';
import { lockFlexShared, lockPosition } from '../../simple-earn/store/flex-positions';
import { flexProduct, listedFixedProducts, onSale } from '../../simple-earn/store/products';

/**
 * Auto-earn: where staked coins go when they leave the pool (a redemption, or the project's end).
 * Spot, or simple earn through simple earn's own subscribe calls, so its positions, quotas, history
 * (mode 10, launch pool) and sub-ledger stay its own. The coins first land in spot; a subscription
 * simple earn refuses (no product on sale, below its minimum, quota, locked funds) leaves them there.
 */
export type Destination = 'spot' | 'flexible' | 'fixed';

/** The mode a position leaves with: a fixed period always goes to fixed; else status 1 is flexible. */
export function exitMode(
  simpleEarnStatus: number,
  simpleEarnPeriod: number,
): { mode: Destination; period: number } {
  if (simpleEarnPeriod > 0) return { mode: 'fixed', period: simpleEarnPeriod };
  return { mode: simpleEarnStatus === 1 ? 'flexible' : 'spot', period: 0 };
}

/**
 * Takes simple earn's locks before the caller touches any ledger account, in the order simple earn's
 * own calls take them (its advisory lock, then the user's flexible position), so a stake leaving for
 * simple earn and a subscription of the same user cannot deadlock.
 */
export async function lockForAutoEarn(
  tx: Db,
  userId: number,
  coin: string,
  mode: Destination,
  now: Date,
): Promise<void> {
  if (mode !== 'flexible') return;
  const product = await flexProduct(tx, coin);
  if (!product) return;
  await lockFlexShared(tx);
  await lockPosition(tx, userId, product, now);
}

export interface SweepResult {
  destination: Destination;
  /** What went into simple earn (simple earn takes 6 decimals; the rest stays in spot). */
  amount: string;
  /** Why the coins stayed in spot, when simple earn refused them. */
  refused?: string;
}

async function intoFlexible(
  tx: Db,
  userId: number,
  coin: string,
  amount: Decimal,
  now: Date,
): Promise<SweepResult> {
  const done = await subscribeFlexible(
    tx,
    userId,
    { asset: coin, amount: toWire(amount) },
    now,
    SimpleEarnHistoryMode.launchPool,
  );
  return { destination: 'flexible', amount: done.amount };
}

async function intoFixed(
  tx: Db,
  userId: number,
  coin: string,
  amount: Decimal,
  period: number,
  now: Date,
): Promise<SweepResult> {
  const products = await listedFixedProducts(tx, now, coin);
  const product = products.find(
    (p) => p.lockUpPeriod === period && p.type === SimpleEarnProductType.normal && onSale(p, now),
  );
  if (!product)
    throw new DomainError(
      42200,
      'simple_earn.notOnSale',
      `No ${period}-day fixed ${coin} product is on sale`,
    );
  const order = await subscribeFixed(
    tx,
    userId,
    {
      product_id: product.id,
      amount: toWire(amount),
      reinvest_status: 0,
      redeem_account_type: SimpleEarnRedeemAccount.spot,
    },
    now,
  );
  return { destination: 'fixed', amount: toWire(order.principal) };
}

/**
 * Moves coins the user now has in spot into simple earn as the mode says, in a savepoint: when simple
 * earn refuses, nothing of the attempt remains and the coins stay in spot.
 */
export async function sweepToSimpleEarn(
  tx: Db,
  opts: { userId: number; coin: string; amount: Decimal.Value; mode: Destination; period: number; now: Date },
): Promise<SweepResult> {
  if (opts.mode === 'spot') return { destination: 'spot', amount: '0' };
  const amount = roundDown(opts.amount, 6);
  if (amount.lte(0)) return { destination: 'spot', amount: '0', refused: 'below the simple-earn precision' };
  try {
    return await tx.transaction(async (sp) =>
      opts.mode === 'fixed'
        ? intoFixed(sp, opts.userId, opts.coin, amount, opts.period, opts.now)
        : intoFlexible(sp, opts.userId, opts.coin, amount, opts.now),
    );
  } catch (error) {
    if (error instanceof DomainError) return { destination: 'spot', amount: '0', refused: error.message };
    throw error;
  }
}
