import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  assetSymbol,
  createdAt,
  i18nTexts,
  idPrimaryKey,
  money,
  productRef,
  timestamps,
  ts,
  updatedAt,
  userRef,
} from './columns';

export interface StakingFaqEntry {
  ask: string;
  answer: string;
  cate: string;
  unfold: boolean;
}

/** A fund-raising entry of a credit-debt product, shown as the product's debt list. */
export interface StakingDebtEntry {
  coin: string;
  rate: string;
  amount: string;
}

export interface StakingVipTier {
  min_tier: number;
  max_tier: number;
  /** Percent off the redemption fees for users whose VIP tier is within [min_tier, max_tier]. */
  vip_sale: string;
}

/**
 * A staking product: one per mortgage coin, so `coin` names it in every user call. Rates are
 * percentages; fee rates are fractions. Caps and the quick quota use -1 for unlimited.
 */
export const stakingProducts = pgTable(
  'staking_products',
  {
    id: serial('id').primaryKey(),
    coin: assetSymbol('coin'),
    type: integer('type').notNull(),
    rewardCoin: assetSymbol('reward_coin'),
    rate: money('rate').notNull(),
    baseRate: money('base_rate').notNull(),
    mostRate: money('most_rate').notNull(),
    minMortgageAmount: money('min_mortgage_amount').notNull(),
    minRedeemAmount: money('min_redeem_amount').notNull(),
    personalMortgageLimit: money('personal_mortgage_limit').notNull(),
    /** A crowd offering: each user's cap is crowd_mortgage_limit instead of the personal limit. */
    crowd: boolean('crowd').notNull().default(false),
    crowdMortgageLimit: money('crowd_mortgage_limit').notNull(),
    agreement: text('agreement').notNull(),
    rewardDelayDays: integer('reward_delay_days').notNull(),
    interestDays: integer('interest_days').notNull(),
    incomeDays: integer('income_days').notNull(),
    borrowSupport: boolean('borrow_support').notNull(),
    redeemPeriodTxt: text('redeem_period_txt').notNull(),
    redeemQuick: boolean('redeem_quick').notNull(),
    redeemQuickLongMinutes: integer('redeem_quick_long').notNull(),
    redeemQuickDaily: money('redeem_quick_daily').notNull(),
    redeemControl: text('redeem_control').notNull(),
    redeemMinDay: integer('redeem_minday').notNull(),
    redeemMaxDay: integer('redeem_maxday').notNull(),
    redeemFee: money('redeem_fee').notNull(),
    redeemQuickFee: money('redeem_quick_fee').notNull(),
    redeemCoin: assetSymbol('redeem_coin'),
    vipConfig: jsonb('vip_config').$type<StakingVipTier[]>().notNull(),
    exchangeType: text('exchange_type').notNull(),
    exchangeRate: money('exchange_rate').notNull(),
    exchangeRateReverse: money('exchange_rate_reverse').notNull(),
    /** The receipt token an exchange_type 'asset' product credits on stake and takes back on redeem. */
    exchangeCoin: text('exchange_coin').notNull().default(''),
    tips: text('tips').notNull(),
    precision: integer('precision').notNull(),
    protocol: text('protocol').notNull(),
    debtList: jsonb('debt_list').$type<StakingDebtEntry[]>().notNull(),
    faq: jsonb('faq').$type<StakingFaqEntry[]>().notNull(),
    i18n: i18nTexts(),
    status: text('status').notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('staking_products_coin').on(t.coin)],
);

/** A defi route a product stakes through; `id` is the pid of the user calls. */
export const stakingProtocols = pgTable(
  'staking_protocols',
  {
    id: serial('id').primaryKey(),
    productId: productRef().references(() => stakingProducts.id),
    protocolName: text('protocol_name').notNull(),
    rewardCoin: assetSymbol('reward_coin'),
    rate: money('rate').notNull(),
    baseRate: money('base_rate').notNull(),
    rewardDelayDays: integer('reward_delay_days').notNull(),
    interestDelayDays: integer('interest_delay_days').notNull(),
    /** The protocol's cut of its gross yield, shown to the user; `rate` is already net of it. */
    feeRate: money('fee_rate').notNull(),
    incomeDays: integer('income_days').notNull(),
    personalMortgageLimit: money('personal_mortgage_limit').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('staking_protocols_product').on(t.productId)],
);

/**
 * An extra-interest campaign of a product (protocol_id 0) or one of its protocols. Tier rates and
 * max_interest are fractions; the bonus accrues by the second while the campaign runs.
 */
export const stakingCampaigns = pgTable(
  'staking_campaigns',
  {
    id: serial('id').primaryKey(),
    productId: productRef().references(() => stakingProducts.id),
    protocolId: integer('protocol_id').notNull().default(0),
    rewardCoin: assetSymbol('reward_coin'),
    maxInterest: money('max_interest').notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    tiers: jsonb('tiers').$type<{ money_min: string; money_max: string; money_rate: string }[]>().notNull(),
    /** Bonus label entries shown on the bonus tab. */
    labels: jsonb('labels')
      .$type<{ label: string; value: string; rate: string; moneyMin: string }[]>()
      .notNull(),
  },
  (t) => [index('staking_campaigns_product').on(t.productId)],
);

/** The key of a user's holding: the product, and the protocol staked through (0: the product itself). */
const positionKey = () => ({
  userId: userRef(),
  productId: productRef(),
  protocolId: integer('protocol_id').notNull(),
});

