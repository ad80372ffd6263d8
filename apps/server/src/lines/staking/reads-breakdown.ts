import { campaignDayBreakdown, dailyPayoutBreakdown, dec, type RateTier } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import {
  type BookedPayout,
  type BreakdownQuery,
  carriedIn,
  DAY_SECONDS,
  type PayoutBreakdown,
  payoutBreakdown,
  requireAsked,
  type StoredDay,
  tieredOf,
} from '../../kernel/breakdown';
import { errors } from '../../kernel/errors';

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
  const booked: BookedPayout = {
    kind: 'staking_day',
    coin: row.coin,
    principalCoin: row.stake_coin,
    start: new Date(row.day),
    seconds: DAY_SECONDS,
    recorded: row.amount,
  };
  if (row.source.startsWith('campaign:'))
    return stakingCampaignDayBreakdown(db, row, booked, Number(row.source.slice('campaign:'.length)));
  if (row.source !== 'base' || row.rate === null) throw errors.notFound('rate of this staking reward');
  return payoutBreakdown(booked, dailyPayoutBreakdown(row.eligible, row.rate, carriedIn(row)));
}

/**
 * A staking campaign's day (source 'campaign:<id>'): the campaign's money tiers on the day's eligible
 * stake, for the seconds of the day it ran. A campaign is never edited once added, so its tiers and
 * dates are those the day was paid by.
 */
async function stakingCampaignDayBreakdown(
  db: Db,
  row: StoredDay,
  booked: BookedPayout,
  campaignId: number,
): Promise<PayoutBreakdown> {
  const dayStart = booked.start.toISOString();
  const [k] = await rows<{
    tiers: { money_min: string; money_max: string; money_rate: string }[];
    secs: string;
  }>(
    db,
    sql`SELECT tiers, EXTRACT(EPOCH FROM (LEAST(${dayStart}::timestamptz + interval '1 day', end_at)
                                  - GREATEST(${dayStart}::timestamptz, start_at)))::bigint::text AS secs
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
  return payoutBreakdown(booked, b, { tiered: tieredOf(b, seconds) });
}

/** staking_day: the user's reward record `id` (base or campaign). */
export function stakingDayRead(db: Db, q: BreakdownQuery): Promise<PayoutBreakdown> {
  requireAsked(q, ['id']);
  return stakingDayBreakdown(db, q.userId, q.id);
}
