import { dailyPayoutBreakdown } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import {
  type BreakdownQuery,
  carriedIn,
  DAY_SECONDS,
  type PayoutBreakdown,
  payoutBreakdown,
  requireAsked,
  type StoredDay,
} from '../../kernel/breakdown';
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
  return payoutBreakdown(
    {
      kind: 'soft_staking_day',
      coin: row.coin,
      principalCoin: row.coin,
      start: day,
      seconds: DAY_SECONDS,
      recorded: row.amount,
    },
    dailyPayoutBreakdown(row.eligible, row.rate, carriedIn(row)),
  );
}

/** soft_staking_day: the user's payout of `coin` on `day` (unix seconds, UTC midnight). */
export function softStakingDayRead(db: Db, q: BreakdownQuery): Promise<PayoutBreakdown> {
  requireAsked(q, ['coin', 'day']);
  return softStakingDayBreakdown(db, q.userId, q.coin, new Date(q.day * 1000));
}
