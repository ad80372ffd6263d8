import { sql } from '../../../infra/db/client';
import { UserPurpose } from '../../../ledger/accounts';
import { registerSubledgerCheck, totalsCheck } from '../../../ledger/reconcile';

/** Held cost plus the cost of redemptions waiting for their NAV is the users' 'wealth' balance. */
export function registerChecks(): void {
  registerSubledgerCheck(
    totalsCheck('wealth.orders', {
      expected: sql`SELECT coin AS asset, SUM(cost) AS total FROM (
          SELECT coin, cost FROM wealth_orders
          UNION ALL SELECT coin, cost FROM wealth_redemptions WHERE status = 'pending'
        ) x GROUP BY coin`,
      actual: sql`SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE is_user AND purpose = ${UserPurpose.wealth} GROUP BY asset`,
    }),
  );
}
