import {
  checkRedeemAmount,
  type Decimal,
  dec,
  maxDec,
  quickRedeemDelaySeconds,
  receiptForRedeem,
  redeemableWithReceipt,
  redeemFee,
  roundDown,
  STAKING_DECIMALS,
  StakingKey,
  standardRedeemDelaySeconds,
  toWire,
  UNLIMITED,
} from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import { getUser } from '../../../accounts/users';
import { type Db, rows } from '../../../infra/db/client';
import { stakingPositions } from '../../../infra/db/schema';
import { unixSeconds } from '../../../infra/jobs/clock';
import { errors } from '../../../kernel/errors';
import { notices } from '../../../kernel/notices';
import { systemAccount, UserPurpose, userAccount } from '../../../ledger/accounts';
import { balanceOf, type PostingInput, postEntry, transfer } from '../../../ledger/ledger';
import { priceUsdt } from '../../../market/assets';
import {
  arrivalAt,
  type LoadedProduct,
  type ProductRow,
  type ProtocolRow,
  StakingReason,
  StakingSystemPurpose,
} from '../model';
import { insertRedemption, lockStakingPosition, markRewardsPaid, reducePosition } from '../store/positions';
import { loadProductByCoin, quickUsedToday } from '../store/products';
import { termsOf } from '../terms';
import { protocolFor, ruleError, withCoin } from './rules';

export interface RedeemRequest {
  userId: number;
  coin: string;
  pid?: number;
  amount: string;
  quick: boolean;
  now: Date;
}

/** Percent off the fees for the user's VIP tier, from the first vip_config row that matches. */
function vipSaleFor(loaded: LoadedProduct, tier: number): string {
  const row = loaded.product.vipConfig.find((v) => v.min_tier <= tier && tier <= v.max_tier);
  return row?.vip_sale ?? '0';
}

