import { positiveAmount } from '@earn/domain';
import { z } from 'zod';
import { decimalString } from '../../../infra/http/openapi';

// Shapes several answers share, and the request pieces every route of the line uses.

/** A bonus band: [left, right) at apr (right 0: no upper bound). */
export const ladderTier = z.object({
  left: decimalString,
  // Stored open ends read back as '' (older rows) as well as '0'.
  right: z.union([decimalString, z.literal('')]).describe("The band's upper end; '0' or '': no upper bound"),
  apr: decimalString,
});

/**
 * How a holding's APR is made up: base, ladder tiers, bonus and voucher; a flexible holding and a fixed
 * order answer the same figures (a flexible tier's open end is null, as a fixed one's).
 */
export const aprDetail = z.object({
  apr: decimalString,
  base_apr: decimalString,
  bonus_apr: decimalString,
  voucher_apr: decimalString,
  amount: decimalString,
  held: decimalString,
  interest_year: decimalString,
  tiers: z.array(
    z.object({
      from: decimalString,
      to: decimalString.nullable(),
      apr: decimalString,
      amount: decimalString,
      interest_year: decimalString,
    }),
  ),
});

/** A fixed order as every fixed-order call answers it. */
export const fixedOrder = z.object({
  id: z.number(),
  order_id: z.number(),
  asset: z.string(),
  icon: z.string(),
  product_id: z.number(),
  product_type: z.number(),
  title: z.string(),
  product_info: z.object({
    pre_redeem: z.number(),
    reinvest: z.number(),
    redeem_account: z.number(),
  }),
  principal: decimalString,
  curr_amount: decimalString,
  lend_amount: decimalString,
  interest: decimalString,
  total_interest: decimalString,
  total_year_rate_percent: decimalString,
  year_rate_perent: decimalString,
  year_rate: decimalString,
  bonus_info: z.object({
    ladder_apr: z.array(ladderTier),
    bonus_asset: z.string(),
    bonus_amount: decimalString,
  }),
  coupon_info: z.object({
    rate_ratio: decimalString,
    rate_day: z.number(),
    coupon_interest: decimalString,
  }),
  status: z.number(),
  redeem_type: z.number(),
  create_time: z.number(),
  start_time: z.number(),
  finish_time: z.number(),
  redeem_time: z.number(),
  is_redeeming: z.number(),
  lock_up_period: z.number(),
  reinvest_status: z.number(),
  redeem_account_type: z.number(),
  blended_apr: decimalString,
  apr_detail: aprDetail,
});

/** A fixed product as the user calls answer it. */
export const fixedProduct = z.object({
  id: z.number(),
  asset: z.string(),
  type: z.number(),
  min_vip: z.number(),
  max_vip: z.number(),
  lock_up_period: z.number(),
  year_rate: decimalString,
  sale_status: z.number(),
  min_lend_amount: decimalString,
  user_max_lend_volume: decimalString,
  total_quota: decimalString,
  remaining_quota: decimalString,
  start_time: z.number(),
  end_time: z.number(),
  reinvest: z.number(),
  redeem_account: z.number(),
  pre_redeem: z.number(),
  bonus_asset: z.string(),
  bonus_icon: z.string(),
  product_asset_price: decimalString,
  bonus_asset_price: decimalString,
  title: z.string(),
  subtitle: z.string(),
  ladder_apr: z.array(ladderTier),
  bonus_tiers: z.array(ladderTier),
  apr_up_to: z.object({
    apr: decimalString,
    amount: decimalString.nullable(),
  }),
});

/** A row of the fixed history, and the start of every row of the flexible one (uni-loan/earn/history). */
export const historyRow = z.object({
  type: z.number(),
  mode: z.number(),
  sub_business: z.number(),
  asset: z.string(),
  amount: decimalString,
  time_at: z.number(),
  create_at: z.number(),
  finish_at: z.number(),
  unique_time: z.number(),
  order_id: z.number(),
  lend_principal: decimalString,
  lend_rate_year: decimalString,
  coupon_principal: decimalString,
  coupon_interest: decimalString,
  rate_ratio: decimalString,
  bonus_amount: decimalString,
  bonus_asset: z.string(),
  redeem_type: z.number(),
  blended_apr: decimalString,
});

/** The operator reads ladders back as stored, open ends included. */
export const adminLadderTier = ladderTier;
export const adminFixedProduct = fixedProduct.extend({
  ladder_apr: z.array(adminLadderTier),
  bonus_tiers: z.array(adminLadderTier),
});

// ---- request pieces ---------------------------------------------------------------------------

export const tags = ['simple-earn'];
export const intish = z.coerce.number().int();
export const page = (limit: number) => ({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(limit),
});
/** Amounts are typed with up to 8 decimals; subscriptions are cut to 6 decimals down. */
export const amount8 = positiveAmount(8);
export const rateText = z
  .string()
  .max(40)
  .regex(/^\d+(\.\d+)?$/, 'rate must be a plain decimal');

/** The fixed user paths are served under each of these bases (VIP paths behave the same; the product decides). */
export const FIXED_BASES = [
  '/apiw/v2/fixed_earn/api',
  '/apiw/v2/vip/fixed_earn/api',
  '/apiw/v2/fixed_earn/api/vip',
] as const;

export const DOCS = {
  units:
    'Rates (*_rate_year, year_rate, ladder apr, chart values) are fractions (0.05 = 5 %); max_lend_rate_year and ' +
    'limit_min_lend_rate_year bound the minimum-APR dialog in percent; a voucher rate_ratio is a percent.',
  subscribe:
    "Checks the amount (minimum, voucher bounds, quota, then balance) before the funding password, asked by the user's " +
    "setting (10010111 with require_fundpass; a user who never set one: 10010107 with setup_fundpass while the operator's " +
    'first-move setting is on). ' +
    'The amount may be typed with 8 decimals and is cut to 6 decimals down. Interest starts at the next whole hour and is received ' +
    "at the end of each hour at that hour's rate, on the part lent. rateYear is the rate the user saw; it is kept on the record.",
  redeem:
    'Redeems interest received first, then amounts not yet earning, then earning principal, and pays the whole amount to spot ' +
    'at once, as simple-earn.md says ("redemption is immediate"): principal lent in the hour is paid by the exchange, not ' +
    'recalled from a borrower first, and stops earning at once. data.frozen_amount is always 0 (a redemption frozen before ' +
    'this rule is still paid at the next hourly settlement, or cancelled). No funding password is asked (the coins go to the ' +
    "user's own spot account).",
  preRedeem:
    'Early redeem: only for products with pre_redeem 1, never within 1 hour of maturity or while redeeming. The principal returns ' +
    "to spot at once; ALL interest of the order, the rate-up voucher's yield and any bonus are forfeited, and the voucher is spent.",
};
