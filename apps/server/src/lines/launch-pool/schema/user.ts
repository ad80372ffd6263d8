import { assetSymbol, pageQuery, positiveAmount } from '@earn/domain';
import { z } from 'zod';
import { envelope } from '../../../infra/http/envelope';
import {
  getEarnLaunchPoolMyRewardsResponse,
  getEarnLaunchPoolMyStakesResponse,
  getEarnLaunchPoolOrdersResponse,
  getEarnLaunchPoolProjectInfoResponse,
  getEarnLaunchPoolProjectsResponse,
  getEarnLaunchPoolUserProjectStatisticsResponse,
  postEarnLaunchPoolCreateOrderResponse,
  postEarnLaunchPoolRedeemResponse,
} from './responses';

export const BASE = '/apiw/v2/earn/launch-pool';
export const DEVICE_TOKEN_HEADER = 'device-token';
export const tags = ['launch-pool'];

export const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const flag01 = z.coerce.number().int().min(0).max(1);
export const poolRef = { pid: id, rid: id };
export const fundpassField = {
  fundpass: z.string().max(128).optional(),
  fund_password: z.string().max(128).optional(),
};

export const DERIVED_DOC =
  'rate_year is the yearly rate the operator set, for display. derived_apr is the APR derived live: per reward coin ' +
  'reward_per_hour × price × 8760 ÷ (staked_total × stake_price), summed for a multi-mining pool; rate_year in percent with ' +
  'its inputs {staked_total, stake_price, coins [{coin, reward_per_hour, price, rate_year}]}, or null with missing ' +
  "'no_price' (missing_prices names the coins without a price), 'no_stake' (nothing staked: the first stake takes the " +
  "whole reward) or 'ended'. shown_rate_year (percent) is the figure the pool shows, and shown which: 'set' (rate_year) " +
  "while the live figure is missing or above it, since a nearly empty pool's live figure is one nobody gets; 'live' " +
  "(rate_year of derived_apr) once the stake brings it to rate_year or below; 'none' for a pool without a set rate " +
  "(rate_year_type 3) and no live figure. The home page's best offer and APR alerts use the same figure. simple_earn is simple earn's live offer for the stake coin (null when the pool has no " +
  'auto-earn or simple earn offers nothing for the coin): rate = its flexible rate of the hour, fixed_period and ' +
  "fixed_rate = its normal fixed product of the pool's term while on sale and not sold out (0 otherwise), ext_rate 0, " +
  'flexible_offered, flexible_up_to {rate_year, amount} (what simple earn flexible pays after redeem, its bonus tiers ' +
  'included), fixed_product_id. Rates in percent.';
export const unixSeconds = z.coerce.number().int().min(0).max(253_402_300_799);

export const checkPoolRuleSchema = {
  tags,
  summary: 'Eligibility check before staking (new-user and VIP-only pools)',
  description:
    'Form or JSON {pid, rid}. The spec does not show the answer; ours: success {pass: 1, rid, limit_rule, is_new_user} ' +
    '(is_new_user 1 when the pool is a new-user pool and the user qualifies). A pool with limit_rule N > 0 is for new ' +
    'users: accounts opened within the last N days that have not staked in another project. Refusal: 422 with key ' +
    'finances.startupMining.newUser.tip (params days) or finances.startupMining.vip.tip (params vip) and a message the ' +
    'client shows as a warning. create-order enforces the same rules.',
  body: z.object(poolRef).passthrough(),
  response: {
    200: envelope(
      z.object({ pass: z.number(), rid: z.number(), limit_rule: z.number(), is_new_user: z.number() }),
    ),
  },
};

