import { dec, toWire } from '@earn/domain';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../accounts/operators/audit';
import { operatorGuard } from '../../../accounts/operators/guard';
import { applyEdit, auditCreation } from '../../../accounts/operators/patch';
import { guardRates } from '../../../accounts/operators/rate-guard';
import { inTransaction } from '../../../accounts/operators/writes';
import { findUserByRef } from '../../../accounts/users';
import { ok } from '../../../infra/http/envelope';
import { type Route, type RouteRequest, registerRoutes, route } from '../../../infra/http/route-table';
import { mergeI18n } from '../../../infra/http/texts';
import type { AppDeps } from '../../../kernel/deps';
import { errors } from '../../../kernel/errors';
import { rateWatch } from '../../../kernel/notices';
import { requireAsset } from '../../../market/assets';
import { type FlexProduct, unix } from '../model';
import {
  createFixedProductSchema,
  createFlexProductSchema,
  editFixedProductSchema,
  editFlexProductSchema,
  fixedProductsSchema,
  flexHoursSchema,
  flexProductsSchema,
  grantVoucherSchema,
  vouchersSchema,
} from '../schema/admin';
import {
  createFixedProduct,
  createFlexProduct,
  fixedCodec,
  fixedIssues,
  flexCodec,
  flexIssues,
  grantVoucher,
} from '../service/admin-products';
import {
  allFixedProducts,
  allFlexProducts,
  flexHours,
  lockFixedProduct,
  lockFlexProduct,
  updateFixedProduct,
  updateFlexProduct,
  vouchersOf,
} from '../store/catalogue';
import { fixedView, pricesOf } from '../store/products';
import { voucherTerms } from './voucher-wire';

const flexWire = (p: FlexProduct) => ({
  asset: p.asset,
  status: p.status,
  sort: p.sort,
  min_lend_amount: toWire(p.minLendAmount),
  next_time_rate_year: toWire(p.nextTimeRateYear),
  borrow_demand: toWire(p.borrowDemand),
  ladder_apr: p.ladderApr,
  ext_award_rate_year: toWire(p.extAwardRateYear),
  ext_award_limit: toWire(p.extAwardLimit),
  award_asset: p.awardAsset,
  is_open_award_pool: p.isOpenAwardPool,
  limit_min_lend_rate_year: toWire(p.limitMinLendRateYear),
  max_lend_rate_year: toWire(p.maxLendRateYear),
  accrued_until: unix(p.accruedUntil),
  last_rate_year: toWire(p.lastRateYear),
  last_supplied: toWire(p.lastSupplied),
  last_lent: toWire(p.lastLent),
  liquidity_left: toWire(p.liquidityLeft),
});

async function flexProducts(deps: AppDeps) {
  const list = await allFlexProducts(deps.db);
  return ok({ list: list.map(flexWire), total: list.length });
}

async function createFlex(deps: AppDeps, req: RouteRequest<typeof createFlexProductSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const row = await createFlexProduct(tx, req.body);
    await auditCreation(tx, req, deps.clock, {
      action: 'simple_earn.flexible_product.create',
      target: `flexible_product:${row.asset}`,
      codec: flexCodec,
      row,
    });
    return ok(flexWire(row));
  });
}

async function editFlex(deps: AppDeps, req: RouteRequest<typeof editFlexProductSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const asset = req.params.asset;
    const current = await lockFlexProduct(tx, asset);
    if (!current) throw errors.notFound(`flexible ${asset} product`);
    if (req.body.award_asset) await requireAsset(tx, req.body.award_asset);
    const row = await applyEdit(tx, req, deps.clock, {
      codec: flexCodec,
      current,
      body: req.body,
      check: flexIssues,
      write: async (set) => (await updateFlexProduct(tx, asset, set)) ?? current,
      action: 'simple_earn.flexible_product.update',
      target: `flexible_product:${asset}`,
    });
    return ok(flexWire(row));
  });
}

async function hours(deps: AppDeps, req: RouteRequest<typeof flexHoursSchema>) {
  const list = await flexHours(deps.db, req.query.asset, req.query.limit);
  return ok({
    list: list.map((h) => ({
      period_start: unix(h.periodStart),
      rate_year: toWire(h.rateYear),
      demand: toWire(h.demand),
      supplied: toWire(h.supplied),
      lent: toWire(h.lent),
      lend_ratio: dec(h.supplied).isZero() ? '0' : toWire(dec(h.lent).div(h.supplied), 8),
      interest_paid: toWire(h.interestPaid),
      bonus_paid: toWire(h.bonusPaid),
      bonus_asset: h.bonusAsset,
    })),
  });
}

