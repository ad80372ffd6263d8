import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  assetSymbol,
  bigintId,
  createdAt,
  i18nTexts,
  idPrimaryKey,
  money,
  productRef,
  ts,
  updatedAt,
  userRef,
} from './columns';

/** Unbounded NUMERIC: accrual indices and exact accrued interest keep every digit the division gives. */
const exact = (name: string) => numeric(name);

export interface LadderTierJson {
  left: string;
  right: string;
  apr: string;
}

/**
 * Flexible simple earn, one row per asset: the operator's settings, and the engine's state after the
 * last hourly accrual (the cumulative index, last hour's supply and lending, idle liquidity left).
 */
export const seFlexProducts = pgTable('se_flex_products', {
  asset: text('asset').primaryKey(),
  status: integer('status').notNull().default(1),
  minLendAmount: money('min_lend_amount').notNull(),
  /** Fraction; the rate applied to the hour that is running. */
  nextTimeRateYear: exact('next_time_rate_year').notNull(),
  /** What margin borrowers take this hour; lending is matched up to it. */
  borrowDemand: money('borrow_demand').notNull(),
  ladderApr: jsonb('ladder_apr').$type<LadderTierJson[]>().notNull().default(sql`'[]'::jsonb`),
  extAwardRateYear: exact('ext_award_rate_year').notNull().default('0'),
  /** Per-holding amount cap of the bonus pool when there is no ladder; 0 = no cap. */
  extAwardLimit: money('ext_award_limit').notNull().default('0'),
  awardAsset: text('award_asset'),
  isOpenAwardPool: boolean('is_open_award_pool').notNull().default(false),
  /** Percent bounds of the minimum lend APR. */
  limitMinLendRateYear: exact('limit_min_lend_rate_year').notNull().default('0'),
  maxLendRateYear: exact('max_lend_rate_year').notNull().default('5'),
  sort: integer('sort').notNull().default(0),
  // Engine state.
  accIndex: exact('acc_index').notNull().default('0'),
  accruedUntil: ts('accrued_until'),
  lastRateYear: exact('last_rate_year').notNull().default('0'),
  lastSupplied: money('last_supplied').notNull().default('0'),
  lastLent: money('last_lent').notNull().default('0'),
  /** Idle funds (supplied less lent) left for immediate redemptions this hour. */
  liquidityLeft: money('liquidity_left').notNull().default('0'),
  bonusPaidTotal: money('bonus_paid_total').notNull().default('0'),
});

/** One row per asset and hour: the rate, the matching and the totals paid (chart and audit). */
export const seFlexHours = pgTable(
  'se_flex_hours',
  {
    asset: assetSymbol('asset'),
    periodStart: ts('period_start').notNull(),
    rateYear: exact('rate_year').notNull(),
    demand: money('demand').notNull(),
    supplied: money('supplied').notNull(),
    lent: money('lent').notNull(),
    interestPaid: money('interest_paid').notNull(),
    bonusPaid: money('bonus_paid').notNull(),
    bonusAsset: text('bonus_asset'),
    indexAfter: exact('index_after').notNull(),
    /**
     * The bonus tiers and the price ratio (asset ÷ award coin) the hour paid its bonus by: a bonus
     * row's breakdown. Null on hours closed before migration 0037.
     */
    bonusTiers: jsonb('bonus_tiers').$type<LadderTierJson[]>(),
    bonusRatio: exact('bonus_ratio'),
  },
  (t) => [primaryKey({ columns: [t.asset, t.periodStart] })],
);

/**
 * A user's flexible holding of one asset. Earning principal accrues through the asset's index:
 * exact accrued interest = acc_offset + principal × acc_index. Interest received (8 decimals down of
 * that) less interest_withdrawn sits in the pooled interest account.
 */
export const seFlexPositions = pgTable(
  'se_flex_positions',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    asset: assetSymbol('asset'),
    principal: money('principal').notNull().default('0'),
    frozenAmount: money('frozen_amount').notNull().default('0'),
    frozenAt: ts('frozen_at'),
    /** Fraction. */
    minLendRateYear: exact('min_lend_rate_year').notNull().default('0'),
    /** When the current lending offer was placed: the tie-break after the minimum APR. */
    offerAt: ts('offer_at').notNull(),
    /**
     * Exact cumulative interest = acc_offset + principal × the asset's acc_index. A principal change ΔP
     * adds −ΔP × index (the figure is unchanged); an hour not lent in full subtracts the unlent part × rate/8760.
     */
    accOffset: exact('acc_offset').notNull().default('0'),
    interestWithdrawn: money('interest_withdrawn').notNull().default('0'),
    bonusCum: exact('bonus_cum').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('se_flex_positions_user_asset').on(t.userId, t.asset),
    index('se_flex_positions_asset_idx').on(t.asset),
    // The hourly settlement finds the few frozen redemptions without scanning every position.
    index('se_flex_positions_frozen_idx').on(t.id).where(sql`${t.frozenAmount} > 0`),
    check('se_flex_positions_nonneg', sql`${t.principal} >= 0 AND ${t.frozenAmount} >= 0`),
  ],
);

