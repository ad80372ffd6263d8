import type { z } from 'zod';
import { findUserByRef } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { requireAsset } from '../../../market/assets';
import type { recordInput } from '../routes/schema';
import { insertRecord } from '../store';

/**
 * An operator's record of an order (no product): the spec's statuses, as the line had them before it
 * moved money. It books nothing; its status and settlement are whatever the operator writes.
 */
export async function createRecord(db: Db, b: z.infer<typeof recordInput>, at: Date): Promise<number> {
  const user = await findUserByRef(db, b.user);
  await requireAsset(db, b.invest_coin);
  await requireAsset(db, b.exercise_coin);
  return insertRecord(
    db,
    {
      userId: user.id,
      kind: b.kind,
      investCoin: b.invest_coin,
      exerciseCoin: b.exercise_coin,
      amount: b.amount,
      targetPrice: b.target_price,
      apr: b.apr,
      status: b.status,
      settleCoin: b.settle_coin ?? null,
      settleAmount: b.settle_amount ?? null,
      expireAt: new Date(b.expire_time * 1000),
    },
    at,
  );
}
