import { sql } from '../../infra/db/client';
import { UserPurpose } from '../../ledger/accounts';

/*
 * Soft staking's day rule in SQL, once: the day's payout (engine/day.ts) and the operator's preview
 * of a new rate (reads-impact.ts) both count a user's eligible amount with it, so the preview is what
 * the day would pay.
 */

/** Eligible spot balances now: own funds (spot less loans) of switched-on users in listed coins. */
export const currentBalances = sql`(
  SELECT a.user_id, a.asset AS coin, GREATEST(0, a.balance - COALESCE(l.amount, 0)) AS balance
  FROM ledger_accounts a
  JOIN soft_staking_users u ON u.user_id = a.user_id AND u.enabled
  JOIN soft_staking_coins k ON k.coin = a.asset
  LEFT JOIN user_loans l ON l.user_id = a.user_id AND l.asset = a.asset
  WHERE a.is_user AND a.purpose = ${UserPurpose.spot}
)`;

/**
 * A user's eligible amount for the day: the lower of the day's opening snapshot (`s`) and the
 * balance now (`cur`, from currentBalances), nothing below the coin's (`k`) min_amount, capped at its
 * max_amount (-1: no cap).
 */
export const eligibleAmount = sql`CASE WHEN LEAST(s.balance, cur.balance) < k.min_amount THEN 0
  WHEN k.max_amount = -1 THEN LEAST(s.balance, cur.balance)
  ELSE LEAST(s.balance, cur.balance, k.max_amount) END`;
