/**
 * What a ledger account holds. A user's accounts are the exchange's liabilities to that user; the
 * system's (owner 0) are its books: money from outside, expenses paid out as interest, fees earned.
 */
export const UserPurpose = {
  spot: 'spot',
  flexible: 'flexible',
  fixed: 'fixed',
  launchpool: 'launchpool',
  staking: 'staking',
  stakingRedeeming: 'staking_redeeming',
  wealth: 'wealth',
} as const;

export const SystemPurpose = {
  /** Deposits in, withdrawals out: its balance is minus what users brought in net. */
  external: 'external',
  /** Funds lent to unified-account users. */
  marginLoans: 'margin_loans',
} as const;

export const SYSTEM_OWNER = 0;

export interface AccountKey {
  userId: number;
  asset: string;
  purpose: string;
}

export function userAccount(userId: number, asset: string, purpose: string): AccountKey {
  if (userId <= 0) throw new Error(`user account needs a user id, got ${userId}`);
  return { userId, asset, purpose };
}

export function systemAccount(asset: string, purpose: string): AccountKey {
  return { userId: SYSTEM_OWNER, asset, purpose };
}

/** Reason codes: every journal entry says why it happened. */
export const Reason = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  loanBorrow: 'loan_borrow',
  loanRepay: 'loan_repay',
} as const;
