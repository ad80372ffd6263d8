import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import {
  assetSymbol,
  bigintId,
  createdAt,
  i18nTexts,
  idPrimaryKey,
  money,
  timestamps,
  ts,
  updatedAt,
  userRef,
} from './columns';

/**
 * The reward-per-token accumulator and the per-position reward not yet paid. Not money columns:
 * a share of an hour's reward divided by the pool's stake needs far more places than 18, or the
 * rounding would shave a unit off a payout now and then.
 */
const index48 = (name: string) => numeric(name, { precision: 78, scale: 48 });

/** A launch-pool project: the reward coin and when it runs. State (0–3) comes from the clock. */
export const launchpoolProjects = pgTable('launchpool_projects', {
  pid: bigserial('pid', { mode: 'number' }).primaryKey(),
  rewardCoin: assetSymbol('reward_coin'),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  i18n: i18nTexts(),
  startAt: ts('start_at').notNull(),
  endAt: ts('end_at').notNull(),
  createdAt: createdAt(),
  /** Set once every stake has been returned and the unpaid reward given back to the project. */
  settledAt: ts('settled_at'),
});

/**
 * A reward pool of a project. `leftAmount` is the remaining total (null with `totalAmount` null: no
 * limit, -1 on the wire); stakes reserve it with one conditional UPDATE so it is never oversold, and
 * redemptions give it back.
 */
export const launchpoolPools = pgTable(
  'launchpool_pools',
  {
    rid: bigserial('rid', { mode: 'number' }).primaryKey(),
    pid: bigintId('pid')
      .notNull()
      .references(() => launchpoolProjects.pid),
    coin: assetSymbol('coin'),
    personalMinAmount: money('personal_min_amount').notNull(),
    personalMaxAmount: money('personal_max_amount').notNull(),
    decimalPlace: integer('decimal_place').notNull(),
    totalAmount: money('total_amount'),
    leftAmount: money('left_amount'),
    stakedTotal: money('staked_total').notNull().default('0'),
    /** Reward coins paid per hour, shared by the stakers in proportion to stake and time. */
    rewardPerHour: money('reward_per_hour').notNull(),
    /** Percent, for display (rate_year). */
    rateYear: money('rate_year').notNull(),
    rateYearType: smallint('rate_year_type').notNull(),
    rewardPoolType: smallint('reward_pool_type').notNull(),
    vipConfig: jsonb('vip_config'),
    simpleEarn: jsonb('simple_earn'),
    transactionConfig: jsonb('transaction_config').notNull().default(sql`'[]'::jsonb`),
    limitRule: integer('limit_rule').notNull().default(0),
    accRewardPerToken: index48('acc_reward_per_token').notNull().default('0'),
    /** Auto-earn interest per staked coin so far, at simple_earn.rate + ext_rate (flexible) and fixed_rate (fixed). */
    interestIndexFlexible: index48('interest_index_flexible').notNull().default('0'),
    interestIndexFixed: index48('interest_index_fixed').notNull().default('0'),
    /**
     * The auto-earn yearly rates (percent) the interest indices last moved at: what an hour's interest
     * record names as its rate ("why this reward"). Null until the indices first move after migration 0037.
     */
    interestRateFlexible: money('interest_rate_flexible'),
    interestRateFixed: money('interest_rate_fixed'),
    accUpdatedAt: ts('acc_updated_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('launchpool_pools_pid_idx').on(t.pid),
    check('launchpool_pools_left_nonneg', sql`${t.leftAmount} IS NULL OR ${t.leftAmount} >= 0`),
    check('launchpool_pools_staked_nonneg', sql`${t.stakedTotal} >= 0`),
  ],
);

/** One user's stake in one pool, with the accumulator snapshot its reward is measured from. */
export const launchpoolPositions = pgTable(
  'launchpool_positions',
  {
    userId: userRef(),
    rid: bigintId('rid').notNull(),
    pid: bigintId('pid').notNull(),
    coin: assetSymbol('coin'),
    amount: money('amount').notNull().default('0'),
    /** The pool's accumulator when this position's reward was last brought up to date. */
    rewardPerTokenPaid: index48('reward_per_token_paid').notNull().default('0'),
    /** Reward earned and not yet paid: below one unit (0.00000001) it is carried to the next hour. */
    accruedReward: index48('accrued_reward').notNull().default('0'),
    /**
     * The part of accrued_reward the last hourly payout left (below one unit): what the next hour's
     * record names as carried in. Stakes and redemptions within the hour add to accrued_reward only.
     */
    carriedReward: index48('carried_reward').notNull().default('0'),
    totalReward: money('total_reward').notNull().default('0'),
    /** The pool's interest index of the position's mode when its interest was last brought up to date. */
    interestIndexPaid: index48('interest_index_paid').notNull().default('0'),
    accruedInterest: index48('accrued_interest').notNull().default('0'),
    /** As carried_reward, for the interest: the part of accrued_interest the last hourly payout left. */
    carriedInterest: index48('carried_interest').notNull().default('0'),
    totalInterest: money('total_interest').notNull().default('0'),
    /** Auto-earn choice of the last stake: 0 spot, 1 simple earn; period > 0 means fixed for that many days. */
    simpleEarnStatus: smallint('simple_earn_status').notNull().default(0),
    simpleEarnPeriod: integer('simple_earn_period').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.rid] }),
    index('launchpool_positions_rid_idx').on(t.rid),
    check('launchpool_positions_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

/**
 * The further reward coins of a multi-mining pool (reward_pool_type 1), beside the project's token
 * that the pool's own columns pay. Each coin has its own reward per hour, funded up front into the
 * pool's reward account of that coin, and its own reward-per-token accumulator, brought forward over
 * the same seconds as the pool's (the pool's acc_updated_at) and shared in proportion to stake.
 */
export const launchpoolPoolCoins = pgTable(
  'launchpool_pool_coins',
  {
    rid: bigintId('rid').notNull(),
    coin: assetSymbol('coin'),
    rewardPerHour: money('reward_per_hour').notNull(),
    /** Percent, for display (the coin's share of the pool's yearly rate). */
    rateYear: money('rate_year').notNull(),
    accRewardPerToken: index48('acc_reward_per_token').notNull().default('0'),
    /** Display order: the operator's order of the coins. */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.rid, t.coin] })],
);

