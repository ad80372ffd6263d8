import { type Decimal, dec, toWire } from '@earn/domain';
import { loansOf } from '../../accounts/balances';
import { type Db, rows, sql } from '../../infra/db/client';
import { dailyPaidEarnings } from '../../infra/db/daily-earnings';
import { epoch } from '../../infra/db/epoch';
import { rateQuery } from '../../infra/db/rate-rows';
import { unixSeconds } from '../../infra/jobs/clock';
import type { ConsolePosition, LineReads } from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';
import { balancesOf } from '../../ledger/ledger';
import { SOFT_STAKING_REWARDS, SoftStakingReason } from './engine';
import { type CoinRow, eligibleOf } from './model';
import { softStakingDayRead } from './reads-breakdown';
import { softStakingRateImpact } from './reads-impact';
import { allCoins, onlineCoinsBySort, payoutPage, payoutTotals, switchOf } from './store';

/* The line's reads, as the users' and the operator's answers show them; the tables through store.ts. */

const secs = (d: Date | null | undefined) => (d ? unixSeconds(d) : null);

/** A coin as the users' and the operator's answers show it. */
export function coinView(k: CoinRow) {
  return {
    coin: k.coin,
    rate: toWire(k.rate),
    apr: toWire(k.rate),
    min_amount: toWire(k.minAmount),
    max_amount: toWire(k.maxAmount),
    status: k.status as 'online' | 'offline',
  };
}

/** The switch as its answer shows it. */
export function switchView(row: { enabled: boolean; enabledAt: Date | null; disabledAt: Date | null }) {
  return { status: row.enabled, enabled_at: secs(row.enabledAt), disabled_at: secs(row.disabledAt) };
}

/** The user's switch, and what they were paid in all and since the start of today (UTC). */
export async function statusOf(db: Db, userId: number, now: Date) {
  const row = await switchOf(db, userId);
  const todayStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  return {
    status: row?.enabled ?? false,
    enabled_at: secs(row?.enabledAt),
    total_payout: await payoutTotals(db, userId),
    yesterday_payout: await payoutTotals(db, userId, todayStart),
  };
}

/** The coins on offer; for a signed-in user, what of their own funds (spot less loans) earns, and a day's reward. */
export async function productList(db: Db, userId: number | undefined) {
  const coins = await onlineCoinsBySort(db);
  const spot = userId ? await balancesOf(db, userId, UserPurpose.spot) : new Map<string, Decimal>();
  const loans = userId ? await loansOf(db, userId) : new Map<string, Decimal>();
  const list = coins.map((k) => {
    const own = (spot.get(k.coin) ?? dec(0)).minus(loans.get(k.coin) ?? dec(0));
    const eligible = eligibleOf(own.isNegative() ? dec(0) : own, k);
    return {
      ...coinView(k),
      eligible_amount: toWire(eligible),
      estimated_daily: toWire(eligible.times(k.rate).div(36500), 8),
    };
  });
  return { list, total: list.length };
}

/** A page of the user's paid days. */
export async function payoutHistory(
  db: Db,
  userId: number,
  q: { coin?: string; page: number; limit: number },
) {
  const { list, total } = await payoutPage(db, userId, q);
  return {
    list: list.map((p) => ({
      coin: p.coin,
      day: unixSeconds(p.day),
      time: unixSeconds(p.createdAt),
      eligible_amount: toWire(p.eligible),
      rate: toWire(p.rate),
      amount: toWire(p.amount),
    })),
    total,
  };
}

/** Every coin, as the operator lists them. */
export async function coinList(db: Db) {
  const list = await allCoins(db);
  return { list: list.map(coinView), total: list.length };
}

/**
 * What the cross-line views read of soft staking (kernel/reads.ts). It holds nothing (its coins stay
 * in spot); an APR alert watches a coin's daily payout rate (percent a year), held by switched-on
 * users with the coin in spot.
 */
/** Soft staking: the user's own spot funds in each listed coin, and whether the switch is on. */
function softStaking(db: Db, userId: number) {
  return rows<ConsolePosition>(
    db,
    sql`SELECT k.coin AS id, 'soft staking' AS product, k.coin AS asset,
          GREATEST(0, a.balance - COALESCE(l.amount, 0))::text AS amount,
          CASE WHEN u.enabled THEN 'enabled' ELSE 'disabled' END AS status,
          COALESCE(${epoch(sql`u.enabled_at`)}, 0) AS since,
          jsonb_build_object('rate', k.rate::text, 'min_amount', k.min_amount::text, 'max_amount', k.max_amount::text,
            'coin_status', k.status) AS extra
        FROM soft_staking_coins k
        JOIN ledger_accounts a ON a.user_id = ${userId} AND a.asset = k.coin AND a.purpose = 'spot' AND a.balance > 0
        LEFT JOIN user_loans l ON l.user_id = a.user_id AND l.asset = a.asset
        LEFT JOIN soft_staking_users u ON u.user_id = a.user_id
        ORDER BY k.coin`,
  );
}

/** The console dashboard's holdings of soft staking: switched-on users' own spot funds in listed coins. */
function consoleHeld() {
  return sql`SELECT 'soft_staking' AS line, a.user_id, a.asset, GREATEST(0, a.balance - COALESCE(l.amount, 0)) AS amount
          FROM ledger_accounts a
          JOIN soft_staking_users u ON u.user_id = a.user_id AND u.enabled
          JOIN soft_staking_coins k ON k.coin = a.asset AND k.status = 'online'
          LEFT JOIN user_loans l ON l.user_id = a.user_id AND l.asset = a.asset
          WHERE a.is_user AND a.purpose = 'spot' AND a.balance > COALESCE(l.amount, 0)`;
}

/** What the line credited in [from, to): it pays once a day. */
const earnings = (from: Date, to: Date) => dailyPaidEarnings('soft_staking_payouts', from, to);

export const softStakingReads: LineReads = {
  rates: [
    {
      line: 'soft_staking',
      current: rateQuery(
        sql`SELECT coin AS target, coin AS asset, NULL::int AS product_id, rate / 100 AS rate FROM soft_staking_coins`,
      ),
      holders: sql`SELECT DISTINCT u.user_id, a.asset AS target FROM soft_staking_users u
      JOIN ledger_accounts a ON a.user_id = u.user_id AND a.purpose = ${UserPurpose.spot} AND a.balance > 0
      WHERE u.enabled`,
      needsProduct: false,
    },
  ],
  async consolePositions(db, userId) {
    return [{ line: 'soft_staking', positions: await softStaking(db, userId) }];
  },
  breakdown: { soft_staking_day: softStakingDayRead },
  impact: { softStakingRate: softStakingRateImpact },
  consoleHeld,
  earnings,
  book: {
    reasons: { soft_staking: Object.values(SoftStakingReason) },
    payouts: [
      {
        line: 'soft_staking',
        reason: SoftStakingReason.payout,
        purpose: SOFT_STAKING_REWARDS,
        prefix: false,
      },
    ],
    income: { [SoftStakingReason.payout]: 'reward' },
  },
};
