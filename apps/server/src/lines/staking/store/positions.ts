import { type Decimal, toWire } from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { stakingPositions, stakingRedemptions, stakingRewards } from '../../../infra/db/schema';
import { pendingChanged } from './pending';

// The writes a redemption makes to the line's tables: its position, its record, its held rewards.

/** The user's position in the product through the protocol (0: the product itself), locked. */
export async function lockStakingPosition(tx: Db, userId: number, productId: number, protocolId: number) {
  const [position] = await tx
    .select()
    .from(stakingPositions)
    .where(
      and(
        eq(stakingPositions.userId, userId),
        eq(stakingPositions.productId, productId),
        eq(stakingPositions.protocolId, protocolId),
      ),
    )
    .for('update');
  return position;
}

export async function insertRedemption(
  tx: Db,
  values: typeof stakingRedemptions.$inferInsert,
): Promise<{ id: number }> {
  pendingChanged();
  const [redemption] = await tx
    .insert(stakingRedemptions)
    .values(values)
    .returning({ id: stakingRedemptions.id });
  if (!redemption) throw new Error('redemption not inserted');
  return redemption;
}

/** Takes the amount and the receipt tokens burnt out of the position; its held rewards are paid. */
export async function reducePosition(
  tx: Db,
  userId: number,
  productId: number,
  protocolId: number,
  amount: Decimal,
  burn: Decimal,
  now: Date,
): Promise<void> {
  await tx
    .update(stakingPositions)
    .set({
      amount: sql`${stakingPositions.amount} - ${toWire(amount)}::numeric`,
      receiptAmount: sql`${stakingPositions.receiptAmount} - ${toWire(burn)}::numeric`,
      accruedReward: '0',
      updatedAt: now,
    })
    .where(
      and(
        eq(stakingPositions.userId, userId),
        eq(stakingPositions.productId, productId),
        eq(stakingPositions.protocolId, protocolId),
      ),
    );
}

/** Marks the position's rewards held until redeem as paid. */
export async function markRewardsPaid(
  tx: Db,
  userId: number,
  productId: number,
  protocolId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(stakingRewards)
    .set({ paid: true, paidAt: now })
    .where(
      and(
        eq(stakingRewards.userId, userId),
        eq(stakingRewards.productId, productId),
        eq(stakingRewards.protocolId, protocolId),
        eq(stakingRewards.paid, false),
      ),
    );
}
