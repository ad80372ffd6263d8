import { assetSymbol, dec, toWire } from '@earn/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../accounts/operators/audit';
import { operatorGuard } from '../../accounts/operators/guard';
import { applyEdit, auditCreation, editSchema } from '../../accounts/operators/patch';
import { confirmRate, guardRates } from '../../accounts/operators/rate-guard';
import { inTransaction } from '../../accounts/operators/writes';
import { findUserByRef } from '../../accounts/users';
import { seFixedProducts, seFlexHours, seFlexProducts, seVouchers } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import { mergeI18n } from '../../infra/http/texts';
import type { AppDeps } from '../../kernel/deps';
import { errors } from '../../kernel/errors';
import { rateWatch } from '../../kernel/notices';
import { requireAsset } from '../../market/assets';
import {
  createFixedProduct,
  createFlexProduct,
  fixedCodec,
  fixedInput,
  fixedIssues,
  flexCodec,
  flexInput,
  flexIssues,
  grantVoucher,
  voucherInput,
} from './admin-products';
import { unix } from './constants';
import { fixedView, pricesOf } from './products';
import {
  getAdminSimpleEarnFixedProductsResponse,
  getAdminSimpleEarnFlexibleHoursResponse,
  getAdminSimpleEarnFlexibleProductsResponse,
  getAdminSimpleEarnVouchersResponse,
  postAdminSimpleEarnFixedProductsResponse,
  postAdminSimpleEarnFlexibleProductsResponse,
  postAdminSimpleEarnVouchersResponse,
  putAdminSimpleEarnFixedProductsByIdResponse,
  putAdminSimpleEarnFlexibleProductsByAssetResponse,
} from './responses';

export {
  createFixedProduct,
  createFlexProduct,
  type FixedInput,
  type FlexInput,
  fixedInput,
  flexInput,
  grantVoucher,
  type VoucherInput,
  voucherInput,
} from './admin-products';

