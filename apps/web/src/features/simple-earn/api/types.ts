/**
 * The simple-earn server's answers (apps/server/src/simple-earn/routes.ts). Rates are fractions
 * (0.05 = 5 %) except `max_lend_rate_year`/`limit_min_lend_rate_year` (percent) and a voucher's
 * `rate_ratio` (percent).
 */
import type { SimpleEarnLadderTier } from '@earn/domain';
import type { ApiData, ApiItem } from '../../../api/types';

export type LadderTier = SimpleEarnLadderTier;

type CoinInfo = ApiItem<'/apiw/v2/uni-loan/earn/coin-info'>;
/** T with the keys K optional: fields only some of the calls that answer T carry. */
type Some<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * One entry of fixed_list; id 0 is the flexible product as a synthetic entry. The term tabs'
 * call (product/{id}/list) answers it without bonus_tiers and apr_up_to.
 */
export type FixedProduct = Some<CoinInfo['fixed_list'][number], 'bonus_tiers' | 'apr_up_to'>;

export type ProductDetail = Omit<CoinInfo, 'fixed_list'> & { fixed_list: FixedProduct[] };

type FlexRow = ApiItem<'/apiw/v2/uni-loan/earn/subscribe'>;
type FixedRow = ApiItem<'/apiw/v2/fixed_earn/api/user/lend'>;
/** Positions; a screen shows the blended figure only when the answer carries it. */
export type FlexHolding = Some<FlexRow, 'blended_apr' | 'apr_detail'>;
export type FixedOrder = Some<FixedRow, 'blended_apr' | 'apr_detail' | 'year_rate_perent'>;

/** The server's blended APR of a position (@earn/domain blendedApr). */
export type AprDetail = FlexRow['apr_detail'];
/** One stretch of a blended APR: [from, to) with its rate and the part of the amount in it. */
export type AprStretch = AprDetail['tiers'][number];

export type Lendable = ApiData<'/apiw/v2/fixed_earn/api/user/lendable'>;
export type Voucher = ApiItem<'/apiw/v2/uni-loan/earn/coupon-recommend'>;
/** Flexible and fixed history rows (the fixed call's rows name the same fields). */
export type HistoryRecord = ApiItem<'/apiw/v2/uni-loan/earn/history'>;

export interface Paged<T> {
  list: T[];
  total: number;
}

export type AutoInvest = ApiData<'/apiw/v2/uni-loan/earn/autoivest'>;
export type ChartPoint = ApiItem<'/apiw/v2/uni-loan/earn/chart'>;
export type UpgradeWay = ApiData<'/apiw/v2/uni-loan/earn/upgrade-vip-way'>;
export type FaqEntry = ApiItem<'/apiw/v2/earn/ask'>;
export type TradeInfo = ApiData<'/apiw/v2/account/spot/trading/home'>;
