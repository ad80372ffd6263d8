import {
  type AccountMode,
  type Decimal,
  minDec,
  SimpleEarnHistoryMode,
  SimpleEarnHistoryType,
  toWire,
} from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { sql } from '../../../infra/db/client';
import { notices, type Redeemed } from '../../../kernel/notices';
import { systemAccount, UserPurpose, userAccount } from '../../../ledger/accounts';
import type { EntryInput, NamedStatement, PostingInput, transfer } from '../../../ledger/ledger';
import { blendedFor, flexAprTerms } from '../apr';
import { SePurpose, SeReason } from '../model';
import { historyInsert, pendingInsert } from '../store/flex-positions';

/**
 * The holding's APR once `earning` (principal and amounts waiting to start, this subscription
 * included) earns: what a subscription answers, its history record keeps and the holding card shows.
 */
export function holdingApr(terms: Parameters<typeof flexAprTerms>[0], earning: Decimal) {
  return blendedFor(earning, flexAprTerms(terms));
}

export type SubscribeAnswer = { asset: string; amount: string } & ReturnType<typeof holdingApr>;

export interface RedemptionSplit {
  fromInterest: Decimal;
  fromPending: Decimal;
  fromPrincipal: Decimal;
  /** What reaches spot now: the whole amount (a redemption is immediate, simple-earn.md 6). */
  paid: Decimal;
}

/**
 * Where a redemption comes from: interest received, then amounts not yet earning, then principal.
 * All of it is paid at once, as the spec's rules say ("redemption is immediate"). Principal lent out
 * in the hour is not recalled from a borrower first: the exchange pays it now, and the redeemed
 * principal simply earns nothing more (the hour's lending is matched at its close on the principal
 * then held). Nothing is frozen for a later settlement any more; redemptions frozen before this rule
 * are still paid by the hourly settlement, or cancelled.
 */
export function splitRedemption(input: {
  amount: Decimal;
  interestBalance: Decimal;
  pending: Decimal;
}): RedemptionSplit {
  const { amount, interestBalance, pending } = input;
  const fromInterest = minDec(amount, interestBalance);
  const fromPending = minDec(amount.minus(fromInterest), pending);
  const fromPrincipal = amount.minus(fromInterest).minus(fromPending);
  return { fromInterest, fromPending, fromPrincipal, paid: amount };
}

/**
 * What a redemption paid now books: the entry (spot gets `paid`; the pooled interest account and the
 * flexible account give what came from each) and its history record.
 */
export function redemptionBooking(
  userId: number,
  accountMode: AccountMode,
  asset: string,
  split: RedemptionSplit,
  now: Date,
): { entry: EntryInput; statements: NamedStatement[]; redeemed: Redeemed; mode: number } {
  const postings: PostingInput[] = [
    { account: userAccount(userId, asset, UserPurpose.spot), amount: split.paid },
  ];
  if (split.fromInterest.gt(0))
    postings.push({
      account: systemAccount(asset, SePurpose.flexInterest),
      amount: split.fromInterest.negated(),
    });
  const fromAccount = split.fromPending.plus(split.fromPrincipal);
  if (fromAccount.gt(0))
    postings.push({
      account: userAccount(userId, asset, UserPurpose.flexible),
      amount: fromAccount.negated(),
    });
  const mode =
    accountMode === 'classic' ? SimpleEarnHistoryMode.redeemSpot : SimpleEarnHistoryMode.redeemUnified;
  const record = historyInsert({
    userId,
    type: SimpleEarnHistoryType.redeem,
    mode,
    asset,
    amount: split.paid,
    at: now,
  });
  // What arrived is told in the inbox, named by its history record.
  const redeemed: Redeemed = { userId, line: 'flexible', asset, amount: toWire(split.paid), at: now };
  return {
    entry: { reason: SeReason.flexRedeem, at: now, postings },
    statements: [
      { name: 'redeem_record', sql: sql`${record} RETURNING id` },
      {
        name: 'redeem_item',
        sql: notices().redeemedItemStatement('redeem_record', 'flexible:redeem:', redeemed),
      },
    ],
    redeemed,
    mode,
  };
}

/**
 * A subscription's entry (spot to the flexible account) and the rows it pays for: the amount waiting
 * for the next whole hour and the history record.
 */
export function subscriptionBooking(s: {
  userId: number;
  positionId: string;
  asset: string;
  amount: Decimal;
  lendRateYear: string | null;
  /** The holding's APR once this amount earns (simple-earn/apr.ts). */
  blendedApr: string | null;
  mode: number;
  now: Date;
}): { transfer: Parameters<typeof transfer>[1]; rows: SQL[] } {
  return {
    transfer: {
      from: userAccount(s.userId, s.asset, UserPurpose.spot),
      to: userAccount(s.userId, s.asset, UserPurpose.flexible),
      amount: s.amount,
      reason: SeReason.flexSubscribe,
      at: s.now,
    },
    rows: [
      pendingInsert(s.positionId, s.asset, s.amount, s.now),
      historyInsert({
        userId: s.userId,
        type: SimpleEarnHistoryType.subscribe,
        mode: s.mode,
        asset: s.asset,
        amount: s.amount,
        lendRateYear: s.lendRateYear,
        blendedApr: s.blendedApr,
        at: s.now,
      }),
    ],
  };
}
