import {
  dec,
  fixedMaturityBreakdown,
  flexibleBonusHourBreakdown,
  hourlyPayoutBreakdown,
  type RateTier,
  rateToPercent,
  toRateFraction,
} from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import type { LadderTierJson } from '../../infra/db/schema';
import {
  type BreakdownQuery,
  HOUR_SECONDS,
  type PayoutBreakdown,
  payoutBreakdown,
  requireAsked,
  tieredOf,
} from '../../kernel/breakdown';
import { errors } from '../../kernel/errors';

/**
 * A fixed order's maturity interest, from the order's principal, rate and term: the rule subscribe
 * used to fix it (estimatedInterest). The voucher coupon and the bonus were fixed at subscription
 * and are listed beside it as recorded.
 */
export async function fixedMaturityBreakdownOf(
  db: Db,
  userId: number,
  orderId: number,
): Promise<PayoutBreakdown> {
  const [o] = await rows<{
    asset: string;
    principal: string;
    year_rate: string;
    lock_up_period: number;
    interest: string;
    coupon_interest: string;
    bonus_asset: string | null;
    bonus_amount: string;
    start_at: string;
    finish_at: string;
  }>(
    db,
    sql`SELECT asset, principal::text AS principal, year_rate::text AS year_rate, lock_up_period,
               interest::text AS interest, coupon_interest::text AS coupon_interest, bonus_asset,
               bonus_amount::text AS bonus_amount, start_at, finish_at
          FROM se_fixed_orders WHERE id = ${orderId} AND user_id = ${userId}`,
  );
  if (!o) throw errors.notFound('fixed order');
  const b = fixedMaturityBreakdown(o.principal, o.year_rate, o.lock_up_period);
  const extras: PayoutBreakdown['extras'] = [];
  if (dec(o.coupon_interest).gt(0))
    extras.push({ label: 'coupon', amount: dec(o.coupon_interest).toFixed(), coin: o.asset });
  if (dec(o.bonus_amount).gt(0) && o.bonus_asset)
    extras.push({ label: 'bonus', amount: dec(o.bonus_amount).toFixed(), coin: o.bonus_asset });
  return payoutBreakdown(
    {
      kind: 'fixed_maturity',
      coin: o.asset,
      principalCoin: o.asset,
      start: new Date(o.start_at),
      end: new Date(o.finish_at),
      recorded: o.interest,
    },
    {
      eligible: dec(o.principal).toFixed(),
      ratePercent: rateToPercent(toRateFraction(o.year_rate)).toFixed(),
      gross: b.exact,
      carryIn: '0',
      total: b.exact,
      paid: b.paid,
      carryOut: b.dropped,
      formula: b.formula,
    },
    // A term is paid once: what is below the 8th decimal is never carried.
    { carried: false, extras },
  );
}

/**
 * A flexible hour's interest, `hourEnd` as the history shows it. The carried fraction is not stored:
 * the holding's exact cumulative interest before the hour is the sum of lent × rate ÷ 8,760 over its
 * earlier hours, and what was paid of it is the sum of their interest (each hour pays the floor of the
 * cumulative less the floor before), so the fraction carried in is their difference.
 */
export async function flexibleHourBreakdown(
  db: Db,
  userId: number,
  asset: string,
  hourEnd: Date,
): Promise<PayoutBreakdown> {
  const hourStart = new Date(hourEnd.getTime() - 3_600_000).toISOString();
  const [row] = await rows<{
    lent: string;
    rate_year: string;
    interest: string;
    gross: string;
    carry_in: string;
  }>(
    db,
    sql`SELECT i.lent::text AS lent, i.rate_year::text AS rate_year, i.interest::text AS interest,
               earn_hourly_interest(i.lent, i.rate_year)::text AS gross,
               (SELECT COALESCE(SUM(earn_hourly_interest(e.lent, e.rate_year)), 0) - COALESCE(SUM(e.interest), 0)
                  FROM se_flex_interest e
                 WHERE e.position_id = p.id AND e.period_start < ${hourStart}::timestamptz)::text AS carry_in
          FROM se_flex_positions p
          JOIN se_flex_interest i ON i.position_id = p.id AND i.period_start = ${hourStart}::timestamptz
         WHERE p.user_id = ${userId} AND p.asset = ${asset.toUpperCase()}`,
  );
  if (!row) throw errors.notFound('flexible interest of that hour');
  const coin = asset.toUpperCase();
  return payoutBreakdown(
    {
      kind: 'flexible_hour',
      coin,
      principalCoin: coin,
      start: new Date(hourStart),
      seconds: HOUR_SECONDS,
      recorded: row.interest,
    },
    hourlyPayoutBreakdown(row.lent, row.rate_year, row.gross, row.carry_in),
  );
}

