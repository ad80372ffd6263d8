import {
  type AccountMode,
  Code,
  checkFlexibleRedeem,
  checkSubscribe,
  type Decimal,
  dec,
  roundSubscribeAmount,
  SimpleEarnKey,
  toWire,
} from '@earn/domain';
import type { SQL } from 'drizzle-orm';
import { FUNDS_LOCKED_MESSAGE } from '../../../accounts/settings';
import type { Redeemed } from '../../../kernel/notices';
import type { EntryInput, NamedStatement, transfer } from '../../../ledger/ledger';
import type { FlexTerms } from '../store/flex-positions';
import {
  holdingApr,
  type RedemptionSplit,
  redemptionBooking,
  type SubscribeAnswer,
  splitRedemption,
  subscriptionBooking,
} from './flexible-booking';

/*
 * The pure plans of a flexible subscription and redemption: from the facts a call read (the user,
 * the product, spot, the holding, the amount sent), its refusal, or what it books and answers. Both
 * paths make the same plan; only how they read the facts and lock differs. The fast path
 * (subscribe-flexible-fast.ts, redeem-flexible-fast.ts) reads without locks and declines any refusal,
 * leaving it to the locking path (subscribe-flexible.ts, redeem-flexible.ts), which reads under its
 * locks and answers the refusal with its message key.
 */

/** A refusal as the locking path answers it: a DomainError's code, message key, params and message. */
export interface Refusal {
  code: number;
  key: string;
  params: Record<string, string>;
  message: string;
}

const ruleRefusal = (failure: { key: string; params: Record<string, string> }, message: string) => ({
  refusal: { code: Code.BUSINESS_RULE, key: failure.key, params: failure.params, message },
});

/** What the call's user is, as read. */
export interface PlanUser {
  userId: number;
  accountMode: AccountMode;
  useFunding: boolean;
  locked: boolean;
}

const fundsLocked = (user: PlanUser, key: string): { refusal: Refusal } | undefined =>
  user.useFunding && user.locked
    ? {
        refusal: {
          code: Code.FUNDS_LOCKED,
          key,
          params: {},
          message: FUNDS_LOCKED_MESSAGE,
        },
      }
    : undefined;

export interface SubscriptionFacts {
  user: PlanUser;
  product: Omit<FlexTerms, 'limitMinLendRateYear' | 'liquidityLeft'>;
  /** What spot may lend to simple earn: own funds, borrowed ones excepted. */
  lendEarnAvailable: Decimal;
  /** The asset as the call named it (the not-on-sale refusal repeats it). */
  named: string;
  /** The amount as sent. */
  amount: string;
}

/** The holding a subscription books into, as read (the locking path: under its lock). */
export interface HoldingFacts {
  positionId: string;
  principal: Decimal.Value;
  /** Amounts waiting for the next whole hour. */
  pending: Decimal.Value;
  /** The history record's mode (0 a user's own call; launch pool's auto-earn gives its own). */
  mode: number;
  now: Date;
}

export interface SubscriptionPlan {
  /** The amount booked: the amount sent, rounded down to the subscription's decimals. */
  amount: Decimal;
  /** What the call books into the holding and answers. */
  into(holding: HoldingFacts): SubscriptionBooking;
}

export interface SubscriptionBooking {
  answer: SubscribeAnswer;
  booking: { transfer: Parameters<typeof transfer>[1]; rows: SQL[] };
  /**
   * The conditions checked after the debit, on the balances as booked: a unified account's
   * subscription may not come out of borrowed funds (a classic account cannot borrow).
   */
  checks: { ownFundsCoverLoan: boolean };
}

/**
 * A subscription's plan: refused (funds locked, product not on sale, below the minimum, more than
 * spot may lend), or its amount and, given the holding, its booking and answer.
 */
export function planSubscription(facts: SubscriptionFacts): { refusal: Refusal } | SubscriptionPlan {
  const { user, product } = facts;
  const locked = fundsLocked(user, SimpleEarnKey.notSubscribe);
  if (locked) return locked;
  if (product.status !== 1)
    return {
      refusal: {
        code: Code.BUSINESS_RULE,
        key: SimpleEarnKey.notOnSale,
        params: { coin: facts.named },
        message: `${facts.named} flexible is not open`,
      },
    };
  const amount = roundSubscribeAmount(facts.amount);
  const failure = checkSubscribe({
    amount,
    minAmount: product.minLendAmount,
    available: facts.lendEarnAvailable,
    asset: product.asset,
  });
  if (failure) return ruleRefusal(failure, 'Subscription refused');
  return {
    amount,
    into(holding) {
      const apr = holdingApr(product, dec(holding.principal).plus(holding.pending).plus(amount));
      return {
        answer: { asset: product.asset, amount: toWire(amount), ...apr },
        booking: subscriptionBooking({
          userId: user.userId,
          positionId: holding.positionId,
          asset: product.asset,
          amount,
          lendRateYear: product.nextTimeRateYear,
          blendedApr: apr.blended_apr,
          mode: holding.mode,
          now: holding.now,
        }),
        checks: { ownFundsCoverLoan: user.accountMode !== 'classic' },
      };
    },
  };
}

export interface RedemptionFacts {
  user: PlanUser;
  asset: string;
  /** The amount as sent. */
  amount: string;
  /** Whether the user holds a position in the asset (without one nothing is redeemable). */
  held: boolean;
  interestBalance: Decimal.Value;
  pending: Decimal.Value;
  principal: Decimal.Value;
  now: Date;
}

export type RedeemAnswer = { asset: string; amount: string; frozen_amount: string };

export interface RedemptionPlan {
  split: RedemptionSplit;
  answer: RedeemAnswer;
  booking: { entry: EntryInput; statements: NamedStatement[]; redeemed: Redeemed; mode: number };
  /** What the call takes from the holding's pending lots (zero: none are touched). */
  fromPending: Decimal;
}

/**
 * A redemption's plan: refused (funds locked, below the minimum, more than the holding's interest,
 * pending amounts and principal), or where it comes from, what it books and answers.
 */
export function planRedemption(facts: RedemptionFacts): { refusal: Refusal } | RedemptionPlan {
  const { user, asset } = facts;
  const locked = fundsLocked(user, SimpleEarnKey.notRedeem);
  if (locked) return locked;
  const interestBalance = dec(facts.interestBalance);
  const pending = dec(facts.pending);
  const amount = dec(facts.amount);
  const failure = checkFlexibleRedeem(amount, interestBalance.plus(pending).plus(facts.principal), asset);
  if (failure) return ruleRefusal(failure, 'Redemption refused');
  // Without a position nothing is redeemable, and the check above has refused.
  if (!facts.held) throw new Error('redeemable amount without a position');
  const split = splitRedemption({ amount, interestBalance, pending });
  return {
    split,
    answer: { asset, amount: toWire(amount), frozen_amount: '0' },
    booking: redemptionBooking(user.userId, user.accountMode, asset, split, facts.now),
    fromPending: split.fromPending,
  };
}