const flexWire = (p: typeof seFlexProducts.$inferSelect) => ({
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

/**
 * The wire units of simple earn's operator rates, for the route descriptions: fractions, as the
 * engine and the users' calls carry them (the console shows and takes percents and converts).
 */
const RATE_UNITS =
  'Rates are fractions a year (0.05 = 5 %): next_time_rate_year, ext_award_rate_year, year_rate and each ladder_apr ' +
  "apr; limit_min_lend_rate_year and max_lend_rate_year, the bounds of the users' minimum-APR dialog, are percents. " +
  'A rate above the ceiling in the operator settings, or above 3 times the current one, needs confirm_rate: true (422 42230 operator.rate.confirm without it).';

/** Operator API of simple earn, beside the fixed operator paths. */
export function registerSimpleEarnAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator', 'simple-earn'];
    const base = '/admin/api/simple-earn';

    r.get(
      `${base}/flexible-products`,
      {
        schema: {
          response: { 200: getAdminSimpleEarnFlexibleProductsResponse },
          tags,
          summary: 'Flexible products with the engine state of the last hour',
        },
      },
      async () => {
        const list = await deps.db.select().from(seFlexProducts).orderBy(asc(seFlexProducts.asset));
        return ok({ list: list.map(flexWire), total: list.length });
      },
    );

    r.post(
      `${base}/flexible-products`,
      {
        schema: {
          response: { 200: postAdminSimpleEarnFlexibleProductsResponse },
          tags,
          summary: 'Create the flexible product of an asset',
          description:
            'next_time_rate_year (fraction) is the rate applied to the hour that is running; borrow_demand is what borrowers take ' +
            'this hour (lending is matched up to it). Bonus tiers: ladder_apr, or [0, ext_award_limit) at ext_award_rate_year, paid ' +
            'hourly to spot in award_asset while is_open_award_pool. ' +
            RATE_UNITS,
          body: flexInput.extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const row = await createFlexProduct(tx, req.body);
          await auditCreation(tx, req, deps.clock, {
            action: 'simple_earn.flexible_product.create',
            target: `flexible_product:${row.asset}`,
            codec: flexCodec,
            row,
          });
          return ok(flexWire(row));
        }),
    );

    r.put(
      `${base}/flexible-products/:asset`,
      {
        schema: {
          response: { 200: putAdminSimpleEarnFlexibleProductsByAssetResponse },
          tags,
          summary: "Edit a flexible product, e.g. the hour's rate and borrow demand",
          params: z.object({ asset: assetSymbol }),
          description:
            'Only the fields named change; a field left out keeps its value. Sent, award_asset may be null (no bonus ' +
            'coin); the ladder is replaced whole. The product after the edit must be valid as a whole (ladder, APR bounds). ' +
            RATE_UNITS,
          body: editSchema(flexInput.omit({ asset: true }).shape).extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const asset = req.params.asset;
          const [current] = await tx
            .select()
            .from(seFlexProducts)
            .where(eq(seFlexProducts.asset, asset))
            .for('update');
          if (!current) throw errors.notFound(`flexible ${asset} product`);
          if (req.body.award_asset) await requireAsset(tx, req.body.award_asset);
          const row = await applyEdit(tx, req, deps.clock, {
            codec: flexCodec,
            current,
            body: req.body,
            check: flexIssues,
            write: async (set) => {
              const [row] = await tx
                .update(seFlexProducts)
                .set(set)
                .where(eq(seFlexProducts.asset, asset))
                .returning();
              return row ?? current;
            },
            action: 'simple_earn.flexible_product.update',
            target: `flexible_product:${asset}`,
          });
          return ok(flexWire(row));
        }),
    );

    r.get(
      `${base}/flexible-hours`,
      {
        schema: {
          response: { 200: getAdminSimpleEarnFlexibleHoursResponse },
          tags,
          summary: 'Accrued hours of an asset, newest first',
          querystring: z.object({
            asset: assetSymbol,
            limit: z.coerce.number().int().min(1).max(500).default(48),
          }),
        },
      },
      async (req) => {
        const list = await deps.db
          .select()
          .from(seFlexHours)
          .where(eq(seFlexHours.asset, req.query.asset))
          .orderBy(desc(seFlexHours.periodStart))
          .limit(req.query.limit);
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
      },
    );

    r.get(
      `${base}/fixed-products`,
      {
        schema: {
          response: { 200: getAdminSimpleEarnFixedProductsResponse },
          tags,
          summary: 'Every fixed product, ended ones included',
        },
      },
      async () => {
        const list = await deps.db.select().from(seFixedProducts).orderBy(asc(seFixedProducts.id));
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
      },
    );

    r.post(
      `${base}/fixed-products`,
      {
        schema: {
          response: { 200: postAdminSimpleEarnFixedProductsResponse },
          tags,
          summary: 'Create a fixed product (type 1 normal, 2 VIP min_vip..max_vip, 3 special)',
          description:
            'Quota is capacity: sold_amount is the principal of active orders, freed at maturity and early redeem; sale_status is 2 ' +
            'while the remaining quota is below min_lend_amount. Special products: special_users when given, else newcomers to fixed. ' +
            RATE_UNITS,
          body: fixedInput.extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const row = await createFixedProduct(tx, req.body, deps.clock.now());
          await auditCreation(tx, req, deps.clock, {
            action: 'simple_earn.fixed_product.create',
            target: `fixed_product:${row.id}`,
            codec: fixedCodec,
            row,
            extra: { asset: row.asset },
          });
          return ok(fixedView(row, await pricesOf(tx)));
        }),
    );

    r.put(
      `${base}/fixed-products/:id`,
      {
        schema: {
          response: { 200: putAdminSimpleEarnFixedProductsByIdResponse },
          tags,
          summary: 'Edit a fixed product; the quota cannot go below what is sold',
          params: z.object({ id: z.coerce.number().int().positive() }),
          description:
            'Only the fields named change; a field left out keeps its value. Sent, end_time and bonus_asset may be null ' +
            '(no end, no bonus coin); ladder_apr and special_users are replaced whole. The product after the edit must be ' +
            'valid as a whole (ladder, VIP range, window, minimum within quota and per-user cap). ' +
            RATE_UNITS,
          body: editSchema(fixedInput.omit({ asset: true }).shape).extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
          const id = req.params.id;
          const [current] = await tx
            .select()
            .from(seFixedProducts)
            .where(eq(seFixedProducts.id, id))
            .for('update');
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
              write: async (set) => {
                const [row] = await tx
                  .update(seFixedProducts)
                  .set(set)
                  .where(eq(seFixedProducts.id, id))
                  .returning();
                return row ?? current;
              },
              action: 'simple_earn.fixed_product.update',
              target: `fixed_product:${id}`,
            });
          // A new rate is told to holders and judged by the product's alerts in this transaction.
          const row =
            b.year_rate === undefined
              ? await edit()
              : await rateWatch().watchRates(tx, 'fixed', deps.clock.now(), edit);
          return ok(fixedView(row, await pricesOf(tx)));
        }),
    );

    r.post(
      `${base}/vouchers`,
      {
        schema: {
          response: { 200: postAdminSimpleEarnVouchersResponse },
          tags,
          summary:
            'Grant a rate-up voucher (rate_ratio percent; buy_limit_high 0 = no upper bound; using_currency comma list, empty = any)',
          description: 'rate_ratio, the APR the voucher adds, passes the operator rate guard (confirm_rate).',
          body: voucherInput.extend(confirmRate),
        },
      },
      async (req) =>
        inTransaction(deps, req, async (tx) => {
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
              title: v.title,
              rate_day: v.rateDay,
              rate_ratio: toWire(v.rateRatio),
              buy_limit_low: toWire(v.buyLimitLow),
              buy_limit_high: toWire(v.buyLimitHigh),
              using_currency: v.usingCurrency,
              expired_timest: unix(v.expiredAt),
            },
          });
          return ok({ id: v.id, user: v.userId, title: v.title });
        }),
    );

    r.get(
      `${base}/vouchers`,
      {
        schema: {
          response: { 200: getAdminSimpleEarnVouchersResponse },
          tags,
          summary: "A user's vouchers",
          querystring: z.object({ user: z.string().max(254) }),
        },
      },
      async (req) => {
        const user = await findUserByRef(deps.db, req.query.user);
        const list = await deps.db
          .select()
          .from(seVouchers)
          .where(eq(seVouchers.userId, user.id))
          .orderBy(asc(seVouchers.id));
        return ok({
          list: list.map((v) => ({
            id: v.id,
            title: v.title,
            rate_day: v.rateDay,
            rate_ratio: toWire(v.rateRatio),
            buy_limit_low: toWire(v.buyLimitLow),
            buy_limit_high: toWire(v.buyLimitHigh),
            using_currency: v.usingCurrency,
            expired_timest: unix(v.expiredAt),
            used_order_id: v.usedOrderId,
          })),
          total: list.length,
        });
      },
    );
  });
}
