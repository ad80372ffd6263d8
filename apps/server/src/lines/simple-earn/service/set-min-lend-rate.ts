import { checkMinLendRate, roundRateYear } from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { lockFlexShared, lockPosition, setOffer } from '../store/flex-positions';
import { requireFlexProduct } from '../store/products';
import { ruleError } from './rules';

/** Sets the minimum lend APR (a fraction, 4 decimals rounded up); the offer queues again from now. */
export async function setMinLendRate(
  tx: Db,
  userId: number,
  body: { asset: string; rateYear: string },
  now: Date,
): Promise<{ asset: string; rateYear: string }> {
  await lockFlexShared(tx);
  const product = await requireFlexProduct(tx, body.asset);
  const rate = roundRateYear(body.rateYear);
  const failure = checkMinLendRate(rate, product.maxLendRateYear, product.limitMinLendRateYear);
  if (failure) throw ruleError(failure, 'Minimum APR out of bounds');
  const position = await lockPosition(tx, userId, product, now);
  await setOffer(tx, position.id, rate.toFixed(), now);
  return { asset: product.asset, rateYear: rate.toFixed() };
}
