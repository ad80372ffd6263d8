import { sql } from 'drizzle-orm';
import { type Db, pgConstraint, pgErrorCode, rows } from '../../../infra/db/client';
import type { Period } from '../../../infra/jobs/scheduler';
import { SYSTEM_OWNER, UserPurpose } from '../../../ledger/accounts';
import { legsReady, postAndMove } from '../../../ledger/bulk';
import { DuplicateEntryError } from '../../../ledger/ledger';
import { INTEREST_EXPENSE_PURPOSE, LaunchPoolReason, rewardPoolPurpose } from '../model';
import { bookHour } from './hour-coins';
import { seconds } from './indices';

/**
 * The hour's journal entries (as staged in launchpool_hour_paid): one per pool for its rewards, then
 * one per pool for its interest, each pool in rid order, each user's spot against the pool's counter
 * account, balanced per coin: the entries, postings and balances bookHour books a pool at a time
 * through postBulkEntry (some nine statements each), in one statement. The postings of each entry are
 * written in account key order, the accounts locked in that order (as postBulkEntry does). Only when
 * every account exists already and no leg is over-precise: else nothing is written here and the
 * entries are booked by bookHour (which creates the accounts, drawing their ids in its order).
 */
export async function bookHourEntries(tx: Db, period: Period): Promise<void> {
  const ref = `:${seconds(period.start)}`;
  const at = period.end.toISOString();
  const reason = sql`CASE WHEN kind = 'launchpool_rewards' THEN ${LaunchPoolReason.reward} ELSE ${LaunchPoolReason.interest} END`;
  let found: { ok: boolean; legs: number; posted: number; moved: number; accounts: number }[];
  try {
    found = await rows(
      tx,
      sql`WITH ents AS MATERIALIZED (
          SELECT DISTINCT kind, rid, ${reason} AS reason, rid::text || ${ref} AS ref,
            CASE WHEN kind = 'launchpool_rewards' THEN 'launchpool_rewards:' || rid::text ELSE ${INTEREST_EXPENSE_PURPOSE} END AS counter
          FROM launchpool_hour_paid
        ), legs AS MATERIALIZED (
          SELECT kind, rid, user_id, asset, purpose, SUM(amount) AS amount FROM (
            SELECT kind, rid, user_id, coin AS asset, ${UserPurpose.spot}::text AS purpose, amount FROM launchpool_hour_paid
            UNION ALL SELECT h.kind, h.rid, ${SYSTEM_OWNER}::bigint, h.coin, e.counter, -SUM(h.amount)
              FROM launchpool_hour_paid h JOIN ents e ON e.kind = h.kind AND e.rid = h.rid GROUP BY h.kind, h.rid, h.coin, e.counter
          ) l GROUP BY kind, rid, user_id, asset, purpose HAVING SUM(amount) <> 0
        ), ready AS MATERIALIZED (
          SELECT ${legsReady(sql`legs`)} AS ok
        ), je AS (
          INSERT INTO journal_entries (reason, ref, created_at, memo)
          SELECT reason, ref, ${at}::timestamptz, NULL::jsonb FROM ents WHERE (SELECT ok FROM ready)
          ORDER BY kind = 'launchpool_interest', rid
          RETURNING id, reason, ref
        ), e AS (
          SELECT je.id, ents.kind, ents.rid FROM je JOIN ents ON ents.reason = je.reason AND ents.ref = je.ref
        ), ${postAndMove(sql`SELECT e.id AS entry_id, l.user_id, l.asset, l.purpose, l.amount FROM legs l JOIN e ON e.kind = l.kind AND e.rid = l.rid`)}
        SELECT (SELECT ok FROM ready) AS ok, (SELECT COUNT(*) FROM legs)::int AS legs,
          (SELECT COUNT(*) FROM posted)::int AS posted, (SELECT COUNT(*) FROM moved)::int AS moved,
          (SELECT COUNT(DISTINCT (user_id, asset, purpose)) FROM legs)::int AS accounts`,
    );
  } catch (error) {
    if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'journal_entries_reason_ref')
      throw new DuplicateEntryError(LaunchPoolReason.reward, ref);
    throw error;
  }
  const [r] = found;
  if (!r) throw new Error('launch pool hour: no answer from its entries');
  if (!r.ok) {
    await bookHour(tx, period, 'launchpool_rewards', LaunchPoolReason.reward, (rid) =>
      rewardPoolPurpose(rid),
    );
    await bookHour(
      tx,
      period,
      'launchpool_interest',
      LaunchPoolReason.interest,
      () => INTEREST_EXPENSE_PURPOSE,
    );
    return;
  }
  if (r.posted !== r.legs || r.moved !== r.accounts)
    throw new Error(`launch pool hour from ${period.start.toISOString()}: entries not fully posted`);
}
