/**
 * Every answer the console reads from the operator API, named once. The types come from the API
 * document (apps/web/src/api/schema.d.ts, generated from the server's zod response schemas by
 * `npm run openapi:generate`), so a server schema change that breaks a page fails the typecheck.
 * Amounts and rates are decimal strings, times unix seconds, as on the wire.
 */
import { LINES } from '../../../api/lines';
import type { GetDataOptions } from '../../../api/typed';
import type { ApiData, ApiItem, ApiQuery } from '../../../api/types';

/** The operator's role, as login and GET /admin/api/auth/me answer it. */
export type OperatorRole = ApiData<'/admin/api/auth/me'>['role'];

/** GET /admin/api/operators. */
export type OperatorAccount = ApiItem<'/admin/api/operators'>;

/** GET /admin/api/dashboard. */
export type Dashboard = ApiData<'/admin/api/dashboard'>;

/** The product lines, as the dashboard and positions name them. */
export type LineId = Dashboard['lines'][number]['line'];

export const LINE_IDS: readonly LineId[] = LINES;

/** One difference of the reconciliation report. */
export type ReconciliationDifference = Dashboard['reconciliation']['differences'][number];

/** GET /admin/api/users. */
export type UserSummary = ApiItem<'/admin/api/users'>;

/** GET /admin/api/users/{user}. */
export type UserDetail = ApiData<'/admin/api/users/{user}'>;

/** GET /admin/api/users/{user}/positions. */
export type UserPositions = ApiData<'/admin/api/users/{user}/positions'>;

/** GET /admin/api/users/{user}/history: postings, newest first. */
export type HistoryEntry = ApiItem<'/admin/api/users/{user}/history'>;

/** A history row's line: a product line, `account` (deposits, withdrawals, loans), or `other`. */
export type HistoryLine = HistoryEntry['line'];
export const HISTORY_LINES: readonly HistoryLine[] = [...LINE_IDS, 'account'];

/** GET /admin/api/audit. */
export type AuditRecord = ApiItem<'/admin/api/audit'>;

/** GET /admin/api/outbox: a mail (body null when it carries a secret). */
export type OutboxMail = ApiItem<'/admin/api/outbox'>;

/** GET /admin/api/clock. */
export type ClockState = ApiData<'/admin/api/clock'>;

/** GET /admin/api/jobs. */
export type JobsState = ApiData<'/admin/api/jobs'>;

/** GET /api/web/v1/market/assets: the listed assets with their USDT prices. */
export type MarketAsset = ApiData<'/api/web/v1/market/assets'>[number];

/** The rate edits' previews (flexible, bonus and launch-pool previews cost an hour, the others a day). */
export type ImpactPath =
  | '/admin/api/simple-earn/flexible-products/{asset}/impact'
  | '/admin/api/simple-earn/flexible-products/{asset}/bonus-impact'
  | '/admin/api/simple-earn/fixed-products/{id}/impact'
  | '/admin/api/staking/products/{id}/impact'
  | '/admin/api/staking/protocols/{id}/impact'
  | '/admin/api/soft-staking/coins/{coin}/impact'
  | '/admin/api/launch-pool/pools/{rid}/impact';
type ImpactAnswer = ApiData<ImpactPath>;
type KeysOfAny<U> = U extends unknown ? keyof U : never;
type ValueIn<U, K extends PropertyKey> = U extends Record<K, infer V> ? V : never;

/**
 * The previews' answers read by one panel: the fields every preview answers, and the others
 * (hourly or daily costs, the reward or bonus coin) where the preview has them. Derived from the
 * operations' `data`, never written out.
 */
export type ImpactView = { [K in keyof ImpactAnswer]: ImpactAnswer[K] } & {
  [K in Exclude<KeysOfAny<ImpactAnswer>, keyof ImpactAnswer>]?: ValueIn<ImpactAnswer, K>;
};

/** One preview's request: its path, the path's parameters and the query the operation declares. */
export type ImpactCall = {
  [P in ImpactPath]: { path: P; params: GetDataOptions<P>['params']; query: ApiQuery<P> };
}[ImpactPath];

/** GET /admin/api/simple-earn/flexible-products. */
export type FlexProduct = ApiItem<'/admin/api/simple-earn/flexible-products'>;

/** GET /admin/api/simple-earn/fixed-products. */
export type FixedProduct = ApiItem<'/admin/api/simple-earn/fixed-products'>;

/** GET /admin/api/simple-earn/vouchers. */
export type Voucher = ApiItem<'/admin/api/simple-earn/vouchers'>;

/** GET /admin/api/launch-pool/projects: projects with their pools (no user part) and settlement time. */
export type LaunchProject = ApiItem<'/admin/api/launch-pool/projects'>;
export type LaunchPool = LaunchProject['reward_pools'][number];
export type PoolRewardCoin = LaunchPool['reward_coins'][number];

/** GET /admin/api/staking/products. */
export type StakingProduct = ApiItem<'/admin/api/staking/products'>;
export type StakingProtocol = StakingProduct['defi'][number];

/** GET /admin/api/wealth/products. */
export type WealthProduct = ApiItem<'/admin/api/wealth/products'>;

/** GET /admin/api/soft-staking/coins. */
export type SoftStakingCoin = ApiItem<'/admin/api/soft-staking/coins'>;

/** GET /admin/api/dual/orders (with the user id). */
export type DualOrder = ApiItem<'/admin/api/dual/orders'>;
/** GET /admin/api/dual/products: a product with what it holds and how it settled. */
export type DualProduct = ApiItem<'/admin/api/dual/products'>;
/** GET /admin/api/dual/pairs: a pair's volatility and margin. */
export type DualPair = ApiData<'/admin/api/dual/pairs'>['list'][number];
/** GET /admin/api/dual/exposure: one pair, direction and settlement time. */
export type DualExposure = ApiData<'/admin/api/dual/exposure'>['exposure'][number];
