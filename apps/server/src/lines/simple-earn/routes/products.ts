import { toWire } from '@earn/domain';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, route } from '../../../infra/http/route-table';
import { languageOf, requestLanguage } from '../../../infra/http/texts';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { faqIn } from '../faq';
import {
  askSchema,
  awardPoolSchema,
  chartSchema,
  coinInfoSchema,
  productCoinsSchema,
  productDetailSchema,
  productListSchema,
} from '../schema/products';
import { rateChart } from '../store/chart';
import {
  fixedView,
  flexProduct,
  listedFixedProducts,
  pricesOf,
  productDetails,
  requireFixedProduct,
} from '../store/products';

// The product pages' reads: public, no session needed.

async function coinInfo(deps: AppDeps, req: RouteRequest<typeof coinInfoSchema>) {
  const coin = req.query.coin ? req.query.coin.toUpperCase() : undefined;
  return ok({ list: await productDetails(deps.db, deps.clock.now(), coin, requestLanguage(req)) });
}

async function productDetail(deps: AppDeps, req: RouteRequest<typeof productDetailSchema>) {
  if (req.query.product_id) {
    const p = await requireFixedProduct(deps.db, req.query.product_id);
    return ok(fixedView(p, await pricesOf(deps.db), requestLanguage(req)));
  }
  if (!req.query.asset) throw errors.invalidParams('product_id or asset is required');
  const [detail] = await productDetails(
    deps.db,
    deps.clock.now(),
    req.query.asset.toUpperCase(),
    requestLanguage(req),
  );
  if (!detail) throw errors.notFound(`products of ${req.query.asset}`);
  return ok(detail);
}

async function productList(deps: AppDeps, req: RouteRequest<typeof productListSchema>) {
  let asset = req.params.id.toUpperCase();
  if (/^\d+$/.test(req.params.id)) asset = (await requireFixedProduct(deps.db, Number(req.params.id))).asset;
  const prices = await pricesOf(deps.db);
  const lang = requestLanguage(req);
  const list = (await listedFixedProducts(deps.db, deps.clock.now(), asset)).map((p) =>
    fixedView(p, prices, lang),
  );
  return ok({ list, total: list.length });
}

async function productCoins(deps: AppDeps) {
  const list = [...new Set((await listedFixedProducts(deps.db, deps.clock.now())).map((p) => p.asset))];
  return ok({ list });
}

async function chart(deps: AppDeps, req: RouteRequest<typeof chartSchema>) {
  return ok({ list: await rateChart(deps.db, req.query, deps.clock.now()) });
}

async function awardPool(deps: AppDeps, req: RouteRequest<typeof awardPoolSchema>) {
  const p = await flexProduct(deps.db, req.query.asset);
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
}

async function ask(_deps: AppDeps, req: RouteRequest<typeof askSchema>) {
  const lang = req.query.lang ?? languageOf(req.headers['accept-language']);
  return ok({ mold: req.query.mold, list: req.query.mold === 'simple-earn' ? faqIn(lang) : [] });
}

/** The product reads: every asset's products, and the fixed ones. */
export const productRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/apiw/v2/uni-loan/earn/coin-info',
    schema: coinInfoSchema,
    handler: coinInfo,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/fixed_earn/api/product/detail',
    schema: productDetailSchema,
    handler: productDetail,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/fixed_earn/api/product/:id/list',
    schema: productListSchema,
    handler: productList,
  }),
  route({
    method: 'GET',
    path: '/apiw/v2/fixed_earn/api/product/coins',
    schema: productCoinsSchema,
    handler: productCoins,
  }),
];

export const chartRoutes: Route[] = [
  route({ method: 'GET', path: '/apiw/v2/uni-loan/earn/chart', schema: chartSchema, handler: chart }),
  route({
    method: 'GET',
    path: '/apiw/v2/uni-loan/earn/award-pool',
    schema: awardPoolSchema,
    handler: awardPool,
  }),
];

/** The FAQ path other molds may serve too: registered by the first line that has it. */
export const askRoute = route({
  method: 'GET',
  path: '/apiw/v2/earn/ask',
  schema: askSchema,
  unlessTaken: true,
  handler: ask,
});
