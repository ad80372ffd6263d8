import {
  ACCOUNT_MODES,
  type AccountMode,
  assetSymbol,
  dec,
  MAINTENANCE_MARGIN_RATIO,
  maintenanceMargin,
  sumValues,
  toWire,
  usdtValueOf,
} from '@earn/domain';
import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../infra/http/auth';
import { envelope, ok } from '../infra/http/envelope';
import { decimalString } from '../infra/http/openapi';
import type { AppDeps } from '../kernel/deps';
import { UserPurpose } from '../ledger/accounts';
import { balancesOf } from '../ledger/ledger';
import { findAsset, listAssets, requireAsset, requireAssets } from '../market/assets';
import { loansOf, spotAvailability } from './balances';
import { getUser } from './users';

const flag = (b: boolean) => (b ? 1 : 0);

/** The account context calls the specs' clients read before they show a product. */
export function registerContextRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const userOf = async (req: Parameters<typeof currentUser>[0]) => getUser(deps.db, currentUser(req).id);

  r.get(
    '/apiw/v2/unified/account_mode',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: 'Account mode: classic, multi_currency or single_currency',
        response: {
          200: envelope(
            z.object({
              mode: z.enum(ACCOUNT_MODES),
              first_open: z.boolean(),
              settings: z.object({ use_funding: z.boolean() }),
            }),
          ),
        },
      },
    },
    async (req) => {
      const user = await userOf(req);
      return ok({
        mode: user.accountMode,
        first_open: user.firstOpen,
        settings: { use_funding: user.useFunding },
      });
    },
  );

  r.get(
    '/api/web/v1/compliance/check',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary:
          "Features hidden for the user's region (operator-set): menu entries express, spot_trade, lend_earn",
        response: { 200: envelope(z.object({ business: z.array(z.string()), menu: z.array(z.string()) })) },
      },
    },
    async (req) => {
      const user = await userOf(req);
      return ok({ business: user.complianceBusiness, menu: user.complianceMenu });
    },
  );

  r.get(
    '/api/web/v1/rebate/get_user_info',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: 'Referral identity for the share widget',
        response: { 200: envelope(z.object({ encrypted_uid: z.string(), kol_code: z.string() })) },
      },
    },
    async (req) => {
      const user = await userOf(req);
      // The uid is not the database id: the code is what a referral link carries.
      return ok({ encrypted_uid: user.referralCode, kol_code: user.referralCode });
    },
  );

  r.get(
    '/api/web/v1/settings/get-currency-call-setting',
    {
      schema: {
        tags: ['account'],
        summary: 'When a coin was listed (new_coin_start, unix seconds)',
        querystring: z.object({ symbol: assetSymbol }),
        response: { 200: envelope(z.object({ symbol: z.string(), new_coin_start: z.number() })) },
      },
    },
    async (req) => {
      const asset = await requireAsset(deps.db, req.query.symbol);
      return ok({ symbol: asset.symbol, new_coin_start: Math.floor(asset.listedAt.getTime() / 1000) });
    },
  );

  r.get(
    '/apiw/v2/earn/borrow-coin-settings',
    {
      schema: {
        tags: ['account'],
        summary:
          'Whether a coin counts in full for launch pool or staking in a unified account (1 = supported)',
        querystring: z.object({ coin: assetSymbol.optional() }),
        response: {
          200: envelope(
            z.array(
              z.object({
                coin: z.string(),
                is_support_launchpool: z.number(),
                is_support_staking: z.number(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => {
      const list = req.query.coin ? [await requireAsset(deps.db, req.query.coin)] : await listAssets(deps.db);
      return ok(
        list.map((a) => ({
          coin: a.symbol,
          is_support_launchpool: flag(a.supportLaunchpool),
          is_support_staking: flag(a.supportStaking),
        })),
      );
    },
  );

  r.get(
    '/api/web/v1/uniloan/lend-earn-coin-info',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: 'Whether a coin can be lent in simple earn, and how much of it the user can lend now',
        querystring: z.object({ coin: assetSymbol }),
        response: {
          200: envelope(
            z.object({
              coin: z.string(),
              is_support_lend_earn: z.number(),
              lend_earn_available: decimalString,
            }),
          ),
        },
      },
    },
    async (req) => {
      const asset = await requireAsset(deps.db, req.query.coin);
      const user = await userOf(req);
      const [row] = await spotAvailability(deps.db, user.id, user.accountMode as AccountMode, [asset.symbol]);
      return ok({
        coin: asset.symbol,
        is_support_lend_earn: flag(asset.supportLendEarn),
        lend_earn_available: toWire(row?.lendEarnAvailable ?? 0),
      });
    },
  );

  r.post(
    '/apiw/v2/account/spot/asset/outable',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary:
          'Spot availability per asset. available: the spot balance; outable and lend_earn_available: less borrowed funds in a unified account',
        body: z.object({ assets: z.array(assetSymbol).min(1).max(100) }).passthrough(),
        response: {
          200: envelope(
            z.array(
              z.object({
                asset: z.string(),
                outable: decimalString,
                lend_earn_available: decimalString,
                available: decimalString,
                mode: z.enum(ACCOUNT_MODES),
              }),
            ),
          ),
        },
      },
    },
    async (req) => {
      const user = await userOf(req);
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
    },
  );

  r.get(
    '/apiw/v2/fixed_earn/api/user/lent/available',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: 'What the user can lend of an asset now',
        querystring: z.object({ asset: assetSymbol }),
        response: { 200: envelope(z.object({ asset: z.string(), available: decimalString })) },
      },
    },
    async (req) => {
      const user = await userOf(req);
      const asset = await requireAsset(deps.db, req.query.asset);
      const [row] = await spotAvailability(deps.db, user.id, user.accountMode as AccountMode, [asset.symbol]);
      return ok({ asset: asset.symbol, available: toWire(row?.lendEarnAvailable ?? 0) });
    },
  );

  r.get(
    '/apiw/v2/earn/launch-pool/get-user-loan-property',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: 'Borrowed amount per coin (unified accounts)',
        response: { 200: envelope(z.record(z.string(), z.string())) },
      },
    },
    async (req) => {
      const loans = await loansOf(deps.db, currentUser(req).id);
      return ok(Object.fromEntries([...loans].filter(([, v]) => v.gt(0)).map(([k, v]) => [k, toWire(v)])));
    },
  );

  r.get(
    '/apiw/v2/earn/launch-pool/user-stat',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: "The user's trading volume over the last 60 days, in USD",
        response: { 200: envelope(z.object({ user_60_day_transaction_amount: decimalString })) },
      },
    },
    async (req) => ok({ user_60_day_transaction_amount: toWire((await userOf(req)).tradingVolume60d) }),
  );

  r.get(
    '/apiw/v2/account/spot/trading/home',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: 'Lock check: use_funding together with locked blocks subscribe and redeem',
        querystring: z.object({ market: z.string().max(32).optional() }),
        response: { 200: envelope(z.object({ use_funding: z.boolean(), locked: z.boolean() })) },
      },
    },
    async (req) => {
      const user = await userOf(req);
      return ok({ use_funding: user.useFunding, locked: user.locked });
    },
  );

  r.get(
    '/apiw/v2/uni-loan/earn/user/vip',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: "The user's VIP tier (0 = none)",
        response: { 200: envelope(z.object({ vip_tier: z.number(), tier: z.number() })) },
      },
    },
    async (req) => {
      const tier = (await userOf(req)).vipTier;
      return ok({ vip_tier: tier, tier });
    },
  );

  r.get(
    '/api/web/v1/wallet/balances',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        summary: 'Spot balances with their USDT value',
        description:
          'usdt_value: available × the current price in cents (2 decimals) rounded down; total_usdt: their sum.',
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({ asset: z.string(), available: decimalString, usdt_value: decimalString }),
              ),
              total_usdt: decimalString,
            }),
          ),
        },
      },
    },
    async (req) => {
      const spot = await balancesOf(deps.db, currentUser(req).id, UserPurpose.spot);
      const list = [];
      for (const [asset, amount] of [...spot].sort(([a], [b]) => a.localeCompare(b))) {
        if (amount.isZero()) continue;
        const price = dec((await findAsset(deps.db, asset))?.priceUsdt ?? '0');
        // In cents, as every holding value shown: the total below is their sum, so the page adds up.
        list.push({ asset, available: toWire(amount), usdt_value: toWire(usdtValueOf(amount, price)) });
      }
      return ok({ list, total_usdt: toWire(sumValues(list.map((r) => r.usdt_value))) });
    },
  );

  r.get(
    '/apiw/v2/unified/maintenance_margin_rate',
    {
      preHandler: auth,
      schema: {
        tags: ['account'],
        operationId: 'getMaintenanceMarginRate',
        summary: "A unified account's maintenance margin rate: 5 % of its loans' value over its equity",
        description:
          'equity_usdt is the spot balances less the loans, valued at current prices; maintenance_margin_rate is a ' +
          'fraction with 4 decimals rounded up, "0" without loans, and null for a classic account or when the loans ' +
          'outweigh the holdings (liquidation).',
        response: {
          200: envelope(
            z.object({
              mode: z.enum(ACCOUNT_MODES),
              maintenance_margin_rate: decimalString.nullable(),
              maintenance_margin_ratio: decimalString,
              equity_usdt: decimalString,
              liabilities_usdt: decimalString,
              maintenance_margin_usdt: decimalString,
            }),
          ),
        },
      },
    },
    async (req) => {
      const user = await userOf(req);
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
    },
  );
}
