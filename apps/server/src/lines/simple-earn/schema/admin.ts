import {
  assetSymbol,
  rateFraction,
  ratePercent,
  SIMPLE_EARN_OPEN_END,
  storedAmount,
  storedPositiveAmount,
  unixTime,
} from '@earn/domain';
import { z } from 'zod';
import { editSchema } from '../../../accounts/operators/patch';
import { confirmRate } from '../../../accounts/operators/rate-guard';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';
import { i18nInput, variantText } from '../../../infra/http/texts';
import { adminFixedProduct, fixedProduct, ladderTier } from './common';

/** A flexible product as the operator reads it: its settings and the engine state of the last hour. */
const adminFlexProduct = z.object({
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
});

/** GET /admin/api/simple-earn/flexible-products */
export const getAdminSimpleEarnFlexibleProductsResponse = paged(adminFlexProduct);

/** POST /admin/api/simple-earn/flexible-products */
export const postAdminSimpleEarnFlexibleProductsResponse = envelope(adminFlexProduct);

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

// ---- operator inputs --------------------------------------------------------------------------

/**
 * Simple earn's operator catalogue: the creation schemas (edits are built from them by
 * operator/patch.ts), the column mapping of each field, and the rules a product keeps as a whole.
 *
 * A ladder tier is `{ left, right, apr }`; the last tier may be open-ended, written `right: ""`, in
 * the flexible and the fixed product alike. Tiers ascend and touch (each `left` is the `right` before).
 */

export const tier = z.object({
  left: storedAmount(18),
  right: z.union([z.literal(SIMPLE_EARN_OPEN_END), storedAmount(18)]),
  apr: rateFraction(8),
});
export const ladder = z.array(tier).max(10);
export const sort = z.number().int().min(-1_000_000).max(1_000_000);

export const flexShape = {
  asset: assetSymbol,
  min_lend_amount: storedPositiveAmount(18),
  next_time_rate_year: rateFraction(8),
  borrow_demand: storedAmount(18),
  ladder_apr: ladder.default([]),
  ext_award_rate_year: rateFraction(8).default('0'),
  ext_award_limit: storedAmount(18).default('0'),
  award_asset: assetSymbol.nullable().default(null),
  is_open_award_pool: z.boolean().default(false),
  /** Percent bounds of the minimum-APR dialog. */
  limit_min_lend_rate_year: ratePercent(8).default('0'),
  max_lend_rate_year: ratePercent(8).default('5'),
  status: z.number().int().min(0).max(1).default(1),
  sort: sort.default(0),
};
export const flexInput = z.object(flexShape);
export type FlexInput = z.input<typeof flexInput>;

export const fixedShape = {
  asset: assetSymbol,
  type: z.number().int().min(1).max(3).default(1),
  min_vip: z.number().int().min(0).max(16).default(0),
  max_vip: z.number().int().min(0).max(16).default(0),
  lock_up_period: z.number().int().min(1).max(3650),
  year_rate: rateFraction(8),
  total_quota: storedPositiveAmount(18),
  min_lend_amount: storedPositiveAmount(18),
  user_max_lend_volume: storedAmount(18).default('0'),
  start_time: unixTime(),
  end_time: unixTime().nullable().default(null),
  reinvest: z.number().int().min(0).max(1).default(1),
  redeem_account: z.number().int().min(0).max(1).default(1),
  pre_redeem: z.number().int().min(0).max(1).default(0),
  bonus_asset: assetSymbol.nullable().default(null),
  ladder_apr: ladder.default([]),
  title: z.string().max(120).default(''),
  subtitle: z.string().max(240).default(''),
  special_users: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(10_000).default([]),
  status: z.number().int().min(0).max(1).default(1),
  i18n: i18nInput({ title: variantText(120), subtitle: variantText(240) }).optional(),
};
export const fixedInput = z.object(fixedShape);
export type FixedInput = z.input<typeof fixedInput>;

export const voucherInput = z.object({
  user: z.union([z.number().int().positive(), z.string().min(1).max(254)]),
  title: z.string().min(1).max(120),
  rate_day: z.number().int().min(1).max(3650),
  rate_ratio: storedPositiveAmount(8),
  buy_limit_low: storedAmount(18).default('0'),
  buy_limit_high: storedAmount(18).default('0'),
  using_currency: z.string().max(200).default(''),
  expired_timest: unixTime().refine((t) => t > 0, 'expired_timest must be after 1970'),
});
export type VoucherInput = z.input<typeof voucherInput>;