/**
 * No longer written (issue 27: a flexible redemption is paid at once in full, whatever the idle
 * liquidity). It held the idle liquidity a redemption paid out, claimed during its transaction and
 * taken from the product row at commit by a deferred trigger (migration 0011); the table and trigger
 * stay until a migration drops them, so that an older process still running during a deploy works.
 */
export const seFlexLiquidityClaims = pgTable('se_flex_liquidity_claims', {
  id: idPrimaryKey(),
  asset: assetSymbol('asset'),
  amount: money('amount').notNull(),
});

/**
 * Quota a fixed subscription takes (positive) or an early redemption gives back (negative), claimed
 * during the call and applied to the product's sold_amount at commit by a deferred trigger (migration
 * 0012), so the product row every subscription touches is locked for the commit alone. A claim the
 * remaining quota no longer covers fails the commit as a serialization failure; the call runs again
 * and its checks then answer with the rule's key. The trigger deletes each claim it applies.
 */
export const seFixedQuotaClaims = pgTable('se_fixed_quota_claims', {
  id: idPrimaryKey(),
  productId: productRef(),
  amount: money('amount').notNull(),
});

/** Subscribed amounts waiting for the next hour to start earning. */
export const seFlexPending = pgTable(
  'se_flex_pending',
  {
    positionId: bigintId('position_id').notNull(),
    hourStart: ts('hour_start').notNull(),
    asset: assetSymbol('asset'),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.positionId, t.hourStart] }),
    index('se_flex_pending_asset_hour').on(t.asset, t.hourStart),
    check('se_flex_pending_pos', sql`${t.amount} > 0`),
  ],
);

/**
 * Append-only: each position's interest and bonus for one hour — the sub-ledger of that hour's single
 * general-ledger entry per asset.
 */
export const seFlexInterest = pgTable(
  'se_flex_interest',
  {
    periodStart: ts('period_start').notNull(),
    positionId: bigintId('position_id').notNull(),
    userId: userRef(),
    asset: assetSymbol('asset'),
    lent: money('lent').notNull(),
    rateYear: exact('rate_year').notNull(),
    interest: money('interest').notNull(),
    bonus: money('bonus').notNull(),
    bonusAsset: text('bonus_asset'),
  },
  // Keyed by hour first: each hour's rows append at the right edge of the index, which keeps the
  // hourly accrual close to a bare insert; a user's rows are found by probing their positions hour by hour.
  (t) => [index('se_flex_interest_period_position').on(t.periodStart, t.positionId)],
);

/**
 * The flexible history's index of hours: for each position, UTC day and record type (3 interest, 4
 * bonus) and the record's asset (the product's for interest, the award coin for a bonus), a bit per
 * hour of the day (bit i: a record received at day + i hours, amount > 0). Written with the daily
 * rollup for the days before its watermark (earn_rollup_state), so a history page counts and locates
 * its rows here and reads se_flex_interest only at the page's own hours; the hours after the
 * watermark are probed live.
 */
export const seFlexHistoryDays = pgTable(
  'se_flex_history_days',
  {
    positionId: bigintId('position_id').notNull(),
    /** The UTC day's start. */
    day: ts('day').notNull(),
    type: smallint('type').notNull(),
    asset: assetSymbol('asset'),
    hours: integer('hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.positionId, t.day, t.type, t.asset] })],
);

/** Auto-earn switches; asset '' is the user's global (all coins) switch. */
export const seAutoInvest = pgTable(
  'se_auto_invest',
  {
    userId: userRef(),
    asset: assetSymbol('asset'),
    status: integer('status').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.asset] })],
);

