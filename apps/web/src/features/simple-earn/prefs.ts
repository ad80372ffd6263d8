/**
 * Section 3's local preferences, kept in the browser: the subscribe dialog's reinvest and redeem-to
 * choices, the interest-history type, and the last history tab and type per user.
 */
import { SimpleEarnRedeemAccount } from '@earn/domain';

const PREFIX = 'simple-earn.';

function read(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(PREFIX + key, value);
  } catch {
    // Storage full or blocked (private mode): the preference simply is not remembered.
  }
}

function readInt(key: string, fallback: number, allowed: readonly number[]): number {
  const n = Number(read(key));
  return read(key) !== null && allowed.includes(n) ? n : fallback;
}

export const prefs = {
  /** Default 0 (off). */
  reinvestStatus: () => readInt('reinvest_status', 0, [0, 1]),
  setReinvestStatus: (v: number) => write('reinvest_status', String(v)),
  /** Default 1 (spot or unified account). */
  redeemAccountType: () => readInt('redeem_account_type', SimpleEarnRedeemAccount.spot, [0, 1, 2]),
  setRedeemAccountType: (v: number) => write('redeem_account_type', String(v)),
  /** The interest-history dialog's last record type (interest 3 or bonus 4). */
  interestHistoryType: () => readInt('user_interest_history_type', 3, [3, 4]),
  setInterestHistoryType: (v: number) => write('user_interest_history_type', String(v)),
  lastHistory: (userId: number): { tab: 'flexible' | 'fixed'; type: number } | null => {
    const raw = read(`history.${userId}`);
    if (!raw) return null;
    const [tab, type] = raw.split(':');
    const n = Number(type);
    if ((tab !== 'flexible' && tab !== 'fixed') || !Number.isInteger(n) || n < 1 || n > 5) return null;
    return { tab, type: n };
  },
  setLastHistory: (userId: number, tab: 'flexible' | 'fixed', type: number) =>
    write(`history.${userId}`, `${tab}:${type}`),
};
