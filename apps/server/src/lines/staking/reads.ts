import { type Arrival, stakingArrival } from '@earn/domain';
import { type Db, rows, sql } from '../../infra/db/client';
import { dailyPaidEarnings } from '../../infra/db/daily-earnings';
import { epoch } from '../../infra/db/epoch';
import { rateQuery } from '../../infra/db/rate-rows';
import { ofUsers } from '../../infra/db/users';
import { unixSeconds } from '../../kernel/clock';
import {
  type ArrivalQuery,
  arrivalParam,
  type ConsolePosition,
  type LineReads,
  type RateLine,
  type UpcomingRow,
} from '../../kernel/reads';
import { UserPurpose } from '../../ledger/accounts';
import { StakingReason, StakingSystemPurpose } from './model';
import { stakingDayRead } from './reads-breakdown';
import { stakingRateImpact } from './reads-impact';
import { stakingWhys } from './reads-why';
import { loadProductByCoin } from './store/products';
import { termsOf } from './terms';

/*
 * What the cross-line views read of staking (kernel/reads.ts): the only place outside store/ that
 * names its tables.
 */

/**
 * Rewards held until the next redemption (reward delay -1 or 0), in the reward coin the redemption
 * pays them in.
 */
function holdings(_at: Date, users?: readonly number[]) {
  return sql`
    SELECT s.user_id, 'staking' AS line, COALESCE(pc.reward_coin, sp.reward_coin) AS asset, s.accrued_reward AS amount
      FROM staking_positions s
      JOIN staking_products sp ON sp.id = s.product_id
      LEFT JOIN staking_protocols pc ON pc.id = s.protocol_id
     WHERE s.accrued_reward > 0 AND ${ofUsers(sql`s.user_id`, users)}`;
}

/** Redemptions on their way, in what they pay out. */
async function upcoming(db: Db, users: readonly number[]): Promise<UpcomingRow[]> {
  const found = await rows<{ user_id: number; asset: string; amount: string; at: string }>(
    db,
    sql`SELECT user_id, COALESCE(payout_coin, coin) AS asset, COALESCE(payout_amount, received)::text AS amount,
               extract(epoch FROM arrive_at)::bigint::text AS at
          FROM staking_redemptions WHERE ${ofUsers(sql`user_id`, users)} AND status = 'pending'`,
  );
  return found.map((r) => ({
    userId: r.user_id,
    kind: 'redemption',
    line: 'staking',
    asset: r.asset,
    amount: r.amount,
    at: Number(r.at),
    estimated: false,
  }));
}

/** The product's (or protocol's) waiting period from now, standard or quick. */
async function redeemArrival(db: Db, q: ArrivalQuery, now: Date): Promise<Arrival> {
  const loaded = await loadProductByCoin(db, arrivalParam(q, q.asset, 'asset'));
  const protocol = q.pid === undefined ? loaded.protocols[0] : loaded.protocols.find((p) => p.id === q.pid);
  const terms = termsOf(loaded, protocol);
  return stakingArrival(unixSeconds(now), {
    quick: q.quick,
    incomeDays: terms.incomeDays,
    maxDay: loaded.product.redeemMaxDay,
    quickMinutes: loaded.product.redeemQuickLongMinutes,
  });
}

/** Staking's terms: a product's own rate (protocol 0) unless it stakes through defi protocols. */
const stakingTerms = sql`SELECT p.id AS product_id, 0 AS protocol_id, p.coin, p.rate FROM staking_products p
    WHERE NOT EXISTS (SELECT 1 FROM staking_protocols x WHERE x.product_id = p.id)
  UNION ALL SELECT x.product_id, x.id, p.coin, x.rate FROM staking_protocols x JOIN staking_products p ON p.id = x.product_id`;

/**
 * The base rate (percent) a reward day pays, for the APR alerts; product_id is the defi protocol's pid
 * where the product has protocols, and none where it pays its own rate. Campaigns' extra interest is
 * not watched: it comes and goes on its own schedule, not as a change of the product's rate.
 */
const rates: RateLine = {
  line: 'staking',
  current: rateQuery(sql`SELECT t.product_id || ':' || t.protocol_id AS target, t.coin AS asset,
        NULLIF(t.protocol_id, 0)::int AS product_id, t.rate / 100 AS rate FROM (${stakingTerms}) t`),
  holders: sql`SELECT DISTINCT user_id, product_id || ':' || protocol_id AS target FROM staking_positions WHERE amount > 0`,
  needsProduct: false,
};

