import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../../infra/db/client';
import { rows, sql } from '../../../infra/db/client';
import { notices } from '../../../kernel/notices';
import { UserPurpose } from '../../../ledger/accounts';
import { postBulkTransfer } from '../../../ledger/bulk';
import { StakingReason } from '../model';
import { pendingChanged, pendingGeneration } from '../store/pending';
import { iso } from './day-terms';

/** What a redemption pays on arrival: its payout coin and amount, or its own coin and `received`. */
const ARRIVING = sql`COALESCE(payout_coin, coin) AS asset, COALESCE(payout_amount, received) AS amount`;

/**
 * Credits every redemption whose arrival time has come by `now`, at `now`: they move from
 * 'staking_redeeming' to spot as one entry. Idempotent by the rows' own state: only pending rows are
 * taken, locked (SKIP LOCKED, so two instances split the work instead of waiting), marked arrived and
 * booked under the key of the batch's first row, which no other batch can hold. Answers how many arrived.
 */
export async function settleArrivals(tx: Db, now: Date): Promise<number> {
  pendingChanged();
  const at = sql`${iso(now)}::timestamptz`;
  const taken = await rows<{ settled_by: string }>(
    tx,
    sql`WITH due AS (
          SELECT id FROM staking_redemptions
          WHERE status = 'pending' AND arrive_at <= ${at}
          ORDER BY id
          FOR UPDATE SKIP LOCKED
        ), batch AS (SELECT 'arrival:' || MIN(id) AS key FROM due)
        UPDATE staking_redemptions r
        SET status = 'arrived', arrived_at = ${at}, settled_by = batch.key
        FROM due, batch
        WHERE r.id = due.id AND r.status = 'pending'
        RETURNING r.settled_by`,
  );
  const batch = taken[0]?.settled_by;
  if (!batch) return 0;
  await postBulkTransfer(tx, {
    reason: StakingReason.arrival,
    ref: batch,
    at: now,
    source: sql`SELECT user_id, ${ARRIVING} FROM staking_redemptions WHERE settled_by = ${batch}`,
    from: { kind: 'user', purpose: UserPurpose.stakingRedeeming },
    to: { kind: 'user', purpose: UserPurpose.spot },
  });
  await notices().notifyMany(
    tx,
    'redemption_arrived',
    sql`SELECT user_id, 'staking:' || id AS cause, jsonb_build_object('line', 'staking',
        'asset', COALESCE(payout_coin, coin), 'amount', COALESCE(payout_amount, received)::text, 'dest', 'spot') AS params
      FROM staking_redemptions WHERE settled_by = ${batch}`,
    now,
  );
  return taken.length;
}

/**
 * The earliest arrival still to credit, for the scheduler (a test clock stops there). A clock
 * advance asks it many times an hour of clock inside one transaction (each stop, each other line's
 * batch, this job's idle hours): within a transaction the answer is read once and kept until this
 * process changes the pending redemptions (settleArrivals, a redemption made), so a transaction sees
 * what it would read again, short of another instance's commits meanwhile, which the scheduler's own
 * memory of due instants between stops does not see either. Outside a transaction it is always read.
 */
export async function nextArrival(db: Db): Promise<Date | undefined> {
  const inTransaction = isTransaction(db);
  const kept = inTransaction ? memo.get(db) : undefined;
  if (kept && kept.generation === pendingGeneration()) return kept.at;
  const seen = pendingGeneration();
  const [row] = await rows<{ at: string | null }>(
    db,
    sql`SELECT to_char(MIN(arrive_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
        FROM staking_redemptions WHERE status = 'pending'`,
  );
  const at = row?.at ? new Date(row.at) : undefined;
  if (inTransaction) memo.set(db, { at, generation: seen });
  return at;
}

/** nextArrival's answers, per transaction (gone with it), with the count of changes they were read at. */
const memo = new WeakMap<Db, { at: Date | undefined; generation: number }>();

/** Whether `db` is a transaction (or a savepoint in one), not the pool or connection itself. */
function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}