/**
 * A position's reward in one further coin of a multi-mining pool: its accumulator snapshot, the
 * fraction carried below one unit, and what was paid. A position without a row for a coin has not
 * moved since the coin was added (its accumulator was then 0), so its snapshot is 0.
 */
export const launchpoolPositionCoins = pgTable(
  'launchpool_position_coins',
  {
    userId: userRef(),
    rid: bigintId('rid').notNull(),
    coin: assetSymbol('coin'),
    rewardPerTokenPaid: index48('reward_per_token_paid').notNull().default('0'),
    accruedReward: index48('accrued_reward').notNull().default('0'),
    /** As launchpool_positions.carried_reward, for this coin. */
    carriedReward: index48('carried_reward').notNull().default('0'),
    totalReward: money('total_reward').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.rid, t.coin] }),
    index('launchpool_position_coins_rid_idx').on(t.rid),
  ],
);

/** Every stake, redemption and end-of-project return, append-only. */
export const launchpoolOrders = pgTable(
  'launchpool_orders',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    pid: bigintId('pid').notNull(),
    rid: bigintId('rid').notNull(),
    coin: assetSymbol('coin'),
    /** stake, redeem or return (the project ended). */
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    simpleEarnStatus: smallint('simple_earn_status').notNull().default(0),
    simpleEarnPeriod: integer('simple_earn_period').notNull().default(0),
    /** Where the coins went (redeem, return): spot, flexible or fixed. */
    destination: text('destination'),
    /** The device-token header of the stake request, kept for risk review. */
    deviceToken: text('device_token'),
    createdAt: createdAt(),
  },
  (t) => [index('launchpool_orders_user_idx').on(t.userId, t.id)],
);