export async function redeem(tx: Db, req: RedeemRequest) {
  // The product row is locked when quick: the day's quota is shared by every user of the product.
  const loaded = await loadProductByCoin(tx, req.coin, { forUpdate: req.quick });
  const { product } = loaded;
  if (
    !product.redeemControl
      .split(',')
      .map((s) => s.trim())
      .includes('redeem')
  ) {
    throw errors.rule(StakingKey.redeemClosed, 'Redemption is closed for this product');
  }
  const protocol = await redeemProtocol(tx, loaded, req);
  const terms = termsOf(loaded, protocol);

  const position = await lockStakingPosition(tx, req.userId, product.id, terms.protocolId);
  const held = dec(position?.amount ?? '0');
  // A receipt-token product redeems only what the receipt tokens in spot cover.
  const receiptOutstanding = dec(position?.receiptAmount ?? '0');
  const receiptCoin = product.exchangeCoin;
  const tokens = receiptOutstanding.gt(0)
    ? await balanceOf(tx, userAccount(req.userId, receiptCoin, UserPurpose.spot))
    : dec(0);
  const redeemable = minDecOf(held, redeemableWithReceipt(held, receiptOutstanding, tokens));
  const violation = checkRedeemAmount({
    amount: req.amount,
    coin: product.coin,
    min: product.minRedeemAmount,
    redeemable,
    precision: product.precision,
  });
  if (violation) throw ruleError(withCoin(violation, product.coin), 'Redeem amount refused');
  const amount = dec(req.amount);
  const burn = receiptForRedeem(amount, held, receiptOutstanding);

  if (req.quick) await checkQuickRedeem(tx, product, amount, req.now);

  const user = await getUser(tx, req.userId);
  const feeRate = req.quick ? product.redeemQuickFee : product.redeemFee;
  const fee = redeemFee(amount, feeRate, vipSaleFor(loaded, user.vipTier));
  const received = amount.minus(fee);
  const delaySeconds = req.quick
    ? quickRedeemDelaySeconds(product.redeemQuickLongMinutes)
    : standardRedeemDelaySeconds(terms.incomeDays, product.redeemMaxDay);
  const instant = delaySeconds === 0;
  const arriveAt = instant ? req.now : arrivalAt(req.now, delaySeconds);
  const payout = await payoutOf(tx, product.coin, product.redeemCoin, received);

  const accrued = dec(position?.accruedReward ?? '0');
  const redemption = await insertRedemption(tx, {
    userId: req.userId,
    productId: product.id,
    protocolId: terms.protocolId,
    coin: product.coin,
    amount: toWire(amount),
    fee: toWire(fee),
    received: toWire(received),
    payoutCoin: payout.converted ? payout.coin : null,
    payoutAmount: payout.converted ? toWire(payout.amount) : null,
    receiptCoin: burn.gt(0) ? receiptCoin : null,
    receiptBurned: toWire(burn),
    quick: req.quick,
    rewardCoin: terms.rewardCoin,
    rewardPaid: toWire(accrued),
    createdAt: req.now,
    arriveAt,
    arrivedAt: instant ? req.now : null,
    settledBy: instant ? 'instant' : null,
    status: instant ? 'arrived' : 'pending',
  });

  const postings = redemptionPostings({
    userId: req.userId,
    coin: product.coin,
    amount,
    fee,
    received,
    payout,
    burn,
    receiptCoin,
    instant,
  });
  await postEntry(tx, {
    reason: StakingReason.redeem,
    ref: `redeem:${redemption.id}`,
    at: req.now,
    postings,
  });

  // Paid at once: told now, under the cause the arrival job would use for a waiting one.
  if (instant && (payout.converted ? payout.amount : received).gt(0))
    await notices().notifyRedeemed(tx, `staking:${redemption.id}`, {
      userId: req.userId,
      line: 'staking',
      asset: payout.converted ? payout.coin : product.coin,
      amount: toWire(payout.converted ? payout.amount : received),
      at: req.now,
    });

  await takeFromLots(tx, req.userId, product.id, terms.protocolId, amount);
  await reducePosition(tx, req.userId, product.id, terms.protocolId, amount, burn, req.now);

  if (accrued.gt(0)) {
    // Rewards held until redeem (reward delay -1 or 0) are paid in full with any redemption.
    await transfer(tx, {
      from: systemAccount(terms.rewardCoin, StakingSystemPurpose.rewards),
      to: userAccount(req.userId, terms.rewardCoin, UserPurpose.spot),
      amount: accrued,
      reason: StakingReason.rewardAtRedeem,
      ref: `redeem:${redemption.id}`,
      at: req.now,
    });
    await markRewardsPaid(tx, req.userId, product.id, terms.protocolId, req.now);
  }

  return {
    order_id: redemption.id,
    coin: product.coin,
    pid: protocol ? protocol.id : -1,
    amount: toWire(amount),
    fee: toWire(fee),
    received: toWire(received),
    quick: req.quick ? 1 : 0,
    redeem_stamp: unixSeconds(arriveAt),
    reward_paid: toWire(accrued),
    reward_coin: terms.rewardCoin,
    payout_coin: payout.coin,
    payout_amount: toWire(payout.amount),
    receipt_coin: burn.gt(0) ? receiptCoin : null,
    receipt_burned: toWire(burn),
  };
}

const minDecOf = (a: Decimal, b: Decimal) => (a.lt(b) ? a : b);

/**
 * What a redemption pays out. A product whose redeem_coin is its own coin pays `received` of it. Another
 * redeem_coin (a credit-debt product's, USDC by default) is paid instead: received × price(coin) /
 * price(redeem_coin) at the USDT prices of the redeem, 8 decimals down.
 */
async function payoutOf(
  tx: Db,
  coin: string,
  redeemCoin: string,
  received: Decimal,
): Promise<{ coin: string; amount: Decimal; converted: boolean }> {
  if (!redeemCoin || redeemCoin === coin) return { coin, amount: received, converted: false };
  const from = await priceUsdt(tx, coin);
  const to = await priceUsdt(tx, redeemCoin);
  if (!from.gt(0) || !to.gt(0)) {
    throw errors.rule(StakingKey.payoutPriceMissing, `No price to pay ${coin} out in ${redeemCoin}`, {
      coin,
      redeem_coin: redeemCoin,
    });
  }
  return {
    coin: redeemCoin,
    amount: roundDown(received.times(from).div(to), STAKING_DECIMALS),
    converted: true,
  };
}

/**
 * On redeem only protocols the user holds are offered; one held protocol is chosen by itself
 * (section 4). Without a pid and with several held, the request is ambiguous.
 */
