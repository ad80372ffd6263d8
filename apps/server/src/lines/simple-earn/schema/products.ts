import { assetSymbol } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';
import { DOCS, fixedProduct, intish, ladderTier, tags } from './common';

/** A coin of simple earn: its flexible product and its fixed ones (coin-info). */
const coinInfo = z.object({
  asset: z.string(),
  business_type: z.number(),
  fixed_list: z.array(fixedProduct),
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
});

/** GET /apiw/v2/uni-loan/earn/coin-info */
export const getUniLoanEarnCoinInfoResponse = envelope(
  z.object({
    list: z.array(coinInfo),
  }),
);

/**
 * GET /apiw/v2/fixed_earn/api/product/detail: a fixed product's fields, then a coin's (coin-info), each
 * optional but the three both answer.
 */
export const getFixedEarnApiProductDetailResponse = envelope(
  fixedProduct
    .extend(coinInfo.shape)
    .partial()
    .required({ asset: true, min_lend_amount: true, ladder_apr: true }),
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
