import { MessageKey, parseAmount, type WealthProjectTypeId } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { idempotent } from '../../../accounts/idempotency';
import { currentUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import {
  type Route,
  type RouteReply,
  type RouteRequest,
  registerRoutes,
  route,
} from '../../../infra/http/route-table';
import { requestLanguage } from '../../../infra/http/texts';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { AcceptanceKind, acceptanceView, recordAcceptance } from '../../staking/store/acceptance';
import {
  orderDetail,
  orderLines,
  productView,
  redemptionHistory,
  requireOwnOrder,
  userOrders,
} from '../reads';
import {
  acceptDisclaimerSchema,
  BASE,
  disclaimerSchema,
  linesSchema,
  orderDetailSchema,
  ordersSchema,
  productsSchema,
  purchaseRouteSchema,
  redeemRecordsSchema,
  redeemRouteSchema,
} from '../schema/user';
import { purchase } from '../service/purchase';
import { redeemUnits } from '../service/redeem';
import { productsBySort, requireWealthProduct } from '../store/products';
import { registerWealthAdminRoutes } from './admin';

function checkText(text: string): void {
  const parsed = parseAmount(text);
  if (!parsed) throw errors.invalidParams('amount must be a plain decimal string');
  if (parsed.lte(0))
    throw errors.invalidParams('amount must be greater than zero', {}, MessageKey.amountPositive);
}
/** The product's coin, for the money counters: the answers name the product, not its coin. */
function coinOfProduct(deps: AppDeps) {
  return async (_body: unknown, data: unknown) => {
    const pid = (data as { pid?: unknown } | undefined)?.pid;
    return typeof pid === 'number' ? (await requireWealthProduct(deps.db, pid)).coin : undefined;
  };
}

/** The product's current disclaimer, as the user accepts it. */
async function disclaimerOf(deps: AppDeps, userId: number, pid: number, type?: WealthProjectTypeId) {
  const product = await requireWealthProduct(deps.db, pid, type);
  return {
    userId,
    kind: AcceptanceKind.wealthDisclaimer,
    ref: String(product.id),
    document: product.disclaimer,
  };
}

async function purchaseRoute(
  deps: AppDeps,
  req: RouteRequest<typeof purchaseRouteSchema>,
  reply: RouteReply<typeof purchaseRouteSchema>,
) {
  checkText(req.body.amount);
  const user = currentUser(req);
  return idempotent(deps, req, reply, (tx) =>
    purchase(tx, {
      userId: user.id,
      pid: req.body.pid,
      amount: req.body.amount,
      now: deps.clock.now(),
    }),
  );
}

async function acceptDisclaimer(deps: AppDeps, req: RouteRequest<typeof acceptDisclaimerSchema>) {
  return ok(
    await recordAcceptance(
      deps.db,
      await disclaimerOf(deps, currentUser(req).id, req.body.pid, req.body.project_type),
      deps.clock.now(),
    ),
  );
}

async function disclaimer(deps: AppDeps, req: RouteRequest<typeof disclaimerSchema>) {
  return ok(
    await acceptanceView(
      deps.db,
      await disclaimerOf(deps, currentUser(req).id, req.query.pid, req.query.project_type),
    ),
  );
}

async function redeemRoute(
  deps: AppDeps,
  req: RouteRequest<typeof redeemRouteSchema>,
  reply: RouteReply<typeof redeemRouteSchema>,
) {
  checkText(req.body.unit);
  const user = currentUser(req);
  return idempotent(deps, req, reply, (tx) =>
    redeemUnits(tx, { userId: user.id, pid: req.body.pid, units: req.body.unit, now: deps.clock.now() }),
  );
}

async function products(deps: AppDeps, req: RouteRequest<typeof productsSchema>) {
  const found = await productsBySort(deps.db);
  const now = deps.clock.now();
  const list = [];
  for (const p of found) {
    if (req.query.project_type !== undefined && p.projectType !== req.query.project_type) continue;
    list.push(await productView(deps.db, p, now, requestLanguage(req)));
  }
  return ok({ list, total: list.length });
}

async function orders(deps: AppDeps, req: RouteRequest<typeof ordersSchema>) {
  return ok(
    await userOrders(
      deps.db,
      currentUser(req).id,
      req.query.project_type,
      deps.clock.now(),
      requestLanguage(req),
    ),
  );
}

async function redeemRecords(deps: AppDeps, req: RouteRequest<typeof redeemRecordsSchema>) {
  return ok(await redemptionHistory(deps.db, currentUser(req).id, req.query));
}

async function oneOrder(deps: AppDeps, req: RouteRequest<typeof orderDetailSchema>) {
  const { order, product } = await requireOwnOrder(
    deps.db,
    currentUser(req).id,
    req.query.order_id,
    req.query.project_type,
  );
  return ok(await orderDetail(deps.db, order, product, deps.clock.now(), requestLanguage(req)));
}

async function lines(deps: AppDeps, req: RouteRequest<typeof linesSchema>) {
  const { order } = await requireOwnOrder(
    deps.db,
    currentUser(req).id,
    req.query.order_id,
    req.query.project_type,
  );
  return ok(await orderLines(deps.db, order, req.query.type, req.query.range, deps.clock.now()));
}

const userRoutes: Route[] = [
  route({
    method: 'POST',
    path: `${BASE}/purchase`,
    access: 'user',
    config: (deps) => ({ money: { line: 'wealth', kind: 'subscription', asset: coinOfProduct(deps) } }),
    schema: purchaseRouteSchema,
    handler: purchaseRoute,
  }),
  route({
    method: 'POST',
    path: `${BASE}/disclaimer`,
    access: 'user',
    schema: acceptDisclaimerSchema,
    handler: acceptDisclaimer,
  }),
  route({
    method: 'GET',
    path: `${BASE}/disclaimer`,
    access: 'user',
    schema: disclaimerSchema,
    handler: disclaimer,
  }),
  route({
    method: 'POST',
    path: `${BASE}/redeem`,
    access: 'user',
    config: (deps) => ({
      money: { line: 'wealth', kind: 'redemption', asset: coinOfProduct(deps), passwordOnRedemption: true },
    }),
    schema: redeemRouteSchema,
    handler: redeemRoute,
  }),
  route({ method: 'GET', path: `${BASE}/products`, schema: productsSchema, handler: products }),
  route({ method: 'GET', path: `${BASE}/orders`, access: 'user', schema: ordersSchema, handler: orders }),
  route({
    method: 'GET',
    path: `${BASE}/redeem-records`,
    access: 'user',
    schema: redeemRecordsSchema,
    handler: redeemRecords,
  }),
  route({
    method: 'GET',
    path: `${BASE}/order-detail`,
    access: 'user',
    schema: orderDetailSchema,
    handler: oneOrder,
  }),
  route({ method: 'GET', path: `${BASE}/lines`, access: 'user', schema: linesSchema, handler: lines }),
];

export function registerWealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoutes(app, deps, userRoutes);
  registerWealthAdminRoutes(app, deps);
}
