import type { Campaign, DefiProtocol, StakingProduct, UserInfo } from '../api/index';

export const ME = {
  id: 7,
  email: 'demo@example.com',
  vip_tier: 1,
  account_mode: 'classic',
  fundpass_set: true,
  fundpass_mode: 'every_2h',
  created_at: 1_700_000_000,
};

export function protocol(over: Partial<DefiProtocol> = {}): DefiProtocol {
  return {
    pid: 1,
    id: 1,
    protocol_name: 'Lido',
    mortgage_coin: 'ETH',
    reward_coin: 'ETH',
    rate: '3.2',
    base_rate: '3.2',
    apr: '3.2',
    reward: [{ reward_coin: 'ETH', reward_delay_days: 1, interest_delay_days: 1, fee_rate: '0.1' }],
    income_days: 3,
    extra_interest: null,
    personal_mortgage_limit: '-1',
    ...over,
  };
}

export function campaign(over: Partial<Campaign> = {}): Campaign {
  return {
    id: 1,
    status: 1,
    max_interest: '0.08',
    reward_coin: 'GT',
    start_time: 1_700_000_000,
    end_time: 1_900_000_000,
    interest: [
      { money_min: '0', money_max: '500', money_rate: '0.08' },
      { money_min: '500', money_max: '2000', money_rate: '0.03' },
    ],
    labels: [],
    award_asset: 'GT',
    ext_award_limit: '2000',
    ext_award_rate_year: '8',
    start_at: 1_700_000_000,
    end_at: 1_900_000_000,
    ...over,
  };
}

export function product(over: Partial<StakingProduct> = {}): StakingProduct {
  return {
    id: 1,
    coin: 'ETH',
    mortgage_coin: 'ETH',
    type: 1,
    is_defi: 1,
    defi: [
      protocol(),
      protocol({
        pid: 2,
        id: 2,
        protocol_name: 'Rocket Pool',
        rate: '2.9',
        apr: '2.9',
        income_days: 5,
        personal_mortgage_limit: '200',
      }),
    ],
    debt: [],
    reward_coin: 'ETH',
    rate: '3.1',
    base_rate: '3.1',
    most_rate: '3.1',
    apr: '3.2',
    min_mortgage_amount: '0.01',
    min_redeem_amount: '0.01',
    personal_mortgage_limit: '1000',
    crowd_mortgage_limit: '-1',
    is_crowd: 0,
    agreement: '/docs/staking_user_agreement.pdf',
    reward_delay_days: 1,
    interest_days: 0,
    income_days: 3,
    borrow_support: 0,
    redeem_period_status: 'fixed_period',
    extra: {
      redeem_period_txt: '1-3 days',
      redeem_quick: 0,
      redeem_quick_long: 0,
      redeem_control: 'redeem',
      redeem_minday: 1,
      redeem_maxday: 3,
      redeem_fee: '0.001',
      redeem_quick_fee: '0',
    },
    extra_interest: null,
    vip_config: [{ min_tier: 1, max_tier: 5, vip_sale: '20' }],
    exchange_type: 'default',
    exchange_coin: '',
    exchange_rate: '1',
    exchange_rate_reverse: '1',
    tips: 'ETH is staked through liquid-staking protocols.',
    redeem_config: {
      redeem_coin: 'ETH',
      redeem_fee: '0.001',
      redeem_quick_fee: '0',
      redeem_quick: 0,
      redeem_quick_daily: '-1',
      redeem_quick_daily_total: '-1',
      redeem_quick_long: 0,
      quick_selectable: 0,
    },
    precision: 8,
    protocol: 'Lido, Rocket Pool',
    status: 'online',
    ...over,
  };
}

/** SOL: no protocols, quick redeem with a daily quota. */
export function solProduct(quotaLeft = '500'): StakingProduct {
  return product({
    id: 4,
    coin: 'SOL',
    mortgage_coin: 'SOL',
    is_defi: 0,
    defi: [],
    reward_coin: 'SOL',
    rate: '6.8',
    apr: '6.8',
    min_mortgage_amount: '0.1',
    min_redeem_amount: '0.1',
    personal_mortgage_limit: '-1',
    income_days: 7,
    vip_config: [],
    extra: {
      redeem_period_txt: '7 days',
      redeem_quick: 1,
      redeem_quick_long: 30,
      redeem_control: 'redeem',
      redeem_minday: 0,
      redeem_maxday: 7,
      redeem_fee: '0.001',
      redeem_quick_fee: '0.005',
    },
    redeem_config: {
      redeem_coin: 'SOL',
      redeem_fee: '0.001',
      redeem_quick_fee: '0.005',
      redeem_quick: 1,
      redeem_quick_daily: quotaLeft,
      redeem_quick_daily_total: '500',
      redeem_quick_long: 30,
      quick_selectable: 1,
    },
  });
}

export function userInfo(over: Partial<UserInfo> = {}): UserInfo {
  return { coin: 'ETH', hold_amount: '2', tier: 1, is_crowd: 0, available: '5', ...over };
}
