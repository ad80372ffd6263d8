import { SimpleEarnHistoryType, SimpleEarnPageSize } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';
import { historyRow, intish, page, tags } from './common';

/** GET /apiw/v2/uni-loan/earn/statistics */
export const getUniLoanEarnStatisticsResponse = envelope(
  z.object({
    total_usdt: decimalString,
    flexible_usdt: decimalString,
    fixed_usdt: decimalString,
    cumulative_interest_usdt: decimalString,
    last_24h_interest_usdt: decimalString,
    list: z.array(
      z.object({
        asset: z.string(),
        flexible: decimalString,
        fixed: decimalString,
        cumulative_interest: decimalString,
        last_24h_interest: decimalString,
      }),
    ),
  }),
);

/** GET /apiw/v2/uni-loan/earn/history */
export const getUniLoanEarnHistoryResponse = paged(
  historyRow.extend({
    hours: z.number().optional(),
    product_asset: z
      .string()
      .optional()
      .describe(
        'Flexible interest and bonus rows: the holding coin that earned (a bonus may pay another coin)',
      ),
  }),
);

/** GET /apiw/v2/uni-loan/earn/history/coins */
export const getUniLoanEarnHistoryCoinsResponse = envelope(
  z.object({
    list: z.array(z.string()),
  }),
);

/** GET /apiw/v2/uni-loan/earn/history/types */
export const getUniLoanEarnHistoryTypesResponse = envelope(
  z.object({
    list: z.array(
      z.object({
        type: z.number(),
        name: z.string(),
      }),
    ),
  }),
);

/** GET /apiw/v2/uni-loan/earn/coupon-recommend */
export const getUniLoanEarnCouponRecommendResponse = paged(
  z.object({
    id: z.number(),
    financial_rate_id: z.number(),
    title: z.string(),
    rate_day: z.number(),
    rate_ratio: decimalString,
    buy_limit_low: decimalString,
    buy_limit_high: decimalString,
    using_currency: z.string(),
    expired_timest: z.number(),
  }),
);

/** GET /apiw/v2/uni-loan/earn/subscribe/check */
export const getUniLoanEarnSubscribeCheckResponse = envelope(
  z.object({
    pid: z.number(),
    is_able_subscribe: z.boolean(),
  }),
);

/** GET /apiw/v2/uni-loan/earn/upgrade-vip-way */
export const getUniLoanEarnUpgradeVipWayResponse = envelope(
  z.object({
    recommend_type: z.number(),
    recommend_asset: z.string(),
    recommend_value: decimalString,
    target_tier: z.number(),
  }),
);

// ---- routes -----------------------------------------------------------------------------------

export const statisticsSchema = {
  response: { 200: getUniLoanEarnStatisticsResponse },
  tags,
  summary:
    "The user's simple-earn totals in USDT: holdings (flexible, fixed) and interest received (all time, last 24 hours)",
};

export const flexHistorySchema = {
  response: { 200: getUniLoanEarnHistoryResponse },
  tags,
  summary:
    'Flexible history: type 1 lend, 2 redeem, 3 interest, 4 bonus; is_daily_log=1 gives daily interest rows (hours = rows in the day)',
  description:
    'Range at most 6 months (default last 30 days). time_zone (+08:00, 8, UTC+8) is used when is_time_zone is 1 or time_zone ' +
    'is given, for the day boundaries of daily rows. Hourly detail of one day: is_daily_log=0 with that day as start_at/end_at.',
  querystring: z.object({
    type: intish.min(1).max(4).default(SimpleEarnHistoryType.interest),
    asset: z.string().max(16).optional(),
    start_at: intish.min(0).optional(),
    end_at: intish.min(0).optional(),
    is_daily_log: intish.min(0).max(1).default(0),
    time_zone: z.string().max(12).optional(),
    is_time_zone: intish.min(0).max(1).optional(),
    ...page(SimpleEarnPageSize.history),
  }),
};

export const historyCoinsSchema = {
  response: { 200: getUniLoanEarnHistoryCoinsResponse },
  tags,
  summary: "Assets in the user's simple-earn history (product_type 1 fixed, else flexible)",
  querystring: z.object({ product_type: intish.optional() }),
};

export const historyTypesSchema = {
  response: { 200: getUniLoanEarnHistoryTypesResponse },
  tags,
  summary: 'History record types: flexible (product_type 0) 1–4, fixed (product_type 1) 1–5',
  querystring: z.object({ product_type: intish.optional() }),
};

export const couponRecommendSchema = {
  response: { 200: getUniLoanEarnCouponRecommendResponse },
  tags,
  summary: 'Rate-up vouchers the user can use on fixed product pid (all usable ones without pid), best first',
  querystring: z.object({ pid: intish.optional() }),
};

export const subscribeCheckSchema = {
  response: { 200: getUniLoanEarnSubscribeCheckResponse },
  tags,
  summary:
    'Whether the user may subscribe fixed product pid (special: listed users, or newcomers to fixed; VIP: tier range; on sale)',
  querystring: z.object({ pid: intish.positive() }),
};

export const upgradeVipWaySchema = {
  response: { 200: getUniLoanEarnUpgradeVipWayResponse },
  tags,
  summary:
    'How to reach the VIP tier a product needs (path not shown in the spec): recommend_type 0 none, 1 hold GT, 2 hold assets, 3 trade volume',
  description:
    'Target: the product min_vip (pid given) or tier 5. Our tier rule for the guide: each tier needs 1000 GT held or 1 000 000 USDT ' +
    'of 60-day volume; the cheaper way for the user is recommended (1 hold GT while the GT gap is under 10 000, else 3 trade volume).',
  querystring: z.object({ pid: intish.optional() }),
};
