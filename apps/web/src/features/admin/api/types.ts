/**
 * Every answer the console reads from the operator API, in one place. Each type names the server
 * code (schema or view function) it mirrors, so the contract work (zod schemas → OpenAPI → web
 * types, issue 16) can replace this file with generated types. Amounts and rates are decimal
 * strings, times unix seconds, as on the wire.
 */

export type OperatorRole = 'viewer' | 'operator' | 'admin';

/** `me` in apps/server/src/operator/accounts-routes.ts (login and GET /admin/api/auth/me). */
export interface OperatorMe {
  id: number | null;
  email: string | null;
  role: OperatorRole;
  expires_at: number | null;
}

/** `operatorOut` in operator/accounts-routes.ts (GET /admin/api/operators). */
export interface OperatorAccount {
  id: number;
  email: string;
  role: OperatorRole;
  disabled: boolean;
  created_at: number;
  last_login_at: number | null;
}

/** POST /admin/api/operators in operator/accounts-routes.ts: the password and secret, shown once. */
export interface CreatedOperator {
  id: number;
  email: string;
  role: OperatorRole;
  password: string;
  totp_secret: string;
  otpauth_url: string;
}

/** The product lines, as the dashboard and positions name them (`LINES` in operator/console/lines.ts). */
export type LineId =
  | 'simple_earn_flexible'
  | 'simple_earn_fixed'
  | 'launch_pool'
  | 'staking'
  | 'wealth'
  | 'soft_staking'
  | 'dual';

export const LINE_IDS: readonly LineId[] = [
  'simple_earn_flexible',
  'simple_earn_fixed',
  'launch_pool',
  'staking',
  'wealth',
  'soft_staking',
  'dual',
];

/** A history row's line: a product line, `account` (deposits, withdrawals, loans), or `other`. */
export type HistoryLine = LineId | 'account' | 'other';
export const HISTORY_LINES: readonly HistoryLine[] = [...LINE_IDS, 'account'];

/** GET /admin/api/dashboard: `dashboard` in apps/server/src/operator/console/dashboard.ts. */
export interface Dashboard {
  now: number;
  /** The newest kept report; `ok` null before the first. */
  reconciliation: { ok: boolean | null; at: number | null; differences: ReconciliationDifference[] };
  jobs: {
    name: string;
    period_seconds: number;
    last_period_end: number | null;
    lag_seconds: number | null;
    failures: number;
    last_error: string | null;
  }[];
  lines: {
    line: LineId;
    total_usdt: string;
    users: number;
    held: { asset: string; amount: string; usdt: string }[];
    paid_today: { asset: string; amount: string }[];
    /** left "-1": paid from an expense account with no funded limit. */
    budgets: {
      label: string;
      kind: 'pool' | 'bonus' | 'campaign';
      name: string;
      ref: string;
      asset: string;
      left: string;
      paid: string;
    }[];
  }[];
}

/** One difference of the reconciliation report (apps/server/src/ledger/reconcile.ts). */
export type ReconciliationDifference = Record<string, unknown> & { kind?: string };

/** GET /admin/api/users: `userItem` in operator/console/users.ts. */
export interface UserSummary {
  id: number;
  email: string;
  vip_tier: number;
  account_mode: string;
  locked: boolean;
  created_at: number;
}

export interface CursorPage<T> {
  list: T[];
  next_cursor: number | string | null;
}

/** GET /admin/api/users/:user in operator/routes.ts. */
export interface UserDetail {
  id: number;
  email: string;
  vip_tier: number;
  trading_volume_60d: string;
  account_mode: string;
  compliance_menu: string[];
  compliance_business: string[];
  locked: boolean;
  use_funding: boolean;
  fundpass_mode: string;
  first_open?: boolean;
  created_at?: number;
  balances: { asset: string; purpose: string; balance: string }[];
}

/** GET /admin/api/users/:user/positions: `positionsAnswer` in operator/console/users.ts. */
export interface UserPositions {
  lines: {
    line: LineId;
    positions: {
      id: string;
      product: string;
      asset: string;
      amount: string;
      status: string;
      since: number;
      extra: Record<string, unknown>;
    }[];
  }[];
}

/** GET /admin/api/users/:user/history: `historyItem` in operator/console/users.ts (postings, newest first). */
export interface HistoryEntry {
  /** The posting's id, unique per row. */
  id: number;
  entry_id: number;
  at: number;
  reason: string;
  line: HistoryLine;
  asset: string;
  amount: string;
  account: string;
}

/** GET /admin/api/audit, `listAudit` in operator/audit.ts. */
export interface AuditRecord {
  id: number;
  at: number;
  actor: string;
  role: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
  address: string | null;
}

/** GET /admin/api/clock in operator/routes.ts. */
export interface ClockState {
  kind: 'system' | 'test';
  now: number;
}

/** `advance` in operator/console/clock-advances.ts (POST and GET /admin/api/clock/advances). */
export interface ClockAdvance {
  id: number;
  status: 'running' | 'done' | 'failed';
  from: number;
  to: number;
  /** Where the clock stands: live while running, where it ended otherwise. */
  at: number;
  periods_run: number;
  error: string | null;
}

/** GET /admin/api/jobs in operator/routes.ts. */
export interface JobsState {
  jobs: { name: string; period_seconds: number }[];
  runs: { job: string; period_start: number; period_end: number; instance: string }[];
}

/** GET /api/web/v1/market/assets (market/routes.ts): the listed assets with their USDT prices. */
export interface MarketAsset {
  asset: string;
  name: string;
  price_usdt: string;
  precision: number;
}

/**
 * A rate edit's preview before it is made: the answers of operator/console/impact.ts (flexible,
 * bonus and launch-pool previews cost an hour, fixed, staking and soft-staking ones a day).
 */