export const createOrderSchema = {
  tags,
  summary: 'Stake into a reward pool',
  description:
    'Form or JSON {pid, rid, amount, simpleEarnStatus 0|1, simpleEarnPeriod (days, fixed mode only)}, optional fundpass. ' +
    'Mode: simpleEarnStatus 0 = spot, 1 = flexible, 1 with simpleEarnPeriod > 0 = fixed (only BTC/ETH/GT/USDT and the ' +
    "pool's simple_earn.fixed_period); once a fixed period is chosen in a pool, later stakes must keep it (launch.earn.tip3). " +
    'Rules in order (the amount in the order every line checks it: precision, minimum, maximum, quota, balance; ' +
    'the funding password last): a completed project (finances.startupMining.project.ended); eligibility (as ' +
    'check-pool-rule); a 60-day volume below every transaction_config tier (finances.startupMining.stake.volume.tip); ' +
    'precision (common.amountPrecision); minimum (finances.startupMining.stake.min.tip {amount, coin}); amount + staked ' +
    'above the personal maximum, which is the VIP maximum for VIP users lowered to the volume tier cap ' +
    "(finances.startupMining.stake.max.tip {amount, coin}); above the pool's remaining total " +
    '(finances.startupMining.stake.poolLeft.tip {amount, coin}); above the stakeable spot balance, less borrowed funds ' +
    'unless the coin is supported in unified accounts (finances.inadequateBalance, code 42201); then the funding ' +
    'password per the user setting (10010111 with require_fundpass; a user who never set one: 10010107 with ' +
    "setup_fundpass while the operator's first-move setting is on). Stakes are accepted before the start and " +
    'earn from it, per second. The device-token header is stored with the order for risk review only; it changes nothing ' +
    'in the answer. Idempotency-Key honoured. ' +
    "Auto-earn: the offers are simple earn's live products (see project-info's simple_earn); while staked, flexible-mode " +
    "stakes earn simple earn's flexible rate of the hour (simple_earn.rate) and fixed-mode stakes the rate of simple earn's " +
    'fixed product of the term (fixed_rate) (yearly %, per second, paid hourly in the stake coin to spot, 8 decimals down, ' +
    'fraction carried); flexible mode needs an open flexible product of the coin (simple_earn.notOnSale); when the ' +
    'stake leaves (redeem or project end) it goes into simple earn as the mode says. Auto-earn is refused where the ' +
    "user's compliance menu hides lend-earn (finances.startupMining.autoEarn.unavailable).",
  headers: z.object({ [DEVICE_TOKEN_HEADER]: z.string().max(256).optional() }).passthrough(),
  body: z
    .object({
      ...poolRef,
      amount: positiveAmount(18),
      simpleEarnStatus: flag01.default(0),
      simpleEarnPeriod: z.coerce.number().int().min(0).max(3650).optional(),
      ...fundpassField,
    })
    .passthrough(),
  response: { 200: postEarnLaunchPoolCreateOrderResponse },
};

export const redeemStakeSchema = {
  tags,
  summary: 'Early redeem from a reward pool',
  description:
    'Form or JSON {pid, rid, amount, simpleEarnStatus}. Above the staked amount: finances.startupMining.redeem.currentMax.tip ' +
    '{amount, coin}; below 0.1^decimal_place or finer than it: finances.redeem.minimum.error {amount, coin}. The coins leave ' +
    'at once: with simpleEarnStatus 1 into flexible simple earn; when the stake has a fixed period, into the fixed product of ' +
    'that term whatever the toggle says (the dialog shows a note, no toggle); otherwise to spot. Simple earn takes 6 ' +
    'decimals; if it refuses (no product on sale, below its minimum, quota) the coins stay in spot and the answer carries ' +
    'simple_earn_refused. Answer: destination (spot|flexible|fixed), simple_earn_amount. What the stake earned until now is ' +
    "paid with the hour's payout. No funding password: the coins stay with the user.",
  body: z
    .object({ ...poolRef, amount: positiveAmount(18), simpleEarnStatus: flag01.default(0) })
    .passthrough(),
  response: { 200: postEarnLaunchPoolRedeemResponse },
};

