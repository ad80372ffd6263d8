import { SimpleEarnHistoryMode, SimpleEarnHistoryType } from '@earn/domain';
import { type Db, rows, sql } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { notices } from '../../../kernel/notices';
import { UserPurpose } from '../../../ledger/accounts';
import { postBulkEntry } from '../../../ledger/bulk';
import { LINE_FLEXIBLE, SeReason } from '../model';
import { iso } from './util';

/** Frozen redemptions are paid at the hour: the lending behind them is recalled at the hour's end. */
export async function settleFrozen(tx: Db, period: Period): Promise<void> {
  const [any] = await rows<{ found: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM se_flex_positions WHERE frozen_amount > 0) AS found`,
  );
  if (!any?.found) return;
  const ref = iso(period.start);
  const entry = await postBulkEntry(tx, {
    reason: SeReason.flexRedeemSettle,
    ref,
    at: period.end,
    legs: sql`SELECT user_id, asset, ${UserPurpose.flexible}::text AS purpose, -frozen_amount AS amount FROM se_flex_positions WHERE frozen_amount > 0
      UNION ALL SELECT user_id, asset, ${UserPurpose.spot}::text, frozen_amount FROM se_flex_positions WHERE frozen_amount > 0`,
  });
  if (entry === null) return;
  await tx.execute(sql`INSERT INTO se_history (user_id, line, type, mode, asset, amount, at)
    SELECT p.user_id, ${LINE_FLEXIBLE}, ${SimpleEarnHistoryType.redeem}::int,
      CASE WHEN u.account_mode = 'classic' THEN ${SimpleEarnHistoryMode.redeemSpot}::int ELSE ${SimpleEarnHistoryMode.redeemUnified}::int END,
      p.asset, p.frozen_amount, ${iso(period.end)}::timestamptz
    FROM se_flex_positions p JOIN users u ON u.id = p.user_id WHERE p.frozen_amount > 0`);
  await notices().notifyMany(
    tx,
    'redemption_arrived',
    sql`SELECT user_id, 'flexible:' || id || ':' || ${ref} AS cause,
        jsonb_build_object('line', 'flexible', 'asset', asset, 'amount', frozen_amount::text, 'dest', 'spot') AS params
      FROM se_flex_positions WHERE frozen_amount > 0`,
    period.end,
  );
  await tx.execute(
    sql`UPDATE se_flex_positions SET frozen_amount = 0, frozen_at = NULL WHERE frozen_amount > 0`,
  );
}
