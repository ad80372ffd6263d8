import { z } from 'zod';
import { envelope, paged } from '../../../infra/http/envelope';
import { coinAmount, decimalString } from '../../../infra/http/openapi';

// Success responses of this product line's routes: the fields the handlers answer, checked on
// every answer (a field not named here is dropped; a wrong type fails the call in tests).

const bonusLabel = z.object({
  label: z.string(),
  value: z.string(),
  rate: decimalString,
  moneyMin: z.string(),
});

/** An extra-interest campaign (bonus); status 0 not started, 1 processing, 2 finished. */
const campaign = z.object({
  id: z.number(),
  status: z.number(),
  max_interest: decimalString,
  reward_coin: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  interest: z.array(
    z.object({ money_max: decimalString, money_min: decimalString, money_rate: decimalString }),
  ),
  labels: z.array(bonusLabel),
  award_asset: z.string(),
  ext_award_limit: decimalString.describe("The largest tier's upper bound; '-1': unlimited"),
  ext_award_rate_year: decimalString,
  start_at: z.number(),
  end_at: z.number(),
});

const stakeOrder = z.object({
  order_id: z.number(),
  coin: z.string(),
  pid: z.number(),
  amount: decimalString,
  interest_start: z.number(),
  first_distribution_time: z.number().nullable(),
  reward_paid_at_redeem: z.boolean(),
  receipt_coin: z.string().nullable(),
  receipt_amount: decimalString,
});

/** POST /apiw/v2/earn/staking/agreement */

const extra = z.object({
  redeem_period_txt: z.string(),
  redeem_quick: z.number(),
  redeem_quick_long: z.number(),
  redeem_control: z.string(),
  redeem_minday: z.number(),
  redeem_maxday: z.number(),
  redeem_fee: decimalString,
  redeem_quick_fee: decimalString,
});

const redeemConfig = z.object({
  redeem_coin: z.string(),
  redeem_fee: decimalString,
  redeem_quick_fee: decimalString,
  redeem_quick: z.number(),
  redeem_quick_daily: decimalString,
  redeem_quick_daily_total: decimalString,
  redeem_quick_long: z.number(),
  quick_selectable: z.number(),
});

export const postEarnStakingAgreementResponse = envelope(
  z.object({
    kind: z.string(),
    document: z.string(),
    accepted: z.number(),
    accepted_at: z.number().nullable(),
  }),
);

/** GET /apiw/v2/earn/staking/agreement: the same record; accepted 0 and accepted_at null before any. */
export const getEarnStakingAgreementResponse = postEarnStakingAgreementResponse;

const redeemRecord = z.object({
  order_id: z.number(),
  coin: z.string(),
  pid: z.number(),
  amount: decimalString,
  fee: decimalString,
  received: decimalString,
  quick: z.number(),
  redeem_stamp: z.number(),
  reward_paid: decimalString,
  reward_coin: z.string(),
  payout_coin: z.string(),
  payout_amount: decimalString,
  receipt_coin: z.string().nullable(),
  receipt_burned: decimalString,
});

/** POST /apiw/v2/earn/staking/coin-swap-verify and coin-redeem: a stake's order, or a redemption's record (side 2). */
export const postEarnStakingCoinSwapVerifyResponse = envelope(z.union([stakeOrder, redeemRecord]));
export const postEarnStakingCoinRedeemResponse = postEarnStakingCoinSwapVerifyResponse;

/** A staking product as the user calls answer it (the operator list names its status strictly). */
export const stakingProduct = z.object({
  id: z.number(),
  coin: z.string(),
  mortgage_coin: z.string(),
  type: z.number(),
  is_defi: z.number(),
  defi: z.array(
    z.object({
      pid: z.number(),
      id: z.number(),
      protocol_name: z.string(),
      mortgage_coin: z.string(),
      reward_coin: z.string(),
      rate: decimalString,
      base_rate: decimalString,
      apr: decimalString,
      reward: z.array(
        z.object({
          reward_coin: z.string(),
          reward_delay_days: z.number(),
          interest_delay_days: z.number(),
          fee_rate: decimalString,
        }),
      ),
      income_days: z.number(),
      extra_interest: campaign.nullable(),
      personal_mortgage_limit: decimalString,
    }),
  ),
  debt: z.array(
    z.object({
      coin: z.string(),
      rate: decimalString,
      amount: decimalString,
    }),
  ),
  reward_coin: z.string(),
  rate: decimalString,
  base_rate: decimalString,
  most_rate: decimalString,
  apr: decimalString,
  min_mortgage_amount: decimalString,
  min_redeem_amount: decimalString,
  personal_mortgage_limit: decimalString,
  crowd_mortgage_limit: decimalString,
  is_crowd: z.number(),
  agreement: z.string(),
  reward_delay_days: z.number(),
  interest_days: z.number(),
  income_days: z.number(),
  borrow_support: z.number(),
  extra: extra,
  extra_interest: campaign.nullable(),
  vip_config: z.array(
    z.object({
      max_tier: z.number(),
      min_tier: z.number(),
      vip_sale: decimalString,
    }),
  ),
  exchange_type: z.string(),
  exchange_coin: z.string(),
  exchange_rate: decimalString,
  exchange_rate_reverse: decimalString,
  tips: z.string(),
  redeem_config: redeemConfig,
  redeem_period_status: z.string(),
  precision: z.number(),
  protocol: z.string(),
  status: z.string(),
});

