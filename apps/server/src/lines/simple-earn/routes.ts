import {
  assetSymbol,
  dec,
  positiveAmount,
  SimpleEarnHistoryType,
  SimpleEarnPageSize,
  SimpleEarnProductType,
  toWire,
  VIP_RESUBSCRIBE_TIER,
} from '@earn/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent, idempotentFast } from '../../accounts/idempotency';
import { getUser } from '../../accounts/users';
import type { Db } from '../../infra/db/client';
import { seAutoInvest, seFixedOrders, seFlexProducts, seVouchers } from '../../infra/db/schema';
import { currentUser, optionalUser, requireUser } from '../../infra/http/auth';
import { ok } from '../../infra/http/envelope';
import { languageOf, requestLanguage } from '../../infra/http/texts';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { UserPurpose } from '../../ledger/accounts';
import { balancesOf } from '../../ledger/ledger';
import { unix } from './constants';
import { faqIn } from './faq';
import {
  assertVipRange,
  lendable,
  preRedeemFixed,
  setRedeemAccount,
  setReinvest,
  specialEligible,
  subscribeFixed,
  voucherMatches,
} from './fixed';
import {
  cancelRedemption,
  redeemFlexible,
  redemptionStatus,
  setMinLendRate,
  subscribeFlexible,
} from './flexible';
import { redeemFlexibleFast, subscribeFlexibleFast } from './flexible-fast';
import {
  fixedProduct,
  fixedView,
  listedFixedProducts,
  onSale,
  pricesOf,
  productDetails,
  requireFixedProduct,
  saleStatus,
} from './products';
import {
  fixedHistory,
  fixedHoldings,
  fixedOrderView,
  flexHistory,
  flexHoldings,
  historyCoins,
  parseTimeZone,
  rateChart,
} from './queries';
import {
  getEarnAskResponse,
  getFixedEarnApiProductByIdListResponse,
  getFixedEarnApiProductCoinsResponse,
  getFixedEarnApiProductDetailResponse,
  getFixedEarnApiUserHistoryResponse,
  getFixedEarnApiUserLendableResponse,
  getFixedEarnApiUserLendResponse,
  getFixedEarnApiUserOrderResponse,
  getUniLoanEarnAutoivestResponse,
  getUniLoanEarnAwardPoolResponse,
  getUniLoanEarnChartResponse,
  getUniLoanEarnCoinInfoResponse,
  getUniLoanEarnCouponRecommendResponse,
  getUniLoanEarnHistoryCoinsResponse,
  getUniLoanEarnHistoryResponse,
  getUniLoanEarnHistoryTypesResponse,
  getUniLoanEarnStatisticsResponse,
  getUniLoanEarnSubscribeCheckResponse,
  getUniLoanEarnSubscribeResponse,
  getUniLoanEarnUpgradeVipWayResponse,
  postFixedEarnApiUserLendResponse,
  postFixedEarnApiUserPreRedeemResponse,
  postUniLoanEarnAutoivestResponse,
  postUniLoanEarnInterestRateResponse,
  postUniLoanEarnRedeemCallbackResponse,
  postUniLoanEarnRedeemCancelResponse,
  postUniLoanEarnRedeemResponse,
  postUniLoanEarnSubscribeResponse,
  putFixedEarnApiUserRedeemAccountTypeByOrderIdResponse,
  putFixedEarnApiUserReinvestStatusByOrderIdResponse,
} from './responses';
import { statistics } from './statistics';

const tags = ['simple-earn'];
const intish = z.coerce.number().int();
const page = (limit: number) => ({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(limit),
});
/** Amounts are typed with up to 8 decimals; subscriptions are cut to 6 decimals down. */
const amount8 = positiveAmount(8);
const rateText = z
  .string()
  .max(40)
  .regex(/^\d+(\.\d+)?$/, 'rate must be a plain decimal');

const FIXED_BASES = [
  '/apiw/v2/fixed_earn/api',
  '/apiw/v2/vip/fixed_earn/api',
  '/apiw/v2/fixed_earn/api/vip',
] as const;

