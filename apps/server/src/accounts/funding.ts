import { type AccountMode, type Decimal, dec, toWire } from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { userLoans } from '../infra/db/schema';
import { DomainError, errors } from '../kernel/errors';
import { Reason, SystemPurpose, systemAccount, UserPurpose, userAccount } from '../ledger/accounts';
import { transfer } from '../ledger/ledger';
import { requireAsset } from '../market/assets';
import { ownFundsCoverLoans, spotAvailability } from './balances';
import { getUser } from './users';

interface Movement {
  userId: number;
  asset: string;
  amount: Decimal;
  at: Date;
}

/** A simulated deposit: money arrives from outside into the user's spot account. */
export async function deposit(db: Db, m: Movement): Promise<number> {
  const asset = await requireAsset(db, m.asset);
  assertPrecision(m.amount, asset.precision);
  return transfer(db, {
    from: systemAccount(asset.symbol, SystemPurpose.external),
    to: userAccount(m.userId, asset.symbol, UserPurpose.spot),
    amount: m.amount,
    reason: Reason.deposit,
    at: m.at,
  });
}

/** A simulated withdrawal; refused beyond what may leave spot (borrowed funds stay). */
export async function withdraw(db: Db, m: Movement): Promise<number> {
  const asset = await requireAsset(db, m.asset);
  assertPrecision(m.amount, asset.precision);
  const user = await getUser(db, m.userId);
  const mode = user.accountMode as AccountMode;
  const [row] = await spotAvailability(db, m.userId, mode, [asset.symbol]);
  if (!row || row.outable.lt(m.amount)) throw errors.insufficientBalance(asset.symbol);
  return db.transaction(async (txRoot) => {
    const tx: Db = txRoot;
    const entryId = await transfer(tx, {
      from: userAccount(m.userId, asset.symbol, UserPurpose.spot),
      to: systemAccount(asset.symbol, SystemPurpose.external),
      amount: m.amount,
      reason: Reason.withdrawal,
      at: m.at,
    });
    // Checked again after the debit, so parallel withdrawals cannot reach into borrowed funds.
    if (!(await ownFundsCoverLoans(tx, m.userId, mode, asset.symbol)))
      throw errors.insufficientBalance(asset.symbol);
    return entryId;
  });
}

/** Borrowing in a unified account: the coins land in spot and are owed back. */
export async function borrow(db: Db, m: Movement): Promise<void> {
  const asset = await requireAsset(db, m.asset);
  const user = await getUser(db, m.userId);
  if (user.accountMode === 'classic') {
    throw new DomainError(42203, 'account.borrowNeedsUnified', 'Only unified accounts can borrow');
  }
  await transfer(db, {
    from: systemAccount(asset.symbol, SystemPurpose.marginLoans),
    to: userAccount(m.userId, asset.symbol, UserPurpose.spot),
    amount: m.amount,
    reason: Reason.loanBorrow,
    at: m.at,
  });
  await db
    .insert(userLoans)
    .values({ userId: m.userId, asset: asset.symbol, amount: toWire(m.amount) })
    .onConflictDoUpdate({
      target: [userLoans.userId, userLoans.asset],
      set: { amount: sql`${userLoans.amount} + ${toWire(m.amount)}::numeric` },
    });
}

export async function repay(db: Db, m: Movement): Promise<void> {
  const asset = await requireAsset(db, m.asset);
  const [loan] = await db
    .select()
    .from(userLoans)
    .where(and(eq(userLoans.userId, m.userId), eq(userLoans.asset, asset.symbol)))
    .for('update');
  if (!loan || dec(loan.amount).lt(m.amount)) {
    throw new DomainError(42204, 'account.repayAboveLoan', 'Repayment is more than the loan');
  }
  await transfer(db, {
    from: userAccount(m.userId, asset.symbol, UserPurpose.spot),
    to: systemAccount(asset.symbol, SystemPurpose.marginLoans),
    amount: m.amount,
    reason: Reason.loanRepay,
    at: m.at,
  });
  await db
    .update(userLoans)
    .set({ amount: sql`${userLoans.amount} - ${toWire(m.amount)}::numeric` })
    .where(and(eq(userLoans.userId, m.userId), eq(userLoans.asset, asset.symbol)));
}

function assertPrecision(amount: Decimal, places: number): void {
  if (amount.decimalPlaces() > places) {
    throw errors.invalidParams(
      `amount has more than ${places} decimals`,
      { precision: places },
      'common.amountPrecision',
    );
  }
}