/** Staking holdings per product and protocol, with rewards held and redemptions on their way. */
function staking(db: Db, userId: number) {
  return rows<ConsolePosition>(
    db,
    sql`SELECT p.product_id || ':' || p.protocol_id AS id,
          sp.coin || COALESCE(' / ' || pc.protocol_name, '') AS product, p.coin AS asset, p.amount::text AS amount,
          CASE WHEN p.amount > 0 THEN 'staking' ELSE 'redeeming' END AS status,
          COALESCE((SELECT ${epoch(sql`MIN(l.created_at)`)} FROM staking_lots l WHERE l.user_id = p.user_id
                    AND l.product_id = p.product_id AND l.protocol_id = p.protocol_id AND l.amount > 0),
                   ${epoch(sql`p.updated_at`)}) AS since,
          jsonb_build_object(
            'product_id', p.product_id, 'protocol_id', p.protocol_id,
            'reward_coin', COALESCE(pc.reward_coin, sp.reward_coin), 'accrued_reward', p.accrued_reward::text,
            'receipt_amount', p.receipt_amount::text, 'redeeming', COALESCE(rd.amount, 0)::text
          ) AS extra
        FROM staking_positions p
        JOIN staking_products sp ON sp.id = p.product_id
        LEFT JOIN staking_protocols pc ON pc.id = p.protocol_id AND p.protocol_id <> 0
        LEFT JOIN (SELECT product_id, protocol_id, SUM(amount) AS amount FROM staking_redemptions
                   WHERE user_id = ${userId} AND status = 'pending' GROUP BY product_id, protocol_id) rd
          ON rd.product_id = p.product_id AND rd.protocol_id = p.protocol_id
        WHERE p.user_id = ${userId} AND (p.amount > 0 OR p.accrued_reward > 0 OR rd.amount > 0)
        ORDER BY p.product_id, p.protocol_id`,
  );
}

/** The console's positions of the user: staking holdings. */
async function consolePositions(db: Db, userId: number) {
  return [{ line: 'staking' as const, positions: await staking(db, userId) }];
}

/**
 * The console dashboard's budgets of staking: campaigns not yet over at `now`, paid from an expense
 * account with no funded limit (`left` "-1"), `paid` their rewards so far, read from the reward rows
 * of the campaign's days only.
 */
function consoleBudgets(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`SELECT 'staking' AS line, sp.coin || ' campaign #' || k.id AS label, 'campaign' AS kind, sp.coin AS name,
               k.id::text AS ref, k.reward_coin AS asset, '-1' AS left,
               COALESCE((SELECT SUM(r.amount) FROM staking_rewards r
                         WHERE r.day > k.start_at - interval '1 day' AND r.day < k.end_at
                           AND r.product_id = k.product_id AND r.source = 'campaign:' || k.id), 0)::text AS paid
        FROM staking_campaigns k JOIN staking_products sp ON sp.id = k.product_id
        WHERE k.end_at > ${at}`;
}

/** What the line credited in [from, to): it pays once a day. */
const earnings = (from: Date, to: Date) => dailyPaidEarnings('staking_rewards', from, to);

export const stakingReads: LineReads = {
  heldPurposes: { [UserPurpose.staking]: 'staking', [UserPurpose.stakingRedeeming]: 'staking' },
  holdings,
  upcoming,
  rates: [rates],
  redeemArrival: { staking: redeemArrival },
  consolePositions,
  breakdown: { staking_day: stakingDayRead },
  whys: stakingWhys,
  impact: { stakingRate: stakingRateImpact },
  consoleBudgets,
  earnings,
  book: {
    reasons: { staking: Object.values(StakingReason) },
    heldPurpose: { staking: UserPurpose.staking },
    payouts: [
      {
        line: 'staking',
        reason: StakingReason.dailyReward,
        purpose: StakingSystemPurpose.rewards,
        prefix: false,
      },
      {
        line: 'staking',
        reason: StakingReason.rewardAtRedeem,
        purpose: StakingSystemPurpose.rewards,
        prefix: false,
      },
    ],
    income: { [StakingReason.dailyReward]: 'reward', [StakingReason.rewardAtRedeem]: 'reward' },
  },
};