const DOCS = {
  units:
    'Rates (*_rate_year, year_rate, ladder apr, chart values) are fractions (0.05 = 5 %); max_lend_rate_year and ' +
    'limit_min_lend_rate_year bound the minimum-APR dialog in percent; a voucher rate_ratio is a percent.',
  subscribe:
    "Checks the amount (minimum, voucher bounds, quota, then balance) before the funding password, asked by the user's " +
    "setting (10010111 with require_fundpass; a user who never set one: 10010107 with setup_fundpass while the operator's " +
    'first-move setting is on). ' +
    'The amount may be typed with 8 decimals and is cut to 6 decimals down. Interest starts at the next whole hour and is received ' +
    "at the end of each hour at that hour's rate, on the part lent. rateYear is the rate the user saw; it is kept on the record.",
  redeem:
    'Redeems interest received first, then amounts not yet earning, then earning principal, and pays the whole amount to spot ' +
    'at once, as simple-earn.md says ("redemption is immediate"): principal lent in the hour is paid by the exchange, not ' +
    'recalled from a borrower first, and stops earning at once. data.frozen_amount is always 0 (a redemption frozen before ' +
    'this rule is still paid at the next hourly settlement, or cancelled). No funding password is asked (the coins go to the ' +
    "user's own spot account).",
  preRedeem:
    'Early redeem: only for products with pre_redeem 1, never within 1 hour of maturity or while redeeming. The principal returns ' +
    "to spot at once; ALL interest of the order, the rate-up voucher's yield and any bonus are forfeited, and the voucher is spent.",
};

function userId(req: FastifyRequest): number {
  return currentUser(req).id;
}

