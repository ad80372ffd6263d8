import { WEALTH_PROJECT_TYPES } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { decimalString } from '../../../infra/http/openapi';
import { i18nOutput } from '../../../infra/http/texts';

/** Private wealth 4, asset management 5: the only types a product is created with. */
const wealthProjectType = z.literal(WEALTH_PROJECT_TYPES);

// Success responses of this product line's routes: the fields the handlers answer, checked on
// every answer (a field not named here is dropped; a wrong type fails the call in tests).

/** POST /apiw/v2/earn/private-wealth/purchase */
export const postEarnPrivateWealthPurchaseResponse = envelope(
  z.object({
    order_id: z.number(),
    purchase_id: z.number(),
    pid: z.number(),
    amount: decimalString,
    unit: decimalString,
    net_value_ratio: decimalString,
    total_unit: decimalString,
  }),
);

/** POST /apiw/v2/earn/private-wealth/disclaimer */
export const postEarnPrivateWealthDisclaimerResponse = envelope(
  z.object({
    kind: z.string(),
    document: z.string(),
    accepted: z.number(),
    accepted_at: z.number(),
  }),
);

/** GET /apiw/v2/earn/private-wealth/disclaimer */
export const getEarnPrivateWealthDisclaimerResponse = envelope(
  z.object({
    kind: z.string(),
    document: z.string(),
    accepted: z.number(),
    accepted_at: z.number().nullable(),
  }),
);

/** POST /apiw/v2/earn/private-wealth/redeem */
export const postEarnPrivateWealthRedeemResponse = envelope(
  z.object({
    redeem_id: z.number(),
    order_id: z.number(),
    pid: z.number(),
    unit: decimalString,
    status: z.string(),
  }),
);

/** GET /apiw/v2/earn/private-wealth/products */
const wealthProductItem = z.object({
  pid: z.number(),
  project_type: wealthProjectType,
  name: z.string(),
  coin: z.string(),
  min_purchase: decimalString,
  vip_min_tier: z.number(),
  net_value_ratio: decimalString.nullable(),
  net_value_time: z.number().nullable(),
  recent_30_days_rate: decimalString,
  run_days: z.number(),
  show_interest: z.number(),
  disclaimer: z.string(),
  description: z.string(),
  status: z.enum(['online', 'offline']),
});
export const getEarnPrivateWealthProductsResponse = paged(wealthProductItem);

/** A user's wealth holding, in the list and alone. */
const wealthOrder = z.object({
  order_id: z.number(),
  pid: z.number(),
  project_type: wealthProjectType,
  name: z.string(),
  coin: z.string(),
  amount: decimalString,
  unit: decimalString,
  redeeming_unit: decimalString,
  cost: decimalString,
  show_interest: z.number(),
  income_amount: decimalString,
  net_value_ratio: decimalString,
  net_value_ratio_buy: decimalString,
  recent_30_days_rate: decimalString,
  run_days: z.number(),
  client_id: z.string(),
});

/** GET /apiw/v2/earn/private-wealth/orders */
export const getEarnPrivateWealthOrdersResponse = paged(wealthOrder);

/** GET /apiw/v2/earn/private-wealth/redeem-records */
export const getEarnPrivateWealthRedeemRecordsResponse = paged(
  z.object({
    id: z.number(),
    order_id: z.number(),
    pid: z.number(),
    coin: z.string(),
    unit: decimalString,
    status: z.string(),
    net_value_ratio: decimalString.nullable(),
    amount: decimalString.nullable(),
    create_time: z.number(),
    settle_time: z.number().nullable(),
  }),
);

/** GET /apiw/v2/earn/private-wealth/order-detail */
export const getEarnPrivateWealthOrderDetailResponse = envelope(wealthOrder);

/** GET /apiw/v2/earn/private-wealth/lines */
export const getEarnPrivateWealthLinesResponse = envelope(
  z.object({
    lines: z.array(
      z.object({
        timestamp: z.number(),
        value: decimalString,
        diff: decimalString,
      }),
    ),
    change: decimalString,
  }),
);

/** POST /admin/api/wealth/products */
export const postAdminWealthProductsResponse = envelope(
  z.object({
    pid: z.number(),
  }),
);

/** PUT /admin/api/wealth/products/:pid */
export const putAdminWealthProductsByPidResponse = envelope(
  z.object({
    pid: z.number(),
  }),
);

/** POST /admin/api/wealth/products/:pid/nav */
export const postAdminWealthProductsByPidNavResponse = envelope(
  z.object({
    pid: z.number(),
    nav: decimalString,
    time: z.number(),
    settled: z.number(),
  }),
);

/** GET /admin/api/wealth/products */
/** The operator's list: the English texts, and the variants in other languages as stored. */
export const getAdminWealthProductsResponse = paged(wealthProductItem.extend({ i18n: i18nOutput }));
