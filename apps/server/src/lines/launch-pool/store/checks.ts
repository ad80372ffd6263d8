import { sql } from 'drizzle-orm';
import { registerSubledgerCheck, totalsCheck } from '../../../ledger/reconcile';
import { INTEREST_EXPENSE_PURPOSE, LaunchPoolReason, STAKE_PURPOSE } from '../model';

/**
 * The sub-ledger checks: positions against the users' launch-pool accounts, each pool's running
 * totals against its positions, and the hourly reward rows against the pools' reward payouts. The
 * per-asset ones are `totalsCheck`s; the per-pool ones (rewards, reward positions) join on the pool
 * too and keep their own SQL.
 */
export function registerChecks(): void {
  registerSubledgerCheck(
    totalsCheck('launchpool.stakes', {
      expected: sql`SELECT coin AS asset, SUM(amount) AS total FROM launchpool_positions GROUP BY coin`,
      actual: sql`SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE purpose = ${STAKE_PURPOSE} AND is_user GROUP BY asset`,
    }),
  );
  registerSubledgerCheck({
    name: 'launchpool.pool_totals',
    query: () => sql`
      SELECT pl.coin AS asset, COALESCE(s.total, 0)::text AS expected,
             (pl.staked_total::text || ' (left ' || COALESCE(pl.left_amount::text, '-1') || ')') AS actual
      FROM launchpool_pools pl
      LEFT JOIN (SELECT rid, SUM(amount) AS total FROM launchpool_positions GROUP BY rid) s ON s.rid = pl.rid
      WHERE pl.staked_total <> COALESCE(s.total, 0)
         OR (pl.total_amount IS NOT NULL AND pl.left_amount <> pl.total_amount - pl.staked_total)`,
  });
  registerSubledgerCheck({
    name: 'launchpool.rewards',
    query: () => sql`
      SELECT COALESCE(r.asset, g.asset) AS asset, COALESCE(r.total, 0)::text AS expected, COALESCE(g.total, 0)::text AS actual
      FROM (SELECT rid, coin AS asset, SUM(amount) AS total FROM launchpool_rewards GROUP BY rid, coin) r
      FULL JOIN (
        SELECT substring(a.purpose from 'launchpool_rewards:(\\d+)')::bigint AS rid, a.asset, -SUM(p.amount) AS total
        FROM postings p
        JOIN journal_entries e ON e.id = p.entry_id AND e.reason = 'launchpool_reward'
        JOIN ledger_accounts a ON a.id = p.account_id AND a.purpose LIKE 'launchpool_rewards:%'
        GROUP BY a.purpose, a.asset
      ) g ON g.rid = r.rid AND g.asset = r.asset
      WHERE COALESCE(r.total, 0) <> COALESCE(g.total, 0)`,
  });
  // Every reward coin: what the positions say they were paid against the hourly rows, per pool and coin
  // (the project's coin on the position, a multi-mining pool's further coins on its coin rows).
  registerSubledgerCheck({
    name: 'launchpool.reward_positions',
    query: () => sql`
      SELECT COALESCE(p.asset, r.asset) AS asset, COALESCE(r.total, 0)::text AS expected, COALESCE(p.total, 0)::text AS actual
      FROM (
        SELECT ps.rid, pr.reward_coin AS asset, SUM(ps.total_reward) AS total
        FROM launchpool_positions ps JOIN launchpool_projects pr ON pr.pid = ps.pid
        GROUP BY ps.rid, pr.reward_coin
        UNION ALL
        SELECT rid, coin, SUM(total_reward) FROM launchpool_position_coins GROUP BY rid, coin
      ) p
      FULL JOIN (SELECT rid, coin AS asset, SUM(amount) AS total FROM launchpool_rewards GROUP BY rid, coin) r
        ON r.rid = p.rid AND r.asset = p.asset
      WHERE COALESCE(p.total, 0) <> COALESCE(r.total, 0)`,
  });
}

export function registerInterestCheck(): void {
  registerSubledgerCheck(
    totalsCheck('launchpool.interest', {
      expected: sql`SELECT coin AS asset, SUM(amount) AS total FROM launchpool_interest GROUP BY coin`,
      actual: sql`SELECT a.asset, -SUM(p.amount) AS total
        FROM postings p
        JOIN journal_entries e ON e.id = p.entry_id AND e.reason = ${LaunchPoolReason.interest}
        JOIN ledger_accounts a ON a.id = p.account_id AND a.purpose = ${INTEREST_EXPENSE_PURPOSE}
        GROUP BY a.asset`,
    }),
  );
}
