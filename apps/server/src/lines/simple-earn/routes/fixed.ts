import { toWire } from '@earn/domain';
import { idempotent } from '../../../accounts/idempotency';
import { currentUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteReply, type RouteRequest, route } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { FIXED_BASES } from '../schema/common';
import {
  fixedHistorySchema,
  fixedHoldingsSchema,
  fixedOrderSchema,
  lendableSchema,
  lendSchema,
  preRedeemSchema,
  redeemAccountSchema,
  reinvestSchema,
} from '../schema/fixed';
import { lendable } from '../service/fixed-eligibility';
import { setRedeemAccount, setReinvest } from '../service/fixed-order-settings';
import { preRedeemFixed } from '../service/pre-redeem-fixed';
import { subscribeFixed } from '../service/subscribe-fixed';
import { userFixedOrder } from '../store/fixed-orders';
import { fixedHistory } from '../store/history';
import { fixedHoldings, fixedOrderView } from '../store/holdings';
import { fixedProduct, requireFixedProduct, saleStatus } from '../store/products';
import { historyQuery } from './history-query';

async function fixedLendable(deps: AppDeps, req: RouteRequest<typeof lendableSchema>) {
  const product = await requireFixedProduct(deps.db, req.query.product_id);
  const { productRemaining, userRemaining } = await lendable(deps.db, currentUser(req).id, product);
  const personal = userRemaining ?? productRemaining;
  return ok({
    product_id: product.id,
    lendable: toWire(personal.lt(productRemaining) ? personal : productRemaining),
    user_remaining: userRemaining === null ? '-1' : toWire(userRemaining),
    product_remaining: toWire(productRemaining),
    sale_status: saleStatus(product),
  });
}

async function lend(
  deps: AppDeps,
  req: RouteRequest<typeof lendSchema>,
  reply: RouteReply<typeof lendSchema>,
) {
  return idempotent(deps, req, reply, async (tx) => {
    const order = await subscribeFixed(tx, currentUser(req).id, req.body, deps.clock.now());
    const product = await fixedProduct(tx, order.productId);
    return fixedOrderView(order, product, deps.clock.now());
  });
}

async function holdings(deps: AppDeps, req: RouteRequest<typeof fixedHoldingsSchema>) {
  const query = {
    orderType: req.query.order_type,
    page: req.query.page,
    limit: req.query.limit,
    asset: req.query.asset?.toUpperCase(),
  };
  return ok(await fixedHoldings(deps.db, currentUser(req).id, query, deps.clock.now()));
}

async function preRedeem(
  deps: AppDeps,
  req: RouteRequest<typeof preRedeemSchema>,
  reply: RouteReply<typeof preRedeemSchema>,
) {
  return idempotent(deps, req, reply, async (tx) => {
    const order = await preRedeemFixed(tx, currentUser(req).id, req.body.order_id, deps.clock.now());
    return fixedOrderView(order, await fixedProduct(tx, order.productId), deps.clock.now());
  });
}

async function reinvestStatus(deps: AppDeps, req: RouteRequest<typeof reinvestSchema>) {
  const order = await deps.db.transaction((tx) =>
    setReinvest(tx, currentUser(req).id, req.params.order_id, req.body.reinvest_status, deps.clock.now()),
  );
  return ok(fixedOrderView(order, await fixedProduct(deps.db, order.productId), deps.clock.now()));
}

async function redeemAccountType(deps: AppDeps, req: RouteRequest<typeof redeemAccountSchema>) {
  const order = await deps.db.transaction((tx) =>
    setRedeemAccount(
      tx,
      currentUser(req).id,
      req.params.order_id,
      req.body.redeem_account_type,
      deps.clock.now(),
    ),
  );
  return ok(fixedOrderView(order, await fixedProduct(deps.db, order.productId), deps.clock.now()));
}

async function oneOrder(deps: AppDeps, req: RouteRequest<typeof fixedOrderSchema>) {
  const { order_id, asset } = req.query;
  const order = await userFixedOrder(deps.db, currentUser(req).id, asset.toUpperCase(), order_id);
  if (!order) throw errors.notFound(`order ${order_id}`);
  return ok(fixedOrderView(order, await fixedProduct(deps.db, order.productId), deps.clock.now()));
}

async function history(deps: AppDeps, req: RouteRequest<typeof fixedHistorySchema>) {
  return ok(await fixedHistory(deps.db, currentUser(req).id, historyQuery(req.query), deps.clock.now()));
}

/** A fixed order's calls, served alike under each base (VIP paths behave the same; the product decides). */
function userRoutes(base: string): Route[] {
  return [
    route({
      method: 'GET',
      path: `${base}/user/lendable`,
      access: 'user',
      schema: lendableSchema,
      handler: fixedLendable,
    }),
    route({
      method: 'POST',
      path: `${base}/user/lend`,
      access: 'user',
      config: { money: { line: 'simple_earn_fixed', kind: 'subscription' } },
      schema: lendSchema,
      handler: lend,
    }),
    route({
      method: 'GET',
      path: `${base}/user/lend`,
      access: 'user',
      schema: fixedHoldingsSchema,
      handler: holdings,
    }),
    route({
      method: 'POST',
      path: `${base}/user/pre-redeem`,
      access: 'user',
      config: { money: { line: 'simple_earn_fixed', kind: 'redemption' } },
      schema: preRedeemSchema,
      handler: preRedeem,
    }),
    route({
      method: 'PUT',
      path: `${base}/user/reinvest-status/:order_id`,
      access: 'user',
      schema: reinvestSchema,
      handler: reinvestStatus,
    }),
    route({
      method: 'PUT',
      path: `${base}/user/redeem-account-type/:order_id`,
      access: 'user',
      schema: redeemAccountSchema,
      handler: redeemAccountType,
    }),
  ];
}

export const fixedRoutes: Route[] = [
  ...FIXED_BASES.flatMap(userRoutes),
  route({
    method: 'GET',
    path: '/apiw/v2/fixed_earn/api/user/order',
    access: 'user',
    schema: fixedOrderSchema,
    handler: oneOrder,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/fixed_earn/api/user/history',
    access: 'user',
    schema: fixedHistorySchema,
    handler: history,
  }),
];
