import { dailyPayoutBreakdown, dec } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { unixSeconds } from '../../infra/jobs/clock';
import { type BreakdownQuery, carriedIn, type PayoutBreakdown, type StoredDay } from '../../kernel/breakdown';
import { errors } from '../../kernel/errors';

/** A soft-staking day: the row keeps eligible, rate, gross, paid and carry. */
async function softStakingDayBreakdown(
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

/** soft_staking_day: the user's payout of `coin` on `day` (unix seconds, UTC midnight). */
export function softStakingDayRead(db: Db, q: BreakdownQuery): Promise<PayoutBreakdown> {
  if (q.coin === undefined || q.day === undefined)
    throw errors.invalidParams('coin and day are required for soft_staking_day', { field: 'coin,day' });
  return softStakingDayBreakdown(db, q.userId, q.coin, new Date(q.day * 1000));
}
