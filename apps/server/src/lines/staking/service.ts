import {
  type AccountMode,
  accrualStartAt,
  checkRedeemAmount,
  checkStakeAmount,
  type Decimal,
  dec,
  firstDistributionAt,
  limitLeft,
  maxDec,
  quickRedeemDelaySeconds,
  receiptForRedeem,
  receiptForStake,
  redeemableWithReceipt,
  redeemFee,
  roundDown,
  STAKING_DECIMALS,
  type StakeCap,
  StakingKey,
  standardRedeemDelaySeconds,
  toWire,
  UNLIMITED,
} from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import { debitWithinAllowance, stakeableFromSpot } from '../../accounts/balances';
import { getUser } from '../../accounts/users';
import { type Db, rows } from '../../infra/db/client';
import { stakingLots, stakingPositions, stakingRedemptions, stakingRewards } from '../../infra/db/schema';
import { unixSeconds } from '../../infra/jobs/clock';
import { errors } from '../../kernel/errors';
import { notices } from '../../kernel/notices';
import { systemAccount, UserPurpose, userAccount } from '../../ledger/accounts';
import { balanceOf, type PostingInput, postEntry, transfer } from '../../ledger/ledger';
import { priceUsdt, requireAsset } from '../../market/assets';
import { AcceptanceKind, requireAcceptance } from './acceptance';
import { type LoadedProduct, loadProductByCoin, type ProtocolRow, quickUsedToday, termsOf } from './products';

/** Journal reasons of the staking line. */
export const StakingReason = {
  stake: 'staking_stake',
  redeem: 'staking_redeem',
  rewardAtRedeem: 'staking_reward_at_redeem',
  dailyReward: 'staking_reward',
  arrival: 'staking_redeem_arrival',
} as const;

/**
 * When a redemption arrives: exactly now + the waiting period (redeem_quick_long minutes, or the standard
 * days). The scheduler credits due arrivals on every pass and a test clock stops at each one, so
 * redeem_stamp is the time the coins land in spot.
 */
export function arrivalAt(now: Date, delaySeconds: number): Date {
  return new Date(now.getTime() + delaySeconds * 1000);
}

/** System accounts: rewards are paid out of 'staking_rewards' (an expense), fees land in 'fee_income'. */
export const StakingSystemPurpose = {
  rewards: 'staking_rewards',
  feeIncome: 'fee_income',
  /** Receipt tokens issued (exchange_type 'asset'): minus the tokens users hold against their positions. */
  receiptIssued: 'staking_receipt_issued',
  /** The exchange's desk that turns a redeemed coin into the product's redeem_coin at USDT prices. */
  conversion: 'staking_conversion',
} as const;

const ruleError = (v: { key: string; params: Record<string, string> }, message: string) =>
  errors.rule(v.key, message, v.params);

/** A refusal with the product's coin among its values (a value the rule set itself is kept). */
const withCoin = (v: { key: string; params: Record<string, string> }, coin: string) =>
  v.key === 'common.amountPrecision' ? v : { ...v, params: { coin, ...v.params } };

/**
 * The protocol a request names. A defi product without a pid takes its first protocol (the selector's
 * preselection); a product without protocols refuses any pid but -1.
 */
function protocolFor(loaded: LoadedProduct, pid: number | undefined): ProtocolRow | undefined {
  if (loaded.protocols.length === 0) {
    if (pid !== undefined && pid !== -1 && pid !== 0) throw errors.notFound('defi protocol');
    return undefined;
  }
  if (pid === undefined || pid === -1) return loaded.protocols[0];
  const found = loaded.protocols.find((p) => p.id === pid);
  if (!found) throw errors.notFound('defi protocol');
  return found;
}

