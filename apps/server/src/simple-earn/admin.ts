import { assetSymbol, dec, nonNegativeAmount, positiveAmount, toWire } from '@earn/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUserByRef } from '../accounts/users';
import type { Db } from '../db/client';
import { seFixedProducts, seFlexHours, seFlexProducts, seVouchers } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ok } from '../http/envelope';
import { errors } from '../http/errors';
import { requireAsset } from '../market/assets';
import { operatorGuard } from '../operator/guard';
import { unix } from './constants';
import { fixedView, pricesOf } from './products';

const tier = z.object({
  left: nonNegativeAmount(18),
  right: z.union([z.literal(''), nonNegativeAmount(18)]),
  apr: nonNegativeAmount(8),
});
const rate = nonNegativeAmount(8);

export const flexInput = z.object({
  asset: assetSymbol,
  min_lend_amount: positiveAmount(18),
  next_time_rate_year: rate,
  borrow_demand: nonNegativeAmount(18),
  ladder_apr: z.array(tier).max(10).default([]),
  ext_award_rate_year: rate.default('0'),
  ext_award_limit: nonNegativeAmount(18).default('0'),
  award_asset: assetSymbol.nullable().default(null),
  is_open_award_pool: z.boolean().default(false),
  limit_min_lend_rate_year: rate.default('0'),
  max_lend_rate_year: rate.default('5'),
  status: z.number().int().min(0).max(1).default(1),
  sort: z.number().int().default(0),
});
export type FlexInput = z.input<typeof flexInput>;

export const fixedInput = z.object({
  asset: assetSymbol,
  type: z.number().int().min(1).max(3).default(1),
  min_vip: z.number().int().min(0).max(16).default(0),
  max_vip: z.number().int().min(0).max(16).default(0),
  lock_up_period: z.number().int().min(1).max(3650),
  year_rate: rate,
  total_quota: positiveAmount(18),
  min_lend_amount: positiveAmount(18),
  user_max_lend_volume: nonNegativeAmount(18).default('0'),
  start_time: z.number().int().min(0),
  end_time: z.number().int().min(0).nullable().default(null),
  reinvest: z.number().int().min(0).max(1).default(1),
  redeem_account: z.number().int().min(0).max(1).default(1),
  pre_redeem: z.number().int().min(0).max(1).default(0),
  bonus_asset: assetSymbol.nullable().default(null),
  ladder_apr: z.array(tier).max(10).default([]),
  title: z.string().max(120).default(''),
  subtitle: z.string().max(240).default(''),
  special_users: z.array(z.number().int().positive()).max(10_000).default([]),
  status: z.number().int().min(0).max(1).default(1),
});
export type FixedInput = z.input<typeof fixedInput>;

export const voucherInput = z.object({
  user: z.union([z.number().int().positive(), z.string().min(1).max(254)]),
  title: z.string().min(1).max(120),
  rate_day: z.number().int().min(1).max(3650),
  rate_ratio: positiveAmount(8),
  buy_limit_low: nonNegativeAmount(18).default('0'),
  buy_limit_high: nonNegativeAmount(18).default('0'),
  using_currency: z.string().max(200).default(''),
  expired_timest: z.number().int().positive(),
});
export type VoucherInput = z.input<typeof voucherInput>;

function flexValues(v: z.output<typeof flexInput>) {
  return {
    asset: v.asset,
    status: v.status,
    sort: v.sort,
    minLendAmount: v.min_lend_amount,
    nextTimeRateYear: v.next_time_rate_year,
    borrowDemand: v.borrow_demand,
    ladderApr: v.ladder_apr,
    extAwardRateYear: v.ext_award_rate_year,
    extAwardLimit: v.ext_award_limit,
    awardAsset: v.award_asset,
    isOpenAwardPool: v.is_open_award_pool,
    limitMinLendRateYear: v.limit_min_lend_rate_year,
    maxLendRateYear: v.max_lend_rate_year,
  };
}

