import { SimpleEarnHistoryType, SimpleEarnPageSize } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';
import { amount8, DOCS, fixedOrder, historyRow, intish, page, rateText, tags } from './common';

/** GET /apiw/v2/fixed_earn/api/user/lendable, /apiw/v2/fixed_earn/api/vip/user/lendable, /apiw/v2/vip/fixed_earn/api/user/lendable */
export const getFixedEarnApiUserLendableResponse = envelope(
  z.object({
    product_id: z.number(),
    lendable: decimalString,
    user_remaining: decimalString,
    product_remaining: decimalString,
    sale_status: z.number(),
  }),
);

/** POST /apiw/v2/fixed_earn/api/user/lend, /apiw/v2/fixed_earn/api/vip/user/lend, /apiw/v2/vip/fixed_earn/api/user/lend */
export const postFixedEarnApiUserLendResponse = envelope(fixedOrder);

/** GET /apiw/v2/fixed_earn/api/user/lend, /apiw/v2/fixed_earn/api/vip/user/lend, /apiw/v2/vip/fixed_earn/api/user/lend */
export const getFixedEarnApiUserLendResponse = paged(fixedOrder);

/** POST /apiw/v2/fixed_earn/api/user/pre-redeem, /apiw/v2/fixed_earn/api/vip/user/pre-redeem, /apiw/v2/vip/fixed_earn/api/user/pre-redeem */
export const postFixedEarnApiUserPreRedeemResponse = postFixedEarnApiUserLendResponse;

/** PUT /apiw/v2/fixed_earn/api/user/reinvest-status/:order_id, /apiw/v2/fixed_earn/api/vip/user/reinvest-status/:order_id, /apiw/v2/vip/fixed_earn/api/user/reinvest-status/:order_id */
export const putFixedEarnApiUserReinvestStatusByOrderIdResponse = postFixedEarnApiUserLendResponse;

/** PUT /apiw/v2/fixed_earn/api/user/redeem-account-type/:order_id, /apiw/v2/fixed_earn/api/vip/user/redeem-account-type/:order_id, /apiw/v2/vip/fixed_earn/api/user/redeem-account-type/:order_id */
export const putFixedEarnApiUserRedeemAccountTypeByOrderIdResponse = postFixedEarnApiUserLendResponse;

/** GET /apiw/v2/fixed_earn/api/user/order */
export const getFixedEarnApiUserOrderResponse = postFixedEarnApiUserLendResponse;

/** GET /apiw/v2/fixed_earn/api/user/history */
export const getFixedEarnApiUserHistoryResponse = paged(historyRow);

// ---- routes -----------------------------------------------------------------------------------

export const lendableSchema = {
  response: { 200: getFixedEarnApiUserLendableResponse },
  tags,
  summary:
    'Personal remaining quota of a fixed product: lendable = min(personal remaining, product remaining)',
  querystring: z.object({ product_id: intish.positive() }),
};

export const lendSchema = {
  response: { 200: postFixedEarnApiUserLendResponse },
  tags,
  summary: 'Fixed subscribe (VIP paths behave the same; the product decides)',
  description: `${DOCS.subscribe.replace(/Interest starts.*hour\. /, '')} Interest runs from the next UTC day; maturity is term + 1 days after the subscription day; principal + interest + voucher yield land at maturity-day start + 30 min in redeem_account_type (1 spot, 2 flexible; 0 while reinvest_status is 1). year_rate, when sent, must equal the product's current rate (simple_earn.rateChanged otherwise).`,
  body: z.object({
    product_id: intish.positive(),
    amount: amount8,
    year_rate: rateText.optional(),
    reinvest_status: intish.min(0).max(1).optional(),
    redeem_account_type: intish.min(0).max(2).optional(),
    financial_rate_id: intish.positive().optional(),
    isVip: z.unknown().optional(),
  }),
};

export const fixedHoldingsSchema = {
  response: { 200: getFixedEarnApiUserLendResponse },
  tags,
  summary: 'Fixed holdings: order_type 1 active orders, 2 ended ones (matured or redeemed early)',
  querystring: z.object({
    order_type: intish.min(1).max(2).default(1),
    asset: z.string().max(16).optional(),
    ...page(SimpleEarnPageSize.holdings),
  }),
};

export const preRedeemSchema = {
  response: { 200: postFixedEarnApiUserPreRedeemResponse },
  tags,
  summary: 'Fixed early redeem',
  description: DOCS.preRedeem,
  body: z.object({ order_id: intish.positive(), isVip: z.unknown().optional() }),
};

export const reinvestSchema = {
  response: { 200: putFixedEarnApiUserReinvestStatusByOrderIdResponse },
  tags,
  summary: 'Turn auto-reinvest on (redeem-to becomes 0, not operated) or off (redeem-to resets to 1, spot)',
  params: z.object({ order_id: intish.positive() }),
  body: z.object({ reinvest_status: intish.min(0).max(1) }),
};

export const redeemAccountSchema = {
  response: { 200: putFixedEarnApiUserRedeemAccountTypeByOrderIdResponse },
  tags,
  summary: 'Where the order is paid at maturity: 1 spot (or unified) account, 2 flexible simple earn',
  params: z.object({ order_id: intish.positive() }),
  body: z.object({ redeem_account_type: intish.min(1).max(2) }),
};

export const fixedOrderSchema = {
  response: { 200: getFixedEarnApiUserOrderResponse },
  tags,
  summary: 'One fixed order by asset and order_id (path not shown in the spec; beside the holdings)',
  querystring: z.object({ asset: z.string().max(16), order_id: intish.positive() }),
};

export const fixedHistorySchema = {
  response: { 200: getFixedEarnApiUserHistoryResponse },
  tags,
  summary:
    'Fixed history: type 1 lend, 2 redeem, 3 interest, 4 bonus, 5 rate-up; range at most 6 months (default last 30 days)',
  querystring: z.object({
    type: intish.min(1).max(5).default(SimpleEarnHistoryType.interest),
    asset: z.string().max(16).optional(),
    start_at: intish.min(0).optional(),
    end_at: intish.min(0).optional(),
    ...page(SimpleEarnPageSize.history),
  }),
};
