import {
  campaignDayBreakdown,
  type DailyPayoutBreakdown,
  dailyPayoutBreakdown,
  dec,
  fixedMaturityBreakdown,
  flexibleBonusHourBreakdown,
  hourlyPayoutBreakdown,
  type LaunchpoolHourBreakdown,
  launchpoolHourBreakdown,
  launchpoolInterestBreakdown,
  type RateTier,
  rateToPercent,
  type TieredPayoutBreakdown,
  toRateFraction,
} from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import type { LadderTierJson } from '../../infra/db/schema';
import { unixSeconds } from '../../infra/jobs/clock';
import { errors } from '../../kernel/errors';

export type BreakdownKind =
  | 'soft_staking_day'
  | 'staking_day'
  | 'fixed_maturity'
  | 'flexible_hour'
  | 'flexible_bonus_hour'
  | 'launchpool_hour'
  | 'launchpool_interest_hour';

export interface PayoutBreakdown extends Omit<DailyPayoutBreakdown, 'ratePercent'> {
  kind: BreakdownKind;
  /** Annual rate, percent; null for a launch-pool hour (a pool pays by share, not by a rate). */
  ratePercent: string | null;
  /** A launch-pool hour's share of the pool: its figures as the engine recorded them. */
  pool: Omit<
    LaunchpoolHourBreakdown,
    'stake' | 'gross' | 'carryIn' | 'total' | 'paid' | 'carryOut' | 'formula'
  > | null;
  /** Whether carryOut goes to the next period (daily lines) or is never paid (a term paid once). */
  carried: boolean;
  /** Paid beside the interest and recorded at subscription (fixed: voucher coupon, bonus). */
  extras: { label: 'coupon' | 'bonus'; amount: string; coin: string }[];
  /**
   * A tiered rate (a staking campaign's money tiers, a flexible bonus's ladder): each tier's part of the
   * principal, the yearly figure, the seconds it ran and, for a bonus in another coin, the price ratio.
   */
  tiered: {
    tiers: TieredPayoutBreakdown['tiers'];
    perYear: string;
    seconds: number;
    priceRatio: string | null;
  } | null;
  /** A launch-pool hour's auto-earn interest: the mode and its index figures. */
  interest: {
    mode: string;
    accStep: string;
    earlier: string;
    stakeInterest: string;
    steady: boolean;
  } | null;
  coin: string;
  principalCoin: string;
  periodStart: number;
  periodEnd: number;
  /** The amount the engine booked for this row. */
  recorded: string;
}

interface StoredDay {
  coin: string;
  eligible: string;
  gross: string;
  amount: string;
  carry: string;
}

/**
 * The fraction carried in is not stored on the row; it is what the row's total less its gross leaves:
 * paid + carried out = carried in + gross, exactly (the engine writes all three from one sum).
 */
function carriedIn(row: StoredDay): string {
  return dec(row.amount).plus(row.carry).minus(row.gross).toFixed();
}

/** A soft-staking day: the row keeps eligible, rate, gross, paid and carry. */
export async function softStakingDayBreakdown(
  db: Db,
  userId: number,
  coin: string,
  day: Date,
): Promise<PayoutBreakdown> {
  const [row] = await rows<StoredDay & { rate: string }>(
    db,
    sql`SELECT coin, eligible::text AS eligible, rate::text AS rate, gross::text AS gross,
               amount::text AS amount, carry::text AS carry
          FROM soft_staking_payouts
         WHERE user_id = ${userId} AND coin = ${coin.toUpperCase()} AND day = ${day.toISOString()}::timestamptz`,
  );
  if (!row) throw errors.notFound('soft-staking payout');
  const start = unixSeconds(day);
  return {
    kind: 'soft_staking_day',
    coin: row.coin,
    principalCoin: row.coin,
    periodStart: start,
    periodEnd: start + 86_400,
    recorded: dec(row.amount).toFixed(),
    carried: true,
    extras: [],
    pool: null,
    tiered: null,
    interest: null,
    ...dailyPayoutBreakdown(row.eligible, row.rate, carriedIn(row)),
  };
}

/**
 * A staking day's base reward: the rate is the base rate of the product's (or protocol's) rate point of
 * that day; the point's `rate` also holds the campaigns' extra, which the base reward never earns.
 */