export async function createFlexProduct(db: Db, input: FlexInput) {
  const v = flexInput.parse(input);
  await requireAsset(db, v.asset);
  if (v.award_asset) await requireAsset(db, v.award_asset);
  const [row] = await db.insert(seFlexProducts).values(flexValues(v)).onConflictDoNothing().returning();
  if (!row) throw errors.conflict(`A flexible ${v.asset} product exists; edit it instead`);
  return row;
}

function fixedValues(v: z.output<typeof fixedInput>) {
  return {
    asset: v.asset,
    type: v.type,
    minVip: v.min_vip,
    maxVip: v.max_vip,
    lockUpPeriod: v.lock_up_period,
    yearRate: v.year_rate,
    totalQuota: v.total_quota,
    minLendAmount: v.min_lend_amount,
    userMaxLendVolume: v.user_max_lend_volume,
    startTime: new Date(v.start_time * 1000),
    endTime: v.end_time === null ? null : new Date(v.end_time * 1000),
    reinvest: v.reinvest,
    redeemAccount: v.redeem_account,
    preRedeem: v.pre_redeem,
    bonusAsset: v.bonus_asset,
    ladderApr: v.ladder_apr,
    title: v.title,
    subtitle: v.subtitle,
    specialUsers: v.special_users,
    status: v.status,
  };
}

export async function createFixedProduct(db: Db, input: FixedInput, at: Date) {
  const v = fixedInput.parse(input);
  await requireAsset(db, v.asset);
  if (v.bonus_asset) await requireAsset(db, v.bonus_asset);
  const [row] = await db
    .insert(seFixedProducts)
    .values({ ...fixedValues(v), createdAt: at })
    .returning();
  if (!row) throw new Error('fixed product not inserted');
  return row;
}

