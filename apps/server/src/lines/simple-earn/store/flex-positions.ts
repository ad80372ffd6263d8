import { type AccountMode, type Decimal, dec, toWire } from '@earn/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import { availability, type SpotAvailability } from '../../../accounts/balances';
import type { UserRow } from '../../../accounts/users';
import { type Db, rows, sql } from '../../../infra/db/client';
import { ledgerAccounts, seFlexProducts, seHistory, userLoans, users } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import { UserPurpose } from '../../../ledger/accounts';
import { type NamedStatement, RunAgainError, RunAgainWhenError } from '../../../ledger/ledger';
import { FLEX_LOCK_KEY, type FlexProduct, hourStart, LINE_FLEXIBLE } from '../model';
import { requireFlexProduct } from './products';

export async function lockFlexShared(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${FLEX_LOCK_KEY})`);
  // A sharded hour is booked in several transactions: between its plan and its close a holding may
  // be booked or not yet, and its index has not moved. Callers wait for the close, as they waited
  // for the exclusive lock when the hour was one transaction, but outside their transaction (the
  // call runs again after it), so no waiting call holds a connection the booking needs.
  if (!(await flexHourClosed(tx)))
    throw new RunAgainWhenError('the flexible hour is being booked', flexHourClosed, FLEX_OPEN_WAIT_MS);
}

/** Whether no flexible hour is open (planned, its close not yet committed). */
export async function flexHourClosed(db: Db): Promise<boolean> {
  const [open] = await rows<{ open: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM job_periods WHERE job = 'simple-earn.flexible-hourly' AND closed_at IS NULL) AS open`,
  );
  return !open?.open;
}

/** Longer than any hour's booking measured (bench:scale); past it the call answers 503 and may be retried. */
export const FLEX_OPEN_WAIT_MS = 120_000;

/** The product terms a holder's call reads. */
export type FlexTerms = Pick<
  FlexProduct,
  | 'asset'
  | 'status'
  | 'minLendAmount'
  | 'nextTimeRateYear'
  | 'limitMinLendRateYear'
  | 'liquidityLeft'
  | 'isOpenAwardPool'
  | 'ladderApr'
  | 'extAwardRateYear'
  | 'extAwardLimit'
>;

export interface FlexContext {
  user: Pick<UserRow, 'accountMode' | 'useFunding' | 'locked'>;
  product: FlexTerms;
  spot: SpotAvailability;
  /** Amounts of the given position not yet earning ('0' without one). */
  pending: string;
}

/**
 * What a holder's call reads before it changes anything: the user, the asset's flexible product, the
 * user's spot figures for the asset and, when a locked position is given, its amounts not yet
 * earning, in one statement. Call it after lockFlexShared (the product row is then the one the last
 * hourly accrual left) and after locking the position: a statement that starts before the lock is
 * granted would read the pending amounts as they were before the call that held it.
 */
export async function flexContext(
  tx: Db,
  userId: number,
  asset: string,
  positionId?: string,
): Promise<FlexContext> {
  const p = seFlexProducts;
  const [row] = await tx
    .select({
      user: { accountMode: users.accountMode, useFunding: users.useFunding, locked: users.locked },
      product: {
        asset: p.asset,
        status: p.status,
        minLendAmount: p.minLendAmount,
        nextTimeRateYear: p.nextTimeRateYear,
        limitMinLendRateYear: p.limitMinLendRateYear,
        liquidityLeft: p.liquidityLeft,
        isOpenAwardPool: p.isOpenAwardPool,
        ladderApr: p.ladderApr,
        extAwardRateYear: p.extAwardRateYear,
        extAwardLimit: p.extAwardLimit,
      },
      balance: ledgerAccounts.balance,
      loan: userLoans.amount,
      pending: positionId
        ? sql<string>`COALESCE((SELECT SUM(amount) FROM se_flex_pending WHERE position_id = ${positionId}::bigint), 0)::text`
        : sql<string>`'0'`,
    })
    .from(users)
    .leftJoin(p, eq(p.asset, asset))
    .leftJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.userId, users.id),
        eq(ledgerAccounts.asset, asset),
        eq(ledgerAccounts.purpose, UserPurpose.spot),
      ),
    )
    .leftJoin(userLoans, and(eq(userLoans.userId, users.id), eq(userLoans.asset, asset)))
    .where(eq(users.id, userId));
  if (!row) throw errors.notFound('user');
  // The same refusal as every other call that names a missing product (unknown coin or no product).
  const product = row.product ?? (await requireFlexProduct(tx, asset));
  const mode = row.user.accountMode as AccountMode;
  return {
    user: row.user,
    product,
    spot: availability(product.asset, mode, row.balance, row.loan),
    pending: row.pending,
  };
}

