import {
  assetSymbol,
  DUAL_DIRECTIONS,
  DUAL_ORDER_STATUSES,
  pageQuery,
  positiveAmount,
  ratePercent,
  storedAmount,
  storedPositiveAmount,
  unixTime,
} from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';
import { PRODUCT_STATUSES } from '../model';

// The dual line's contract: what each route takes and answers (a field not named here is dropped; a
// wrong type fails the call in tests). Rates are percents a year ("12.5" is 12.5 %).

export const KINDS = ['dual', 'sniper'] as const;

/** A product as the user sees it, with the quote in force when it was read. */
export const dualProduct = z.object({
  id: z.number(),
  base_coin: z.string(),
  invest_coin: z.string(),
  exercise_coin: z.string(),
  direction: z.enum(DUAL_DIRECTIONS),
  target_price: decimalString,
  settle_time: z.number().describe('Settlement (fixing) time, unix seconds, a whole UTC hour'),
  subscribe_end_time: z.number().describe('Last instant a subscription is taken: an hour before settle_time'),
  apr: decimalString.describe('Percent a year the quote pays'),
  apr_type: z.enum(['fixed', 'quoted']),
  min_amount: decimalString,
  max_amount: decimalString.nullable().describe('Most one user may hold in the product; null: no cap'),
  total_quota: decimalString,
  remaining_quota: decimalString,
  index_price: decimalString.describe("The base coin's USDT price the quote was computed at"),
  quote_id: z.string(),
  quote_time: z
    .number()
    .describe(
      'Unix seconds the quote was issued: the interest of a subscription carrying quote_id counts from ' +
        'here to settle_time, so both outcomes computed from it are the ones paid',
    ),
  quote_expire_time: z.number().describe('quote_time + 60: a later subscription is refused (40910)'),
  status: z.enum(PRODUCT_STATUSES),
});

export const productsQuery = z.object({
  coin: assetSymbol.optional().describe('The base coin (BTC, ETH …), or USDT: every pair'),
  direction: z.enum(DUAL_DIRECTIONS).optional(),
});

export const getProductsResponse = paged(dualProduct);

export const subscribeBody = z.object({
  product_id: z.coerce.number().int().positive(),
  amount: positiveAmount(18),
  quote_id: z.string().min(3).max(80),
  auto_compound: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')])
    .optional(),
  fundpass: z.string().optional(),
});

/** An order as the user sees it; a settled one carries its fixing price and what it paid. */
export const dualOrder = z.object({
  order_id: z.number(),
  id: z.number(),
  kind: z.enum(KINDS),
  product_id: z.number().nullable(),
  direction: z.enum(DUAL_DIRECTIONS).nullable(),
  invest_coin: z.string(),
  exercise_coin: z.string(),
  amount: decimalString,
  target_price: decimalString,
  apr: decimalString,
  status: z.enum(DUAL_ORDER_STATUSES),
  is_open: z.number(),
  settle_time: z.number(),
  settle_price: decimalString.nullable(),
  settle_coin: z.string().nullable(),
  settle_amount: decimalString.nullable(),
  reached_amount: decimalString
    .nullable()
    .describe('What the order pays in exercise_coin if the target is reached'),
  not_reached_amount: decimalString.nullable().describe('What it pays in invest_coin if not'),
  quote_time: z
    .number()
    .nullable()
    .describe(
      "Unix seconds the subscription's quote was issued: its interest counts from here to settle_time; " +
        'null for an auto-roll (counted from create_time) or a record',
    ),
  auto_compound: z.boolean(),
  rolled_to: z.number().nullable(),
  rolled_from: z.number().nullable(),
  create_time: z.number(),
  expire_time: z.number(),
  update_time: z.number(),
});

export const postSubscribeResponse = envelope(dualOrder);
export const getOrderResponse = envelope(dualOrder);
export const getOrdersResponse = paged(dualOrder);
export const getAdminOrdersResponse = paged(dualOrder.extend({ user_id: z.number() }));
export const postAdminOrdersResponse = envelope(z.object({ order_id: z.number() }));
export const putAdminOrderResponse = envelope(dualOrder);

