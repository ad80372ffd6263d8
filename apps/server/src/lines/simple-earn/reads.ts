import { fixedArrival } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { ofUsers } from '../../infra/db/users';
import type { LineReads, UpcomingRow } from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';

/*
 * What the cross-line views read of simple earn (kernel/reads.ts): the only place outside store/
 * that names its tables.
 */

/**
 * Flexible interest credited and not withdrawn: held in the pooled interest account, whose
 * sub-ledger (the position) says whose it is: the 8-decimal floor of its cumulative interest less
 * what it withdrew.
 */
function holdings(_at: Date, users?: readonly number[]) {
  return sql`
    SELECT p.user_id, 'simple_earn_flexible' AS line, p.asset,
           trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn AS amount
      FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
     WHERE ${ofUsers(sql`p.user_id`, users)}`;
}

/**
 * Fixed maturities (paid at the maturity payout time) and flexible redemptions frozen until the next
 * hourly settlement.
 */
async function upcoming(db: Db, users: readonly number[], now: Date): Promise<UpcomingRow[]> {
  const found = await rows<{
    user_id: number;
    kind: 'maturity' | 'redemption';
    line: 'simple_earn_fixed' | 'simple_earn_flexible';
    asset: string;
    amount: string;
    at: string;
  }>(
    db,
    sql`SELECT user_id, 'maturity' AS kind, 'simple_earn_fixed' AS line, asset,
               (principal + interest + coupon_interest)::text AS amount,
               extract(epoch FROM finish_at)::bigint::text AS at
          FROM se_fixed_orders WHERE ${ofUsers(sql`user_id`, users)} AND status = 1
        UNION ALL
        SELECT user_id, 'redemption', 'simple_earn_flexible', asset, frozen_amount::text,
               extract(epoch FROM date_trunc('hour', ${now.toISOString()}::timestamptz) + interval '1 hour')::bigint::text
          FROM se_flex_positions WHERE ${ofUsers(sql`user_id`, users)} AND frozen_amount > 0`,
  );
  return found.map((r) => ({
    userId: r.user_id,
    kind: r.kind,
    line: r.line,
    asset: r.asset,
    amount: r.amount,
    at: r.kind === 'maturity' ? fixedArrival(Number(r.at)).arrivesAt : Number(r.at),
    estimated: false,
  }));
}

export const simpleEarnReads: LineReads = {
  heldPurposes: {
    [UserPurpose.flexible]: 'simple_earn_flexible',
    [UserPurpose.fixed]: 'simple_earn_fixed',
  },
  holdings,
  upcoming,
};
