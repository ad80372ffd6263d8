import { currentUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, route } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import { payoutHistory as payoutPage, productList, statusOf, switchView } from '../reads';
import { BASE, payoutHistorySchema, productsSchema, statusSchema, switchOnOffSchema } from '../schema/user';
import { switchSoftStaking } from '../service/switch';

async function switchOnOff(deps: AppDeps, req: RouteRequest<typeof switchOnOffSchema>) {
  const row = await deps.db.transaction((tx) =>
    switchSoftStaking(tx, currentUser(req).id, req.body.status, deps.clock.now()),
  );
  return ok(switchView(row));
}

async function status(deps: AppDeps, req: RouteRequest<typeof statusSchema>) {
  return ok(await statusOf(deps.db, currentUser(req).id, deps.clock.now()));
}

async function products(deps: AppDeps, req: RouteRequest<typeof productsSchema>) {
  return ok(await productList(deps.db, req.user?.id));
}

async function payoutHistory(deps: AppDeps, req: RouteRequest<typeof payoutHistorySchema>) {
  return ok(await payoutPage(deps.db, currentUser(req).id, req.query));
}

export const userRoutes: Route[] = [
  route({
    method: 'POST',
    path: `${BASE}/switch`,
    access: 'user',
    schema: switchOnOffSchema,
    handler: switchOnOff,
  }),
  route({ method: 'GET', path: `${BASE}/status`, access: 'user', schema: statusSchema, handler: status }),
  route({
    method: 'GET',
    path: `${BASE}/products`,
    access: 'optional',
    schema: productsSchema,
    handler: products,
  }),
  route({
    method: 'GET',
    path: `${BASE}/payout-history`,
    access: 'user',
    schema: payoutHistorySchema,
    handler: payoutHistory,
  }),
];
