import {
  type Arrival,
  type Decimal,
  dec,
  roundDown,
  toWire,
  valueOfUnits,
  type WealthProjectTypeId,
  wealthNextNav,
} from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { epoch } from '../../infra/db/epoch';
import { ofUsers } from '../../infra/db/users';
import type { Language } from '../../infra/http/texts';
import { localized } from '../../infra/http/texts';
import { unixSeconds } from '../../infra/jobs/clock';
import { errors } from '../../kernel/errors';
import {
  type ArrivalQuery,
  arrivalParam,
  type ConsolePosition,
  type LineReads,
  type UpcomingRow,
} from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';
import { DAY_MS, WEALTH_FUND, type WealthOrderRow, type WealthProductRow, WealthReason } from './model';
import { firstNav, latestNav, navSeries } from './store/navs';
import { heldOrders, movementsOf, ownOrder, redemptionPage } from './store/orders';
import { requireWealthProduct } from './store/products';

/*
 * The line's reads, as the users' and the operator's answers show them: a product, the NAV's recent
 * rate, an order, its chart and the redemptions. The tables are read through store/.
 */

/**
 * The NAV's annualised change over the last 30 days, in percent (4 decimals down): from the latest NAV
 * published 30 or more days ago (else the first one) to the latest now, over the days between them.
 */
export async function recent30DaysRate(db: Db, productId: number, now: Date): Promise<string> {
  const last = await latestNav(db, productId, now);
  if (!last) return '0';
  const cutoff = new Date(now.getTime() - 30 * DAY_MS);
  const before = await latestNav(db, productId, cutoff);
  const first = await firstNav(db, productId);
  const base = before ?? first;
  if (!base) return '0';
  const days = dec(last.at.getTime() - base.at.getTime()).div(DAY_MS);
  if (days.lte(0)) return '0';
  return toWire(roundDown(dec(last.nav).div(base.nav).minus(1).times(365).div(days).times(100), 4));
}

export async function productView(db: Db, p: WealthProductRow, now: Date, lang: Language = 'en') {
  const nav = await latestNav(db, p.id, now);
  return {
    pid: p.id,
    project_type: p.projectType,
    name: localized(p.i18n, lang, 'name', p.name),
    coin: p.coin,
    min_purchase: toWire(p.minPurchase),
    vip_min_tier: p.vipMinTier,
    net_value_ratio: nav ? toWire(nav.nav) : null,
    net_value_time: nav ? unixSeconds(nav.at) : null,
    recent_30_days_rate: await recent30DaysRate(db, p.id, now),
    run_days: Math.max(0, Math.floor((now.getTime() - p.runStart.getTime()) / DAY_MS)),
    show_interest: p.showInterest ? 1 : 0,
    disclaimer: p.disclaimer,
    description: localized(p.i18n, lang, 'description', p.description),
    status: p.status as 'online' | 'offline',
    i18n: p.i18n,
  };
}

export async function requireOwnOrder(
  db: Db,
  userId: number,
  orderId: number,
  projectType?: WealthProjectTypeId,
) {
  const found = await ownOrder(db, userId, orderId);
  if (!found) throw errors.notFound('wealth order');
  const { order, product } = found;
  if (!product || (projectType !== undefined && product.projectType !== projectType))
    throw errors.notFound('wealth order');
  return { order, product };
}

/**
 * An order as the detail modal reads it. amount: the held units' value at the latest NAV;
 * income_amount: that value less their cost, plus gains realised by settled redemptions;
 * net_value_ratio_buy: the held units' average cost per unit.
 */
