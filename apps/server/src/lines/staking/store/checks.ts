import { sql } from '../../../infra/db/client';
import { UserPurpose } from '../../../ledger/accounts';
import { registerSubledgerCheck, totalsCheck } from '../../../ledger/reconcile';
import { StakingSystemPurpose } from '../model';

/** Positions are the sub-ledger of the users' 'staking' accounts, pending redemptions of 'staking_redeeming'. */
export function registerChecks(): void {
  registerSubledgerCheck(
    totalsCheck('staking.positions', {
      expected: sql`SELECT coin AS asset, SUM(amount) AS total FROM staking_positions GROUP BY coin`,
      actual: sql`SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE is_user AND purpose = ${UserPurpose.staking} GROUP BY asset`,
    }),
  );
  registerSubledgerCheck({
    name: 'staking.lots',
    query: () => sql`
      SELECT p.coin AS asset, p.total::text AS expected, COALESCE(l.total, 0)::text AS actual
      FROM (SELECT coin, user_id, product_id, protocol_id, SUM(amount) AS total FROM staking_positions GROUP BY 1, 2, 3, 4) p
      LEFT JOIN (SELECT user_id, product_id, protocol_id, SUM(amount) AS total FROM staking_lots GROUP BY 1, 2, 3) l
        ON l.user_id = p.user_id AND l.product_id = p.product_id AND l.protocol_id = p.protocol_id
      WHERE p.total <> COALESCE(l.total, 0)`,
  });
  registerSubledgerCheck(
    totalsCheck('staking.redeeming', {
      expected: sql`SELECT COALESCE(payout_coin, coin) AS asset, SUM(COALESCE(payout_amount, received)) AS total
        FROM staking_redemptions WHERE status = 'pending' GROUP BY 1`,
      actual: sql`SELECT asset, SUM(balance) AS total FROM ledger_accounts WHERE is_user AND purpose = ${UserPurpose.stakingRedeeming} GROUP BY asset`,
    }),
  );
  // Receipt tokens (exchange_type 'asset'): what the positions hold outstanding is what was issued.
  registerSubledgerCheck(
    totalsCheck('staking.receipts', {
      expected: sql`SELECT sp.exchange_coin AS asset, SUM(p.receipt_amount) AS total
        FROM staking_positions p JOIN staking_products sp ON sp.id = p.product_id
        WHERE p.receipt_amount <> 0 GROUP BY 1`,
      actual: sql`SELECT asset, -SUM(balance) AS total FROM ledger_accounts
        WHERE NOT is_user AND purpose = ${StakingSystemPurpose.receiptIssued} GROUP BY asset`,
    }),
  );
}
