import {
  type AccountMode,
  dec,
  MAINTENANCE_MARGIN_RATIO,
  maintenanceMargin,
  sumValues,
  toWire,
  usdtValueOf,
} from '@earn/domain';
import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../infra/http/auth';
import { ok } from '../infra/http/envelope';
import { type Route, type RouteRequest, registerRoutes, route } from '../infra/http/route-table';
import type { AppDeps } from '../kernel/deps';
import { UserPurpose } from '../ledger/accounts';
import { balancesOf } from '../ledger/ledger';
import { findAsset, listAssets, requireAsset, requireAssets } from '../market/assets';
import { loansOf, spotAvailability } from './balances';
import * as s from './context-schema';
import { getUser } from './users';

const flag = (b: boolean) => (b ? 1 : 0);

/** The signed-in user's row. */
const userOf = (deps: AppDeps, req: Parameters<typeof currentUser>[0]) =>
  getUser(deps.db, currentUser(req).id);

async function accountMode(deps: AppDeps, req: RouteRequest<typeof s.accountModeSchema>) {
  const user = await userOf(deps, req);
  return ok({
    mode: user.accountMode,
    first_open: user.firstOpen,
    settings: { use_funding: user.useFunding },
  });
}

async function complianceCheck(deps: AppDeps, req: RouteRequest<typeof s.complianceCheckSchema>) {
  const user = await userOf(deps, req);
  return ok({ business: user.complianceBusiness, menu: user.complianceMenu });
}

async function referralInfo(deps: AppDeps, req: RouteRequest<typeof s.referralInfoSchema>) {
  const user = await userOf(deps, req);
  // The uid is not the database id: the code is what a referral link carries.
  return ok({ encrypted_uid: user.referralCode, kol_code: user.referralCode });
}

async function currencyCallSetting(deps: AppDeps, req: RouteRequest<typeof s.currencyCallSettingSchema>) {
  const asset = await requireAsset(deps.db, req.query.symbol);
  return ok({ symbol: asset.symbol, new_coin_start: Math.floor(asset.listedAt.getTime() / 1000) });
}

async function borrowCoinSettings(deps: AppDeps, req: RouteRequest<typeof s.borrowCoinSettingsSchema>) {
  const list = req.query.coin ? [await requireAsset(deps.db, req.query.coin)] : await listAssets(deps.db);
  return ok(
    list.map((a) => ({
      coin: a.symbol,
      is_support_launchpool: flag(a.supportLaunchpool),
      is_support_staking: flag(a.supportStaking),
    })),
  );
}

async function lendEarnCoinInfo(deps: AppDeps, req: RouteRequest<typeof s.lendEarnCoinInfoSchema>) {
  const asset = await requireAsset(deps.db, req.query.coin);
  const user = await userOf(deps, req);
  const [row] = await spotAvailability(deps.db, user.id, user.accountMode as AccountMode, [asset.symbol]);
  return ok({
    coin: asset.symbol,
    is_support_lend_earn: flag(asset.supportLendEarn),
    lend_earn_available: toWire(row?.lendEarnAvailable ?? 0),
  });
}

async function spotOutable(deps: AppDeps, req: RouteRequest<typeof s.spotOutableSchema>) {
  const user = await userOf(deps, req);
  await requireAssets(deps.db, req.body.assets);
  const list = await spotAvailability(deps.db, user.id, user.accountMode as AccountMode, req.body.assets);
  return ok(
    list.map((row) => ({
      asset: row.asset,
      outable: toWire(row.outable),
      lend_earn_available: toWire(row.lendEarnAvailable),
      available: toWire(row.available),
      mode: user.accountMode,
    })),
  );
}

async function lendAvailable(deps: AppDeps, req: RouteRequest<typeof s.lendAvailableSchema>) {
  const user = await userOf(deps, req);
  const asset = await requireAsset(deps.db, req.query.asset);
  const [row] = await spotAvailability(deps.db, user.id, user.accountMode as AccountMode, [asset.symbol]);
  return ok({ asset: asset.symbol, available: toWire(row?.lendEarnAvailable ?? 0) });
}

async function loanProperty(deps: AppDeps, req: RouteRequest<typeof s.loanPropertySchema>) {
  const loans = await loansOf(deps.db, currentUser(req).id);
  return ok(Object.fromEntries([...loans].filter(([, v]) => v.gt(0)).map(([k, v]) => [k, toWire(v)])));
}

async function userStat(deps: AppDeps, req: RouteRequest<typeof s.userStatSchema>) {
  return ok({ user_60_day_transaction_amount: toWire((await userOf(deps, req)).tradingVolume60d) });
}