export async function orderDetail(
  db: Db,
  order: WealthOrderRow,
  product: WealthProductRow,
  now: Date,
  lang: Language = 'en',
) {
  const nav = await latestNav(db, product.id, now);
  const units = dec(order.units);
  const value = nav ? valueOfUnits(units, nav.nav) : dec(0);
  const income = value.minus(order.cost).plus(order.realized);
  const view = await productView(db, product, now);
  return {
    order_id: order.id,
    pid: product.id,
    project_type: product.projectType,
    name: localized(product.i18n, lang, 'name', product.name),
    coin: product.coin,
    amount: toWire(value),
    unit: toWire(units),
    redeeming_unit: toWire(order.redeemingUnits),
    cost: toWire(order.cost),
    show_interest: product.showInterest ? 1 : 0,
    income_amount: income.isNegative() ? `-${toWire(income.negated())}` : toWire(income),
    net_value_ratio: nav ? toWire(nav.nav) : '0',
    net_value_ratio_buy: units.gt(0) ? toWire(roundDown(dec(order.cost).div(units), 8)) : '0',
    recent_30_days_rate: view.recent_30_days_rate,
    run_days: view.run_days,
    client_id: String(order.userId),
  };
}

/**
 * Chart lines over the last `range` days, one point per published NAV. balance: what the units held
 * at that time were worth; rate: the NAV's change since the range's first point, in percent. diff is
 * the change from the previous point; change is the last point's value less the first's.
 */
export async function orderLines(
  db: Db,
  order: WealthOrderRow,
  type: 'balance' | 'rate',
  rangeDays: number,
  now: Date,
) {
  const navs = await navSeries(db, order.productId, new Date(now.getTime() - rangeDays * DAY_MS), now);
  const { bought, sold } = await movementsOf(db, order.id);
  const unitsAt = (t: Date): Decimal =>
    bought
      .filter((b) => b.createdAt <= t)
      .reduce((s, b) => s.plus(b.units), dec(0))
      .minus(sold.filter((r) => r.createdAt <= t).reduce((s, r) => s.plus(r.units), dec(0)));
  const firstNav = navs[0]?.nav;
  const values = navs.map((n) =>
    type === 'balance'
      ? valueOfUnits(unitsAt(n.at), n.nav)
      : roundDown(
          dec(n.nav)
            .div(firstNav ?? n.nav)
            .minus(1)
            .times(100),
          4,
        ),
  );
  const signed = (d: Decimal) => (d.isNegative() ? `-${toWire(d.negated())}` : toWire(d));
  const lines = navs.map((n, i) => ({
    timestamp: unixSeconds(n.at),
    value: signed(values[i] as Decimal),
    diff: signed(i === 0 ? dec(0) : (values[i] as Decimal).minus(values[i - 1] as Decimal)),
  }));
  const change =
    values.length > 0 ? (values[values.length - 1] as Decimal).minus(values[0] as Decimal) : dec(0);
  return { lines, change: signed(change) };
}

export async function userOrders(
  db: Db,
  userId: number,
  projectType: WealthProjectTypeId | undefined,
  now: Date,
  lang: Language = 'en',
) {
  const found = await heldOrders(db, userId, projectType);
  const list = [];
  for (const row of found) list.push(await orderDetail(db, row.order, row.product, now, lang));
  return { list, total: list.length };
}

export async function redemptionHistory(db: Db, userId: number, page: { page: number; limit: number }) {
  const { list, total } = await redemptionPage(db, userId, page);
  return {
    list: list.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      pid: r.productId,
      coin: r.coin,
      unit: toWire(r.units),
      status: r.status,
      net_value_ratio: r.nav ? toWire(r.nav) : null,
      amount: r.value ? toWire(r.value) : null,
      create_time: unixSeconds(r.createdAt),
      settle_time: r.settledAt ? unixSeconds(r.settledAt) : null,
    })),
    total,
  };
}

/*
 * What the cross-line views read of private wealth (kernel/reads.ts): with store/, the only place
 * that names its tables.
 */

/**
 * Units held and being redeemed × the latest NAV published by `at`, 8 decimals down (valueOfUnits;
 * the ledger keeps them at cost); at cost before a first NAV.
 */
function holdings(at: Date, users?: readonly number[]) {
  return sql`
    SELECT o.user_id, 'wealth' AS line, o.coin AS asset,
           CASE WHEN n.nav IS NULL
                THEN o.cost + COALESCE((SELECT SUM(r.cost) FROM wealth_redemptions r
                                         WHERE r.order_id = o.id AND r.status = 'pending'), 0)
                ELSE trunc((o.units + o.redeeming_units) * n.nav, 8) END AS amount
      FROM wealth_orders o
      LEFT JOIN LATERAL (SELECT nav FROM wealth_navs
                          WHERE product_id = o.product_id AND at <= ${at.toISOString()}::timestamptz
                          ORDER BY at DESC LIMIT 1) n ON true
     WHERE (o.units > 0 OR o.redeeming_units > 0) AND ${ofUsers(sql`o.user_id`, users)}`;
}

