import { type SQL, sql } from 'drizzle-orm';
import { UserPurpose } from '../../ledger/accounts';
import { DUAL_PURPOSE } from '../../lines/dual/model';
import type { Line } from '../lines';

/**
 * What a user holds in Earn: the one definition that the overview shows (per line and coin) and that
 * the proof of liabilities counts (per coin), so the two cannot tell different stories. It is
 * everything the user can take out, per line and coin:
 *
 * - the balances of their earn accounts in the ledger: flexible principal (with what waits for its
 *   first hour and what is frozen for redemption), fixed principal, launch-pool stakes, staking and
 *   staking being redeemed, dual orders not yet settled (what was invested);
 * - flexible interest credited and not withdrawn: held in the pooled interest account, whose
 *   sub-ledger (the position) says whose it is: the 8-decimal floor of its cumulative interest less
 *   what it withdrew;
 * - staking rewards held until the next redemption (reward delay -1 or 0), in the reward coin the
 *   redemption pays them in;
 * - private wealth at the latest NAV published by `at`: units held and being redeemed × NAV,
 *   8 decimals down (valueOfUnits; the ledger keeps it at cost); at cost before a first NAV.
 *
 * Left out, because the user cannot take them out yet: fixed interest (paid at maturity, forfeited
 * by an early redeem) and launch-pool rewards and interest accruing within the current hour (the
 * hour's payout brings them to spot). Soft staking holds nothing: its coins stay in spot.
 *
 * Rows (user_id, line, asset, amount); set-based, so one statement serves one user or every user.
 */
export function holdingsSql(at: Date, userId?: number): SQL {
  const mine = (column: SQL) => (userId === undefined ? sql`true` : sql`${column} = ${userId}`);
  const ledgerLines = sql.join(
    Object.entries(LEDGER_LINE).map(([purpose, line]) => sql`WHEN ${purpose} THEN ${line}`),
    sql` `,
  );
  const purposes = sql.join(
    Object.keys(LEDGER_LINE).map((p) => sql`${p}`),
    sql`, `,
  );
  return sql`
    SELECT a.user_id, CASE a.purpose ${ledgerLines} END AS line, a.asset, a.balance AS amount
      FROM ledger_accounts a
     WHERE a.is_user AND a.purpose IN (${purposes}) AND a.balance <> 0 AND ${mine(sql`a.user_id`)}
    UNION ALL
    SELECT p.user_id, 'simple_earn_flexible', p.asset,
           trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn
      FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
     WHERE ${mine(sql`p.user_id`)}
    UNION ALL
    SELECT s.user_id, 'staking', COALESCE(pc.reward_coin, sp.reward_coin), s.accrued_reward
      FROM staking_positions s
      JOIN staking_products sp ON sp.id = s.product_id
      LEFT JOIN staking_protocols pc ON pc.id = s.protocol_id
     WHERE s.accrued_reward > 0 AND ${mine(sql`s.user_id`)}
    UNION ALL
    SELECT o.user_id, 'wealth', o.coin,
           CASE WHEN n.nav IS NULL
                THEN o.cost + COALESCE((SELECT SUM(r.cost) FROM wealth_redemptions r
                                         WHERE r.order_id = o.id AND r.status = 'pending'), 0)
                ELSE trunc((o.units + o.redeeming_units) * n.nav, 8) END
      FROM wealth_orders o
      LEFT JOIN LATERAL (SELECT nav FROM wealth_navs
                          WHERE product_id = o.product_id AND at <= ${at.toISOString()}::timestamptz
                          ORDER BY at DESC LIMIT 1) n ON true
     WHERE (o.units > 0 OR o.redeeming_units > 0) AND ${mine(sql`o.user_id`)}`;
}

/**
 * The user ledger purposes that are earn holdings, by line: every user purpose but spot, and wealth
 * (valued at NAV from its orders instead). Listed, not "not spot", so a purpose added later is a
 * decision here rather than silently a holding.
 */
export const LEDGER_LINE: Readonly<Record<string, Line>> = {
  [UserPurpose.flexible]: 'simple_earn_flexible',
  [UserPurpose.fixed]: 'simple_earn_fixed',
  [UserPurpose.launchpool]: 'launch_pool',
  [UserPurpose.staking]: 'staking',
  [UserPurpose.stakingRedeeming]: 'staking',
  // What dual orders hold until they settle, in the coin invested (the outcome is not known before).
  [DUAL_PURPOSE]: 'dual',
};

/** Every user purpose whose balance is an earn holding (wealth through its orders). */
export const EARN_PURPOSES: readonly string[] = [...Object.keys(LEDGER_LINE), UserPurpose.wealth];