async function tradingHome(deps: AppDeps, req: RouteRequest<typeof s.tradingHomeSchema>) {
  const user = await userOf(deps, req);
  return ok({ use_funding: user.useFunding, locked: user.locked });
}

async function vipTier(deps: AppDeps, req: RouteRequest<typeof s.vipTierSchema>) {
  const tier = (await userOf(deps, req)).vipTier;
  return ok({ vip_tier: tier, tier });
}

async function walletBalances(deps: AppDeps, req: RouteRequest<typeof s.walletBalancesSchema>) {
  const spot = await balancesOf(deps.db, currentUser(req).id, UserPurpose.spot);
  const list = [];
  for (const [asset, amount] of [...spot].sort(([a], [b]) => a.localeCompare(b))) {
    if (amount.isZero()) continue;
    const price = dec((await findAsset(deps.db, asset))?.priceUsdt ?? '0');
    // In cents, as every holding value shown: the total below is their sum, so the page adds up.
    list.push({ asset, available: toWire(amount), usdt_value: toWire(usdtValueOf(amount, price)) });
  }
  return ok({ list, total_usdt: toWire(sumValues(list.map((r) => r.usdt_value))) });
}

async function maintenanceMarginRate(deps: AppDeps, req: RouteRequest<typeof s.maintenanceMarginRateSchema>) {
  const user = await userOf(deps, req);
  const spot = await balancesOf(deps.db, user.id, UserPurpose.spot);
  const loans = user.accountMode === 'classic' ? new Map() : await loansOf(deps.db, user.id);
  const prices = new Map((await listAssets(deps.db)).map((a) => [a.symbol, a.priceUsdt]));
  const valued = (entries: Map<string, Decimal>) =>
    [...entries].map(([asset, amount]) => ({ asset, amount, priceUsdt: prices.get(asset) ?? '0' }));
  const margin = maintenanceMargin(valued(spot), valued(loans));
  return ok({
    mode: user.accountMode,
    maintenance_margin_rate:
      user.accountMode === 'classic' || margin.rate === null ? null : margin.rate.toFixed(),
    maintenance_margin_ratio: MAINTENANCE_MARGIN_RATIO,
    equity_usdt: margin.equityUsdt.toFixed(),
    liabilities_usdt: margin.liabilitiesUsdt.toFixed(),
    maintenance_margin_usdt: margin.maintenanceMarginUsdt.toFixed(),
  });
}

const contextRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/apiw/v2/unified/account_mode',
    access: 'user',
    schema: s.accountModeSchema,
    handler: accountMode,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/compliance/check',
    access: 'user',
    schema: s.complianceCheckSchema,
    handler: complianceCheck,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/rebate/get_user_info',
    access: 'user',
    schema: s.referralInfoSchema,
    handler: referralInfo,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/settings/get-currency-call-setting',
    schema: s.currencyCallSettingSchema,
    handler: currencyCallSetting,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/earn/borrow-coin-settings',
    schema: s.borrowCoinSettingsSchema,
    handler: borrowCoinSettings,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/uniloan/lend-earn-coin-info',
    access: 'user',
    schema: s.lendEarnCoinInfoSchema,
    handler: lendEarnCoinInfo,
  }),
  route({
    method: 'POST',
    path: '/apiw/v2/account/spot/asset/outable',
    access: 'user',
    schema: s.spotOutableSchema,
    handler: spotOutable,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/fixed_earn/api/user/lent/available',
    access: 'user',
    schema: s.lendAvailableSchema,
    handler: lendAvailable,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/earn/launch-pool/get-user-loan-property',
    access: 'user',
    schema: s.loanPropertySchema,
    handler: loanProperty,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/earn/launch-pool/user-stat',
    access: 'user',
    schema: s.userStatSchema,
    handler: userStat,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/account/spot/trading/home',
    access: 'user',
    schema: s.tradingHomeSchema,
    handler: tradingHome,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/uni-loan/earn/user/vip',
    access: 'user',
    schema: s.vipTierSchema,
    handler: vipTier,
  }),
  route({
    method: 'GET',
    path: '/api/web/v1/wallet/balances',
    access: 'user',
    schema: s.walletBalancesSchema,
    handler: walletBalances,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/unified/maintenance_margin_rate',
    access: 'user',
    schema: s.maintenanceMarginRateSchema,
    handler: maintenanceMarginRate,
  }),
];

/** The account context calls the specs' clients read before they show a product. */
export function registerContextRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoutes(app, deps, contextRoutes);
}
