import { assetSymbol } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';
import { DOCS, fixedProduct, intish, ladderTier, tags } from './common';

/** GET /apiw/v2/uni-loan/earn/coin-info */
export const getUniLoanEarnCoinInfoResponse = envelope(
  z.object({
    list: z.array(
      z.object({
        asset: z.string(),
        business_type: z.number(),
        fixed_list: z.array(
          z.object({
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
          }),
        ),
        next_time_rate_year: decimalString,
        ext_award_rate_year: decimalString,
        ext_award_limit: decimalString,
        limit_min_lend_rate_year: decimalString,
        max_lend_rate_year: decimalString,
        min_lend_amount: decimalString,
        award_asset: z.string(),
        is_open_award_pool: z.number(),
        icon: z.string(),
        usdt_rate: decimalString,
        ladder_apr: z.array(ladderTier),
        lend_ratio: decimalString,
      }),
    ),
  }),
);

/** GET /apiw/v2/fixed_earn/api/product/detail */
export const getFixedEarnApiProductDetailResponse = envelope(
  z.object({
    id: z.number().optional(),
    asset: z.string(),
    type: z.number().optional(),
    min_vip: z.number().optional(),
    max_vip: z.number().optional(),
    lock_up_period: z.number().optional(),
    year_rate: decimalString.optional(),
    sale_status: z.number().optional(),
    min_lend_amount: decimalString,
    user_max_lend_volume: decimalString.optional(),
    total_quota: decimalString.optional(),
    remaining_quota: decimalString.optional(),
    start_time: z.number().optional(),
    end_time: z.number().optional(),
    reinvest: z.number().optional(),
    redeem_account: z.number().optional(),
    pre_redeem: z.number().optional(),
    bonus_asset: z.string().optional(),
    bonus_icon: z.string().optional(),
    product_asset_price: decimalString.optional(),
    bonus_asset_price: decimalString.optional(),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    ladder_apr: z.array(ladderTier),
    bonus_tiers: z.array(ladderTier).optional(),
    apr_up_to: z
      .object({
        apr: decimalString,
        amount: decimalString.nullable(),
      })
      .optional(),
    business_type: z.number().optional(),
    fixed_list: z
      .array(
        z.object({
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
        }),
      )
      .optional(),
    next_time_rate_year: decimalString.optional(),
    ext_award_rate_year: decimalString.optional(),
    ext_award_limit: decimalString.optional(),
    limit_min_lend_rate_year: decimalString.optional(),
    max_lend_rate_year: decimalString.optional(),
    award_asset: z.string().optional(),
    is_open_award_pool: z.number().optional(),
    icon: z.string().optional(),
    usdt_rate: decimalString.optional(),
    lend_ratio: decimalString.optional(),
  }),
);

/** GET /apiw/v2/fixed_earn/api/product/:id/list */
export const getFixedEarnApiProductByIdListResponse = paged(fixedProduct);

/** GET /apiw/v2/fixed_earn/api/product/coins */
export const getFixedEarnApiProductCoinsResponse = envelope(
  z.object({
    list: z.array(z.string()),
  }),
);

/** GET /apiw/v2/uni-loan/earn/chart */
export const getUniLoanEarnChartResponse = envelope(
  z.object({
    list: z.array(
      z.object({
        time: z.number(),
        value: decimalString,
      }),
    ),
  }),
);

/** GET /apiw/v2/uni-loan/earn/award-pool */
export const getUniLoanEarnAwardPoolResponse = envelope(
  z.object({
    asset: z.string(),
    award_asset: z.string(),
    is_open_award_pool: z.number(),
    ext_award_rate_year: decimalString,
    ext_award_limit: decimalString,
    ladder_apr: z.array(ladderTier),
    total_awarded: decimalString,
  }),
);

/** GET /apiw/v2/earn/ask */
export const getEarnAskResponse = envelope(
  z.object({
    mold: z.string(),
    list: z.array(
      z.object({
        id: z.number(),
        question: z.string(),
        answer: z.string(),
      }),
    ),
  }),
);

// ---- routes -----------------------------------------------------------------------------------

export const coinInfoSchema = {
  response: { 200: getUniLoanEarnCoinInfoResponse },
  tags,
  summary:
    'Product detail list: per asset the flexible fields and fixed_list (the flexible product is the entry with id 0)',
  description: DOCS.units,
  querystring: z.object({
    coin: z.string().max(16).optional(),
    kyc_level: z.string().max(8).optional(),
    show_page: z.string().max(32).optional(),
    status: z.string().max(4).optional(),
  }),
};

export const productDetailSchema = {
  response: { 200: getFixedEarnApiProductDetailResponse },
  tags,
  summary: 'Fixed detail: one fixed product by product_id, or the product detail of an asset',
  querystring: z.object({ product_id: intish.optional(), asset: z.string().max(16).optional() }),
};

export const productListSchema = {
  response: { 200: getFixedEarnApiProductByIdListResponse },
  tags,
  summary:
    'The fixed sub-products (term tabs) of the asset of product {id}; {id} may also be the asset symbol',
  params: z.object({ id: z.string().max(16) }),
};

export const productCoinsSchema = {
  response: { 200: getFixedEarnApiProductCoinsResponse },
  tags,
  summary: 'Assets with listed fixed products (history filter)',
};

export const chartSchema = {
  response: { 200: getUniLoanEarnChartResponse },
  tags,
  summary:
    'Realtime APR points {time, value} (value a fraction): type 1 hourly, 2 daily average; at most 90 days. ' +
    "Each hour's value is what the product card states (apr_up_to): the hour's base rate plus the most its " +
    'bonus tiers paid; the last point is the hour in progress at the rate it pays now.',
  querystring: z.object({
    asset: assetSymbol,
    from: intish.min(0),
    to: intish.min(0),
    type: intish.min(1).max(2).default(1),
  }),
};

export const awardPoolSchema = {
  response: { 200: getUniLoanEarnAwardPoolResponse },
  tags,
  summary: 'Bonus pool of a flexible asset: rate, per-holding cap, tiers, award coin and what it has paid',
  querystring: z.object({ asset: assetSymbol }),
};

export const askSchema = {
  response: { 200: getEarnAskResponse },
  tags,
  summary: 'FAQ of a product line: mold=simple-earn (other molds answer an empty list here)',
  description:
    'In English or Simplified Chinese: lang when given, else the first language of Accept-Language ' +
    '(zh… → zh-CN), else English. Another lang answers 400 (common.invalidParams).',
  querystring: z.object({
    mold: z.string().max(40).default('simple-earn'),
    lang: z.enum(['en', 'zh-CN']).optional().describe('The language of the questions and answers'),
  }),
};