async function fixedProducts(deps: AppDeps) {
  const list = await allFixedProducts(deps.db);
  const prices = await pricesOf(deps.db);
  return ok({
    list: list.map((p) => ({
      ...fixedView(p, prices),
      status: p.status,
      special_users: p.specialUsers,
      sold_amount: toWire(p.soldAmount),
    })),
    total: list.length,
  });
}

async function createFixed(deps: AppDeps, req: RouteRequest<typeof createFixedProductSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const row = await createFixedProduct(tx, req.body, deps.clock.now());
    await auditCreation(tx, req, deps.clock, {
      action: 'simple_earn.fixed_product.create',
      target: `fixed_product:${row.id}`,
      codec: fixedCodec,
      row,
      extra: { asset: row.asset },
    });
    return ok(fixedView(row, await pricesOf(tx)));
  });
}

async function editFixed(deps: AppDeps, req: RouteRequest<typeof editFixedProductSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const id = req.params.id;
    const current = await lockFixedProduct(tx, id);
    if (!current) throw errors.notFound(`fixed product ${id}`);
    const b = req.body;
    if (b.total_quota !== undefined && dec(b.total_quota).lt(current.soldAmount)) {
      throw errors.conflict(`The quota cannot go below the ${toWire(current.soldAmount)} sold`);
    }
    if (b.bonus_asset) await requireAsset(tx, b.bonus_asset);
    const edit = () =>
      applyEdit(tx, req, deps.clock, {
        codec: fixedCodec,
        current,
        body: b.i18n ? { ...b, i18n: mergeI18n(current.i18n, b.i18n) } : b,
        check: fixedIssues,
        write: async (set) => (await updateFixedProduct(tx, id, set)) ?? current,
        action: 'simple_earn.fixed_product.update',
        target: `fixed_product:${id}`,
      });
    // A new rate is told to holders and judged by the product's alerts in this transaction.
    const row =
      b.year_rate === undefined
        ? await edit()
        : await rateWatch().watchRates(tx, 'fixed', deps.clock.now(), edit);
    return ok(fixedView(row, await pricesOf(tx)));
  });
}

async function grant(deps: AppDeps, req: RouteRequest<typeof grantVoucherSchema>) {
  return inTransaction(deps, req, async (tx) => {
    const v = await grantVoucher(tx, req.body, deps.clock.now());
    await guardRates(tx, req, `voucher:${v.id}`, [
      { field: 'rate_ratio', unit: 'percent', before: null, after: req.body.rate_ratio },
    ]);
    await recordAudit(tx, req, deps.clock, {
      action: 'simple_earn.voucher.grant',
      target: `voucher:${v.id}`,
      before: null,
      after: {
        user: v.userId,
        ...voucherTerms(v),
      },
    });
    return ok({ id: v.id, user: v.userId, title: v.title });
  });
}

async function vouchers(deps: AppDeps, req: RouteRequest<typeof vouchersSchema>) {
  const user = await findUserByRef(deps.db, req.query.user);
  const list = await vouchersOf(deps.db, user.id);
  return ok({
    list: list.map((v) => ({
      id: v.id,
      ...voucherTerms(v),
      used_order_id: v.usedOrderId,
    })),
    total: list.length,
  });
}

const base = '/admin/api/simple-earn';

const adminRoutes: Route[] = [
  route({
    method: 'GET',
    path: `${base}/flexible-products`,
    schema: flexProductsSchema,
    handler: flexProducts,
  }),
  route({
    method: 'POST',
    path: `${base}/flexible-products`,
    schema: createFlexProductSchema,
    handler: createFlex,
  }),
  route({
    method: 'PUT',
    path: `${base}/flexible-products/:asset`,
    schema: editFlexProductSchema,
    handler: editFlex,
  }),
  route({ method: 'GET', path: `${base}/flexible-hours`, schema: flexHoursSchema, handler: hours }),
  route({
    method: 'GET',
    path: `${base}/fixed-products`,
    schema: fixedProductsSchema,
    handler: fixedProducts,
  }),
  route({
    method: 'POST',
    path: `${base}/fixed-products`,
    schema: createFixedProductSchema,
    handler: createFixed,
  }),
  route({
    method: 'PUT',
    path: `${base}/fixed-products/:id`,
    schema: editFixedProductSchema,
    handler: editFixed,
  }),
  route({ method: 'POST', path: `${base}/vouchers`, schema: grantVoucherSchema, handler: grant }),
  route({ method: 'GET', path: `${base}/vouchers`, schema: vouchersSchema, handler: vouchers }),
];

/** Operator API of simple earn, beside the fixed operator paths: every route behind the operator guard. */
export function registerSimpleEarnAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    registerRoutes(scope, deps, adminRoutes);
  });
}
