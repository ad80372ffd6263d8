import type { FixedOrder, FixedProduct, FlexHolding, ProductDetail } from '../api/types';

export function fixedProduct(over: Partial<FixedProduct> = {}): FixedProduct {
  return {
    id: 2,
    asset: 'USDT',
    type: 1,
    min_vip: 0,
    max_vip: 0,
    lock_up_period: 30,
    year_rate: '0.08',
    sale_status: 1,
    min_lend_amount: '10',
    user_max_lend_volume: '0',
    total_quota: '2000000',
    remaining_quota: '2000000',
    start_time: 0,
    end_time: 0,
    reinvest: 1,
    redeem_account: 1,
    pre_redeem: 1,
    bonus_asset: '',
    bonus_icon: '',
    product_asset_price: '1',
    bonus_asset_price: '0',
    title: 'USDT 30 days',
    subtitle: '',
    ladder_apr: [],
    ...over,
  };
}

export function flexEntry(over: Partial<FixedProduct> = {}): FixedProduct {
  return fixedProduct({
    id: 0,
    lock_up_period: 0,
    year_rate: '0.0523',
    min_lend_amount: '1',
    total_quota: '0',
    remaining_quota: '0',
    reinvest: 0,
    redeem_account: 0,
    title: 'USDT Flexible',
    ...over,
  });
}

export function detail(fixedList: FixedProduct[], over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    asset: 'USDT',
    business_type: fixedList.some((p) => p.id === 0) ? 0 : 1,
    fixed_list: fixedList,
    next_time_rate_year: '0.0523',
    ext_award_rate_year: '0',
    ext_award_limit: '0',
    limit_min_lend_rate_year: '0',
    max_lend_rate_year: '5',
    min_lend_amount: '1',
    award_asset: '',
    is_open_award_pool: 0,
    icon: '',
    usdt_rate: '1',
    ladder_apr: [],
    lend_ratio: '0.5',
    ...over,
  };
}

export function fixedOrder(over: Partial<FixedOrder> = {}): FixedOrder {
  return {
    id: 7,
    order_id: 7,
    asset: 'USDT',
    icon: '',
    product_id: 2,
    product_type: 1,
    title: 'USDT 30 days',
    product_info: { pre_redeem: 1, reinvest: 1, redeem_account: 1 },
    principal: '100',
    curr_amount: '100',
    lend_amount: '100',
    interest: '0.1',
    total_interest: '0.65753424',
    total_year_rate_percent: '8',
    year_rate: '0.08',
    bonus_info: { ladder_apr: [], bonus_asset: '', bonus_amount: '0' },
    coupon_info: { rate_ratio: '0', rate_day: 0, coupon_interest: '0' },
    status: 1,
    redeem_type: 0,
    create_time: 1_000_000,
    start_time: 1_000_000,
    finish_time: 2_000_000,
    redeem_time: 2_001_800,
    is_redeeming: 0,
    lock_up_period: 30,
    reinvest_status: 0,
    redeem_account_type: 1,
    ...over,
  };
}

export function flexHolding(over: Partial<FlexHolding> = {}): FlexHolding {
  return {
    id: 1,
    asset: 'USDT',
    icon: '',
    curr_amount: '100',
    principal: '90',
    pending_amount: '0',
    interest_balance: '10',
    lend_amount: '80',
    frozen_amount: '0',
    frozen_status: 0,
    margin_frozen_amount: '0',
    redeemable_amount: '100',
    cumulative: '10',
    bonus_cumulative: '0',
    bonus_asset: '',
    next_time_rate_year: '0.05',
    ext_award_rate_year: '0',
    is_open_award_pool: 0,
    min_lend_rate_year: '0',
    last_rate_year: '0.05',
    auto_invest_status: 0,
    ...over,
  };
}
