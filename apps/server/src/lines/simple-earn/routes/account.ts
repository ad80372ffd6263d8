import { dec } from '@earn/domain';
import { currentUser } from '../../../infra/http/auth';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, route } from '../../../infra/http/route-table';
import type { AppDeps } from '../../../kernel/deps';
import {
  couponRecommendSchema,
  flexHistorySchema,
  historyCoinsSchema,
  historyTypesSchema,
  statisticsSchema,
  subscribeCheckSchema,
  upgradeVipWaySchema,
} from '../schema/account';
import { assertVipRange, specialEligible, voucherMatches } from '../service/fixed-eligibility';
import { upgradeVipWay } from '../service/upgrade-vip-way';
import { userVouchers } from '../store/fixed-orders';
import { flexHistory, historyCoins, parseTimeZone } from '../store/history';
import { onSale, requireFixedProduct } from '../store/products';
import { statistics } from '../store/statistics';
import { historyQuery } from './history-query';
import { voucherTerms } from './voucher-wire';

// The user's own reads across simple earn: totals, history, vouchers and what a product needs.

async function userStatistics(deps: AppDeps, req: RouteRequest<typeof statisticsSchema>) {
  return ok(await statistics(deps.db, currentUser(req).id, deps.clock.now()));
}

async function history(deps: AppDeps, req: RouteRequest<typeof flexHistorySchema>) {
  const q = req.query;
  const query = historyQuery(q, {
    daily: q.is_daily_log === 1,
    tzMinutes: q.is_time_zone === 0 ? 0 : parseTimeZone(q.time_zone),
  });
  return ok(await flexHistory(deps.db, currentUser(req).id, query, deps.clock.now()));
}

async function coins(deps: AppDeps, req: RouteRequest<typeof historyCoinsSchema>) {
  const line = req.query.product_type === 1 ? 'fixed' : 'flexible';
  return ok({ list: await historyCoins(deps.db, currentUser(req).id, line) });
}

async function types(_deps: AppDeps, req: RouteRequest<typeof historyTypesSchema>) {
  const names = ['', 'lend', 'redeem', 'interest', 'bonus', 'rate-up'];
  const max = req.query.product_type === 1 ? 5 : 4;
  return ok({ list: Array.from({ length: max }, (_, i) => ({ type: i + 1, name: names[i + 1] ?? '' })) });
}

async function couponRecommend(deps: AppDeps, req: RouteRequest<typeof couponRecommendSchema>) {
  const product = req.query.pid ? await requireFixedProduct(deps.db, req.query.pid) : undefined;
  const at = deps.clock.now();
  const list = (await userVouchers(deps.db, currentUser(req).id))
    .filter((v) =>
      product ? voucherMatches(v, product.asset, at) : v.usedOrderId === null && v.expiredAt > at,
    )
    .sort((a, b) => dec(b.rateRatio).cmp(a.rateRatio) || a.id - b.id)
    .map((v) => ({
      id: v.id,
      financial_rate_id: v.id,
      ...voucherTerms(v),
    }));
  return ok({ list, total: list.length });
}

async function subscribeCheck(deps: AppDeps, req: RouteRequest<typeof subscribeCheckSchema>) {
  const product = await requireFixedProduct(deps.db, req.query.pid);
  const userId = currentUser(req).id;
  let able = onSale(product, deps.clock.now()) && (await specialEligible(deps.db, userId, product));
  if (able) {
    try {
      await assertVipRange(deps.db, userId, product);
    } catch {
      able = false;
    }
  }
  return ok({ pid: product.id, is_able_subscribe: able });
}

async function vipWay(deps: AppDeps, req: RouteRequest<typeof upgradeVipWaySchema>) {
  return ok(await upgradeVipWay(deps.db, currentUser(req).id, req.query.pid));
}

const base = '/apiw/v2/uni-loan/earn';

export const statisticsRoutes: Route[] = [
  route({
    method: 'GET',
    path: `${base}/statistics`,
    access: 'user',
    schema: statisticsSchema,
    handler: userStatistics,
  }),
  route({
    method: 'GET',
    path: `${base}/history`,
    access: 'user',
    schema: flexHistorySchema,
    handler: history,
  }),
  route({
    method: 'GET',
    path: `${base}/history/coins`,
    access: 'user',
    schema: historyCoinsSchema,
    handler: coins,
  }),
  route({ method: 'GET', path: `${base}/history/types`, schema: historyTypesSchema, handler: types }),
  route({
    method: 'GET',
    path: `${base}/coupon-recommend`,
    access: 'user',
    schema: couponRecommendSchema,
    handler: couponRecommend,
  }),
  route({
    method: 'GET',
    path: `${base}/subscribe/check`,
    access: 'user',
    schema: subscribeCheckSchema,
    handler: subscribeCheck,
  }),
  route({
    method: 'GET',
    path: `${base}/upgrade-vip-way`,
    access: 'user',
    schema: upgradeVipWaySchema,
    handler: vipWay,
  }),
];
