import {
  type AprTerms,
  aprUpTo,
  type BlendedApr,
  blendedApr,
  type Decimal,
  fixedBonusTiers,
  flexibleBonusTiers,
  type SimpleEarnLadderTier,
  toWire,
  voucherAprOverTerm,
} from '@earn/domain';
import type { FixedOrder, FixedProduct, FlexProduct } from './model';

/**
 * The server's side of the one APR rule (packages/domain/src/simple-earn/apr.ts): the terms each
 * product pays on, and the wire shapes of a blended figure. Rates are fractions on the wire.
 */

type FlexTermsSource = Pick<
  FlexProduct,
  'nextTimeRateYear' | 'isOpenAwardPool' | 'ladderApr' | 'extAwardRateYear' | 'extAwardLimit'
>;

/** The flexible hour's terms: the rate of the hour and the bonus tiers the hourly engine pays. */
export function flexAprTerms(p: FlexTermsSource): AprTerms {
  return { baseApr: p.nextTimeRateYear, bonusTiers: flexibleBonusTiers(p) };
}

/** A fixed product's (or order's) terms over its term: rate, ladder bonus, and a voucher when used. */
export function fixedAprTerms(
  p: { yearRate: string; lockUpPeriod: number; bonusAsset: string | null; ladderApr: SimpleEarnLadderTier[] },
  voucher?: { rateRatio: string; rateDay: number } | null,
): AprTerms {
  return {
    baseApr: p.yearRate,
    bonusTiers: fixedBonusTiers(p.bonusAsset, p.ladderApr),
    voucherApr: voucher ? voucherAprOverTerm(voucher.rateRatio, voucher.rateDay, p.lockUpPeriod) : 0,
  };
}

export function fixedProductAprTerms(p: FixedProduct): AprTerms {
  return fixedAprTerms(p);
}

/**
 * A fixed order's terms: its own rate and voucher (fixed at subscription), and the ladder of its
 * product when the order earns a bonus.
 */
export function orderAprTerms(
  o: Pick<
    FixedOrder,
    'yearRate' | 'lockUpPeriod' | 'bonusAsset' | 'couponRateRatio' | 'couponRateDay' | 'voucherId'
  >,
  productLadder: SimpleEarnLadderTier[],
): AprTerms {
  return fixedAprTerms(
    {
      yearRate: o.yearRate,
      lockUpPeriod: o.lockUpPeriod,
      bonusAsset: o.bonusAsset,
      ladderApr: productLadder,
    },
    o.voucherId === null ? null : { rateRatio: o.couponRateRatio, rateDay: o.couponRateDay },
  );
}

const tierWire = (t: SimpleEarnLadderTier) => ({
  left: toWire(t.left),
  right: toWire(t.right || '0'),
  apr: toWire(t.apr),
});

/** `bonus_tiers` and `apr_up_to` of a product entry: what the engine pays on, and the best it pays. */
export function productAprWire(terms: AprTerms) {
  const up = aprUpTo(terms);
  return {
    bonus_tiers: terms.bonusTiers.map(tierWire),
    apr_up_to: { apr: toWire(up.apr), amount: up.amount === null ? null : toWire(up.amount) },
  };
}

/** A blended figure on the wire: `blended_apr` and its breakdown `apr_detail`. */
export function blendedWire(b: BlendedApr) {
  return {
    blended_apr: toWire(b.apr),
    apr_detail: {
      apr: toWire(b.apr),
      base_apr: toWire(b.baseApr),
      bonus_apr: toWire(b.bonusApr),
      voucher_apr: toWire(b.voucherApr),
      amount: toWire(b.amount),
      held: toWire(b.held),
      interest_year: toWire(b.interestYear),
      tiers: b.segments.map((s) => ({
        from: toWire(s.from),
        to: s.to === null ? null : toWire(s.to),
        apr: toWire(s.apr),
        amount: toWire(s.amount),
        interest_year: toWire(s.interestYear),
      })),
    },
  };
}

export function blendedFor(amount: Decimal.Value, terms: AprTerms, held: Decimal.Value = 0) {
  return blendedWire(blendedApr(amount, terms, held));
}