/**
 * The bonus of one hour for a lent amount from the hour's tiers, by the engine's own rule (migration
 * 0043: earn_ladder_yearly reads the tiers without trailing zeros, as the engine writes them, so the
 * quotient keeps the same digits).
 */
const bonusOfHour = (lent: string, tiers: string, ratio: string) =>
  sql.raw(`earn_hourly_bonus(earn_ladder_yearly(${lent}, ${tiers}), ${ratio})`);

/**
 * A flexible hour's bonus, `hourEnd` as the history shows it, `asset` the holding's coin. The hour's
 * tiers and price ratio are on its se_flex_hours row (hours closed before migration 0037 have none: 404).
 * The position keeps its exact cumulative bonus (bonus_cum); less the exact bonus of this hour and every
 * later one, it is the cumulative before the hour, whose fraction below the 8th decimal is carried in.
 */
export async function flexibleBonusHourBreakdownOf(
  db: Db,
  userId: number,
  asset: string,
  hourEnd: Date,
): Promise<PayoutBreakdown> {
  const hourStart = new Date(hourEnd.getTime() - 3_600_000).toISOString();
  const [row] = await rows<{
    lent: string;
    bonus: string;
    bonus_asset: string | null;
    tiers: LadderTierJson[] | null;
    ratio: string | null;
    gross: string | null;
    cum_before: string | null;
  }>(
    db,
    sql`SELECT i.lent::text AS lent, i.bonus::text AS bonus, i.bonus_asset, h.bonus_tiers AS tiers, h.bonus_ratio::text AS ratio,
               ${bonusOfHour('i.lent', 'h.bonus_tiers', 'h.bonus_ratio')}::text AS gross,
               (p.bonus_cum - (SELECT SUM(${bonusOfHour('e.lent', 'eh.bonus_tiers', 'eh.bonus_ratio')})
                  FROM se_flex_interest e JOIN se_flex_hours eh ON eh.asset = e.asset AND eh.period_start = e.period_start
                 WHERE e.position_id = p.id AND e.period_start >= ${hourStart}::timestamptz AND eh.bonus_tiers IS NOT NULL))::text AS cum_before
          FROM se_flex_positions p
          JOIN se_flex_interest i ON i.position_id = p.id AND i.period_start = ${hourStart}::timestamptz
          JOIN se_flex_hours h ON h.asset = p.asset AND h.period_start = i.period_start
         WHERE p.user_id = ${userId} AND p.asset = ${asset.toUpperCase()} AND i.bonus_asset IS NOT NULL`,
  );
  if (!row) throw errors.notFound('flexible bonus of that hour');
  if (row.tiers === null || row.ratio === null || row.gross === null || row.cum_before === null)
    throw errors.notFound("this hour's bonus figures (paid before they were recorded)");
  const cumBefore = dec(row.cum_before);
  const carryIn = cumBefore.minus(cumBefore.toDecimalPlaces(8, 1)).toFixed();
  const tiers: RateTier[] = row.tiers.map((t) => ({
    from: t.left,
    to: t.right === '' || dec(t.right).isZero() ? null : t.right,
    rate: t.apr,
  }));
  const b = flexibleBonusHourBreakdown(row.lent, tiers, row.ratio, row.gross, carryIn);
  const holding = asset.toUpperCase();
  const coin = row.bonus_asset ?? holding;
  return payoutBreakdown(
    {
      kind: 'flexible_bonus_hour',
      coin,
      principalCoin: holding,
      start: new Date(hourStart),
      seconds: HOUR_SECONDS,
      recorded: row.bonus,
    },
    b,
    { tiered: tieredOf(b, HOUR_SECONDS, coin === holding ? null : dec(row.ratio).toFixed()) },
  );
}

/** fixed_maturity: the user's order `id`. */
export function fixedMaturityRead(db: Db, q: BreakdownQuery): Promise<PayoutBreakdown> {
  requireAsked(q, ['id']);
  return fixedMaturityBreakdownOf(db, q.userId, q.id);
}

/** flexible_hour: `coin`, `hour` the hour's end as the history shows it. */
export function flexibleHourRead(db: Db, q: BreakdownQuery): Promise<PayoutBreakdown> {
  requireAsked(q, ['coin', 'hour']);
  return flexibleHourBreakdown(db, q.userId, q.coin, new Date(q.hour * 1000));
}

/** flexible_bonus_hour: `coin` the holding coin, `hour` the hour's end. */
export function flexibleBonusHourRead(db: Db, q: BreakdownQuery): Promise<PayoutBreakdown> {
  requireAsked(q, ['coin', 'hour']);
  return flexibleBonusHourBreakdownOf(db, q.userId, q.coin, new Date(q.hour * 1000));
}
