import { dec, estimatedInterest, MATURITY_PAYOUT_DELAY_SECONDS, toWire } from '@earn/domain';
import { and, desc, sql as dsql, eq, inArray } from 'drizzle-orm';
import { type Db, rows, sql } from '../../../infra/db/client';
import { type LadderTierJson, seFixedOrders, seFixedProducts } from '../../../infra/db/schema';
import { blendedFor, flexAprTerms, orderAprTerms } from '../apr';
import { DAY_MS, type FixedOrder, iconOf, unix } from '../model';

export const w = (v: string | null | undefined) => toWire(v ?? '0');
export const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

export interface FlexHoldingRow {
  id: string;
  asset: string;
  principal: string;
  frozen_amount: string;
  pending: string;
  cumulative: string;
  interest_balance: string;
  bonus_cumulative: string;
  lend_amount: string;
  min_lend_rate_year: string;
  next_time_rate_year: string;
  ext_award_rate_year: string;
  is_open_award_pool: boolean;
  last_rate_year: string;
  award_asset: string | null;
  ladder_apr: LadderTierJson[];
  ext_award_limit: string;
  auto_invest_status: number;
}

export async function flexHoldings(db: Db, userId: number, page: number, limit: number, asset?: string) {
  const assetFilter = asset ? sql`AND p.asset = ${asset}` : sql``;
  const base = sql`FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
    LEFT JOIN (SELECT position_id, SUM(amount) AS pending FROM se_flex_pending WHERE position_id IN
      (SELECT id FROM se_flex_positions WHERE user_id = ${userId}) GROUP BY position_id) pd ON pd.position_id = p.id
    WHERE p.user_id = ${userId} ${assetFilter} AND (p.principal > 0 OR p.frozen_amount > 0 OR pd.pending > 0
      OR trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn > 0)`;
  const [count] = await rows<{ n: string }>(db, sql`SELECT COUNT(*)::text AS n ${base}`);
  const list = await rows<FlexHoldingRow>(
    db,
    sql`SELECT p.id::text AS id, p.asset, p.principal::text AS principal, p.frozen_amount::text AS frozen_amount,
        COALESCE(pd.pending, 0)::text AS pending,
        trunc(p.acc_offset + p.principal * pr.acc_index, 8)::text AS cumulative,
        (trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn)::text AS interest_balance,
        trunc(p.bonus_cum, 8)::text AS bonus_cumulative,
        COALESCE((SELECT h.lent FROM se_flex_interest h WHERE h.period_start = pr.accrued_until - interval '1 hour'
          AND h.position_id = p.id), 0)::text AS lend_amount,
        p.min_lend_rate_year::text AS min_lend_rate_year, pr.next_time_rate_year::text AS next_time_rate_year,
        pr.ext_award_rate_year::text AS ext_award_rate_year, pr.is_open_award_pool, pr.last_rate_year::text AS last_rate_year,
        pr.award_asset, pr.ladder_apr, pr.ext_award_limit::text AS ext_award_limit,
        COALESCE((SELECT status FROM se_auto_invest a WHERE a.user_id = p.user_id AND a.asset = p.asset),
          (SELECT status FROM se_auto_invest a WHERE a.user_id = p.user_id AND a.asset = ''), 0) AS auto_invest_status
      ${base} ORDER BY p.asset LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  return {
    total: Number(count?.n ?? 0),
    list: list.map((r) => {
      const curr = dec(r.principal).plus(r.pending).plus(r.frozen_amount).plus(r.interest_balance);
      return {
        id: Number(r.id),
        asset: r.asset,
        icon: iconOf(r.asset),
        curr_amount: toWire(curr),
        principal: w(r.principal),
        pending_amount: w(r.pending),
        interest_balance: w(r.interest_balance),
        lend_amount: w(r.lend_amount),
        frozen_amount: w(r.frozen_amount),
        frozen_status: dec(r.frozen_amount).gt(0) ? 1 : 0,
        margin_frozen_amount: '0',
        redeemable_amount: toWire(curr.minus(r.frozen_amount)),
        cumulative: w(r.cumulative),
        bonus_cumulative: w(r.bonus_cumulative),
        bonus_asset: r.is_open_award_pool ? (r.award_asset ?? r.asset) : '',
        next_time_rate_year: w(r.next_time_rate_year),
        ext_award_rate_year: w(r.ext_award_rate_year),
        is_open_award_pool: r.is_open_award_pool ? 1 : 0,
        min_lend_rate_year: w(r.min_lend_rate_year),
        last_rate_year: w(r.last_rate_year),
        auto_invest_status: Number(r.auto_invest_status),
        // The APR of what earns from the next hour (principal and amounts waiting to start), by the
        // rule the engine pays with: the figure the subscribe success dialog showed.
        ...blendedFor(
          dec(r.principal).plus(r.pending),
          flexAprTerms({
            nextTimeRateYear: r.next_time_rate_year,
            isOpenAwardPool: r.is_open_award_pool,
            ladderApr: r.ladder_apr ?? [],
            extAwardRateYear: r.ext_award_rate_year,
            extAwardLimit: r.ext_award_limit,
          }),
        ),
      };
    }),
  };
}

export type ProductLite = Pick<
  typeof seFixedProducts.$inferSelect,
  'id' | 'preRedeem' | 'reinvest' | 'redeemAccount' | 'ladderApr' | 'title'
>;

export function fixedOrderView(o: FixedOrder, product: ProductLite | undefined, now: Date) {
  const elapsedDays = Math.max(
    0,
    Math.min(o.lockUpPeriod, Math.floor((now.getTime() - o.startAt.getTime()) / DAY_MS)),
  );
  const accrued =
    o.status === 1
      ? estimatedInterest(o.principal, o.yearRate, elapsedDays)
      : dec(o.status === 2 ? o.interest : 0);
  const totalRatePercent = dec(o.yearRate).times(100).plus(o.couponRateRatio);
  return {
    id: o.id,
    order_id: o.id,
    asset: o.asset,
    icon: iconOf(o.asset),
    product_id: o.productId,
    product_type: o.productType,
    title: product?.title ?? '',
    product_info: {
      pre_redeem: product?.preRedeem ?? 0,
      reinvest: product?.reinvest ?? 0,
      redeem_account: product?.redeemAccount ?? 0,
    },
    principal: w(o.principal),
    curr_amount: w(o.principal),
    lend_amount: w(o.principal),
    interest: toWire(accrued),
    total_interest: toWire(dec(o.interest).plus(o.couponInterest)),
    total_year_rate_percent: toWire(totalRatePercent),
    year_rate_perent: toWire(totalRatePercent),
    year_rate: w(o.yearRate),
    bonus_info: {
      ladder_apr: product?.ladderApr ?? [],
      bonus_asset: o.bonusAsset ?? '',
      bonus_amount: w(o.bonusAmount),
    },
    coupon_info: {
      rate_ratio: w(o.couponRateRatio),
      rate_day: o.couponRateDay,
      coupon_interest: w(o.couponInterest),
    },
    status: o.status,
    redeem_type: o.redeemType ?? 0,
    create_time: unix(o.createdAt),
    start_time: unix(o.startAt),
    finish_time: unix(o.finishAt),
    redeem_time: unix(o.finishAt) + MATURITY_PAYOUT_DELAY_SECONDS,
    is_redeeming: o.status === 1 && now.getTime() >= o.finishAt.getTime() ? 1 : 0,
    lock_up_period: o.lockUpPeriod,
    reinvest_status: o.reinvestStatus,
    redeem_account_type: o.redeemAccountType,
    // What the order pays over its term as one APR (rate, bonus, voucher): the figure of the success
    // dialog and the history record of its subscription.
    ...blendedFor(o.principal, orderAprTerms(o, product?.ladderApr ?? [])),
  };
}

export async function fixedHoldings(
  db: Db,
  userId: number,
  opts: { orderType: number; page: number; limit: number; asset?: string },
  now: Date,
) {
  const statuses = opts.orderType === 2 ? [2, 3] : [1];
  const conditions = [eq(seFixedOrders.userId, userId), inArray(seFixedOrders.status, statuses)];
  if (opts.asset) conditions.push(eq(seFixedOrders.asset, opts.asset));
  const where = and(...conditions);
  const [count] = await db.select({ n: dsql<number>`COUNT(*)::int` }).from(seFixedOrders).where(where);
  const list = await db
    .select()
    .from(seFixedOrders)
    .where(where)
    .orderBy(desc(seFixedOrders.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const productIds = [...new Set(list.map((o) => o.productId))];
  const products = productIds.length
    ? await db.select().from(seFixedProducts).where(inArray(seFixedProducts.id, productIds))
    : [];
  return {
    total: Number(count?.n ?? 0),
    list: list.map((o) =>
      fixedOrderView(
        o,
        products.find((p) => p.id === o.productId),
        now,
      ),
    ),
  };
}
