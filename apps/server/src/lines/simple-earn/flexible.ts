import {
  type AccountMode,
  Code,
  checkFlexibleRedeem,
  checkMinLendRate,
  checkSubscribe,
  type Decimal,
  dec,
  minDec,
  roundRateYear,
  roundSubscribeAmount,
  SimpleEarnHistoryMode,
  SimpleEarnHistoryType,
  SimpleEarnKey,
  toWire,
} from '@earn/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import { availability, ownFundsCoverLoans, type SpotAvailability } from '../../accounts/balances';
import { refuseLockedFunds } from '../../accounts/settings';
import type { UserRow } from '../../accounts/users';
import { type Db, rows, sql } from '../../infra/db/client';
import { ledgerAccounts, seFlexProducts, seHistory, userLoans, users } from '../../infra/db/schema';
import { DomainError, errors } from '../../kernel/errors';
import { notices, type Redeemed } from '../../kernel/notices';
import { systemAccount, UserPurpose, userAccount } from '../../ledger/accounts';
import {
  type EntryInput,
  type NamedStatement,
  type PostingInput,
  postEntry,
  RunAgainError,
  RunAgainWhenError,
  transfer,
} from '../../ledger/ledger';
import { blendedFor, flexAprTerms } from './apr';
import { FLEX_LOCK_KEY, HOUR_MS, hourStart, SePurpose, SeReason, unix } from './constants';
import { type FlexProduct, requireFlexProduct } from './products';