export interface PositionRow {
  id: string;
  principal: string;
  frozen_amount: string;
  /** Interest received and not yet withdrawn. */
  interest_balance: string;
  min_lend_rate_year: string;
}

/**
 * Locks the user's position in the asset, if there is one. Only the position's own columns are
 * read here: they are the row's latest version once the lock is granted, whereas anything else this
 * statement read could predate the call that held the lock (the product's index is safe: only the
 * hourly job moves it, and the shared lock keeps the job out).
 */
export async function lockHeldPosition(
  tx: Db,
  userId: number,
  asset: string,
): Promise<PositionRow | undefined> {
  const [held] = await rows<PositionRow>(
    tx,
    sql`SELECT p.id::text AS id, p.principal::text AS principal, p.frozen_amount::text AS frozen_amount,
          p.min_lend_rate_year::text AS min_lend_rate_year,
          (trunc(p.acc_offset + p.principal * pr.acc_index, 8) - p.interest_withdrawn)::text AS interest_balance
        FROM se_flex_positions p JOIN se_flex_products pr ON pr.asset = p.asset
        WHERE p.user_id = ${userId} AND p.asset = ${asset} FOR UPDATE OF p`,
  );
  return held;
}

/** Finds or creates the position and locks it for the rest of the transaction. */
export async function lockPosition(
  tx: Db,
  userId: number,
  product: Pick<FlexProduct, 'asset' | 'limitMinLendRateYear'>,
  now: Date,
): Promise<PositionRow> {
  // Most calls come from holders: one statement for them, an insert first only for a new holder.
  const held = await lockHeldPosition(tx, userId, product.asset);
  if (held) return held;
  await tx.execute(sql`INSERT INTO se_flex_positions (user_id, asset, min_lend_rate_year, offer_at, created_at)
    VALUES (${userId}, ${product.asset}, ${dec(product.limitMinLendRateYear).div(100).toFixed()}::numeric,
            ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    ON CONFLICT (user_id, asset) DO NOTHING`);
  const row = await lockHeldPosition(tx, userId, product.asset);
  if (!row) throw new Error('position missing after insert');
  return row;
}

/** The statement that adds an amount starting to earn at the next whole hour. */
export function pendingInsert(positionId: string, asset: string, amount: Decimal, now: Date): SQL {
  return sql`INSERT INTO se_flex_pending (position_id, hour_start, asset, amount)
    VALUES (${positionId}::bigint, ${hourStart(now).toISOString()}::timestamptz, ${asset}, ${toWire(amount)}::numeric)
    ON CONFLICT (position_id, hour_start) DO UPDATE SET amount = se_flex_pending.amount + EXCLUDED.amount`;
}

/** The statement that writes one flexible history record. */
export function historyInsert(row: {
  userId: number;
  type: number;
  mode: number;
  asset: string;
  amount: Decimal;
  lendRateYear?: string | null;
  blendedApr?: string | null;
  at: Date;
}): SQL {
  return sql`INSERT INTO se_history (user_id, line, type, mode, asset, amount, lend_rate_year, blended_apr, at)
    VALUES (${row.userId}::bigint, ${LINE_FLEXIBLE}, ${row.type}::int, ${row.mode}::int, ${row.asset}, ${toWire(row.amount)}::numeric,
      ${row.lendRateYear ?? null}::numeric, ${row.blendedApr ?? null}::numeric, ${row.at.toISOString()}::timestamptz)`;
}

export async function history(tx: Db, row: Omit<typeof seHistory.$inferInsert, 'id'>): Promise<void> {
  await tx.insert(seHistory).values(row);
}

/**
 * The CTEs that take `amount` from a position's pending lots, newest first (they are the furthest
 * from earning): lots taken whole are deleted, the one taken in part is reduced. A lot is touched only
 * while it still holds what the statement read; a writer that changed it since (a fixed maturity
 * paying into flexible takes no holding lock, nor does a fast-path statement before its lock) makes
 * the sum taken, PENDING_TAKEN, fall short.
 */