/** The orders the list can come in; the default is newest first. The id breaks ties, so pages never overlap. */
export const ORDER_SORTS = ['newest', 'apr_desc', 'apr_asc', 'expire_asc', 'expire_desc'] as const;

export const ordersQuery = z.object({
  kind: z.enum(KINDS).optional(),
  status: z.string().max(300).optional(),
  coin: assetSymbol.optional().describe('Only orders that invest in or may settle in this coin'),
  sort: z
    .enum(ORDER_SORTS)
    .default('newest')
    .describe('newest (creation, newest first), apr_desc, apr_asc, expire_asc or expire_desc'),
  ...pageQuery,
});

/** POST /admin/api/dual/orders: a record of the spec's statuses, moving no money. */
export const recordInput = z.object({
  user: z.union([z.number().int().positive(), z.string().trim().min(1).max(254)]),
  kind: z.enum(KINDS).default('dual'),
  invest_coin: assetSymbol,
  exercise_coin: assetSymbol,
  amount: storedPositiveAmount(8),
  target_price: storedPositiveAmount(8),
  apr: storedAmount(4),
  status: z.enum(DUAL_ORDER_STATUSES).default('INIT'),
  expire_time: unixTime().refine((t) => t > 0, 'expire_time must be after 1970'),
  settle_coin: assetSymbol.optional(),
  settle_amount: storedAmount(8).optional(),
});

export const productInput = z.object({
  invest_coin: assetSymbol,
  exercise_coin: assetSymbol,
  direction: z.enum(DUAL_DIRECTIONS),
  target_price: storedPositiveAmount(8),
  settle_time: unixTime(),
  min_amount: storedPositiveAmount(8),
  max_amount: storedPositiveAmount(8).optional(),
  total_quota: storedPositiveAmount(8),
  apr: ratePercent(2).optional().describe('A fixed APR in percent; omitted: quoted from the pair settings'),
  confirm_rate: z.boolean().optional(),
});

/** A product as the operator sees it: the user's view plus what it holds and how it settled. */
export const adminProduct = dualProduct.extend({
  crossed: z
    .boolean()
    .describe(
      'The market price is at or across the target (Sell High: at or below it; Buy Low: at or above it): ' +
        'hidden from users, subscriptions refused (42240), a quoted APR shows 0',
    ),
  sold: decimalString,
  fixed_apr: decimalString.nullable(),
  fixing_price: decimalString.nullable(),
  attempts: z.number(),
  retry_time: z.number().nullable(),
  settled_time: z.number().nullable(),
  orders: z.number(),
});
export const postAdminProductResponse = envelope(adminProduct);
export const getAdminProductsResponse = paged(adminProduct);

export const pairInput = z.object({
  volatility: ratePercent(4).describe('Yearly volatility of the base coin, percent'),
  margin: ratePercent(4).describe("The house's margin, percent a year, taken off the option premium"),
});
export const pairView = z.object({ base_coin: z.string(), volatility: decimalString, margin: decimalString });
export const putAdminPairResponse = envelope(pairView);
export const getAdminPairsResponse = envelope(z.object({ list: z.array(pairView) }));

const coinAmounts = z.record(z.string(), decimalString);
/** What the house owes per pair and settlement time, in each outcome. */
export const exposureRow = z.object({
  base_coin: z.string(),
  direction: z.enum(DUAL_DIRECTIONS),
  settle_time: z.number(),
  products: z.number(),
  orders: z.number(),
  open_amount: coinAmounts.describe('Invested, per coin'),
  pays_if_reached: coinAmounts.describe('What the house pays per coin if every target is reached'),
  pays_if_not_reached: coinAmounts.describe('… and if none is'),
});
export const settlementRun = z.object({
  id: z.number(),
  product_id: z.number(),
  outcome: z.enum(['settled', 'failed', 'canceled']),
  fixing_price: decimalString.nullable(),
  reached: z.boolean().nullable(),
  orders: z.number(),
  totals: coinAmounts,
  time: z.number(),
});
export const getAdminExposureResponse = envelope(
  z.object({ exposure: z.array(exposureRow), runs: z.array(settlementRun) }),
);
export const postAdminCancelResponse = envelope(
  z.object({ product_id: z.number(), canceled_orders: z.number() }),
);
