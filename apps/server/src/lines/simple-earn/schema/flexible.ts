import { assetSymbol, SimpleEarnPageSize } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';
import { amount8, aprDetail, DOCS, page, rateText, tags } from './common';

/** POST /apiw/v2/uni-loan/earn/subscribe */
export const postUniLoanEarnSubscribeResponse = envelope(
  z.object({
    asset: z.string(),
    amount: decimalString,
    blended_apr: decimalString,
    apr_detail: aprDetail,
  }),
);

/** GET /apiw/v2/uni-loan/earn/subscribe */
export const getUniLoanEarnSubscribeResponse = paged(
  z.object({
    id: z.number(),
    asset: z.string(),
    icon: z.string(),
    curr_amount: decimalString,
    principal: decimalString,
    pending_amount: decimalString,
    interest_balance: decimalString,
    lend_amount: decimalString,
    frozen_amount: decimalString,
    frozen_status: z.number(),
    margin_frozen_amount: decimalString,
    redeemable_amount: decimalString,
    cumulative: decimalString,
    bonus_cumulative: decimalString,
    bonus_asset: z.string(),
    next_time_rate_year: decimalString,
    ext_award_rate_year: decimalString,
    is_open_award_pool: z.number(),
    min_lend_rate_year: decimalString,
    last_rate_year: decimalString,
    auto_invest_status: z.number(),
    blended_apr: decimalString,
    apr_detail: aprDetail,
  }),
);

/** POST /apiw/v2/uni-loan/earn/redeem */
export const postUniLoanEarnRedeemResponse = envelope(
  z.object({
    asset: z.string(),
    amount: decimalString,
    frozen_amount: decimalString,
  }),
);

/** POST /apiw/v2/uni-loan/earn/redeem-callback */
export const postUniLoanEarnRedeemCallbackResponse = envelope(
  z.object({
    asset: z.string(),
    frozen_amount: decimalString,
    frozen_status: z.number(),
    settle_at: z.number(),
  }),
);

/** POST /apiw/v2/uni-loan/earn/redeem/cancel */
export const postUniLoanEarnRedeemCancelResponse = envelope(
  z.object({
    asset: z.string(),
    amount: decimalString,
  }),
);

/** POST /apiw/v2/uni-loan/earn/interest-rate */
export const postUniLoanEarnInterestRateResponse = envelope(
  z.object({
    asset: z.string(),
    rateYear: decimalString,
  }),
);

/** GET /apiw/v2/uni-loan/earn/autoivest */
export const getUniLoanEarnAutoivestResponse = envelope(
  z
    .object({
      global_status: z.number(),
      list: z.array(
        z.object({
          asset: z.string(),
          status: z.number(),
        }),
      ),
    })
    // Each asset's status also under its symbol, as the specs' clients read it.
    .catchall(z.unknown()),
);

/** POST /apiw/v2/uni-loan/earn/autoivest */
export const postUniLoanEarnAutoivestResponse = envelope(
  z.object({
    assets: z.array(z.string()),
    status: z.number(),
  }),
);

// ---- routes -----------------------------------------------------------------------------------

export const subscribeSchema = {
  response: { 200: postUniLoanEarnSubscribeResponse },
  tags,
  summary: 'Flexible subscribe',
  description: DOCS.subscribe,
  body: z.object({ asset: assetSymbol, amount: amount8, rateYear: rateText.optional() }),
};

export const flexHoldingsSchema = {
  response: { 200: getUniLoanEarnSubscribeResponse },
  tags,
  summary: 'Flexible holdings',
  description:
    'curr_amount = principal + pending (not earning yet) + frozen + interest received. lend_amount: lent in the last hour. ' +
    'cumulative: all interest received. Interest received stays in the holding (redeemable, it does not compound) against ' +
    'the pooled interest account; margin_frozen_amount is always 0 (no margin use of earn holdings here).',
  querystring: z.object({ asset: z.string().max(16).optional(), ...page(SimpleEarnPageSize.holdings) }),
};

export const redeemSchema = {
  response: { 200: postUniLoanEarnRedeemResponse },
  tags,
  summary: 'Flexible redeem',
  description: DOCS.redeem,
  body: z.object({
    asset: assetSymbol,
    amount: amount8,
    curr_amount: z.string().max(60).optional(),
    lend_amount: z.string().max(60).optional(),
  }),
};

export const redeemCallbackSchema = {
  response: { 200: postUniLoanEarnRedeemCallbackResponse },
  tags,
  summary:
    'After a flexible redeem: whether it is settled or frozen until the next hourly settlement (the spec shows no payload)',
  description:
    'Body: asset. Answers asset, frozen_amount, frozen_status (1 while frozen and cancellable, else 0) and settle_at ' +
    '(unix seconds of the settlement that pays the frozen amount to spot, 0 when nothing is frozen). Reads only.',
  body: z.object({ asset: assetSymbol }),
};

export const redeemCancelSchema = {
  response: { 200: postUniLoanEarnRedeemCancelResponse },
  tags,
  summary:
    'Cancel a frozen redemption (path not shown in the spec): the amount, or all when omitted, returns to the holding and earns from the next hour',
  body: z.object({ asset: assetSymbol, amount: amount8.optional() }),
};

export const interestRateSchema = {
  response: { 200: postUniLoanEarnInterestRateResponse },
  tags,
  summary:
    'Set the minimum lend APR (a fraction, 4 decimals rounded up); bounded by max_lend_rate_year and limit_min_lend_rate_year (percent)',
  body: z.object({ asset: assetSymbol, rateYear: rateText }),
};

export const autoInvestSchema = {
  response: { 200: getUniLoanEarnAutoivestResponse },
  tags,
  summary:
    'Auto-earn switches: global_status and per-asset status (an asset without its own switch follows the global one)',
  querystring: z.object({ assets: z.string().max(400).optional() }),
};

export const setAutoInvestSchema = {
  response: { 200: postUniLoanEarnAutoivestResponse },
  tags,
  summary:
    "Switch auto-earn: assets 'ALL' (or empty) sets the global switch and clears the per-asset ones; else each asset listed",
  description:
    'An hourly job sweeps the idle spot balance of switched-on assets (own funds, 6 decimals down, at least the product minimum) into flexible.',
  body: z.object({
    assets: z.union([z.string().max(400), z.array(z.string().max(16)).max(50)]).optional(),
    status: z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]),
  }),
};
