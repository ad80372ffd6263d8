import { dec, redeemableWithReceipt, toWire } from '@earn/domain';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../infra/db/client';
import {
  stakingPositions,
  stakingProtocols,
  stakingRatePoints,
  stakingRedemptions,
  stakingRewards,
} from '../../../infra/db/schema';
import { unixSeconds } from '../../../infra/jobs/clock';
import { UserPurpose, userAccount } from '../../../ledger/accounts';
import { balanceOf } from '../../../ledger/ledger';
import type { LoadedProduct } from '../model';

const secs = (d: Date | null) => (d ? unixSeconds(d) : null);

export interface PageArgs {
  page: number;
  limit: number;
}

/** The user's positions in a product, one per protocol (pid -1 for a product without protocols). */
export async function userBalances(db: Db, userId: number, loaded: LoadedProduct) {
  const found = await db
    .select()
    .from(stakingPositions)
    .where(and(eq(stakingPositions.userId, userId), eq(stakingPositions.productId, loaded.product.id)));
  const byProtocol = new Map(found.map((p) => [p.protocolId, p]));
  // A receipt-token product redeems what the tokens in spot cover (redeemable_amount).
  const receiptCoin = loaded.product.exchangeType === 'asset' ? loaded.product.exchangeCoin : '';
  const tokens = receiptCoin
    ? await balanceOf(db, userAccount(userId, receiptCoin, UserPurpose.spot))
    : dec(0);
  const slots =
    loaded.protocols.length > 0
      ? loaded.protocols.map((p) => ({ id: p.id, name: p.protocolName }))
      : [{ id: 0, name: '' }];
  return slots.map((slot) => {
    const pos = byProtocol.get(slot.id);
    return {
      coin: loaded.product.coin,
      pid: slot.id === 0 ? -1 : slot.id,
      protocol_name: slot.name,
      mortgage_amount: toWire(pos?.amount ?? '0'),
      redeemable_amount: toWire(redeemableWithReceipt(pos?.amount ?? '0', pos?.receiptAmount ?? '0', tokens)),
      receipt_coin: receiptCoin,
      receipt_amount: toWire(pos?.receiptAmount ?? '0'),
      accrued_reward: toWire(pos?.accruedReward ?? '0'),
      reward_coin:
        slot.id === 0
          ? loaded.product.rewardCoin
          : (loaded.protocols.find((p) => p.id === slot.id)?.rewardCoin ?? ''),
    };
  });
}

/** Rewards summed per coin, optionally from a time on (by distribution time). */
export async function rewardTotals(
  db: Db,
  userId: number,
  productId: number,
  protocolId: number | undefined,
  since?: Date,
) {
  const conditions = [eq(stakingRewards.userId, userId), eq(stakingRewards.productId, productId)];
  if (protocolId !== undefined) conditions.push(eq(stakingRewards.protocolId, protocolId));
  if (since) conditions.push(gte(stakingRewards.createdAt, since));
  const found = await db
    .select({ coin: stakingRewards.coin, amount: sql<string>`SUM(${stakingRewards.amount})::text` })
    .from(stakingRewards)
    .where(and(...conditions))
    .groupBy(stakingRewards.coin)
    .orderBy(stakingRewards.coin);
  return found.filter((r) => dec(r.amount).gt(0)).map((r) => ({ coin: r.coin, amount: toWire(r.amount) }));
}

export async function productTotalStaked(
  db: Db,
  productId: number,
  protocolId: number | undefined,
): Promise<string> {
  const conditions = [eq(stakingPositions.productId, productId)];
  if (protocolId !== undefined) conditions.push(eq(stakingPositions.protocolId, protocolId));
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${stakingPositions.amount}), 0)::text` })
    .from(stakingPositions)
    .where(and(...conditions));
  return toWire(row?.total ?? '0');
}

export async function redeemingAmount(db: Db, userId: number, productId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${stakingRedemptions.received}), 0)::text` })
    .from(stakingRedemptions)
    .where(
      and(
        eq(stakingRedemptions.userId, userId),
        eq(stakingRedemptions.productId, productId),
        eq(stakingRedemptions.status, 'pending'),
      ),
    );
  return toWire(row?.total ?? '0');
}

