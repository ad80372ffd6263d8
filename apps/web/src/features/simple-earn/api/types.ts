/**
 * The simple-earn server's answers (apps/server/src/simple-earn/routes.ts). Rates are fractions
 * (0.05 = 5 %) except `max_lend_rate_year`/`limit_min_lend_rate_year` (percent) and a voucher's
 * `rate_ratio` (percent).
 */
import type { SimpleEarnLadderTier } from '@earn/domain';

export type LadderTier = SimpleEarnLadderTier;

export interface FixedProduct {
  /** 0 is the flexible product as a synthetic entry. */
  id: number;
  asset: string;
  type: number;
  min_vip: number;
  max_vip: number;
  lock_up_period: number;
  year_rate: string;
  sale_status: number;
  min_lend_amount: string;
  user_max_lend_volume: string;
  total_quota: string;
  remaining_quota: string;
  start_time: number;
  end_time: number;
  reinvest: number;
  redeem_account: number;
  pre_redeem: number;
  bonus_asset: string;
  bonus_icon: string;
  product_asset_price: string;
  bonus_asset_price: string;
  title: string;
  subtitle: string;
  ladder_apr: LadderTier[];
  /** The tiers the engine pays its bonus on (flexible: the ladder or the award pool's one tier). */
  bonus_tiers?: LadderTier[];
  /** The most any amount earns (a fraction) and the amount it needs; amount null: any amount. */
  apr_up_to?: { apr: string; amount: string | null };
}

/** One stretch of a blended APR: [from, to) with its rate and the part of the amount in it. */
export interface AprStretch {
  from: string;
  to: string | null;
  apr: string;
  amount: string;
  interest_year: string;
}

/** The server's blended APR of a position (@earn/domain blendedApr). */
export interface AprDetail {
  apr: string;
  base_apr: string;
  bonus_apr: string;
  voucher_apr: string;
  amount: string;
  held: string;
  interest_year: string;
  tiers: AprStretch[];
}

/** What a position carries: its APR by the one rule, and the breakdown. */
export interface Blended {
  blended_apr?: string;
  apr_detail?: AprDetail;
}

export interface ProductDetail {
  asset: string;
  business_type: number;
  fixed_list: FixedProduct[];
  next_time_rate_year: string;
  ext_award_rate_year: string;
  ext_award_limit: string;
  limit_min_lend_rate_year: string;
  max_lend_rate_year: string;
  min_lend_amount: string;
  award_asset: string;
  is_open_award_pool: number;
  icon: string;
  usdt_rate: string;
  ladder_apr: LadderTier[];
  lend_ratio: string;
}

export interface Lendable {
  product_id: number;
  lendable: string;
  /** '-1' when the product has no personal cap. */
  user_remaining: string;
  product_remaining: string;
  sale_status: number;
}

export interface Voucher {
  id: number;
  financial_rate_id: number;
  title: string;
  rate_day: number;
  rate_ratio: string;
  buy_limit_low: string;
  buy_limit_high: string;
  using_currency: string;
  expired_timest: number;
}

export interface FlexHolding extends Blended {
  id: number;
  asset: string;
  icon: string;
  curr_amount: string;
  principal: string;
  pending_amount: string;
  interest_balance: string;
  lend_amount: string;
  frozen_amount: string;
  frozen_status: number;
  margin_frozen_amount: string;
  redeemable_amount: string;
  cumulative: string;
  bonus_cumulative: string;
  bonus_asset: string;
  next_time_rate_year: string;
  ext_award_rate_year: string;
  is_open_award_pool: number;
  min_lend_rate_year: string;
  last_rate_year: string;
  auto_invest_status: number;
}

export interface FixedOrder extends Blended {
  id: number;
  order_id: number;
  asset: string;
  icon: string;
  product_id: number;
  product_type: number;
  title: string;
  product_info: { pre_redeem: number; reinvest: number; redeem_account: number };
  principal: string;
  curr_amount: string;
  lend_amount: string;
  interest: string;
  total_interest: string;
  total_year_rate_percent: string;
  year_rate: string;
  bonus_info: { ladder_apr: LadderTier[]; bonus_asset: string; bonus_amount: string };
  coupon_info: { rate_ratio: string; rate_day: number; coupon_interest: string };
  status: number;
  redeem_type: number;
  create_time: number;
  start_time: number;
  finish_time: number;
  redeem_time: number;
  is_redeeming: number;
  lock_up_period: number;
  reinvest_status: number;
  redeem_account_type: number;
}

export interface HistoryRecord {
  type: number;
  mode: number;
  sub_business: number;
  asset: string;
  amount: string;
  time_at: number;
  create_at: number;
  finish_at: number;
  unique_time: number;
  order_id: number;
  lend_principal: string;
  lend_rate_year: string;
  coupon_principal: string;
  coupon_interest: string;
  rate_ratio: string;
  bonus_amount: string;
  bonus_asset: string;
  redeem_type: number;
  /** Subscriptions: the holding's (flexible) or order's (fixed) APR right after it; '0' otherwise. */
  blended_apr?: string;
  /** Daily rows: the hours summed. */
  hours?: number;
}

export interface Paged<T> {
  list: T[];
  total: number;
}

export interface AutoInvest {
  global_status: number;
  list: { asset: string; status: number }[];
}

export interface ChartPoint {
  time: number;
  value: string;
}

export interface UpgradeWay {
  recommend_type: number;
  recommend_asset: string;
  recommend_value: string;
  target_tier: number;
}

export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
}

export interface TradeInfo {
  use_funding: boolean;
  locked: boolean;
}