export const seFixedProducts = pgTable(
  'se_fixed_products',
  {
    id: serial('id').primaryKey(),
    asset: assetSymbol('asset'),
    type: integer('type').notNull().default(1),
    minVip: integer('min_vip').notNull().default(0),
    maxVip: integer('max_vip').notNull().default(0),
    lockUpPeriod: integer('lock_up_period').notNull(),
    /** Fraction. */
    yearRate: exact('year_rate').notNull(),
    totalQuota: money('total_quota').notNull(),
    /** Principal of the active orders: quota is capacity, freed at maturity and early redeem. */
    soldAmount: money('sold_amount').notNull().default('0'),
    minLendAmount: money('min_lend_amount').notNull(),
    /** Per-user cap of active principal; 0 = none. */
    userMaxLendVolume: money('user_max_lend_volume').notNull().default('0'),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time'),
    reinvest: integer('reinvest').notNull().default(1),
    redeemAccount: integer('redeem_account').notNull().default(1),
    preRedeem: integer('pre_redeem').notNull().default(0),
    bonusAsset: text('bonus_asset'),
    ladderApr: jsonb('ladder_apr').$type<LadderTierJson[]>().notNull().default(sql`'[]'::jsonb`),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    i18n: i18nTexts(),
    /** Special products: when non-empty only these users may subscribe; when empty, only newcomers. */
    specialUsers: jsonb('special_users').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    status: integer('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('se_fixed_products_asset_idx').on(t.asset),
    check('se_fixed_products_quota', sql`${t.soldAmount} >= 0 AND ${t.soldAmount} <= ${t.totalQuota}`),
  ],
);

export const seFixedUserQuota = pgTable(
  'se_fixed_user_quota',
  {
    productId: productRef(),
    userId: userRef(),
    used: money('used').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.userId] }),
    check('se_fixed_user_quota_nonneg', sql`${t.used} >= 0`),
  ],
);

/** status: 1 active, 2 matured (paid or reinvested), 3 redeemed early. */
export const seFixedOrders = pgTable(
  'se_fixed_orders',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    productId: productRef(),
    asset: assetSymbol('asset'),
    productType: integer('product_type').notNull(),
    principal: money('principal').notNull(),
    yearRate: exact('year_rate').notNull(),
    lockUpPeriod: integer('lock_up_period').notNull(),
    interest: money('interest').notNull(),
    voucherId: bigintId('voucher_id'),
    couponRateRatio: exact('coupon_rate_ratio').notNull().default('0'),
    couponRateDay: integer('coupon_rate_day').notNull().default(0),
    couponInterest: money('coupon_interest').notNull().default('0'),
    bonusAsset: text('bonus_asset'),
    bonusAmount: money('bonus_amount').notNull().default('0'),
    reinvestStatus: integer('reinvest_status').notNull().default(0),
    redeemAccountType: integer('redeem_account_type').notNull().default(1),
    status: integer('status').notNull().default(1),
    redeemType: integer('redeem_type'),
    parentOrderId: bigintId('parent_order_id'),
    createdAt: createdAt(),
    startAt: ts('start_at').notNull(),
    finishAt: ts('finish_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    index('se_fixed_orders_user_idx').on(t.userId, t.status),
    index('se_fixed_orders_due_idx').on(t.status, t.finishAt),
  ],
);

/** Rate-up vouchers granted to users. */
export const seVouchers = pgTable(
  'se_vouchers',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    title: text('title').notNull(),
    rateDay: integer('rate_day').notNull(),
    /** Percent added to the APR. */
    rateRatio: exact('rate_ratio').notNull(),
    buyLimitLow: money('buy_limit_low').notNull().default('0'),
    buyLimitHigh: money('buy_limit_high').notNull().default('0'),
    /** Comma-separated assets; empty = any. */
    usingCurrency: text('using_currency').notNull().default(''),
    expiredAt: ts('expired_at').notNull(),
    usedOrderId: bigintId('used_order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('se_vouchers_user_idx').on(t.userId)],
);

/**
 * History records (simple-earn.md section 3) other than flexible interest and bonus, which are read
 * from the hourly sub-ledger. line: 'flexible' or 'fixed'.
 */
export const seHistory = pgTable(
  'se_history',
  {
    id: idPrimaryKey(),
    userId: userRef(),
    line: text('line').notNull(),
    type: integer('type').notNull(),
    mode: integer('mode').notNull().default(0),
    asset: assetSymbol('asset'),
    amount: money('amount').notNull(),
    orderId: bigintId('order_id'),
    productId: integer('product_id'),
    lendRateYear: exact('lend_rate_year'),
    couponPrincipal: money('coupon_principal'),
    couponInterest: money('coupon_interest'),
    rateRatio: exact('rate_ratio'),
    bonusAmount: money('bonus_amount'),
    bonusAsset: text('bonus_asset'),
    redeemType: integer('redeem_type'),
    /** Subscriptions: the holding's APR right after it (simple-earn/apr.ts), the figure the success dialog showed. */
    blendedApr: exact('blended_apr'),
    at: ts('at').notNull(),
  },
  (t) => [index('se_history_user_idx').on(t.userId, t.line, t.at)],
);