/** Reward records up to `to` (unix seconds), newest first; days that rounded to zero are left out. */
export async function profitRecords(
  db: Db,
  userId: number,
  loaded: LoadedProduct,
  to: Date | undefined,
  page: PageArgs,
) {
  const conditions = [
    eq(stakingRewards.userId, userId),
    eq(stakingRewards.productId, loaded.product.id),
    sql`${stakingRewards.amount} > 0`,
  ];
  if (to) conditions.push(lte(stakingRewards.createdAt, to));
  const where = and(...conditions);
  const [count] = await db.select({ n: sql<string>`COUNT(*)::text` }).from(stakingRewards).where(where);
  const list = await db
    .select()
    .from(stakingRewards)
    .where(where)
    .orderBy(desc(stakingRewards.createdAt), desc(stakingRewards.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const names = new Map(loaded.protocols.map((p) => [p.id, p.protocolName]));
  return {
    list: list.map((r) => ({
      id: r.id,
      time: unixSeconds(r.createdAt),
      day: unixSeconds(r.day),
      coin: loaded.product.coin,
      pid: r.protocolId === 0 ? -1 : r.protocolId,
      protocol_name: names.get(r.protocolId) ?? '',
      reward_coin: r.coin,
      amount: toWire(r.amount),
      mortgage_amount: toWire(r.eligible),
      type: r.source === 'base' ? 'interest' : 'bonus',
      status: r.paid ? 'paid' : 'accrued',
      paid_time: secs(r.paidAt),
    })),
    total: Number(count?.n ?? 0),
  };
}

export async function redeemRecords(db: Db, userId: number, productId: number | undefined, page: PageArgs) {
  const conditions = [eq(stakingRedemptions.userId, userId)];
  if (productId !== undefined) conditions.push(eq(stakingRedemptions.productId, productId));
  const where = and(...conditions);
  const [count] = await db.select({ n: sql<string>`COUNT(*)::text` }).from(stakingRedemptions).where(where);
  const list = await db
    .select()
    .from(stakingRedemptions)
    .where(where)
    .orderBy(desc(stakingRedemptions.createdAt), desc(stakingRedemptions.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return {
    list: list.map((r) => ({
      id: r.id,
      coin: r.coin,
      pid: r.protocolId === 0 ? -1 : r.protocolId,
      amount: toWire(r.amount),
      fee: toWire(r.fee),
      received: toWire(r.received),
      payout_coin: r.payoutCoin ?? r.coin,
      payout_amount: toWire(r.payoutAmount ?? r.received),
      receipt_coin: r.receiptCoin ?? '',
      receipt_burned: toWire(r.receiptBurned),
      quick: r.quick ? 1 : 0,
      reward_coin: r.rewardCoin,
      reward_paid: toWire(r.rewardPaid),
      create_time: unixSeconds(r.createdAt),
      redeem_stamp: unixSeconds(r.arriveAt),
      arrived_time: secs(r.arrivedAt),
      status: r.status,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Every coin the user has staked or waiting to arrive. */
export async function lockBalances(db: Db, userId: number) {
  const list = await rows<{
    coin: string;
    product_id: number;
    protocol_id: number;
    protocol_name: string | null;
    mortgage_amount: string;
    accrued_reward: string;
    reward_coin: string;
    receipt_coin: string;
    receipt_amount: string;
  }>(
    db,
    sql`SELECT p.coin, p.product_id, p.protocol_id, pr.protocol_name, p.amount::text AS mortgage_amount,
               p.accrued_reward::text AS accrued_reward, COALESCE(pr.reward_coin, sp.reward_coin) AS reward_coin,
               CASE WHEN p.receipt_amount > 0 THEN sp.exchange_coin ELSE '' END AS receipt_coin,
               p.receipt_amount::text AS receipt_amount
        FROM staking_positions p
        JOIN staking_products sp ON sp.id = p.product_id
        LEFT JOIN staking_protocols pr ON pr.id = p.protocol_id
        WHERE p.user_id = ${userId} AND (p.amount > 0 OR p.accrued_reward > 0)
        ORDER BY p.coin, p.protocol_id`,
  );
  const redeeming = await rows<{ coin: string; amount: string }>(
    db,
    sql`SELECT COALESCE(payout_coin, coin) AS coin, SUM(COALESCE(payout_amount, received))::text AS amount
        FROM staking_redemptions
        WHERE user_id = ${userId} AND status = 'pending' GROUP BY 1 ORDER BY 1`,
  );
  return {
    list: list.map((r) => ({
      coin: r.coin,
      pid: r.protocol_id === 0 ? -1 : r.protocol_id,
      protocol_name: r.protocol_name ?? '',
      mortgage_amount: toWire(r.mortgage_amount),
      accrued_reward: toWire(r.accrued_reward),
      reward_coin: r.reward_coin,
      receipt_coin: r.receipt_coin ?? '',
      receipt_amount: toWire(r.receipt_amount),
    })),
    redeeming: redeeming.map((r) => ({ coin: r.coin, amount: toWire(r.amount) })),
    total: list.length,
  };
}

function pointView(p: typeof stakingRatePoints.$inferSelect) {
  return {
    time: unixSeconds(p.day),
    rate: toWire(p.rate),
    base_rate: toWire(p.baseRate),
    extra_rate: toWire(p.extraRate),
    extra_coin: p.extraCoin,
    coins: [p.rewardCoin, ...p.extraCoin.split(',').filter((c) => c && c !== p.rewardCoin)].join(','),
    reward_coin: p.rewardCoin,
  };
}

/** Daily APR points, newest first. */
export async function coinLines(db: Db, productId: number, protocolId: number, page: PageArgs) {
  const where = and(eq(stakingRatePoints.productId, productId), eq(stakingRatePoints.protocolId, protocolId));
  const [count] = await db.select({ n: sql<string>`COUNT(*)::text` }).from(stakingRatePoints).where(where);
  const list = await db
    .select()
    .from(stakingRatePoints)
    .where(where)
    .orderBy(desc(stakingRatePoints.day))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { list: list.map(pointView), total: Number(count?.n ?? 0) };
}

/** Each protocol's daily APR points, newest first. */
export async function defiLines(db: Db, productId: number, page: PageArgs) {
  const protocols = await db.select().from(stakingProtocols).where(eq(stakingProtocols.productId, productId));
  const out = [];
  for (const p of protocols) {
    const lines = await coinLines(db, productId, p.id, page);
    out.push({ pid: p.id, protocol_name: p.protocolName, list: lines.list, total: lines.total });
  }
  return { list: out, total: out.length };
}
