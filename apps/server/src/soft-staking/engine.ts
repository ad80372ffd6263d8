import { type Db, sql } from '../db/client';
import type { Job, Period } from '../jobs/scheduler';
import { UserPurpose } from '../ledger/accounts';
import { floorDiv18, postBulkTransfer } from '../ledger/bulk';

export const SoftStakingReason = { payout: 'soft_staking_payout' } as const;
export const SOFT_STAKING_REWARDS = 'soft_staking_rewards';

const iso = (d: Date) => d.toISOString();

/** Eligible spot balances now: own funds (spot less loans) of switched-on users in listed coins. */
const currentBalances = sql`(
  SELECT a.user_id, a.asset AS coin, GREATEST(0, a.balance - COALESCE(l.amount, 0)) AS balance
  FROM ledger_accounts a
  JOIN soft_staking_users u ON u.user_id = a.user_id AND u.enabled
  JOIN soft_staking_coins k ON k.coin = a.asset
  LEFT JOIN user_loans l ON l.user_id = a.user_id AND l.asset = a.asset
  WHERE a.is_user AND a.purpose = ${UserPurpose.spot}
)`;

/**
 * One UTC day of soft staking, run at its end. A user switched on for the whole day earns on the lower
 * of the day's opening snapshot and the closing balance (so coins parked for a moment earn nothing),
 * counted from min_amount and capped at max_amount, at the coin's rate (percent, 365-day year).
 * Payouts are 8 decimals down with the rest carried, paid into spot from 'soft_staking_rewards'; then
 * the closing snapshot (payout included) opens the next day.
 */
export async function runSoftStakingDay(tx: Db, day: Period): Promise<void> {
  const dayStart = sql`${iso(day.start)}::timestamptz`;
  const dayEnd = sql`${iso(day.end)}::timestamptz`;
  await tx.execute(sql`
    INSERT INTO soft_staking_payouts (day, user_id, coin, eligible, rate, gross, amount, carry, created_at)
    SELECT ${dayStart}, e.user_id, e.coin, e.eligible, e.rate, g.gross,
           trunc(COALESCE(c.carry, 0) + g.gross, 8),
           COALESCE(c.carry, 0) + g.gross - trunc(COALESCE(c.carry, 0) + g.gross, 8),
           ${dayEnd}
    FROM (
      SELECT s.user_id, s.coin, k.rate,
             CASE WHEN LEAST(s.balance, cur.balance) < k.min_amount THEN 0
                  WHEN k.max_amount = -1 THEN LEAST(s.balance, cur.balance)
                  ELSE LEAST(s.balance, cur.balance, k.max_amount) END AS eligible
      FROM soft_staking_snapshots s
      JOIN soft_staking_users u ON u.user_id = s.user_id AND u.enabled AND u.enabled_at <= ${dayStart}
      JOIN soft_staking_coins k ON k.coin = s.coin AND k.status = 'online'
      JOIN ${currentBalances} cur ON cur.user_id = s.user_id AND cur.coin = s.coin
      WHERE s.at = ${dayStart}
    ) e
    CROSS JOIN LATERAL (SELECT ${floorDiv18(sql`e.eligible * e.rate`, sql`36500`)} AS gross) g
    LEFT JOIN soft_staking_carries c ON c.user_id = e.user_id AND c.coin = e.coin
    WHERE e.eligible > 0 AND e.rate > 0
    ON CONFLICT DO NOTHING`);

  await tx.execute(sql`
    INSERT INTO soft_staking_carries (user_id, coin, carry)
    SELECT user_id, coin, carry FROM soft_staking_payouts WHERE day = ${dayStart}
    ON CONFLICT (user_id, coin) DO UPDATE SET carry = excluded.carry`);

  await postBulkTransfer(tx, {
    reason: SoftStakingReason.payout,
    ref: `day:${iso(day.start)}`,
    at: day.end,
    source: sql`SELECT user_id, coin AS asset, amount FROM soft_staking_payouts WHERE day = ${dayStart}`,
    from: { kind: 'system', purpose: SOFT_STAKING_REWARDS },
    to: { kind: 'user', purpose: UserPurpose.spot },
  });

  await tx.execute(sql`
    INSERT INTO soft_staking_snapshots (at, user_id, coin, balance)
    SELECT ${dayEnd}, user_id, coin, balance FROM ${currentBalances} cur WHERE balance > 0
    ON CONFLICT DO NOTHING`);
  // Only the opening snapshot of the next day is read again; older ones go after a month of audit.
  await tx.execute(
    sql`DELETE FROM soft_staking_snapshots WHERE at < ${dayStart}::timestamptz - interval '31 days'`,
  );
}

export function softStakingJobs(): Job[] {
  return [
    { name: 'soft-staking.daily', periodSeconds: 86_400, run: (tx, period) => runSoftStakingDay(tx, period) },
  ];
}
