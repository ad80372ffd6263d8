import { sql } from '../../../infra/db/client';
import { UserPurpose } from '../../../ledger/accounts';
import { registerSubledgerCheck } from '../../../ledger/reconcile';

/** Held cost plus the cost of redemptions waiting for their NAV is the users' 'wealth' balance. */
export function registerChecks(): void {
  registerSubledgerCheck({
    name: 'wealth.orders',
    query: () => sql`
      SELECT COALESCE(l.asset, o.coin) AS asset, COALESCE(o.total, 0)::text AS expected, COALESCE(l.total, 0)::text AS actual
      FROM (
        SELECT coin, SUM(cost) AS total FROM (
          SELECT coin, cost FROM wealth_orders
          UNION ALL SELECT coin, cost FROM wealth_redemptions WHERE status = 'pending'
        ) x GROUP BY coin
      ) o
      FULL JOIN (SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE is_user AND purpose = ${UserPurpose.wealth} GROUP BY asset) l
        ON l.asset = o.coin
      WHERE COALESCE(o.total, 0) <> COALESCE(l.total, 0)`,
  });
}