export const projectInfoSchema = {
  tags,
  summary: 'A project with its reward pools',
  description:
    'state: 1 in progress, 2 not started, 3 completed (from the clock). left_buy_total_amount and buy_total_amount are -1 ' +
    'without a total limit. simple_earn.user_period is the fixed period the user already chose in the pool (0 none). ' +
    'isApply 1 when the user holds or held a stake with rewards. vip_config {min_vip, personal_max_amount, vip_only}. ' +
    'Logged in, each pool also has user {staked, personal_max_amount, remaining_quota, staking_cap (-1 none), is_vip_quota}. ' +
    DERIVED_DOC,
  querystring: z.object({ projectId: id }),
  response: { 200: getEarnLaunchPoolProjectInfoResponse },
};

export const projectsSchema = {
  tags,
  summary:
    'Projects with their pools, newest start first; state filter 1 in progress, 2 not started, 3 completed',
  description: DERIVED_DOC,
  querystring: z.object({ state: z.coerce.number().int().min(0).max(3).optional(), ...pageQuery }),
  response: { 200: getEarnLaunchPoolProjectsResponse },
};

export const userProjectStatisticsSchema = {
  tags,
  summary: "The user's stake and rewards per pool of a project",
  description:
    'amount: staked now; valid_amount: the part earning now (the stake while the project runs, 0 before the start and ' +
    'after the end); lastRewardAmount: every reward paid so far in the pool; lastHourRewardAmount: the payout of the ' +
    "last whole hour of the project before now (0 when the user earned nothing that hour). Both in the project's coin. " +
    'rewards: the same two fields per reward coin, [{coin, lastRewardAmount, lastHourRewardAmount}], the project coin ' +
    'first, then the further coins of a multi-mining pool. ' +
    'simpleEarnInterest: auto-earn interest paid so far on the stake, in the stake coin.',
  querystring: z.object({ pid: id }),
  response: { 200: getEarnLaunchPoolUserProjectStatisticsResponse },
};

export const earnMoreSchema = {
  tags,
  summary: "CandyDrop 'want more' cards for a coin, shown after a stake",
  description:
    'popup_high_light is the list of keywords to highlight in popup_msg; url opens the CandyDrop page.',
  querystring: z.object({ coin: assetSymbol, type: z.string().max(32).optional() }),
  response: {
    200: envelope(
      z.object({
        list: z.array(
          z.object({
            id: z.number(),
            popup_msg: z.string(),
            popup_high_light: z.array(z.string()),
            url: z.string(),
          }),
        ),
      }),
    ),
  },
};

export const myStakesSchema = {
  tags,
  summary: "The user's pools: staked now or rewarded before, newest project first",
  description:
    "total_reward: paid in the project's coin; rewards: paid per reward coin [{coin, total_reward}], the project coin " +
    'first, then the further coins of a multi-mining pool.',
  querystring: z.object(pageQuery),
  response: { 200: getEarnLaunchPoolMyStakesResponse },
};

export const myRewardsSchema = {
  tags,
  summary: "The user's hourly rewards, newest first; optional pid filter and date range",
  description:
    'Each row names its pool: project name and stake coin. ' +
    'hour_start: the start of the paid hour (unix seconds); amount in reward_coin (a multi-mining pool pays one row per ' +
    'coin and hour). start_time and end_time (unix seconds, inclusive) select paid hours starting within the range; ' +
    'neither given: the whole history; one given: end_time defaults to now, start_time to 180 days before end_time. ' +
    'At most 6 months of 30 days from the first day to the last (end_time - start_time <= 181 days): longer is 422 ' +
    'analysis.date.picker.limit.tip {months: 6, days: 180}; start_time after end_time is 400 ' +
    'finances.startupMining.history.range.reversed. Optional reward_coin filters by coin.',
  querystring: z.object({
    pid: id.optional(),
    reward_coin: assetSymbol.optional(),
    start_time: unixSeconds.optional(),
    end_time: unixSeconds.optional(),
    ...pageQuery,
  }),
  response: { 200: getEarnLaunchPoolMyRewardsResponse },
};

export const ordersSchema = {
  tags,
  summary: "The user's stakes, redemptions and end-of-project returns, newest first",
  description: 'kind: stake, redeem or return; destination (redeem, return): where the coins went.',
  querystring: z.object({ pid: id.optional(), ...pageQuery }),
  response: { 200: getEarnLaunchPoolOrdersResponse },
};
