import { idempotent, idempotentFast } from '../../../accounts/idempotency';
import { groupCommitSettings, groupCommitter } from '../../../infra/db/group-commit';
import { currentUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteReply, type RouteRequest, route } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import {
  autoInvestSchema,
  flexHoldingsSchema,
  interestRateSchema,
  redeemCallbackSchema,
  redeemCancelSchema,
  redeemSchema,
  setAutoInvestSchema,
  subscribeSchema,
} from '../schema/flexible';
import { cancelRedemption } from '../service/cancel-redemption';
import { redeemFlexible } from '../service/redeem-flexible';
import { redeemFlexibleFast } from '../service/redeem-flexible-fast';
import { redemptionStatus } from '../service/redemption-status';
import { setMinLendRate } from '../service/set-min-lend-rate';
import { subscribeFlexible } from '../service/subscribe-flexible';
import { subscribeFlexibleFast } from '../service/subscribe-flexible-fast';
import { autoInvestSwitches, setAutoInvest } from '../store/auto-invest';
import { flexHoldings } from '../store/holdings';

async function subscribe(
  deps: AppDeps,
  req: RouteRequest<typeof subscribeSchema>,
  reply: RouteReply<typeof subscribeSchema>,
) {
  return idempotentFast(
    deps,
    req,
    reply,
    (call) =>
      subscribeFlexibleFast(
        deps.db,
        call,
        req.body,
        deps.clock.now(),
        groupCommitter(deps.db, groupCommitSettings(deps.config)),
      ),
    (tx) => subscribeFlexible(tx, currentUser(req).id, req.body, deps.clock.now()),
  );
}

async function holdings(deps: AppDeps, req: RouteRequest<typeof flexHoldingsSchema>) {
  const { page, limit, asset } = req.query;
  return ok(await flexHoldings(deps.db, currentUser(req).id, page, limit, asset?.toUpperCase()));
}

async function redeem(
  deps: AppDeps,
  req: RouteRequest<typeof redeemSchema>,
  reply: RouteReply<typeof redeemSchema>,
) {
  return idempotentFast(
    deps,
    req,
    reply,
    (call) =>
      redeemFlexibleFast(
        deps.db,
        call,
        req.body,
        deps.clock.now(),
        groupCommitter(deps.db, groupCommitSettings(deps.config)),
      ),
    (tx) => redeemFlexible(tx, currentUser(req).id, req.body, deps.clock.now()),
  );
}

async function redeemCallback(deps: AppDeps, req: RouteRequest<typeof redeemCallbackSchema>) {
  return ok(await redemptionStatus(deps.db, currentUser(req).id, req.body.asset, deps.clock.now()));
}

async function redeemCancel(
  deps: AppDeps,
  req: RouteRequest<typeof redeemCancelSchema>,
  reply: RouteReply<typeof redeemCancelSchema>,
) {
  return idempotent(deps, req, reply, (tx) =>
    cancelRedemption(tx, currentUser(req).id, req.body, deps.clock.now()),
  );
}

async function interestRate(
  deps: AppDeps,
  req: RouteRequest<typeof interestRateSchema>,
  reply: RouteReply<typeof interestRateSchema>,
) {
  return idempotent(deps, req, reply, (tx) =>
    setMinLendRate(tx, currentUser(req).id, req.body, deps.clock.now()),
  );
}

async function autoInvest(deps: AppDeps, req: RouteRequest<typeof autoInvestSchema>) {
  if (!req.user) return ok({ global_status: 0, list: [] });
  return ok(await autoInvestSwitches(deps.db, req.user.id, req.query.assets));
}

async function switchAutoInvest(deps: AppDeps, req: RouteRequest<typeof setAutoInvestSchema>) {
  const status = Number(req.body.status);
  const raw = Array.isArray(req.body.assets) ? req.body.assets : (req.body.assets ?? '').split(',');
  const list = raw.map((a) => a.trim().toUpperCase()).filter(Boolean);
  await setAutoInvest(deps.db, currentUser(req).id, list, status, deps.clock.now());
  return ok({ assets: list.length ? list : ['ALL'], status });
}

const base = '/apiw/v2/uni-loan/earn';

export const flexibleRoutes: Route[] = [
  route({
    method: 'POST',
    path: `${base}/subscribe`,
    // No session guard: the fast path checks the session in its own read (idempotentFast).
    config: { sessionInStatement: true, money: { line: 'simple_earn_flexible', kind: 'subscription' } },
    schema: subscribeSchema,
    handler: subscribe,
  }),
  route({
    method: 'GET',
    path: `${base}/subscribe`,
    access: 'user',
    schema: flexHoldingsSchema,
    handler: holdings,
  }),
  route({
    method: 'POST',
    path: `${base}/redeem`,
    // No session guard: the fast path checks the session in its own read (idempotentFast).
    config: { sessionInStatement: true, money: { line: 'simple_earn_flexible', kind: 'redemption' } },
    schema: redeemSchema,
    handler: redeem,
  }),
  route({
    method: 'POST',
    path: `${base}/redeem-callback`,
    access: 'user',
    schema: redeemCallbackSchema,
    handler: redeemCallback,
  }),
  route({
    method: 'POST',
    path: `${base}/redeem/cancel`,
    access: 'user',
    config: { money: { line: 'simple_earn_flexible', kind: 'other' } },
    schema: redeemCancelSchema,
    handler: redeemCancel,
  }),
  route({
    method: 'POST',
    path: `${base}/interest-rate`,
    access: 'user',
    config: { idempotent: true },
    schema: interestRateSchema,
    handler: interestRate,
  }),
  route({
    method: 'GET',
    path: `${base}/autoivest`,
    access: 'optional',
    schema: autoInvestSchema,
    handler: autoInvest,
  }),
  route({
    method: 'POST',
    path: `${base}/autoivest`,
    access: 'user',
    schema: setAutoInvestSchema,
    handler: switchAutoInvest,
  }),
];
