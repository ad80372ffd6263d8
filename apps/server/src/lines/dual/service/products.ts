import {
  Code,
  DUAL_QUOTE_COIN,
  type DualDirection,
  DualKey,
  dec,
  dualCoins,
  targetOnItsSide,
  toWire,
} from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { DomainError, errors } from '../../../kernel/errors';
import { priceUsdt, requireAsset } from '../../../market/assets';
import { type PairSettings, type ProductRow, SUBSCRIBE_CUTOFF_SECONDS } from '../model';
import { insertProduct, pairSettingsOf, savePairSettings } from '../store';

export interface ProductInput {
  invest_coin: string;
  exercise_coin: string;
  direction: DualDirection;
  target_price: string;
  settle_time: number;
  min_amount: string;
  max_amount?: string | undefined;
  total_quota: string;
  apr?: string | undefined;
}

/**
 * An operator's new product. The pair is base/USDT: Sell High invests the base coin and may convert to
 * USDT, Buy Low the reverse. The settlement time is a whole UTC hour at least the subscription
 * cut-off away (the settlement job runs hourly, at the hour the product names); the target lies on
 * its direction's side of the market; without a fixed `apr` the pair must have its volatility and
 * margin set, from which every quote is computed.
 */
export async function createProduct(tx: Db, input: ProductInput, now: Date): Promise<ProductRow> {
  const base = input.direction === 'sell_high' ? input.invest_coin : input.exercise_coin;
  const coins = dualCoins(input.direction, base);
  if (
    coins.invest !== input.invest_coin ||
    coins.exercise !== input.exercise_coin ||
    base === DUAL_QUOTE_COIN
  )
    throw errors.invalidParams(
      `${input.direction} invests ${input.direction === 'sell_high' ? 'the base coin and exercises USDT' : 'USDT and exercises the base coin'}`,
    );
  await requireAsset(tx, base);
  const settleMs = input.settle_time * 1000;
  if (input.settle_time % 3600 !== 0 || settleMs <= now.getTime() + SUBSCRIBE_CUTOFF_SECONDS * 1000)
    throw errors.rule(DualKey.settleTime, 'The settlement time is a whole UTC hour more than an hour away', {
      settle_time: input.settle_time,
    });
  const spot = await priceUsdt(tx, base);
  // A target at or across the market would be quoted an in-the-money option's premium as its APR.
  if (!targetOnItsSide(input.direction, spot, input.target_price))
    throw new DomainError(
      Code.DUAL_TARGET_CROSSED,
      DualKey.targetSide,
      input.direction === 'sell_high'
        ? 'A Sell High target lies above the market'
        : 'A Buy Low target lies below the market',
      { price: toWire(spot), target: toWire(input.target_price), direction: input.direction },
    );
  const min = dec(input.min_amount);
  if (dec(input.total_quota).lt(min) || (input.max_amount !== undefined && dec(input.max_amount).lt(min)))
    throw errors.invalidParams('total_quota and max_amount are at least min_amount');
  if (input.apr === undefined && !(await pairSettingsOf(tx, base)))
    throw errors.rule(
      DualKey.noPairSettings,
      `Set the ${base} pair's volatility and margin first, or give an apr`,
      {
        coin: base,
      },
    );
  return insertProduct(
    tx,
    {
      baseCoin: base,
      investCoin: coins.invest,
      exerciseCoin: coins.exercise,
      direction: input.direction,
      targetPrice: input.target_price,
      settleAt: new Date(settleMs),
      minAmount: input.min_amount,
      maxPerUser: input.max_amount ?? null,
      totalQuota: input.total_quota,
      fixedApr: input.apr ?? null,
      createdAt: now,
    },
    now,
  );
}

/** The operator's volatility and margin of a pair (percents), from which its quoted products' APRs follow. */
export async function setPairSettings(tx: Db, s: PairSettings, now: Date): Promise<PairSettings> {
  await requireAsset(tx, s.baseCoin);
  return savePairSettings(tx, s, now);
}