export async function stakingDayBreakdown(db: Db, userId: number, id: number): Promise<PayoutBreakdown> {
  const [row] = await rows<
    StoredDay & { day: string; stake_coin: string; rate: string | null; source: string }
  >(
    db,
    sql`SELECT r.coin, r.eligible::text AS eligible, r.gross::text AS gross, r.amount::text AS amount,
               r.carry::text AS carry, r.day, r.source, p.coin AS stake_coin, rp.base_rate::text AS rate
          FROM staking_rewards r
          JOIN staking_products p ON p.id = r.product_id
          LEFT JOIN staking_rate_points rp
            ON rp.product_id = r.product_id AND rp.protocol_id = r.protocol_id AND rp.day = r.day
         WHERE r.id = ${id} AND r.user_id = ${userId}`,
  );
  if (!row) throw errors.notFound('staking reward');
  if (row.source.startsWith('campaign:'))
    return stakingCampaignDayBreakdown(db, row, Number(row.source.slice('campaign:'.length)));
  if (row.source !== 'base' || row.rate === null) throw errors.notFound('rate of this staking reward');
  const start = unixSeconds(new Date(row.day));
  return {
    kind: 'staking_day',
    coin: row.coin,
    principalCoin: row.stake_coin,
    periodStart: start,
    periodEnd: start + 86_400,
    recorded: dec(row.amount).toFixed(),
    carried: true,
    extras: [],
    pool: null,
    tiered: null,
    interest: null,
    ...dailyPayoutBreakdown(row.eligible, row.rate, carriedIn(row)),
  };
}

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
  return {
    kind: 'fixed_maturity',
    coin: o.asset,
    principalCoin: o.asset,
    periodStart: unixSeconds(new Date(o.start_at)),
    periodEnd: unixSeconds(new Date(o.finish_at)),
    recorded: dec(o.interest).toFixed(),
    carried: false,
    extras,
    pool: null,
    tiered: null,
    interest: null,
    eligible: dec(o.principal).toFixed(),
    ratePercent: rateToPercent(toRateFraction(o.year_rate)).toFixed(),
    gross: b.exact,
    carryIn: '0',
    total: b.exact,
    paid: b.paid,
    carryOut: b.dropped,
    formula: b.formula,
  };
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
  const start = unixSeconds(new Date(hourStart));
  return {
    kind: 'flexible_hour',
    coin: asset.toUpperCase(),
    principalCoin: asset.toUpperCase(),
    periodStart: start,
    periodEnd: start + 3600,
    recorded: dec(row.interest).toFixed(),
    carried: true,
    extras: [],
    pool: null,
    tiered: null,
    interest: null,
    ...hourlyPayoutBreakdown(row.lent, row.rate_year, row.gross, row.carry_in),
  };
}

/**
 * A launch-pool hour's reward in one coin, `hourStart` as the reward history shows it: the figures the
 * statement that booked the hour wrote beside the amount (stake, pool total, reward per hour, the
 * accumulator's step, what was earned earlier in the hour and the fraction carried in).
 */
export async function launchpoolHourBreakdownOf(
  db: Db,
  userId: number,
  rid: number,
  hourStart: Date,
  coin: string,
): Promise<PayoutBreakdown> {
  const [row] = await rows<{
    amount: string;
    stake: string | null;
    pool_total: string;
    reward_per_hour: string;
    acc_step: string;
    earlier: string;
    carry_in: string;
    stake_coin: string;
  }>(
    db,
    sql`SELECT r.amount::text AS amount, r.stake::text AS stake, r.pool_total::text AS pool_total,
               r.reward_per_hour::text AS reward_per_hour, r.acc_step::text AS acc_step,
               r.earlier::text AS earlier, r.carry_in::text AS carry_in, pl.coin AS stake_coin
          FROM launchpool_rewards r JOIN launchpool_pools pl ON pl.rid = r.rid
         WHERE r.user_id = ${userId} AND r.rid = ${rid} AND r.coin = ${coin.toUpperCase()}
           AND r.hour_start = ${hourStart.toISOString()}::timestamptz`,
  );
  if (!row) throw errors.notFound('launch-pool reward of that hour');
  if (row.stake === null) throw errors.notFound("this hour's figures (paid before they were recorded)");
  const b = launchpoolHourBreakdown({
    stake: row.stake,
    poolTotal: row.pool_total,
    rewardPerHour: row.reward_per_hour,
    accStep: row.acc_step,
    earlier: row.earlier,
    carryIn: row.carry_in,
  });
  const start = unixSeconds(hourStart);
  return {
    kind: 'launchpool_hour',
    coin: coin.toUpperCase(),
    principalCoin: row.stake_coin,
    periodStart: start,
    periodEnd: start + 3600,
    recorded: dec(row.amount).toFixed(),
    carried: true,
    extras: [],
    tiered: null,
    interest: null,
    eligible: b.stake,
    ratePercent: null,
    gross: b.gross,
    carryIn: b.carryIn,
    total: b.total,
    paid: b.paid,
    carryOut: b.carryOut,
    formula: b.formula,
    pool: {
      poolTotal: b.poolTotal,
      rewardPerHour: b.rewardPerHour,
      sharePercent: b.sharePercent,
      accStep: b.accStep,
      earlier: b.earlier,
      stakeReward: b.stakeReward,
      steady: b.steady,
    },
  };
}

/**
 * A staking campaign's day (source 'campaign:<id>'): the campaign's money tiers on the day's eligible
 * stake, for the seconds of the day it ran. A campaign is never edited once added, so its tiers and
 * dates are those the day was paid by.
 */
