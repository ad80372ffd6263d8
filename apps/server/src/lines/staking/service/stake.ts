import {
  accrualStartAt,
  checkStakeAmount,
  dec,
  firstDistributionAt,
  limitLeft,
  receiptForStake,
  type StakeCap,
  StakingKey,
  toWire,
} from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import { debitWithinAllowance } from '../../../accounts/balances';
import type { Db } from '../../../infra/db/client';
import { stakingLots, stakingPositions } from '../../../infra/db/schema';
import { unixSeconds } from '../../../infra/jobs/clock';
import { errors } from '../../../kernel/errors';
import { systemAccount, UserPurpose, userAccount } from '../../../ledger/accounts';
import { type PostingInput, postEntry } from '../../../ledger/ledger';
import { StakingReason, StakingSystemPurpose } from '../model';
import { AcceptanceKind, requireAcceptance } from '../store/acceptance';
import { loadProductByCoin } from '../store/products';
import { termsOf } from '../terms';
import { heldIn, protocolFor, ruleError, stakingAllowance, withCoin } from './rules';

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