/** One user's payout of one hour from one pool: the columns of the hourly reward and interest records. */
const hourlyPayoutColumns = () => ({
  rid: bigintId('rid').notNull(),
  userId: userRef(),
  hourStart: ts('hour_start').notNull(),
  pid: bigintId('pid').notNull(),
  coin: assetSymbol('coin'),
  amount: money('amount').notNull(),
  createdAt: createdAt(),
});

/**
 * Per-user hourly rewards: the sub-ledger of the pools' reward payouts, append-only. The figures the
 * hour was paid from are written by the statement that books the hour ("why this reward"); they are
 * null on rows booked before migration 0034. amount = trunc(carry_in + earlier + stake × acc_step, 8)
 * (the sum rounded to 24 places first, as the engine's entitlement).
 */
export const launchpoolRewards = pgTable(
  'launchpool_rewards',
  {
    ...hourlyPayoutColumns(),
    /** The position's stake at the hour's end (its stake over the last stretch, acc_step). */
    stake: money('stake'),
    /** The pool's staked total at the hour's end. */
    poolTotal: money('pool_total'),
    /** The coin's reward per hour, shared by every stake in proportion to stake and time. */
    rewardPerHour: money('reward_per_hour'),
    /** The coin's reward-per-token accumulator's step over the position's last stretch of the hour. */
    accStep: index48('acc_step'),
    /** Earned within the hour before the stake last changed (a stake or redemption in the hour). */
    earlier: index48('earlier'),
    /** The fraction below one unit the previous payout left (carried_reward). */
    carryIn: index48('carry_in'),
  },
  (t) => [
    // A multi-mining pool pays several coins in one hour: one row per coin.
    primaryKey({ columns: [t.rid, t.userId, t.hourStart, t.coin] }),
    index('launchpool_rewards_user_idx').on(t.userId, t.hourStart),
    check('launchpool_rewards_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Per-user hourly auto-earn interest on staked coins (in the stake coin), append-only. As with the
 * rewards, the statement that books the hour writes its figures beside the amount (null on rows booked
 * before migration 0037): amount = trunc(round(carry_in + earlier + stake × acc_step, 24), 8).
 */
export const launchpoolInterest = pgTable(
  'launchpool_interest',
  {
    ...hourlyPayoutColumns(),
    stake: money('stake'),
    /** The mode's interest index step over the position's last stretch of the hour. */
    accStep: index48('acc_step'),
    earlier: index48('earlier'),
    carryIn: index48('carry_in'),
    /** The mode's yearly rate (percent) at the hour's end; 'flexible' or 'fixed'. */
    ratePercent: money('rate_percent'),
    mode: text('mode'),
  },
  (t) => [
    primaryKey({ columns: [t.rid, t.userId, t.hourStart] }),
    index('launchpool_interest_user_idx').on(t.userId, t.hourStart),
    check('launchpool_interest_positive', sql`${t.amount} > 0`),
  ],
);

/** CandyDrop 'want more' cards shown after a stake (earn-more). */
export const launchpoolEarnMore = pgTable('launchpool_earn_more', {
  id: idPrimaryKey(),
  coin: assetSymbol('coin'),
  type: text('type').notNull(),
  popupMsg: text('popup_msg').notNull(),
  popupHighLight: jsonb('popup_high_light').$type<string[]>().notNull(),
  url: text('url').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/** A user's notification switches: CandyDrop, Launchpool (herald) and HODLer Airdrop. */
export const notificationSettings = pgTable('notification_settings', {
  userId: bigintId('user_id').primaryKey(),
  /** 1 subscribed, 2 not subscribed (task-square status). */
  candydropStatus: smallint('candydrop_status').notNull().default(2),
  startupMiningSwitch: smallint('startup_mining_switch').notNull().default(0),
  hodlerNotify: smallint('hodler_notify').notNull().default(0),
  hodlerGtExchange: smallint('hodler_gt_exchange').notNull().default(0),
  updatedAt: updatedAt(),
});