async function stakingCampaignDayBreakdown(
  db: Db,
  row: StoredDay & { day: string; stake_coin: string },
  campaignId: number,
): Promise<PayoutBreakdown> {
  const dayStart = new Date(row.day);
  const [k] = await rows<{
    tiers: { money_min: string; money_max: string; money_rate: string }[];
    secs: string;
  }>(
    db,
    sql`SELECT tiers, EXTRACT(EPOCH FROM (LEAST(${dayStart.toISOString()}::timestamptz + interval '1 day', end_at)
                                  - GREATEST(${dayStart.toISOString()}::timestamptz, start_at)))::bigint::text AS secs
          FROM staking_campaigns WHERE id = ${campaignId}`,
  );
  if (!k) throw errors.notFound('staking campaign');
  const tiers: RateTier[] = k.tiers.map((t) => ({
    from: t.money_min,
    to: dec(t.money_max).eq(-1) ? null : t.money_max,
    rate: t.money_rate,
  }));
  const seconds = Number(k.secs);
  const b = campaignDayBreakdown(row.eligible, tiers, seconds, carriedIn(row));
  const start = unixSeconds(dayStart);
  return {
    kind: 'staking_day',
    coin: row.coin,
    principalCoin: row.stake_coin,
    periodStart: start,
    periodEnd: start + 86_400,
    recorded: dec(row.amount).toFixed(),
    carried: true,
    extras: [],
    pool: null,
    interest: null,
    tiered: { tiers: b.tiers, perYear: b.perYear, seconds, priceRatio: null },
    eligible: b.eligible,
    ratePercent: b.ratePercent,
    gross: b.gross,
    carryIn: b.carryIn,
    total: b.total,
    paid: b.paid,
    carryOut: b.carryOut,
    formula: b.formula,
  };
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
  const start = unixSeconds(new Date(hourStart));
  const coin = row.bonus_asset ?? asset.toUpperCase();
  return {
    kind: 'flexible_bonus_hour',
    coin,
    principalCoin: asset.toUpperCase(),
    periodStart: start,
    periodEnd: start + 3600,
    recorded: dec(row.bonus).toFixed(),
    carried: true,
    extras: [],
    pool: null,
    interest: null,
    tiered: {
      tiers: b.tiers,
      perYear: b.perYear,
      seconds: 3600,
      priceRatio: coin === asset.toUpperCase() ? null : dec(row.ratio).toFixed(),
    },
    eligible: b.eligible,
    ratePercent: b.ratePercent,
    gross: b.gross,
    carryIn: b.carryIn,
    total: b.total,
    paid: b.paid,
    carryOut: b.carryOut,
    formula: b.formula,
  };
}

/**
 * A launch-pool hour's auto-earn interest, `hourStart` as the interest history shows it: the figures
 * the statement that booked the hour wrote beside the amount (null before migration 0037: 404).
 */
export async function launchpoolInterestHourBreakdown(
  db: Db,
  userId: number,
  rid: number,
  hourStart: Date,
): Promise<PayoutBreakdown> {
  const [row] = await rows<{
    coin: string;
    amount: string;
    stake: string | null;
    acc_step: string | null;
    earlier: string | null;
    carry_in: string | null;
    rate_percent: string | null;
    mode: string | null;
  }>(
    db,
    sql`SELECT coin, amount::text AS amount, stake::text AS stake, acc_step::text AS acc_step, earlier::text AS earlier,
               carry_in::text AS carry_in, rate_percent::text AS rate_percent, mode
          FROM launchpool_interest
         WHERE user_id = ${userId} AND rid = ${rid} AND hour_start = ${hourStart.toISOString()}::timestamptz`,
  );
  if (!row) throw errors.notFound('launch-pool interest of that hour');
  if (
    row.stake === null ||
    row.acc_step === null ||
    row.earlier === null ||
    row.carry_in === null ||
    row.rate_percent === null ||
    row.mode === null
  )
    throw errors.notFound("this hour's figures (paid before they were recorded)");
  const b = launchpoolInterestBreakdown({
    stake: row.stake,
    ratePercent: row.rate_percent,
    accStep: row.acc_step,
    earlier: row.earlier,
    carryIn: row.carry_in,
  });
  const start = unixSeconds(hourStart);
  return {
    kind: 'launchpool_interest_hour',
    coin: row.coin,
    principalCoin: row.coin,
    periodStart: start,
    periodEnd: start + 3600,
    recorded: dec(row.amount).toFixed(),
    carried: true,
    extras: [],
    pool: null,
    tiered: null,
    interest: {
      mode: row.mode,
      accStep: b.accStep,
      earlier: b.earlier,
      stakeInterest: b.stakeInterest,
      steady: b.steady,
    },
    eligible: b.stake,
    ratePercent: b.ratePercent,
    gross: b.gross,
    carryIn: b.carryIn,
    total: b.total,
    paid: b.paid,
    carryOut: b.carryOut,
    formula: b.formula,
  };
}