/** GET /apiw/v2/earn/staking/products */
export const getEarnStakingProductsResponse = paged(stakingProduct);

/** GET /apiw/v2/earn/staking/product */
export const getEarnStakingProductResponse = envelope(stakingProduct);

/** GET /apiw/v2/earn/staking/statistics */
export const getEarnStakingStatisticsResponse = envelope(
  z.object({
    coin: z.string(),
    pid: z.number(),
    mortgage_amount: decimalString,
    accrued_reward: decimalString,
    redeeming_amount: decimalString,
    total_profit: z.array(coinAmount),
    yesterday_profit: z.array(coinAmount),
    total_mortgage_amount: decimalString,
    apr: decimalString,
  }),
);

/** GET /apiw/v2/earn/staking/coin-user-info */
export const getEarnStakingCoinUserInfoResponse = envelope(
  z.object({
    coin: z.string(),
    hold_amount: decimalString,
    tier: z.number(),
    is_crowd: z.number(),
    available: decimalString,
  }),
);

/** GET /apiw/v2/earn/staking/balances */
export const getEarnStakingBalancesResponse = envelope(
  z.array(
    z.object({
      coin: z.string(),
      pid: z.number(),
      protocol_name: z.string(),
      mortgage_amount: decimalString,
      redeemable_amount: decimalString,
      receipt_coin: z.string(),
      receipt_amount: decimalString,
      accrued_reward: decimalString,
      reward_coin: z.string(),
    }),
  ),
);

/** GET /apiw/v2/earn/staking/coin-user-profit-records */
export const getEarnStakingCoinUserProfitRecordsResponse = paged(
  z.object({
    id: z.number(),
    time: z.number(),
    day: z.number(),
    coin: z.string(),
    pid: z.number(),
    protocol_name: z.string(),
    reward_coin: z.string(),
    amount: decimalString,
    mortgage_amount: decimalString,
    type: z.string(),
    status: z.string(),
    paid_time: z.number().nullable(),
  }),
);

/** GET /apiw/v2/earn/staking/redeem-records */
export const getEarnStakingRedeemRecordsResponse = paged(
  z.object({
    id: z.number(),
    coin: z.string(),
    pid: z.number(),
    amount: decimalString,
    fee: decimalString,
    received: decimalString,
    payout_coin: z.string(),
    payout_amount: decimalString,
    receipt_coin: z.string(),
    receipt_burned: decimalString,
    quick: z.number(),
    reward_coin: z.string(),
    reward_paid: decimalString,
    create_time: z.number(),
    redeem_stamp: z.number(),
    arrived_time: z.number().nullable(),
    status: z.string(),
  }),
);

/** GET /apiw/v2/earn/staking/lock-balances */
export const getEarnStakingLockBalancesResponse = envelope(
  z.object({
    list: z.array(
      z.object({
        coin: z.string(),
        pid: z.number(),
        protocol_name: z.string(),
        mortgage_amount: decimalString,
        accrued_reward: decimalString,
        reward_coin: z.string(),
        receipt_coin: z.string(),
        receipt_amount: decimalString,
      }),
    ),
    redeeming: z.array(coinAmount),
    total: z.number(),
  }),
);

/** GET /apiw/v2/earn/staking/user-loans */
export const getEarnStakingUserLoansResponse = envelope(
  z.object({
    assets: z.record(z.string(), z.string()),
  }),
);

/** A day's point of a rate line: the rate, its base and the campaigns' extra. */
const ratePoint = z.object({
  time: z.number(),
  rate: decimalString,
  base_rate: decimalString,
  extra_rate: decimalString,
  extra_coin: z.string(),
  coins: z.string(),
  reward_coin: z.string(),
});

/** GET /apiw/v2/earn/staking/coin-lines */
export const getEarnStakingCoinLinesResponse = paged(ratePoint);

/** GET /apiw/v2/earn/staking/coin-defi-lines */
export const getEarnStakingCoinDefiLinesResponse = paged(
  z.object({
    pid: z.number(),
    protocol_name: z.string(),
    list: z.array(ratePoint),
    total: z.number(),
  }),
);

/** GET /apiw/v2/earn/staking/coin-ask */
export const getEarnStakingCoinAskResponse = paged(
  z.object({
    ask: z.string(),
    cate: z.string(),
    answer: z.string(),
    unfold: z.boolean(),
  }),
);