/**
 * Redemptions at the next NAV, per product: the units' cost, when the NAV is estimated from the
 * product's publishing cadence (its two latest NAVs).
 */
async function upcoming(db: Db, users: readonly number[], now: Date): Promise<UpcomingRow[]> {
  const found = await rows<{ user_id: number; asset: string; amount: string; navs: string | null }>(
    db,
    sql`SELECT r.user_id, r.coin AS asset, SUM(r.cost)::text AS amount,
               (SELECT string_agg(n.at::text, ',' ORDER BY n.at DESC)
                  FROM (SELECT extract(epoch FROM at)::bigint AS at FROM wealth_navs
                         WHERE product_id = r.product_id ORDER BY at DESC LIMIT 2) n) AS navs
          FROM wealth_redemptions r
         WHERE ${ofUsers(sql`r.user_id`, users)} AND r.status = 'pending'
         GROUP BY r.user_id, r.coin, r.product_id`,
  );
  return found.map((r) => {
    const next = wealthNextNav(unixSeconds(now), r.navs === null ? [] : r.navs.split(',').map(Number));
    return {
      userId: r.user_id,
      kind: 'redemption',
      line: 'wealth',
      asset: r.asset,
      amount: r.amount,
      at: next.arrivesAt,
      estimated: next.estimated,
    };
  });
}

/** The next NAV on the product's publishing cadence. */
async function redeemArrival(db: Db, q: ArrivalQuery, now: Date): Promise<Arrival> {
  const product = await requireWealthProduct(db, arrivalParam(q, q.pid, 'pid'));
  const navs = await rows<{ at: string }>(
    db,
    sql`SELECT at FROM wealth_navs WHERE product_id = ${product.id} ORDER BY at DESC LIMIT 2`,
  );
  return wealthNextNav(
    unixSeconds(now),
    navs.map((n) => unixSeconds(new Date(n.at))),
  );
}

/** Wealth holdings at cost, with units and the latest NAV. */
function wealth(db: Db, userId: number) {
  return rows<ConsolePosition>(
    db,
    sql`SELECT o.id::text AS id, wp.name AS product, o.coin AS asset, o.cost::text AS amount,
          CASE WHEN o.units > 0 THEN 'holding' ELSE 'redeeming' END AS status, ${epoch(sql`o.created_at`)} AS since,
          jsonb_build_object(
            'product_id', o.product_id, 'units', o.units::text, 'redeeming_units', o.redeeming_units::text,
            'realized', o.realized::text,
            'nav', (SELECT n.nav::text FROM wealth_navs n WHERE n.product_id = o.product_id ORDER BY n.at DESC LIMIT 1)
          ) AS extra
        FROM wealth_orders o JOIN wealth_products wp ON wp.id = o.product_id
        WHERE o.user_id = ${userId} AND (o.units > 0 OR o.redeeming_units > 0)
        ORDER BY o.id`,
  );
}

/** The console's positions of the user: wealth holdings. */
async function consolePositions(db: Db, userId: number) {
  return [{ line: 'wealth' as const, positions: await wealth(db, userId) }];
}

export const wealthReads: LineReads = {
  valuedPurposes: [UserPurpose.wealth],
  holdings,
  upcoming,
  redeemArrival: { wealth: redeemArrival },
  consolePositions,
  book: {
    reasons: { wealth: Object.values(WealthReason) },
    heldPurpose: { wealth: UserPurpose.wealth },
    // Realised gains paid out of the fund; a loss flows the other way and is not a payout.
    payouts: [{ line: 'wealth', reason: WealthReason.settleGain, purpose: WEALTH_FUND, prefix: false }],
    income: { [WealthReason.settleGain]: 'interest' },
    lossReasons: [WealthReason.settleLoss],
  },
};