export interface Impact {
  asset: string;
  holders: number;
  principal: string;
  rate_now?: string;
  rate_after?: string;
  hourly_cost_now?: string;
  hourly_cost_after?: string;
  daily_cost_now?: string;
  daily_cost_after?: string;
  /** Staking: the reward's coin, when it is not the staked one. */
  reward_asset?: string;
  /** Bonus previews: the bonus coin. */
  bonus_asset?: string;
}

export interface Listed<T> {
  list: T[];
  total?: number;
}

/** `flexWire` in simple-earn/admin.ts. */
export interface FlexProduct {
  asset: string;
  status: number;
  sort: number;
  min_lend_amount: string;
  next_time_rate_year: string;
  borrow_demand: string;
  ladder_apr: { left: string; right: string; apr: string }[];
  ext_award_rate_year: string;
  ext_award_limit: string;
  award_asset: string | null;
  is_open_award_pool: boolean;
  limit_min_lend_rate_year: string;
  max_lend_rate_year: string;
  accrued_until: number;
  last_rate_year: string;
  last_supplied: string;
  last_lent: string;
  liquidity_left: string;
}

/** `fixedView` in simple-earn/products.ts plus the operator's fields (simple-earn/admin.ts). */
export interface FixedProduct {
  id: number;
  asset: string;
  type: number;
  min_vip: number;
  max_vip: number;
  lock_up_period: number;
  year_rate: string;
  sale_status: number;
  min_lend_amount: string;
  user_max_lend_volume: string;
  total_quota: string;
  remaining_quota: string;
  start_time: number;
  end_time: number;
  reinvest: number;
  redeem_account: number;
  pre_redeem: number;
  bonus_asset: string;
  title: string;
  subtitle: string;
  ladder_apr: { left: string; right: string; apr: string }[];
  status: number;
  special_users: number[];
  sold_amount: string;
}

/** GET /admin/api/simple-earn/vouchers in simple-earn/admin.ts. */
export interface Voucher {
  id: number;
  title: string;
  rate_day: number;
  rate_ratio: string;
  buy_limit_low: string;
  buy_limit_high: string;
  using_currency: string;
  expired_timest: number;
  used_order_id: number | null;
}

/** `rewardCoinsWire` in launch-pool/queries.ts. */
export interface PoolRewardCoin {
  coin: string;
  reward_per_hour: string;
  rate_year: string;
  total_reward_amount: string;
}

/** `poolWire` in launch-pool/queries.ts (the operator's list has no user part). */
export interface LaunchPool {
  rid: number;
  pid: number;
  coin: string;
  reward_coin: string;
  personal_max_amount: string;
  personal_min_amount: string;
  decimal_place: number;
  left_buy_total_amount: string;
  buy_total_amount: string;
  rate_year: string;
  rate_year_type: number;
  reward_pool_type: number;
  vip_config: { min_vip: number; personal_max_amount: string; vip_only: boolean } | null;
  simple_earn: Record<string, unknown> | null;
  transaction_config: { transaction_amount: string; mortgage_limit: string }[];
  limit_rule: number;
  reward_per_hour: string;
  total_reward_amount: string;
  reward_coins: PoolRewardCoin[];
  staked_total: string;
}

/** `projectWire` in launch-pool/queries.ts with `settled_timest` (launch-pool/admin-routes.ts). */
export interface LaunchProject {
  pid: number;
  name: string;
  coin: string;
  icon: string;
  start_timest: number;
  end_timest: number;
  state: number;
  reward_pools: LaunchPool[];
  settled_timest: number | null;
}

/** `protocolView` in staking/products.ts. */
export interface StakingProtocol {
  pid: number;
  id: number;
  protocol_name: string;
  reward_coin: string;
  rate: string;
  base_rate: string;
  apr: string;
  income_days: number;
  personal_mortgage_limit: string;
}

/** `productView` in staking/products.ts. */
export interface StakingProduct {
  id: number;
  coin: string;
  type: number;
  reward_coin: string;
  rate: string;
  base_rate: string;
  most_rate: string;
  apr: string;
  min_mortgage_amount: string;
  min_redeem_amount: string;
  personal_mortgage_limit: string;
  crowd_mortgage_limit: string;
  is_crowd: number;
  reward_delay_days: number;
  interest_days: number;
  income_days: number;
  borrow_support: number;
  precision: number;
  tips: string;
  status: 'online' | 'offline';
  defi: StakingProtocol[];
  extra: Record<string, unknown>;
  extra_interest: Record<string, unknown> | null;
}

/** `productView` in wealth/queries.ts. */
export interface WealthProduct {
  pid: number;
  project_type: number;
  name: string;
  coin: string;
  min_purchase: string;
  vip_min_tier: number;
  net_value_ratio: string | null;
  net_value_time: number | null;
  recent_30_days_rate: string | null;
  run_days: number;
  show_interest: number;
  disclaimer: string;
  description: string;
  status: 'online' | 'offline';
}

/** `coinView` in soft-staking/routes.ts. */
export interface SoftStakingCoin {
  coin: string;
  rate: string;
  apr: string;
  min_amount: string;
  max_amount: string;
  status: 'online' | 'offline';
}

/** `view` in dual/index.ts with the user id (GET /admin/api/dual/orders). */
export interface DualOrder {
  order_id: number;
  id: number;
  user_id: number;
  kind: 'dual' | 'sniper';
  invest_coin: string;
  exercise_coin: string;
  amount: string;
  target_price: string;
  apr: string;
  status: string;
  is_open: number;
  settle_coin: string | null;
  settle_amount: string | null;
  create_time: number;
  expire_time: number;
  update_time: number;
}
