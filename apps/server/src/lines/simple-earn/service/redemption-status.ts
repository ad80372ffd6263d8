import { dec, toWire } from '@earn/domain';
import type { Db } from '../../../infra/db/client';
import { HOUR_MS, hourStart, unix } from '../model';
import { frozenOf } from '../store/flex-positions';
import { requireFlexProduct } from '../store/products';

export interface RedemptionStatus {
  asset: string;
  /** Waiting to be paid at the next hourly settlement. */
  frozen_amount: string;
  /** 1 while a redemption is frozen (it can still be cancelled), else 0. */
  frozen_status: 0 | 1;
  /** Unix seconds of the settlement that pays the frozen amount to spot; 0 when nothing is frozen. */
  settle_at: number;
}

/**
 * What became of the user's flexible redemptions of an asset (redeem-callback): the client calls it
 * after a redeem to learn whether the amount arrived at once or waits, frozen, for the next hourly
 * settlement. It reads and changes nothing.
 */
export async function redemptionStatus(
  db: Db,
  userId: number,
  asset: string,
  now: Date,
): Promise<RedemptionStatus> {
  const product = await requireFlexProduct(db, asset);
  const frozen = dec(await frozenOf(db, userId, product.asset));
  const settlement = new Date(hourStart(now).getTime() + HOUR_MS);
  return {
    asset: product.asset,
    frozen_amount: toWire(frozen),
    frozen_status: frozen.gt(0) ? 1 : 0,
    settle_at: frozen.gt(0) ? unix(settlement) : 0,
  };
}