export async function grantVoucher(db: Db, input: VoucherInput, at: Date) {
  const v = voucherInput.parse(input);
  const user = await findUserByRef(db, v.user);
  const [row] = await db
    .insert(seVouchers)
    .values({
      userId: user.id,
      title: v.title,
      rateDay: v.rate_day,
      rateRatio: v.rate_ratio,
      buyLimitLow: v.buy_limit_low,
      buyLimitHigh: v.buy_limit_high,
      usingCurrency: v.using_currency.toUpperCase(),
      expiredAt: new Date(v.expired_timest * 1000),
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('voucher not inserted');
  return row;
}

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

/** Operator API of simple earn, beside the fixed operator paths. */
export function registerSimpleEarnAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(deps));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['operator', 'simple-earn'];
    const base = '/admin/api/simple-earn';

    r.get(
      `${base}/flexible-products`,
      { schema: { tags, summary: 'Flexible products with the engine state of the last hour' } },
      async () => {
        const list = await deps.db.select().from(seFlexProducts).orderBy(asc(seFlexProducts.asset));
        return ok({ list: list.map(flexWire), total: list.length });
      },
    );

    r.post(
      `${base}/flexible-products`,
      {
        schema: {
          tags,
          summary: 'Create the flexible product of an asset',
          description:
            'next_time_rate_year (fraction) is the rate applied to the hour that is running; borrow_demand is what borrowers take ' +
            'this hour (lending is matched up to it). Bonus tiers: ladder_apr, or [0, ext_award_limit) at ext_award_rate_year, paid ' +
            'hourly to spot in award_asset while is_open_award_pool.',
          body: flexInput,
        },
      },
      async (req) => ok(flexWire(await createFlexProduct(deps.db, req.body))),
    );

    r.put(
      `${base}/flexible-products/:asset`,
      {
        schema: {
          tags,
          summary: "Edit a flexible product, e.g. the hour's rate and borrow demand",
          params: z.object({ asset: assetSymbol }),
          body: flexInput.omit({ asset: true }).partial(),
        },
      },
      async (req) => {
        const [current] = await deps.db
          .select()
          .from(seFlexProducts)
          .where(eq(seFlexProducts.asset, req.params.asset));
        if (!current) throw errors.notFound(`flexible ${req.params.asset} product`);
        const b = req.body;
        if (b.award_asset) await requireAsset(deps.db, b.award_asset);
        const [row] = await deps.db
          .update(seFlexProducts)
          .set({
            status: b.status,
            sort: b.sort,
            minLendAmount: b.min_lend_amount,
            nextTimeRateYear: b.next_time_rate_year,
            borrowDemand: b.borrow_demand,
            ladderApr: b.ladder_apr,
            extAwardRateYear: b.ext_award_rate_year,
            extAwardLimit: b.ext_award_limit,
            awardAsset: b.award_asset,
            isOpenAwardPool: b.is_open_award_pool,
            limitMinLendRateYear: b.limit_min_lend_rate_year,
            maxLendRateYear: b.max_lend_rate_year,
          })
          .where(eq(seFlexProducts.asset, req.params.asset))
          .returning();
        if (!row) throw errors.notFound(`flexible ${req.params.asset} product`);
        return ok(flexWire(row));
      },
    );

    r.get(
      `${base}/flexible-hours`,
      {
        schema: {
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
      { schema: { tags, summary: 'Every fixed product, ended ones included' } },
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
          tags,
          summary: 'Create a fixed product (type 1 normal, 2 VIP min_vip..max_vip, 3 special)',
          description:
            'Quota is capacity: sold_amount is the principal of active orders, freed at maturity and early redeem; sale_status is 2 ' +
            'while the remaining quota is below min_lend_amount. Special products: special_users when given, else newcomers to fixed.',
          body: fixedInput,
        },
      },
      async (req) => {
        const row = await createFixedProduct(deps.db, req.body, deps.clock.now());
        return ok(fixedView(row, await pricesOf(deps.db)));
      },
    );

    r.put(
      `${base}/fixed-products/:id`,
      {
        schema: {
          tags,
          summary: 'Edit a fixed product; the quota cannot go below what is sold',
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: fixedInput.omit({ asset: true }).partial(),
        },
      },
      async (req) => {
        const [current] = await deps.db
          .select()
          .from(seFixedProducts)
          .where(eq(seFixedProducts.id, req.params.id));
        if (!current) throw errors.notFound(`fixed product ${req.params.id}`);
        const b = req.body;
        if (b.total_quota !== undefined && dec(b.total_quota).lt(current.soldAmount)) {
          throw errors.conflict(`The quota cannot go below the ${toWire(current.soldAmount)} sold`);
        }
        const [row] = await deps.db
          .update(seFixedProducts)
          .set({
            type: b.type,
            minVip: b.min_vip,
            maxVip: b.max_vip,
            lockUpPeriod: b.lock_up_period,
            yearRate: b.year_rate,
            totalQuota: b.total_quota,
            minLendAmount: b.min_lend_amount,
            userMaxLendVolume: b.user_max_lend_volume,
            startTime: b.start_time === undefined ? undefined : new Date(b.start_time * 1000),
            endTime:
              b.end_time === undefined ? undefined : b.end_time === null ? null : new Date(b.end_time * 1000),
            reinvest: b.reinvest,
            redeemAccount: b.redeem_account,
            preRedeem: b.pre_redeem,
            bonusAsset: b.bonus_asset,
            ladderApr: b.ladder_apr,
            title: b.title,
            subtitle: b.subtitle,
            specialUsers: b.special_users,
            status: b.status,
          })
          .where(eq(seFixedProducts.id, req.params.id))
          .returning();
        if (!row) throw errors.notFound(`fixed product ${req.params.id}`);
        return ok(fixedView(row, await pricesOf(deps.db)));
      },
    );

    r.post(
      `${base}/vouchers`,
      {
        schema: {
          tags,
          summary:
            'Grant a rate-up voucher (rate_ratio percent; buy_limit_high 0 = no upper bound; using_currency comma list, empty = any)',
          body: voucherInput,
        },
      },
      async (req) => {
        const v = await grantVoucher(deps.db, req.body, deps.clock.now());
        return ok({ id: v.id, user: v.userId, title: v.title });
      },
    );

    r.get(
      `${base}/vouchers`,
      {
        schema: { tags, summary: "A user's vouchers", querystring: z.object({ user: z.string().max(254) }) },
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