// ---- routes -----------------------------------------------------------------------------------

const tags = ['operator', 'simple-earn'];

/**
 * The wire units of simple earn's operator rates, for the route descriptions: fractions, as the
 * engine and the users' calls carry them (the console shows and takes percents and converts).
 */
const RATE_UNITS =
  'Rates are fractions a year (0.05 = 5 %): next_time_rate_year, ext_award_rate_year, year_rate and each ladder_apr ' +
  "apr; limit_min_lend_rate_year and max_lend_rate_year, the bounds of the users' minimum-APR dialog, are percents. " +
  'A rate above the ceiling in the operator settings, or above 3 times the current one, needs confirm_rate: true (422 42230 operator.rate.confirm without it).';

export const flexProductsSchema = {
  response: { 200: getAdminSimpleEarnFlexibleProductsResponse },
  tags,
  summary: 'Flexible products with the engine state of the last hour',
};

export const createFlexProductSchema = {
  response: { 200: postAdminSimpleEarnFlexibleProductsResponse },
  tags,
  summary: 'Create the flexible product of an asset',
  description:
    'next_time_rate_year (fraction) is the rate applied to the hour that is running; borrow_demand is what borrowers take ' +
    'this hour (lending is matched up to it). Bonus tiers: ladder_apr, or [0, ext_award_limit) at ext_award_rate_year, paid ' +
    'hourly to spot in award_asset while is_open_award_pool. ' +
    RATE_UNITS,
  body: flexInput.extend(confirmRate),
};

export const editFlexProductSchema = {
  response: { 200: putAdminSimpleEarnFlexibleProductsByAssetResponse },
  tags,
  summary: "Edit a flexible product, e.g. the hour's rate and borrow demand",
  params: z.object({ asset: assetSymbol }),
  description:
    'Only the fields named change; a field left out keeps its value. Sent, award_asset may be null (no bonus ' +
    'coin); the ladder is replaced whole. The product after the edit must be valid as a whole (ladder, APR bounds). ' +
    RATE_UNITS,
  body: editSchema(flexInput.omit({ asset: true }).shape).extend(confirmRate),
};

export const flexHoursSchema = {
  response: { 200: getAdminSimpleEarnFlexibleHoursResponse },
  tags,
  summary: 'Accrued hours of an asset, newest first',
  querystring: z.object({
    asset: assetSymbol,
    limit: z.coerce.number().int().min(1).max(500).default(48),
  }),
};

export const fixedProductsSchema = {
  response: { 200: getAdminSimpleEarnFixedProductsResponse },
  tags,
  summary: 'Every fixed product, ended ones included',
};

export const createFixedProductSchema = {
  response: { 200: postAdminSimpleEarnFixedProductsResponse },
  tags,
  summary: 'Create a fixed product (type 1 normal, 2 VIP min_vip..max_vip, 3 special)',
  description:
    'Quota is capacity: sold_amount is the principal of active orders, freed at maturity and early redeem; sale_status is 2 ' +
    'while the remaining quota is below min_lend_amount. Special products: special_users when given, else newcomers to fixed. ' +
    RATE_UNITS,
  body: fixedInput.extend(confirmRate),
};

export const editFixedProductSchema = {
  response: { 200: putAdminSimpleEarnFixedProductsByIdResponse },
  tags,
  summary: 'Edit a fixed product; the quota cannot go below what is sold',
  params: z.object({ id: z.coerce.number().int().positive() }),
  description:
    'Only the fields named change; a field left out keeps its value. Sent, end_time and bonus_asset may be null ' +
    '(no end, no bonus coin); ladder_apr and special_users are replaced whole. The product after the edit must be ' +
    'valid as a whole (ladder, VIP range, window, minimum within quota and per-user cap). ' +
    RATE_UNITS,
  body: editSchema(fixedInput.omit({ asset: true }).shape).extend(confirmRate),
};

export const grantVoucherSchema = {
  response: { 200: postAdminSimpleEarnVouchersResponse },
  tags,
  summary:
    'Grant a rate-up voucher (rate_ratio percent; buy_limit_high 0 = no upper bound; using_currency comma list, empty = any)',
  description: 'rate_ratio, the APR the voucher adds, passes the operator rate guard (confirm_rate).',
  body: voucherInput.extend(confirmRate),
};

export const vouchersSchema = {
  response: { 200: getAdminSimpleEarnVouchersResponse },
  tags,
  summary: "A user's vouchers",
  querystring: z.object({ user: z.string().max(254) }),
};