/** A user's holding in a product (protocol_id 0) or one of its protocols: the sub-ledger of 'staking'. */
export const stakingPositions = pgTable(
  'staking_positions',
  {
    ...positionKey(),
    coin: assetSymbol('coin'),
    amount: money('amount').notNull(),
    /** Rewards earned but held until redeem (reward delay -1 or 0), in the reward coin. */
    accruedReward: money('accrued_reward').notNull().default('0'),
    /** Receipt tokens outstanding against this position (exchange_type 'asset'): the sub-ledger of their issue. */
    receiptAmount: money('receipt_amount').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.protocolId] }),
    check('staking_positions_nonneg', sql`${t.amount} >= 0 AND ${t.accruedReward} >= 0`),
    check('staking_positions_receipt_nonneg', sql`${t.receiptAmount} >= 0`),
  ],
);

/** One stake: what is left of it earns from accrual_start. Redeems take from the newest lots first. */
export const stakingLots = pgTable(
  'staking_lots',
  {
    id: idPrimaryKey(),
    ...positionKey(),
    amount: money('amount').notNull(),
    originalAmount: money('original_amount').notNull(),
    accrualStart: ts('accrual_start').notNull(),
    firstDistributionAt: ts('first_distribution_at'),
    src: integer('src').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('staking_lots_position').on(t.userId, t.productId, t.protocolId),
    index('staking_lots_accrual').on(t.accrualStart),
    check('staking_lots_nonneg', sql`${t.amount} >= 0`),
  ],
);

/**
 * A day's reward of a position from one source ('base', or 'campaign:<id>'): the profit records.
 * `paid` false means held on the position until redeem.
 */
export const stakingRewards = pgTable(
  'staking_rewards',
  {
    // Partitioned by day (migration 0029): the primary key must hold the partition key.
    id: bigserial('id', { mode: 'number' }).notNull(),
    ...positionKey(),
    day: ts('day').notNull(),
    source: text('source').notNull(),
    coin: assetSymbol('coin'),
    eligible: money('eligible').notNull(),
    gross: money('gross').notNull(),
    amount: money('amount').notNull(),
    /** What stays below the smallest unit after this day, carried to the next. */
    carry: money('carry').notNull(),
    paid: boolean('paid').notNull(),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.day] }),
    uniqueIndex('staking_rewards_once').on(t.userId, t.productId, t.protocolId, t.day, t.source),
    index('staking_rewards_day').on(t.day),
  ],
);

/** The fraction below 8 decimals of each reward source, carried to the next day. */
export const stakingCarries = pgTable(
  'staking_carries',
  {
    ...positionKey(),
    source: text('source').notNull(),
    coin: assetSymbol('coin'),
    carry: money('carry').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId, t.protocolId, t.source] })],
);

export const stakingRedemptions = pgTable(
  'staking_redemptions',
  {
    id: idPrimaryKey(),
    ...positionKey(),
    coin: assetSymbol('coin'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    received: money('received').notNull(),
    /**
     * What arrives, when it is not `received` of `coin`: a product whose redeem_coin differs from its coin
     * (credit-debt, USDC by default) pays `received` converted at the USDT prices of the redeem.
     * NULL: `coin` and `received`.
     */
    payoutCoin: text('payout_coin'),
    payoutAmount: money('payout_amount'),
    /** Receipt tokens (exchange_type 'asset') taken back from spot by this redemption. */
    receiptCoin: text('receipt_coin'),
    receiptBurned: money('receipt_burned').notNull().default('0'),
    quick: boolean('quick').notNull(),
    rewardCoin: assetSymbol('reward_coin'),
    rewardPaid: money('reward_paid').notNull(),
    createdAt: createdAt(),
    arriveAt: ts('arrive_at').notNull(),
    arrivedAt: ts('arrived_at'),
    /** 'instant' or the arrival job period that credited it: the key of that batch entry. */
    settledBy: text('settled_by'),
    status: text('status').notNull(),
  },
  (t) => [
    index('staking_redemptions_user').on(t.userId, t.createdAt),
    index('staking_redemptions_due').on(t.status, t.arriveAt),
    index('staking_redemptions_quick_day').on(t.productId, t.quick, t.createdAt),
  ],
);

/** The daily APR trend of a product (protocol_id 0) and of each protocol. */
export const stakingRatePoints = pgTable(
  'staking_rate_points',
  {
    productId: productRef(),
    protocolId: integer('protocol_id').notNull(),
    day: ts('day').notNull(),
    rate: money('rate').notNull(),
    baseRate: money('base_rate').notNull(),
    extraRate: money('extra_rate').notNull(),
    extraCoin: assetSymbol('extra_coin'),
    rewardCoin: assetSymbol('reward_coin'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.protocolId, t.day] })],
);

/**
 * A user's acceptance of a product's terms, recorded when they tick the box: the staking user agreement
 * (kind 'staking_agreement', ref the coin) or a wealth product's disclaimer (kind 'wealth_disclaimer', ref
 * the pid). `document` is the agreement or disclaimer accepted; a stake or purchase needs an acceptance of
 * the product's current one. Re-accepting moves `accepted_at` to the clock's time.
 */
export const earnAcceptances = pgTable(
  'earn_acceptances',
  {
    userId: userRef(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    document: text('document').notNull(),
    acceptedAt: ts('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.ref] })],
);