async function redeemProtocol(
  tx: Db,
  loaded: LoadedProduct,
  req: RedeemRequest,
): Promise<ProtocolRow | undefined> {
  if (loaded.protocols.length === 0 || (req.pid !== undefined && req.pid !== -1))
    return protocolFor(loaded, req.pid);
  const held = await tx
    .select({ protocolId: stakingPositions.protocolId })
    .from(stakingPositions)
    .where(
      and(
        eq(stakingPositions.userId, req.userId),
        eq(stakingPositions.productId, loaded.product.id),
        sql`${stakingPositions.amount} > 0`,
      ),
    );
  if (held.length === 1) return loaded.protocols.find((p) => p.id === held[0]?.protocolId);
  if (held.length === 0) return loaded.protocols[0];
  throw errors.invalidParams('pid is required: you hold several defi protocols of this coin');
}

/** Takes `amount` from the position's lots, newest first, so the oldest (earning) coins stay longest. */
async function takeFromLots(
  tx: Db,
  userId: number,
  productId: number,
  protocolId: number,
  amount: Decimal,
): Promise<void> {
  const x = toWire(amount);
  const updated = await rows<{ taken: string }>(
    tx,
    sql`WITH ordered AS (
          SELECT id, amount, SUM(amount) OVER (ORDER BY created_at DESC, id DESC) AS cum
          FROM staking_lots
          WHERE user_id = ${userId} AND product_id = ${productId} AND protocol_id = ${protocolId} AND amount > 0
        ), take AS (
          SELECT id, LEAST(amount, GREATEST(0, ${x}::numeric - (cum - amount))) AS taken FROM ordered
        )
        UPDATE staking_lots l SET amount = l.amount - t.taken
        FROM take t WHERE l.id = t.id AND t.taken > 0
        RETURNING t.taken::text AS taken`,
  );
  const total = updated.reduce((s, r) => s.plus(r.taken), dec(0));
  if (!total.eq(amount)) throw new Error(`lots hold ${total}, redeem needs ${x}`);
}

/** A quick redemption: offered by the product, and within today's quick quota. */
async function checkQuickRedeem(tx: Db, product: ProductRow, amount: Decimal, now: Date): Promise<void> {
  if (!product.redeemQuick)
    throw errors.rule(StakingKey.quickUnavailable, 'Quick redeem is not offered for this product');
  if (!dec(product.redeemQuickDaily).eq(UNLIMITED)) {
    const left = dec(product.redeemQuickDaily).minus(await quickUsedToday(tx, product.id, now));
    if (amount.gt(left)) {
      throw errors.rule(StakingKey.quickQuotaExceeded, "Above today's quick redeem quota", {
        number: toWire(maxDec(0, left)),
        coin: product.coin,
      });
    }
  }
}

/**
 * The redemption's entry: the staking account gives the amount; the fee goes to fee income; the rest
 * reaches spot (or waits in staking_redeeming), through the conversion desk when paid in another
 * coin; receipt tokens go back from spot against their issue account.
 */
function redemptionPostings(p: {
  userId: number;
  coin: string;
  amount: Decimal;
  fee: Decimal;
  received: Decimal;
  payout: { converted: boolean; coin: string; amount: Decimal };
  burn: Decimal;
  receiptCoin: string;
  instant: boolean;
}): PostingInput[] {
  const postings: PostingInput[] = [
    { account: userAccount(p.userId, p.coin, UserPurpose.staking), amount: p.amount.negated() },
  ];
  if (p.fee.gt(0))
    postings.push({ account: systemAccount(p.coin, StakingSystemPurpose.feeIncome), amount: p.fee });
  const purpose = p.instant ? UserPurpose.spot : UserPurpose.stakingRedeeming;
  if (p.payout.converted) {
    // The coins go to the conversion desk, which pays the redeem coin at the redeem's USDT prices.
    if (p.received.gt(0))
      postings.push({
        account: systemAccount(p.coin, StakingSystemPurpose.conversion),
        amount: p.received,
      });
    if (p.payout.amount.gt(0)) {
      postings.push(
        {
          account: systemAccount(p.payout.coin, StakingSystemPurpose.conversion),
          amount: p.payout.amount.negated(),
        },
        { account: userAccount(p.userId, p.payout.coin, purpose), amount: p.payout.amount },
      );
    }
  } else if (p.received.gt(0)) {
    postings.push({ account: userAccount(p.userId, p.coin, purpose), amount: p.received });
  }
  if (p.burn.gt(0)) {
    // The receipt tokens go back from spot and are retired against the issue account.
    postings.push(
      { account: userAccount(p.userId, p.receiptCoin, UserPurpose.spot), amount: p.burn.negated() },
      { account: systemAccount(p.receiptCoin, StakingSystemPurpose.receiptIssued), amount: p.burn },
    );
  }
  return postings;
}
