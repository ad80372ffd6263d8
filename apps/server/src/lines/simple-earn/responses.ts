import { z } from 'zod';
import { envelope, paged } from '../../infra/http/envelope';
import { decimalString } from '../../infra/http/openapi';

// Success responses of this product line's routes: the fields the handlers answer, checked on
// every answer (a field not named here is dropped; a wrong type fails the call in tests).

/** A bonus band: [left, right) at apr (right 0: no upper bound). */
const ladderTier = z.object({
  left: decimalString,
  // Stored open ends read back as '' (older rows) as well as '0'.
  right: z.union([decimalString, z.literal('')]).describe("The band's upper end; '0' or '': no upper bound"),
  apr: decimalString,
});

/** How a flexible holding's APR is made up (its `to` is the open end's empty text). */
const flexibleAprDetail = z.object({
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

/** How a fixed order's APR is made up: base, ladder tiers, bonus and voucher. */
const fixedAprDetail = z.object({
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
const fixedOrder = z.object({
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
  apr_detail: fixedAprDetail,
});

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

/** A fixed product as the user calls answer it. */
const fixedProduct = z.object({
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

/** The operator reads ladders back as stored, open ends included. */
const adminLadderTier = ladderTier;
const adminFixedProduct = fixedProduct.extend({
  ladder_apr: z.array(adminLadderTier),
  bonus_tiers: z.array(adminLadderTier),
});

/** GET /apiw/v2/fixed_earn/api/product/:id/list */
export const getFixedEarnApiProductByIdListResponse = paged(fixedProduct);

/** GET /apiw/v2/fixed_earn/api/product/coins */
export const getFixedEarnApiProductCoinsResponse = envelope(
  z.object({
    list: z.array(z.string()),
  }),
);

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
export const getFixedEarnApiUserHistoryResponse = paged(
  z.object({
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
  }),
);

/** POST /apiw/v2/uni-loan/earn/subscribe */
export const postUniLoanEarnSubscribeResponse = envelope(
  z.object({
    asset: z.string(),
    amount: decimalString,
    blended_apr: decimalString,
    apr_detail: flexibleAprDetail,
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
    apr_detail: flexibleAprDetail,
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
  z.object({
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

/** GET /admin/api/simple-earn/flexible-products */
export const getAdminSimpleEarnFlexibleProductsResponse = paged(
  z.object({
    asset: z.string(),
    status: z.number(),
    sort: z.number(),
    min_lend_amount: decimalString,
    next_time_rate_year: decimalString,
    borrow_demand: decimalString,
    ladder_apr: z.array(ladderTier),
    ext_award_rate_year: decimalString,
    ext_award_limit: decimalString,
    award_asset: z.string().nullable(),
    is_open_award_pool: z.boolean(),
    limit_min_lend_rate_year: decimalString,
    max_lend_rate_year: decimalString,
    accrued_until: z.number(),
    last_rate_year: decimalString,
    last_supplied: decimalString,
    last_lent: decimalString,
    liquidity_left: decimalString,
  }),
);

/** POST /admin/api/simple-earn/flexible-products */
export const postAdminSimpleEarnFlexibleProductsResponse = envelope(
  z.object({
    asset: z.string(),
    status: z.number(),
    sort: z.number(),
    min_lend_amount: decimalString,
    next_time_rate_year: decimalString,
    borrow_demand: decimalString,
    ladder_apr: z.array(ladderTier),
    ext_award_rate_year: decimalString,
    ext_award_limit: decimalString,
    award_asset: z.string().nullable(),
    is_open_award_pool: z.boolean(),
    limit_min_lend_rate_year: decimalString,
    max_lend_rate_year: decimalString,
    accrued_until: z.number(),
    last_rate_year: decimalString,
    last_supplied: decimalString,
    last_lent: decimalString,
    liquidity_left: decimalString,
  }),
);

/** PUT /admin/api/simple-earn/flexible-products/:asset */
export const putAdminSimpleEarnFlexibleProductsByAssetResponse = postAdminSimpleEarnFlexibleProductsResponse;

/** GET /admin/api/simple-earn/flexible-hours */
export const getAdminSimpleEarnFlexibleHoursResponse = envelope(
  z.object({
    list: z.array(z.unknown()),
  }),
);

/** GET /admin/api/simple-earn/fixed-products */
export const getAdminSimpleEarnFixedProductsResponse = paged(
  adminFixedProduct.extend({
    status: z.number(),
    special_users: z.array(z.number()),
    sold_amount: decimalString,
  }),
);

/** POST /admin/api/simple-earn/fixed-products */
export const postAdminSimpleEarnFixedProductsResponse = envelope(adminFixedProduct);

/** PUT /admin/api/simple-earn/fixed-products/:id */
export const putAdminSimpleEarnFixedProductsByIdResponse = envelope(fixedProduct);

/** POST /admin/api/simple-earn/vouchers */
export const postAdminSimpleEarnVouchersResponse = envelope(
  z.object({
    id: z.number(),
    user: z.number(),
    title: z.string(),
  }),
);

/** GET /admin/api/simple-earn/vouchers */
export const getAdminSimpleEarnVouchersResponse = paged(
  z.object({
    id: z.number(),
    title: z.string(),
    rate_day: z.number(),
    rate_ratio: decimalString,
    buy_limit_low: decimalString,
    buy_limit_high: decimalString,
    using_currency: z.string(),
    expired_timest: z.number(),
    used_order_id: z.number().nullable(),
  }),
);
