import { type AccountMode, Code, SimpleEarnKey } from '@earn/domain';
import { ownFundsCoverLoans } from '../../../accounts/balances';
import type { Db } from '../../../infra/db/client';
import { DomainError, errors } from '../../../kernel/errors';
import type { Refusal } from './flexible-plan';

/** A plan's refusal (flexible-plan.ts) as the error the locking path answers. */
export function refusalError(refusal: Refusal): DomainError {
  return new DomainError(refusal.code, refusal.key, refusal.message, refusal.params);
}

export function ruleError(
  failure: { key: string; params: Record<string, string> },
  message: string,
): DomainError {
  return errors.rule(failure.key, message, failure.params);
}

/** Turns the ledger's insufficient-balance refusal (a lost race) into the spec's message key. */
export async function withBalanceKey<T>(work: () => Promise<T>, asset: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === Code.INSUFFICIENT_BALANCE) {
      throw errors.rule(SimpleEarnKey.insufficientBalance, `Insufficient ${asset} balance`, { coin: asset });
    }
    throw error;
  }
}

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