async function heldIn(db: Db, userId: number, productId: number, protocolId?: number): Promise<Decimal> {
  const conditions = [eq(stakingPositions.userId, userId), eq(stakingPositions.productId, productId)];
  if (protocolId !== undefined) conditions.push(eq(stakingPositions.protocolId, protocolId));
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${stakingPositions.amount}), 0)::text` })
    .from(stakingPositions)
    .where(and(...conditions));
  return dec(row?.total ?? '0');
}

/** What the user may stake of the coin now: spot less loans, unless the unified account supports staking it. */
export async function stakeAvailable(db: Db, userId: number, coin: string): Promise<Decimal> {
  return (await stakingAllowance(db, userId, coin)).available;
}

/** The available amount and what decides it, kept for the check after the debit. */
async function stakingAllowance(db: Db, userId: number, coin: string) {
  const mode = (await getUser(db, userId)).accountMode as AccountMode;
  const asset = await requireAsset(db, coin);
  const available = await stakeableFromSpot(db, userId, mode, asset.symbol, asset.supportStaking);
  return { mode, asset, available };
}

export interface StakeRequest {
  userId: number;
  coin: string;
  pid?: number;
  amount: string;
  src: number;
  now: Date;
}

export async function stake(tx: Db, req: StakeRequest) {
  const loaded = await loadProductByCoin(tx, req.coin);
  const { product } = loaded;
  if (product.status !== 'online')
    throw errors.rule(StakingKey.productOffline, 'This product is not open for staking');
  await requireAcceptance(
    tx,
    {
      userId: req.userId,
      kind: AcceptanceKind.stakingAgreement,
      ref: product.coin,
      document: product.agreement,
    },
    { key: StakingKey.agreementRequired, message: 'Please read and accept the staking user agreement first' },
  );
  const protocol = protocolFor(loaded, req.pid);
  const terms = termsOf(loaded, protocol);

  // Lock the user's position first: the caps below read what they hold, and two stakes must not both pass.
  await tx
    .insert(stakingPositions)
    .values({
      userId: req.userId,
      productId: product.id,
      protocolId: terms.protocolId,
      coin: product.coin,
      amount: '0',
      updatedAt: req.now,
    })
    .onConflictDoNothing();
  await tx
    .select()
    .from(stakingPositions)
    .where(and(eq(stakingPositions.userId, req.userId), eq(stakingPositions.productId, product.id)))
    .for('update');

  const allowance = await stakingAllowance(tx, req.userId, product.coin);
  const heldProduct = await heldIn(tx, req.userId, product.id);
  const productCap = product.crowd ? product.crowdMortgageLimit : product.personalMortgageLimit;
  const caps: StakeCap[] = [
    {
      key: product.crowd ? StakingKey.crowdLimit : StakingKey.personalLimit,
      left: limitLeft(productCap, heldProduct),
    },
  ];
  if (protocol)
    caps.push({
      key: StakingKey.personalLimit,
      left: limitLeft(terms.personalLimit, await heldIn(tx, req.userId, product.id, protocol.id)),
    });
  // The shared order (precision, minimum, caps, balance): a stake above both a cap and the balance
  // is told the cap.
  const violation = checkStakeAmount({
    amount: req.amount,
    coin: product.coin,
    min: product.minMortgageAmount,
    available: allowance.available,
    precision: product.precision,
    caps,
  });
  // Every amount in a refusal names its coin: the domain's minimum rule carries the number alone.
  if (violation) throw ruleError(withCoin(violation, product.coin), 'Stake amount refused');
  const amount = dec(req.amount);

  const nowSeconds = unixSeconds(req.now);
  const accrual = new Date(accrualStartAt(nowSeconds, terms.rewardDelayDays) * 1000);
  const firstSeconds = firstDistributionAt(nowSeconds, terms.rewardDelayDays);
  const [lot] = await tx
    .insert(stakingLots)
    .values({
      userId: req.userId,
      productId: product.id,
      protocolId: terms.protocolId,
      amount: toWire(amount),
      originalAmount: toWire(amount),
      accrualStart: accrual,
      firstDistributionAt: firstSeconds === null ? null : new Date(firstSeconds * 1000),
      src: req.src,
      createdAt: req.now,
    })
    .returning({ id: stakingLots.id });
  if (!lot) throw new Error('lot not inserted');
  // One entry: the coins into staking and, for a receipt-token product, the tokens minted into spot.
  const receipt = product.exchangeType === 'asset' ? receiptForStake(amount, product.exchangeRate) : dec(0);
  const postings: PostingInput[] = [
    { account: userAccount(req.userId, product.coin, UserPurpose.spot), amount: amount.negated() },
    { account: userAccount(req.userId, product.coin, UserPurpose.staking), amount },
  ];
  if (receipt.gt(0)) {
    postings.push(
      {
        account: systemAccount(product.exchangeCoin, StakingSystemPurpose.receiptIssued),
        amount: receipt.negated(),
      },
      { account: userAccount(req.userId, product.exchangeCoin, UserPurpose.spot), amount: receipt },
    );
  }
  await postEntry(tx, { reason: StakingReason.stake, ref: `lot:${lot.id}`, at: req.now, postings });
  // A parallel stake may have taken spot since `available` was read: never stake borrowed funds.
  const { mode, asset } = allowance;
  if (!(await debitWithinAllowance(tx, req.userId, mode, asset.symbol, asset.supportStaking))) {
    throw ruleError(
      {
        key: StakingKey.stakeAboveAvailable,
        params: { number: toWire(allowance.available), coin: product.coin },
      },
      'Stake amount refused',
    );
  }
  await tx
    .update(stakingPositions)
    .set({
      amount: sql`${stakingPositions.amount} + ${toWire(amount)}::numeric`,
      receiptAmount: sql`${stakingPositions.receiptAmount} + ${toWire(receipt)}::numeric`,
      updatedAt: req.now,
    })
    .where(
      and(
        eq(stakingPositions.userId, req.userId),
        eq(stakingPositions.productId, product.id),
        eq(stakingPositions.protocolId, terms.protocolId),
      ),
    );
  return {
    order_id: lot.id,
    coin: product.coin,
    pid: protocol ? protocol.id : -1,
    amount: toWire(amount),
    interest_start: unixSeconds(accrual),
    first_distribution_time: firstSeconds,
    reward_paid_at_redeem: firstSeconds === null,
    receipt_coin: receipt.gt(0) ? product.exchangeCoin : null,
    receipt_amount: toWire(receipt),
  };
}

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

  const [position] = await tx
    .select()
    .from(stakingPositions)
    .where(
      and(
        eq(stakingPositions.userId, req.userId),
        eq(stakingPositions.productId, product.id),
        eq(stakingPositions.protocolId, terms.protocolId),
      ),
    )
    .for('update');
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

  if (req.quick) {
    if (!product.redeemQuick)
      throw errors.rule(StakingKey.quickUnavailable, 'Quick redeem is not offered for this product');
    if (!dec(product.redeemQuickDaily).eq(UNLIMITED)) {
      const left = dec(product.redeemQuickDaily).minus(await quickUsedToday(tx, product.id, req.now));
      if (amount.gt(left)) {
        throw errors.rule(StakingKey.quickQuotaExceeded, "Above today's quick redeem quota", {
          number: toWire(maxDec(0, left)),
          coin: product.coin,
        });
      }
    }
  }

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
  const [redemption] = await tx
    .insert(stakingRedemptions)
    .values({
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
    })
    .returning({ id: stakingRedemptions.id });
  if (!redemption) throw new Error('redemption not inserted');

  const postings: PostingInput[] = [
    { account: userAccount(req.userId, product.coin, UserPurpose.staking), amount: amount.negated() },
  ];
  if (fee.gt(0))
    postings.push({ account: systemAccount(product.coin, StakingSystemPurpose.feeIncome), amount: fee });
  const purpose = instant ? UserPurpose.spot : UserPurpose.stakingRedeeming;
  if (payout.converted) {
    // The coins go to the conversion desk, which pays the redeem coin at the redeem's USDT prices.
    if (received.gt(0))
      postings.push({
        account: systemAccount(product.coin, StakingSystemPurpose.conversion),
        amount: received,
      });
    if (payout.amount.gt(0)) {
      postings.push(
        {
          account: systemAccount(payout.coin, StakingSystemPurpose.conversion),
          amount: payout.amount.negated(),
        },
        { account: userAccount(req.userId, payout.coin, purpose), amount: payout.amount },
      );
    }
  } else if (received.gt(0)) {
    postings.push({ account: userAccount(req.userId, product.coin, purpose), amount: received });
  }
  if (burn.gt(0)) {
    // The receipt tokens go back from spot and are retired against the issue account.
    postings.push(
      { account: userAccount(req.userId, receiptCoin, UserPurpose.spot), amount: burn.negated() },
      { account: systemAccount(receiptCoin, StakingSystemPurpose.receiptIssued), amount: burn },
    );
  }
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
  await tx
    .update(stakingPositions)
    .set({
      amount: sql`${stakingPositions.amount} - ${toWire(amount)}::numeric`,
      receiptAmount: sql`${stakingPositions.receiptAmount} - ${toWire(burn)}::numeric`,
      accruedReward: '0',
      updatedAt: req.now,
    })
    .where(
      and(
        eq(stakingPositions.userId, req.userId),
        eq(stakingPositions.productId, product.id),
        eq(stakingPositions.protocolId, terms.protocolId),
      ),
    );

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
    await tx
      .update(stakingRewards)
      .set({ paid: true, paidAt: req.now })
      .where(
        and(
          eq(stakingRewards.userId, req.userId),
          eq(stakingRewards.productId, product.id),
          eq(stakingRewards.protocolId, terms.protocolId),
          eq(stakingRewards.paid, false),
        ),
      );
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
