import { DUAL_ORDER_STATUSES } from '@earn/domain';
import { z } from 'zod';
import { envelope, paged } from '../../infra/http/envelope';
import { decimalString } from '../../infra/http/openapi';

// Success responses of this product line's routes: the fields the handlers answer, checked on
// every answer (a field not named here is dropped; a wrong type fails the call in tests).

/** A dual or sniper order as the user sees it. */
const dualOrder = z.object({
  order_id: z.number(),
  id: z.number(),
  kind: z.enum(['dual', 'sniper']),
  invest_coin: z.string(),
  exercise_coin: z.string(),
  amount: decimalString,
  target_price: decimalString,
  apr: decimalString,
  status: z.enum(DUAL_ORDER_STATUSES),
  is_open: z.number(),
  settle_coin: z.string().nullable(),
  settle_amount: decimalString.nullable(),
  create_time: z.number(),
  expire_time: z.number(),
  update_time: z.number(),
});

/** GET /apiw/v2/earn/dual/order-detail */
export const getEarnDualOrderDetailResponse = envelope(dualOrder);

/** GET /apiw/v2/earn/dual-sniper/order */
export const getEarnDualSniperOrderResponse = getEarnDualOrderDetailResponse;

/** GET /apiw/v2/earn/dual/orders */
export const getEarnDualOrdersResponse = paged(dualOrder);

/** POST /admin/api/dual/orders */
export const postAdminDualOrdersResponse = envelope(
  z.object({
    order_id: z.number(),
  }),
);

/** PUT /admin/api/dual/orders/:id */
export const putAdminDualOrdersByIdResponse = getEarnDualOrderDetailResponse;

/** GET /admin/api/dual/orders: the operator's list also names the user (status as stored). */
export const getAdminDualOrdersResponse = paged(
  dualOrder.extend({ status: z.string(), user_id: z.number() }),
);