export const LINE_FLEXIBLE = 'flexible';

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
async function flexHourClosed(db: Db): Promise<boolean> {
  const [open] = await rows<{ open: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM job_periods WHERE job = 'simple-earn.flexible-hourly' AND closed_at IS NULL) AS open`,
  );
  return !open?.open;
}

/** Longer than any hour's booking measured (bench:scale); past it the call answers 503 and may be retried. */
const FLEX_OPEN_WAIT_MS = 120_000;

/** The product terms a holder's call reads. */
type FlexTerms = Pick<
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

interface FlexContext {
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
async function flexContext(tx: Db, userId: number, asset: string, positionId?: string): Promise<FlexContext> {
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

export function ruleError(
  failure: { key: string; params: Record<string, string> },
  message: string,
): DomainError {
  return errors.rule(failure.key, message, failure.params);
}

/** Turns the ledger's insufficient-balance refusal (a lost race) into the spec's message key. */
async function withBalanceKey<T>(work: () => Promise<T>, asset: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === Code.INSUFFICIENT_BALANCE) {
      throw errors.rule(SimpleEarnKey.insufficientBalance, `Insufficient ${asset} balance`, { coin: asset });
    }
    throw error;
  }
}

export { withBalanceKey };

/**
 * After the spot debit, in the same transaction: a unified account's subscription may not come out of
 * borrowed funds, even when a parallel debit overtook the availability check made before it.
 */
export async function refuseBorrowedFunds(
  tx: Db,
  userId: number,
  mode: AccountMode,
  asset: string,
): Promise<void> {
  if (!(await ownFundsCoverLoans(tx, userId, mode, asset))) {
    throw errors.rule(SimpleEarnKey.insufficientBalance, `Insufficient ${asset} balance`, { coin: asset });
  }
}

interface PositionRow {
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
async function lockHeldPosition(tx: Db, userId: number, asset: string): Promise<PositionRow | undefined> {
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

export async function subscribeFlexible(
  tx: Db,
  userId: number,
  body: { asset: string; amount: string; rateYear?: string },
  now: Date,
  mode: number = 0,
): Promise<SubscribeAnswer> {
  await lockFlexShared(tx);
  const { user, product, spot } = await flexContext(tx, userId, body.asset);
  refuseLockedFunds(user, SimpleEarnKey.notSubscribe);
  if (product.status !== 1)
    throw errors.rule(SimpleEarnKey.notOnSale, `${body.asset} flexible is not open`, { coin: body.asset });
  const amount = roundSubscribeAmount(body.amount);
  const accountMode = user.accountMode as AccountMode;
  const failure = checkSubscribe({
    amount,
    minAmount: product.minLendAmount,
    available: spot.lendEarnAvailable,
    asset: product.asset,
  });
  if (failure) throw ruleError(failure, 'Subscription refused');
  const position = await lockPosition(tx, userId, product, now);
  const [waiting] = await rows<{ pending: string }>(
    tx,
    sql`SELECT COALESCE(SUM(amount), 0)::text AS pending FROM se_flex_pending WHERE position_id = ${position.id}::bigint`,
  );
  const holding = holdingApr(
    product,
    dec(position.principal)
      .plus(waiting?.pending ?? 0)
      .plus(amount),
  );
  // The entry, the pending amount and the history record: one statement, one round trip.
  const booking = subscriptionBooking({
    userId,
    positionId: position.id,
    asset: product.asset,
    amount,
    lendRateYear: product.nextTimeRateYear,
    blendedApr: holding.blended_apr,
    mode,
    now,
  });
  await withBalanceKey(
    () => transfer(tx, booking.transfer, { savepoint: false, with: booking.rows }),
    product.asset,
  );
  await refuseBorrowedFunds(tx, userId, accountMode, product.asset);
  return { asset: product.asset, amount: toWire(amount), ...holding };
}

/**
 * The holding's APR once `earning` (principal and amounts waiting to start, this subscription
 * included) earns: what a subscription answers, its history record keeps and the holding card shows.
 */
export function holdingApr(terms: Parameters<typeof flexAprTerms>[0], earning: Decimal) {
  return blendedFor(earning, flexAprTerms(terms));
}

export type SubscribeAnswer = { asset: string; amount: string } & ReturnType<typeof holdingApr>;

export interface RedemptionSplit {
  fromInterest: Decimal;
  fromPending: Decimal;
  fromPrincipal: Decimal;
  /** What reaches spot now: the whole amount (a redemption is immediate, simple-earn.md 6). */
  paid: Decimal;
}

/**
 * Where a redemption comes from: interest received, then amounts not yet earning, then principal.
 * All of it is paid at once, as the spec's rules say ("redemption is immediate"). Principal lent out
 * in the hour is not recalled from a borrower first: the exchange pays it now, and the redeemed
 * principal simply earns nothing more (the hour's lending is matched at its close on the principal
 * then held). Nothing is frozen for a later settlement any more; redemptions frozen before this rule
 * are still paid by the hourly settlement, or cancelled.
 */
export function splitRedemption(input: {
  amount: Decimal;
  interestBalance: Decimal;
  pending: Decimal;
}): RedemptionSplit {
  const { amount, interestBalance, pending } = input;
  const fromInterest = minDec(amount, interestBalance);
  const fromPending = minDec(amount.minus(fromInterest), pending);
  const fromPrincipal = amount.minus(fromInterest).minus(fromPending);
  return { fromInterest, fromPending, fromPrincipal, paid: amount };
}

/**
 * What a redemption paid now books: the entry (spot gets `paid`; the pooled interest account and the
 * flexible account give what came from each) and its history record.
 */
export function redemptionBooking(
  userId: number,
  accountMode: AccountMode,
  asset: string,
  split: RedemptionSplit,
  now: Date,
): { entry: EntryInput; statements: NamedStatement[]; redeemed: Redeemed } {
  const postings: PostingInput[] = [
    { account: userAccount(userId, asset, UserPurpose.spot), amount: split.paid },
  ];
  if (split.fromInterest.gt(0))
    postings.push({
      account: systemAccount(asset, SePurpose.flexInterest),
      amount: split.fromInterest.negated(),
    });
  const fromAccount = split.fromPending.plus(split.fromPrincipal);
  if (fromAccount.gt(0))
    postings.push({
      account: userAccount(userId, asset, UserPurpose.flexible),
      amount: fromAccount.negated(),
    });
  const mode =
    accountMode === 'classic' ? SimpleEarnHistoryMode.redeemSpot : SimpleEarnHistoryMode.redeemUnified;
  const record = historyInsert({
    userId,
    type: SimpleEarnHistoryType.redeem,
    mode,
    asset,
    amount: split.paid,
    at: now,
  });
  // What arrived is told in the inbox, named by its history record.
  const redeemed: Redeemed = { userId, line: 'flexible', asset, amount: toWire(split.paid), at: now };
  return {
    entry: { reason: SeReason.flexRedeem, at: now, postings },
    statements: [
      { name: 'redeem_record', sql: sql`${record} RETURNING id` },
      {
        name: 'redeem_item',
        sql: notices().redeemedItemStatement('redeem_record', 'flexible:redeem:', redeemed),
      },
    ],
    redeemed,
  };
}

/**
 * A subscription's entry (spot to the flexible account) and the rows it pays for: the amount waiting
 * for the next whole hour and the history record.
 */
export function subscriptionBooking(s: {
  userId: number;
  positionId: string;
  asset: string;
  amount: Decimal;
  lendRateYear: string | null;
  /** The holding's APR once this amount earns (simple-earn/apr.ts). */
  blendedApr: string | null;
  mode: number;
  now: Date;
}): { transfer: Parameters<typeof transfer>[1]; rows: SQL[] } {
  return {
    transfer: {
      from: userAccount(s.userId, s.asset, UserPurpose.spot),
      to: userAccount(s.userId, s.asset, UserPurpose.flexible),
      amount: s.amount,
      reason: SeReason.flexSubscribe,
      at: s.now,
    },
    rows: [
      pendingInsert(s.positionId, s.asset, s.amount, s.now),
      historyInsert({
        userId: s.userId,
        type: SimpleEarnHistoryType.subscribe,
        mode: s.mode,
        asset: s.asset,
        amount: s.amount,
        lendRateYear: s.lendRateYear,
        blendedApr: s.blendedApr,
        at: s.now,
      }),
    ],
  };
}

/**
 * Redeems from a flexible holding, all of it at once: interest received first, then amounts not yet
 * earning, then earning principal (see splitRedemption). `frozen_amount` is '0': kept on the answer
 * for the spec's client, which shows a redeeming amount when there is one.
 */
export async function redeemFlexible(
  tx: Db,
  userId: number,
  body: { asset: string; amount: string },
  now: Date,
): Promise<{ asset: string; amount: string; frozen_amount: string }> {
  await lockFlexShared(tx);
  // The position first: the read after it then sees its pending amounts as the last call left them.
  const position = await lockHeldPosition(tx, userId, body.asset);
  const context = await flexContext(tx, userId, body.asset, position?.id);
  const { user, product } = context;
  refuseLockedFunds(user, SimpleEarnKey.notRedeem);
  const asset = product.asset;
  const interestBalance = dec(position?.interest_balance ?? 0);
  const pending = dec(context.pending);
  const principal = dec(position?.principal ?? 0);
  const redeemable = interestBalance.plus(pending).plus(principal);
  const amount = dec(body.amount);
  const failure = checkFlexibleRedeem(amount, redeemable, asset);
  if (failure) throw ruleError(failure, 'Redemption refused');
  // Without a position nothing is redeemable, and the check above has refused.
  if (!position) throw new Error('redeemable amount without a position');

  const split = splitRedemption({ amount, interestBalance, pending });
  const { fromInterest, fromPending, fromPrincipal } = split;
  if (fromPending.gt(0)) await takePending(tx, position.id, fromPending);
  // The holding's change, in the entry's own statement with its history record.
  const change = sql`UPDATE se_flex_positions p SET
        acc_offset = p.acc_offset + ${toWire(fromPrincipal)}::numeric * pr.acc_index,
        principal = p.principal - ${toWire(fromPrincipal)}::numeric,
        interest_withdrawn = p.interest_withdrawn + ${toWire(fromInterest)}::numeric
      FROM se_flex_products pr WHERE pr.asset = p.asset AND p.id = ${position.id}::bigint`;
  const booking = redemptionBooking(userId, user.accountMode as AccountMode, asset, split, now);
  await postEntry(
    tx,
    booking.entry,
    // The pooled interest account is every holder's: moved at commit. Its only other writer, the
    // hourly accrual, runs under the exclusive flexible lock this call holds shared.
    { savepoint: false, with: [change, ...booking.statements], houseAtCommit: true },
  );
  await notices().mailRedeemed(tx, booking.redeemed);
  return { asset, amount: toWire(amount), frozen_amount: '0' };
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
async function takePending(tx: Db, positionId: string, amount: Decimal): Promise<void> {
  const ctes = pendingTakes(positionId, amount).map((c) => sql`${sql.identifier(c.name)} AS (${c.sql})`);
  const [done] = await rows<{ taken: string }>(
    tx,
    sql`WITH ${sql.join(ctes, sql`, `)} SELECT ${PENDING_TAKEN}::text AS taken`,
  );
  if (!done || !dec(done.taken).eq(amount)) throw new RunAgainError('pending amounts changed; run again');
}

/** Cancels (part of) a frozen redemption: the amount goes back into the holding and earns from the next hour. */
export async function cancelRedemption(
  tx: Db,
  userId: number,
  body: { asset: string; amount?: string },
  now: Date,
): Promise<{ asset: string; amount: string }> {
  await lockFlexShared(tx);
  const product = await requireFlexProduct(tx, body.asset);
  const position = await lockPosition(tx, userId, product, now);
  const frozen = dec(position.frozen_amount);
  if (frozen.isZero())
    throw errors.rule(SimpleEarnKey.nothingFrozen, 'No redemption is waiting to be cancelled', {
      coin: product.asset,
    });
  const amount = body.amount ? dec(body.amount) : frozen;
  if (amount.gt(frozen) || amount.lte(0)) {
    throw errors.rule(SimpleEarnKey.redeemMax, 'Cancel at most the amount being redeemed', {
      amount: toWire(frozen),
      coin: product.asset,
    });
  }
  await tx.execute(sql`UPDATE se_flex_positions SET frozen_amount = frozen_amount - ${toWire(amount)}::numeric,
      frozen_at = CASE WHEN frozen_amount = ${toWire(amount)}::numeric THEN NULL ELSE frozen_at END
    WHERE id = ${position.id}::bigint`);
  await tx.execute(pendingInsert(position.id, product.asset, amount, now));
  return { asset: product.asset, amount: toWire(amount) };
}

/** Sets the minimum lend APR (a fraction, 4 decimals rounded up); the offer queues again from now. */
export async function setMinLendRate(
  tx: Db,
  userId: number,
  body: { asset: string; rateYear: string },
  now: Date,
): Promise<{ asset: string; rateYear: string }> {
  await lockFlexShared(tx);
  const product = await requireFlexProduct(tx, body.asset);
  const rate = roundRateYear(body.rateYear);
  const failure = checkMinLendRate(rate, product.maxLendRateYear, product.limitMinLendRateYear);
  if (failure) throw ruleError(failure, 'Minimum APR out of bounds');
  const position = await lockPosition(tx, userId, product, now);
  await tx.execute(sql`UPDATE se_flex_positions SET min_lend_rate_year = ${rate.toFixed()}::numeric, offer_at = ${now.toISOString()}::timestamptz
    WHERE id = ${position.id}::bigint`);
  return { asset: product.asset, rateYear: rate.toFixed() };
}

export interface RedemptionStatus {
  asset: string;
  /** Waiting to be paid at the next hourly settlement. */
  frozen_amount: string;
  /** 1 while a redemption is frozen (it can still be cancelled), else 0. */
  frozen_status: 0 | 1;
  /** Unix seconds of the settlement that pays the frozen amount to spot; 0 when nothing is frozen. */
  settle_at: number;
}

/**
 * What became of the user's flexible redemptions of an asset (redeem-callback): the client calls it
 * after a redeem to learn whether the amount arrived at once or waits, frozen, for the next hourly
 * settlement. It reads and changes nothing.
 */
export async function redemptionStatus(
  db: Db,
  userId: number,
  asset: string,
  now: Date,
): Promise<RedemptionStatus> {
  const product = await requireFlexProduct(db, asset);
  const [row] = await rows<{ frozen: string }>(
    db,
    sql`SELECT frozen_amount::text AS frozen FROM se_flex_positions WHERE user_id = ${userId} AND asset = ${product.asset}`,
  );
  const frozen = dec(row?.frozen ?? '0');
  const settlement = new Date(hourStart(now).getTime() + HOUR_MS);
  return {
    asset: product.asset,
    frozen_amount: toWire(frozen),
    frozen_status: frozen.gt(0) ? 1 : 0,
    settle_at: frozen.gt(0) ? unix(settlement) : 0,
  };
}