export function pendingTakes(positionId: string, amount: Decimal): NamedStatement[] {
  return [
    {
      name: 'pending_lots',
      sql: sql`SELECT hour_start, amount, SUM(amount) OVER (ORDER BY hour_start DESC) AS through
        FROM se_flex_pending WHERE position_id = ${positionId}::bigint`,
    },
    {
      name: 'pending_takes',
      sql: sql`SELECT hour_start, amount, LEAST(amount, GREATEST(0, ${toWire(amount)}::numeric - (through - amount))) AS take
        FROM pending_lots`,
    },
    {
      name: 'pending_whole',
      sql: sql`DELETE FROM se_flex_pending d USING pending_takes t
        WHERE d.position_id = ${positionId}::bigint AND d.hour_start = t.hour_start AND t.take = t.amount AND d.amount = t.amount
        RETURNING t.take`,
    },
    {
      name: 'pending_part',
      sql: sql`UPDATE se_flex_pending d SET amount = d.amount - t.take FROM pending_takes t
        WHERE d.position_id = ${positionId}::bigint AND d.hour_start = t.hour_start AND t.take > 0 AND t.take < t.amount
          AND d.amount = t.amount
        RETURNING t.take`,
    },
  ];
}

/** What the pendingTakes CTEs took, as SQL over them. */
export const PENDING_TAKEN = sql`((SELECT COALESCE(SUM(take), 0) FROM pending_whole) + (SELECT COALESCE(SUM(take), 0) FROM pending_part))`;

/** Takes from the position's pending lots in one statement; a lot changed meanwhile: the call runs again. */
export async function takePending(tx: Db, positionId: string, amount: Decimal): Promise<void> {
  const ctes = pendingTakes(positionId, amount).map((c) => sql`${sql.identifier(c.name)} AS (${c.sql})`);
  const [done] = await rows<{ taken: string }>(
    tx,
    sql`WITH ${sql.join(ctes, sql`, `)} SELECT ${PENDING_TAKEN}::text AS taken`,
  );
  if (!done || !dec(done.taken).eq(amount)) throw new RunAgainError('pending amounts changed; run again');
}

/** The amounts of a position waiting for the next whole hour to start earning. */
export async function pendingOf(tx: Db, positionId: string): Promise<string> {
  const [waiting] = await rows<{ pending: string }>(
    tx,
    sql`SELECT COALESCE(SUM(amount), 0)::text AS pending FROM se_flex_pending WHERE position_id = ${positionId}::bigint`,
  );
  return waiting?.pending ?? '0';
}

/**
 * The statement that takes a redemption out of a position: principal (its accrual kept by the
 * offset at the product's index) and interest received.
 */
export function positionRedeemed(positionId: string, fromPrincipal: Decimal, fromInterest: Decimal): SQL {
  return sql`UPDATE se_flex_positions p SET
        acc_offset = p.acc_offset + ${toWire(fromPrincipal)}::numeric * pr.acc_index,
        principal = p.principal - ${toWire(fromPrincipal)}::numeric,
        interest_withdrawn = p.interest_withdrawn + ${toWire(fromInterest)}::numeric
      FROM se_flex_products pr WHERE pr.asset = p.asset AND p.id = ${positionId}::bigint`;
}

/** Takes back (part of) a frozen redemption from the position. */
export async function unfreeze(tx: Db, positionId: string, amount: Decimal): Promise<void> {
  await tx.execute(sql`UPDATE se_flex_positions SET frozen_amount = frozen_amount - ${toWire(amount)}::numeric,
      frozen_at = CASE WHEN frozen_amount = ${toWire(amount)}::numeric THEN NULL ELSE frozen_at END
    WHERE id = ${positionId}::bigint`);
}

/** Sets the position's minimum lend APR; its offer queues again from now. */
export async function setOffer(tx: Db, positionId: string, rate: string, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE se_flex_positions SET min_lend_rate_year = ${rate}::numeric, offer_at = ${now.toISOString()}::timestamptz
    WHERE id = ${positionId}::bigint`);
}

/** What the user's position in the asset has frozen for the next settlement ('0' without one). */
export async function frozenOf(db: Db, userId: number, asset: string): Promise<string> {
  const [row] = await rows<{ frozen: string }>(
    db,
    sql`SELECT frozen_amount::text AS frozen FROM se_flex_positions WHERE user_id = ${userId} AND asset = ${asset}`,
  );
  return row?.frozen ?? '0';
}