export function registerSimpleEarnRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireUser(deps.db, deps.clock);
  const now = () => deps.clock.now();

  // ---- products -------------------------------------------------------------------------------
  r.get(
    '/apiw/v2/uni-loan/earn/coin-info',
    {
      schema: {
        response: { 200: getUniLoanEarnCoinInfoResponse },
        tags,
        summary:
          'Product detail list: per asset the flexible fields and fixed_list (the flexible product is the entry with id 0)',
        description: DOCS.units,
        querystring: z.object({
          coin: z.string().max(16).optional(),
          kyc_level: z.string().max(8).optional(),
          show_page: z.string().max(32).optional(),
          status: z.string().max(4).optional(),
        }),
      },
    },
    async (req) => {
      const coin = req.query.coin ? req.query.coin.toUpperCase() : undefined;
      return ok({ list: await productDetails(deps.db, now(), coin, requestLanguage(req)) });
    },
  );

  r.get(
    '/apiw/v2/fixed_earn/api/product/detail',
    {
      schema: {
        response: { 200: getFixedEarnApiProductDetailResponse },
        tags,
        summary: 'Fixed detail: one fixed product by product_id, or the product detail of an asset',
        querystring: z.object({ product_id: intish.optional(), asset: z.string().max(16).optional() }),
      },
    },
    async (req) => {
      if (req.query.product_id) {
        const p = await requireFixedProduct(deps.db, req.query.product_id);
        return ok(fixedView(p, await pricesOf(deps.db), requestLanguage(req)));
      }
      if (!req.query.asset) throw errors.invalidParams('product_id or asset is required');
      const [detail] = await productDetails(
        deps.db,
        now(),
        req.query.asset.toUpperCase(),
        requestLanguage(req),
      );
      if (!detail) throw errors.notFound(`products of ${req.query.asset}`);
      return ok(detail);
    },
  );

  r.get(
    '/apiw/v2/fixed_earn/api/product/:id/list',
    {
      schema: {
        response: { 200: getFixedEarnApiProductByIdListResponse },
        tags,
        summary:
          'The fixed sub-products (term tabs) of the asset of product {id}; {id} may also be the asset symbol',
        params: z.object({ id: z.string().max(16) }),
      },
    },
    async (req) => {
      let asset = req.params.id.toUpperCase();
      if (/^\d+$/.test(req.params.id))
        asset = (await requireFixedProduct(deps.db, Number(req.params.id))).asset;
      const prices = await pricesOf(deps.db);
      const lang = requestLanguage(req);
      const list = (await listedFixedProducts(deps.db, now(), asset)).map((p) => fixedView(p, prices, lang));
      return ok({ list, total: list.length });
    },
  );

  r.get(
    '/apiw/v2/fixed_earn/api/product/coins',
    {
      schema: {
        response: { 200: getFixedEarnApiProductCoinsResponse },
        tags,
        summary: 'Assets with listed fixed products (history filter)',
      },
    },
    async () => {
      const list = [...new Set((await listedFixedProducts(deps.db, now())).map((p) => p.asset))];
      return ok({ list });
    },
  );

  for (const base of FIXED_BASES) {
    r.get(
      `${base}/user/lendable`,
      {
        preHandler: auth,
        schema: {
          response: { 200: getFixedEarnApiUserLendableResponse },
          tags,
          summary:
            'Personal remaining quota of a fixed product: lendable = min(personal remaining, product remaining)',
          querystring: z.object({ product_id: intish.positive() }),
        },
      },
      async (req) => {
        const product = await requireFixedProduct(deps.db, req.query.product_id);
        const { productRemaining, userRemaining } = await lendable(deps.db, userId(req), product);
        const personal = userRemaining ?? productRemaining;
        return ok({
          product_id: product.id,
          lendable: toWire(personal.lt(productRemaining) ? personal : productRemaining),
          user_remaining: userRemaining === null ? '-1' : toWire(userRemaining),
          product_remaining: toWire(productRemaining),
          sale_status: saleStatus(product),
        });
      },
    );

    r.post(
      `${base}/user/lend`,
      {
        preHandler: auth,
        config: { money: { line: 'simple_earn_fixed', kind: 'subscription' } },
        schema: {
          response: { 200: postFixedEarnApiUserLendResponse },
          tags,
          summary: 'Fixed subscribe (VIP paths behave the same; the product decides)',
          description: `${DOCS.subscribe.replace(/Interest starts.*hour\. /, '')} Interest runs from the next UTC day; maturity is term + 1 days after the subscription day; principal + interest + voucher yield land at maturity-day start + 30 min in redeem_account_type (1 spot, 2 flexible; 0 while reinvest_status is 1). year_rate, when sent, must equal the product's current rate (simple_earn.rateChanged otherwise).`,
          body: z.object({
            product_id: intish.positive(),
            amount: amount8,
            year_rate: rateText.optional(),
            reinvest_status: intish.min(0).max(1).optional(),
            redeem_account_type: intish.min(0).max(2).optional(),
            financial_rate_id: intish.positive().optional(),
            isVip: z.unknown().optional(),
          }),
        },
      },
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const order = await subscribeFixed(tx, userId(req), req.body, now());
          const product = await fixedProduct(tx, order.productId);
          return fixedOrderView(order, product, now());
        }),
    );

    r.get(
      `${base}/user/lend`,
      {
        preHandler: auth,
        schema: {
          response: { 200: getFixedEarnApiUserLendResponse },
          tags,
          summary: 'Fixed holdings: order_type 1 active orders, 2 ended ones (matured or redeemed early)',
          querystring: z.object({
            order_type: intish.min(1).max(2).default(1),
            asset: z.string().max(16).optional(),
            ...page(SimpleEarnPageSize.holdings),
          }),
        },
      },
      async (req) =>
        ok(
          await fixedHoldings(
            deps.db,
            userId(req),
            {
              orderType: req.query.order_type,
              page: req.query.page,
              limit: req.query.limit,
              asset: req.query.asset?.toUpperCase(),
            },
            now(),
          ),
        ),
    );

    r.post(
      `${base}/user/pre-redeem`,
      {
        preHandler: auth,
        config: { money: { line: 'simple_earn_fixed', kind: 'redemption' } },
        schema: {
          response: { 200: postFixedEarnApiUserPreRedeemResponse },
          tags,
          summary: 'Fixed early redeem',
          description: DOCS.preRedeem,
          body: z.object({ order_id: intish.positive(), isVip: z.unknown().optional() }),
        },
      },
      async (req, reply) =>
        idempotent(deps, req, reply, async (tx) => {
          const order = await preRedeemFixed(tx, userId(req), req.body.order_id, now());
          return fixedOrderView(order, await fixedProduct(tx, order.productId), now());
        }),
    );

    r.put(
      `${base}/user/reinvest-status/:order_id`,
      {
        preHandler: auth,
        schema: {
          response: { 200: putFixedEarnApiUserReinvestStatusByOrderIdResponse },
          tags,
          summary:
            'Turn auto-reinvest on (redeem-to becomes 0, not operated) or off (redeem-to resets to 1, spot)',
          params: z.object({ order_id: intish.positive() }),
          body: z.object({ reinvest_status: intish.min(0).max(1) }),
        },
      },
      async (req) => {
        const order = await deps.db.transaction((tx) =>
          setReinvest(tx, userId(req), req.params.order_id, req.body.reinvest_status, now()),
        );
        return ok(fixedOrderView(order, await fixedProduct(deps.db, order.productId), now()));
      },
    );

    r.put(
      `${base}/user/redeem-account-type/:order_id`,
      {
        preHandler: auth,
        schema: {
          response: { 200: putFixedEarnApiUserRedeemAccountTypeByOrderIdResponse },
          tags,
          summary: 'Where the order is paid at maturity: 1 spot (or unified) account, 2 flexible simple earn',
          params: z.object({ order_id: intish.positive() }),
          body: z.object({ redeem_account_type: intish.min(1).max(2) }),
        },
      },
      async (req) => {
        const order = await deps.db.transaction((tx) =>
          setRedeemAccount(tx, userId(req), req.params.order_id, req.body.redeem_account_type, now()),
        );
        return ok(fixedOrderView(order, await fixedProduct(deps.db, order.productId), now()));
      },
    );
  }

  r.get(
    '/apiw/v2/fixed_earn/api/user/order',
    {
      preHandler: auth,
      schema: {
        response: { 200: getFixedEarnApiUserOrderResponse },
        tags,
        summary: 'One fixed order by asset and order_id (path not shown in the spec; beside the holdings)',
        querystring: z.object({ asset: z.string().max(16), order_id: intish.positive() }),
      },
    },
    async (req) => {
      const [order] = await deps.db
        .select()
        .from(seFixedOrders)
        .where(
          and(
            eq(seFixedOrders.id, req.query.order_id),
            eq(seFixedOrders.userId, userId(req)),
            eq(seFixedOrders.asset, req.query.asset.toUpperCase()),
          ),
        );
      if (!order) throw errors.notFound(`order ${req.query.order_id}`);
      return ok(fixedOrderView(order, await fixedProduct(deps.db, order.productId), now()));
    },
  );

  r.get(
    '/apiw/v2/fixed_earn/api/user/history',
    {
      preHandler: auth,
      schema: {
        response: { 200: getFixedEarnApiUserHistoryResponse },
        tags,
        summary:
          'Fixed history: type 1 lend, 2 redeem, 3 interest, 4 bonus, 5 rate-up; range at most 6 months (default last 30 days)',
        querystring: z.object({
          type: intish.min(1).max(5).default(SimpleEarnHistoryType.interest),
          asset: z.string().max(16).optional(),
          start_at: intish.min(0).optional(),
          end_at: intish.min(0).optional(),
          ...page(SimpleEarnPageSize.history),
        }),
      },
    },
    async (req) =>
      ok(
        await fixedHistory(
          deps.db,
          userId(req),
          {
            page: req.query.page,
            limit: req.query.limit,
            type: req.query.type,
            asset: req.query.asset?.toUpperCase(),
            startAt: req.query.start_at,
            endAt: req.query.end_at,
            daily: false,
            tzMinutes: 0,
          },
          now(),
        ),
      ),
  );

  // ---- flexible --------------------------------------------------------------------------------
  r.post(
    '/apiw/v2/uni-loan/earn/subscribe',
    {
      // No preHandler: the fast path checks the session in its own read (idempotentFast).
      config: { sessionInStatement: true, money: { line: 'simple_earn_flexible', kind: 'subscription' } },
      schema: {
        response: { 200: postUniLoanEarnSubscribeResponse },
        tags,
        summary: 'Flexible subscribe',
        description: DOCS.subscribe,
        body: z.object({ asset: assetSymbol, amount: amount8, rateYear: rateText.optional() }),
      },
    },
    async (req, reply) =>
      idempotentFast(
        deps,
        req,
        reply,
        (call) => subscribeFlexibleFast(deps.db, call, req.body, now()),
        (tx) => subscribeFlexible(tx, userId(req), req.body, now()),
      ),
  );

  r.get(
    '/apiw/v2/uni-loan/earn/subscribe',
    {
      preHandler: auth,
      schema: {
        response: { 200: getUniLoanEarnSubscribeResponse },
        tags,
        summary: 'Flexible holdings',
        description:
          'curr_amount = principal + pending (not earning yet) + frozen + interest received. lend_amount: lent in the last hour. ' +
          'cumulative: all interest received. Interest received stays in the holding (redeemable, it does not compound) against ' +
          'the pooled interest account; margin_frozen_amount is always 0 (no margin use of earn holdings here).',
        querystring: z.object({ asset: z.string().max(16).optional(), ...page(SimpleEarnPageSize.holdings) }),
      },
    },
    async (req) =>
      ok(
        await flexHoldings(
          deps.db,
          userId(req),
          req.query.page,
          req.query.limit,
          req.query.asset?.toUpperCase(),
        ),
      ),
  );

  r.post(
    '/apiw/v2/uni-loan/earn/redeem',
    {
      // No preHandler: the fast path checks the session in its own read (idempotentFast).
      config: { sessionInStatement: true, money: { line: 'simple_earn_flexible', kind: 'redemption' } },
      schema: {
        response: { 200: postUniLoanEarnRedeemResponse },
        tags,
        summary: 'Flexible redeem',
        description: DOCS.redeem,
        body: z.object({
          asset: assetSymbol,
          amount: amount8,
          curr_amount: z.string().max(60).optional(),
          lend_amount: z.string().max(60).optional(),
        }),
      },
    },
    async (req, reply) =>
      idempotentFast(
        deps,
        req,
        reply,
        (call) => redeemFlexibleFast(deps.db, call, req.body, now()),
        (tx) => redeemFlexible(tx, userId(req), req.body, now()),
      ),
  );

  r.post(
    '/apiw/v2/uni-loan/earn/redeem-callback',
    {
      preHandler: auth,
      schema: {
        response: { 200: postUniLoanEarnRedeemCallbackResponse },
        tags,
        summary:
          'After a flexible redeem: whether it is settled or frozen until the next hourly settlement (the spec shows no payload)',
        description:
          'Body: asset. Answers asset, frozen_amount, frozen_status (1 while frozen and cancellable, else 0) and settle_at ' +
          '(unix seconds of the settlement that pays the frozen amount to spot, 0 when nothing is frozen). Reads only.',
        body: z.object({ asset: assetSymbol }),
      },
    },
    async (req) => ok(await redemptionStatus(deps.db, userId(req), req.body.asset, now())),
  );

  r.post(
    '/apiw/v2/uni-loan/earn/redeem/cancel',
    {
      preHandler: auth,
      config: { money: { line: 'simple_earn_flexible', kind: 'other' } },
      schema: {
        response: { 200: postUniLoanEarnRedeemCancelResponse },
        tags,
        summary:
          'Cancel a frozen redemption (path not shown in the spec): the amount, or all when omitted, returns to the holding and earns from the next hour',
        body: z.object({ asset: assetSymbol, amount: amount8.optional() }),
      },
    },
    async (req, reply) =>
      idempotent(deps, req, reply, (tx) => cancelRedemption(tx, userId(req), req.body, now())),
  );

  r.post(
    '/apiw/v2/uni-loan/earn/interest-rate',
    {
      preHandler: auth,
      config: { idempotent: true },
      schema: {
        response: { 200: postUniLoanEarnInterestRateResponse },
        tags,
        summary:
          'Set the minimum lend APR (a fraction, 4 decimals rounded up); bounded by max_lend_rate_year and limit_min_lend_rate_year (percent)',
        body: z.object({ asset: assetSymbol, rateYear: rateText }),
      },
    },
    async (req, reply) =>
      idempotent(deps, req, reply, (tx) => setMinLendRate(tx, userId(req), req.body, now())),
  );

  r.get(
    '/apiw/v2/uni-loan/earn/autoivest',
    {
      preHandler: optionalUser(deps.db, deps.clock),
      schema: {
        response: { 200: getUniLoanEarnAutoivestResponse },
        tags,
        summary:
          'Auto-earn switches: global_status and per-asset status (an asset without its own switch follows the global one)',
        querystring: z.object({ assets: z.string().max(400).optional() }),
      },
    },
    async (req) => {
      if (!req.user) return ok({ global_status: 0, list: [] });
      const settings = await deps.db.select().from(seAutoInvest).where(eq(seAutoInvest.userId, req.user.id));
      const global = settings.find((s) => s.asset === '')?.status ?? 0;
      const wanted = req.query.assets
        ? req.query.assets
            .split(',')
            .map((a) => a.trim().toUpperCase())
            .filter(Boolean)
        : (
            await deps.db
              .select({ asset: seFlexProducts.asset })
              .from(seFlexProducts)
              .orderBy(asc(seFlexProducts.asset))
          ).map((p) => p.asset);
      const list = wanted.map((asset) => ({
        asset,
        status: settings.find((s) => s.asset === asset)?.status ?? global,
      }));
      return ok({ global_status: global, list, ...Object.fromEntries(list.map((l) => [l.asset, l.status])) });
    },
  );

  r.post(
    '/apiw/v2/uni-loan/earn/autoivest',
    {
      preHandler: auth,
      schema: {
        response: { 200: postUniLoanEarnAutoivestResponse },
        tags,
        summary:
          "Switch auto-earn: assets 'ALL' (or empty) sets the global switch and clears the per-asset ones; else each asset listed",
        description:
          'An hourly job sweeps the idle spot balance of switched-on assets (own funds, 6 decimals down, at least the product minimum) into flexible.',
        body: z.object({
          assets: z.union([z.string().max(400), z.array(z.string().max(16)).max(50)]).optional(),
          status: z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]),
        }),
      },
    },
    async (req) => {
      const status = Number(req.body.status);
      const raw = Array.isArray(req.body.assets) ? req.body.assets : (req.body.assets ?? '').split(',');
      const list = raw.map((a) => a.trim().toUpperCase()).filter(Boolean);
      const id = userId(req);
      const at = now();
      await deps.db.transaction(async (txRoot) => {
        const tx: Db = txRoot;
        if (list.length === 0 || list.includes('ALL')) {
          await tx.delete(seAutoInvest).where(eq(seAutoInvest.userId, id));
          await tx.insert(seAutoInvest).values({ userId: id, asset: '', status, updatedAt: at });
          return;
        }
        for (const asset of list) {
          const [p] = await tx.select().from(seFlexProducts).where(eq(seFlexProducts.asset, asset));
          if (!p) throw errors.notFound(`flexible ${asset} product`);
          await tx
            .insert(seAutoInvest)
            .values({ userId: id, asset, status, updatedAt: at })
            .onConflictDoUpdate({
              target: [seAutoInvest.userId, seAutoInvest.asset],
              set: { status, updatedAt: at },
            });
        }
      });
      return ok({ assets: list.length ? list : ['ALL'], status });
    },
  );

  r.get(
    '/apiw/v2/uni-loan/earn/chart',
    {
      schema: {
        response: { 200: getUniLoanEarnChartResponse },
        tags,
        summary:
          'Realtime APR points {time, value} (value a fraction): type 1 hourly, 2 daily average; at most 90 days. ' +
          "Each hour's value is what the product card states (apr_up_to): the hour's base rate plus the most its " +
          'bonus tiers paid; the last point is the hour in progress at the rate it pays now.',
        querystring: z.object({
          asset: assetSymbol,
          from: intish.min(0),
          to: intish.min(0),
          type: intish.min(1).max(2).default(1),
        }),
      },
    },
    async (req) => ok({ list: await rateChart(deps.db, req.query, now()) }),
  );

  r.get(
    '/apiw/v2/uni-loan/earn/award-pool',
    {
      schema: {
        response: { 200: getUniLoanEarnAwardPoolResponse },
        tags,
        summary:
          'Bonus pool of a flexible asset: rate, per-holding cap, tiers, award coin and what it has paid',
        querystring: z.object({ asset: assetSymbol }),
      },
    },
    async (req) => {
      const [p] = await deps.db
        .select()
        .from(seFlexProducts)
        .where(eq(seFlexProducts.asset, req.query.asset));
      if (!p) throw errors.notFound(`flexible ${req.query.asset} product`);
      return ok({
        asset: p.asset,
        award_asset: p.awardAsset ?? p.asset,
        is_open_award_pool: p.isOpenAwardPool ? 1 : 0,
        ext_award_rate_year: toWire(p.extAwardRateYear),
        ext_award_limit: toWire(p.extAwardLimit),
        ladder_apr: p.ladderApr,
        total_awarded: toWire(p.bonusPaidTotal),
      });
    },
  );

  r.get(
    '/apiw/v2/uni-loan/earn/statistics',
    {
      preHandler: auth,
      schema: {
        response: { 200: getUniLoanEarnStatisticsResponse },
        tags,
        summary:
          "The user's simple-earn totals in USDT: holdings (flexible, fixed) and interest received (all time, last 24 hours)",
      },
    },
    async (req) => ok(await statistics(deps.db, userId(req), now())),
  );

  r.get(
    '/apiw/v2/uni-loan/earn/history',
    {
      preHandler: auth,
      schema: {
        response: { 200: getUniLoanEarnHistoryResponse },
        tags,
        summary:
          'Flexible history: type 1 lend, 2 redeem, 3 interest, 4 bonus; is_daily_log=1 gives daily interest rows (hours = rows in the day)',
        description:
          'Range at most 6 months (default last 30 days). time_zone (+08:00, 8, UTC+8) is used when is_time_zone is 1 or time_zone ' +
          'is given, for the day boundaries of daily rows. Hourly detail of one day: is_daily_log=0 with that day as start_at/end_at.',
        querystring: z.object({
          type: intish.min(1).max(4).default(SimpleEarnHistoryType.interest),
          asset: z.string().max(16).optional(),
          start_at: intish.min(0).optional(),
          end_at: intish.min(0).optional(),
          is_daily_log: intish.min(0).max(1).default(0),
          time_zone: z.string().max(12).optional(),
          is_time_zone: intish.min(0).max(1).optional(),
          ...page(SimpleEarnPageSize.history),
        }),
      },
    },
    async (req) => {
      const q = req.query;
      return ok(
        await flexHistory(
          deps.db,
          userId(req),
          {
            page: q.page,
            limit: q.limit,
            type: q.type,
            asset: q.asset?.toUpperCase(),
            startAt: q.start_at,
            endAt: q.end_at,
            daily: q.is_daily_log === 1,
            tzMinutes: q.is_time_zone === 0 ? 0 : parseTimeZone(q.time_zone),
          },
          now(),
        ),
      );
    },
  );

  r.get(
    '/apiw/v2/uni-loan/earn/history/coins',
    {
      preHandler: auth,
      schema: {
        response: { 200: getUniLoanEarnHistoryCoinsResponse },
        tags,
        summary: "Assets in the user's simple-earn history (product_type 1 fixed, else flexible)",
        querystring: z.object({ product_type: intish.optional() }),
      },
    },
    async (req) =>
      ok({
        list: await historyCoins(deps.db, userId(req), req.query.product_type === 1 ? 'fixed' : 'flexible'),
      }),
  );

  r.get(
    '/apiw/v2/uni-loan/earn/history/types',
    {
      schema: {
        response: { 200: getUniLoanEarnHistoryTypesResponse },
        tags,
        summary: 'History record types: flexible (product_type 0) 1–4, fixed (product_type 1) 1–5',
        querystring: z.object({ product_type: intish.optional() }),
      },
    },
    async (req) => {
      const names = ['', 'lend', 'redeem', 'interest', 'bonus', 'rate-up'];
      const max = req.query.product_type === 1 ? 5 : 4;
      return ok({ list: Array.from({ length: max }, (_, i) => ({ type: i + 1, name: names[i + 1] ?? '' })) });
    },
  );

  r.get(
    '/apiw/v2/uni-loan/earn/coupon-recommend',
    {
      preHandler: auth,
      schema: {
        response: { 200: getUniLoanEarnCouponRecommendResponse },
        tags,
        summary:
          'Rate-up vouchers the user can use on fixed product pid (all usable ones without pid), best first',
        querystring: z.object({ pid: intish.optional() }),
      },
    },
    async (req) => {
      const product = req.query.pid ? await requireFixedProduct(deps.db, req.query.pid) : undefined;
      const at = now();
      const list = (
        await deps.db
          .select()
          .from(seVouchers)
          .where(eq(seVouchers.userId, userId(req)))
      )
        .filter((v) =>
          product ? voucherMatches(v, product.asset, at) : v.usedOrderId === null && v.expiredAt > at,
        )
        .sort((a, b) => dec(b.rateRatio).cmp(a.rateRatio) || a.id - b.id)
        .map((v) => ({
          id: v.id,
          financial_rate_id: v.id,
          title: v.title,
          rate_day: v.rateDay,
          rate_ratio: toWire(v.rateRatio),
          buy_limit_low: toWire(v.buyLimitLow),
          buy_limit_high: toWire(v.buyLimitHigh),
          using_currency: v.usingCurrency,
          expired_timest: unix(v.expiredAt),
        }));
      return ok({ list, total: list.length });
    },
  );

  r.get(
    '/apiw/v2/uni-loan/earn/subscribe/check',
    {
      preHandler: auth,
      schema: {
        response: { 200: getUniLoanEarnSubscribeCheckResponse },
        tags,
        summary:
          'Whether the user may subscribe fixed product pid (special: listed users, or newcomers to fixed; VIP: tier range; on sale)',
        querystring: z.object({ pid: intish.positive() }),
      },
    },
    async (req) => {
      const product = await requireFixedProduct(deps.db, req.query.pid);
      let able = onSale(product, now()) && (await specialEligible(deps.db, userId(req), product));
      if (able) {
        try {
          await assertVipRange(deps.db, userId(req), product);
        } catch {
          able = false;
        }
      }
      return ok({ pid: product.id, is_able_subscribe: able });
    },
  );

  r.get(
    '/apiw/v2/uni-loan/earn/upgrade-vip-way',
    {
      preHandler: auth,
      schema: {
        response: { 200: getUniLoanEarnUpgradeVipWayResponse },
        tags,
        summary:
          'How to reach the VIP tier a product needs (path not shown in the spec): recommend_type 0 none, 1 hold GT, 2 hold assets, 3 trade volume',
        description:
          'Target: the product min_vip (pid given) or tier 5. Our tier rule for the guide: each tier needs 1000 GT held or 1 000 000 USDT ' +
          'of 60-day volume; the cheaper way for the user is recommended (1 hold GT while the GT gap is under 10 000, else 3 trade volume).',
        querystring: z.object({ pid: intish.optional() }),
      },
    },
    async (req) => {
      const user = await getUser(deps.db, userId(req));
      const product = req.query.pid ? await fixedProduct(deps.db, req.query.pid) : undefined;
      const target =
        product && product.type === SimpleEarnProductType.vip ? product.minVip : VIP_RESUBSCRIBE_TIER;
      if (user.vipTier >= target)
        return ok({ recommend_type: 0, recommend_asset: '', recommend_value: '0', target_tier: target });
      const held = [UserPurpose.spot, UserPurpose.flexible, UserPurpose.fixed];
      let gt = dec(0);
      for (const purpose of held)
        gt = gt.plus((await balancesOf(deps.db, user.id, purpose, ['GT'])).get('GT') ?? 0);
      const gtGap = dec(1000).times(target).minus(gt);
      if (gtGap.lt(10_000)) {
        return ok({
          recommend_type: 1,
          recommend_asset: 'GT',
          recommend_value: toWire(gtGap.gt(0) ? gtGap : 0),
          target_tier: target,
        });
      }
      const volumeGap = dec(1_000_000).times(target).minus(user.tradingVolume60d);
      return ok({
        recommend_type: 3,
        recommend_asset: 'USDT',
        recommend_value: toWire(volumeGap.gt(0) ? volumeGap : 0),
        target_tier: target,
      });
    },
  );

  if (!app.hasRoute({ method: 'GET', url: '/apiw/v2/earn/ask' })) {
    r.get(
      '/apiw/v2/earn/ask',
      {
        schema: {
          response: { 200: getEarnAskResponse },
          tags,
          summary: 'FAQ of a product line: mold=simple-earn (other molds answer an empty list here)',
          description:
            'In English or Simplified Chinese: lang when given, else the first language of Accept-Language ' +
            '(zh… → zh-CN), else English. Another lang answers 400 (common.invalidParams).',
          querystring: z.object({
            mold: z.string().max(40).default('simple-earn'),
            lang: z.enum(['en', 'zh-CN']).optional().describe('The language of the questions and answers'),
          }),
        },
      },
      async (req) => {
        const lang = req.query.lang ?? languageOf(req.headers['accept-language']);
        return ok({ mold: req.query.mold, list: req.query.mold === 'simple-earn' ? faqIn(lang) : [] });
      },
    );
  }
}
