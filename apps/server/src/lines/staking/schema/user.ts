import { assetSymbol, pageQuery, stakingActionBody } from '@earn/domain';
import { z } from 'zod';
import {
  getEarnStakingAgreementResponse,
  getEarnStakingBalancesResponse,
  getEarnStakingCoinAskResponse,
  getEarnStakingCoinDefiLinesResponse,
  getEarnStakingCoinLinesResponse,
  getEarnStakingCoinUserInfoResponse,
  getEarnStakingCoinUserProfitRecordsResponse,
  getEarnStakingLockBalancesResponse,
  getEarnStakingProductResponse,
  getEarnStakingProductsResponse,
  getEarnStakingRedeemRecordsResponse,
  getEarnStakingStatisticsResponse,
  getEarnStakingUserLoansResponse,
  postEarnStakingAgreementResponse,
  postEarnStakingCoinRedeemResponse,
  postEarnStakingCoinSwapVerifyResponse,
} from './responses';

export const BASE = '/apiw/v2/earn/staking';
export const tags = ['staking'];
export const pid = z.coerce.number().int().min(-1).optional();
export const linesPage = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(400).default(365),
};

export type ActionBody = z.infer<typeof stakingActionBody>;

export const swapVerifySchema = {
  response: { 200: postEarnStakingCoinSwapVerifyResponse },
  tags,
  summary: 'Stake (side 0) a coin, or redeem with side 1; funding password and Idempotency-Key honoured',
  description:
    'JSON or form: side, coin, amount (string, at most the product precision, 8), pid (omitted or -1 without defi; ' +
    'a defi product without pid stakes through its first protocol), src=1 from the VIP theme (recorded). ' +
    'Available is spot less loans unless the unified account supports staking the coin. Refusals, the amount in the ' +
    'order every line checks it (precision, minimum, caps, balance) and the funding password last: ' +
    'common.amountPrecision, stake.number.minLimit {number, coin}, staking.stake.personalLimit or ' +
    'staking.stake.crowdLimit {number: what is left, coin} (caps -1 = unlimited; a crowd product caps each user at ' +
    'crowd_mortgage_limit instead of personal_mortgage_limit), stake.maxLimit.insufficientBalance {number, coin}; ' +
    "the funding password per the user's setting on both sides (a stake whose user never set one: 10010107 with " +
    "setup_fundpass while the operator's first-move setting is on); staking.product.offline, and code 42210 " +
    `staking.stake.agreementRequired {document} (HTTP 422) without an acceptance recorded through POST ${BASE}/agreement. ` +
    'exchange_type asset: the stake also credits exchange_coin (the receipt token) to spot, amount × exchange_rate ' +
    'rounded down to 8 decimals (receipt_coin, receipt_amount in the answer). Coins staked now earn from ' +
    'interest_start; with reward_delay_days > 0 the first distribution is the UTC start of the day after the delay, ' +
    'otherwise rewards are held and paid with the next redeem. Answers code 0 on success.',
  body: stakingActionBody,
};

export const signAgreementSchema = {
  response: { 200: postEarnStakingAgreementResponse },
  tags,
  summary: "Record that the user accepted a coin's staking user agreement (the stake modal's checkbox)",
  description:
    "Our call beside coin-swap-verify: the spec's stake body carries no agreement field, so the client calls " +
    "this when the user ticks the agreement box. Stored per user and product (coin) with the clock's time and " +
    "the agreement accepted (the product's `agreement`); a stake needs an acceptance of the product's current " +
    'agreement, else code 42210 with staking.stake.agreementRequired {document}. Repeating it renews ' +
    'accepted_at. Answers {kind, document, accepted: 1, accepted_at}.',
  body: z.object({ coin: assetSymbol }),
};

export const agreementSchema = {
  response: { 200: getEarnStakingAgreementResponse },
  tags,
  summary: "Whether the user has accepted a coin's current staking agreement: {accepted 0|1, accepted_at}",
  querystring: z.object({ coin: assetSymbol }),
};

export const coinRedeemSchema = {
  response: { 200: postEarnStakingCoinRedeemResponse },
  tags,
  summary:
    'Redeem staked coins, standard (quick 0) or quick (quick 1); answers redeem_stamp (arrival, unix seconds)',
  description:
    'fee = amount × (redeem_fee or redeem_quick_fee) rounded down to 8 decimals, less the vip_sale percent of the ' +
    "first vip_config row holding the user's tier; received = amount − fee. Standard coins arrive after income_days " +
    '(of the protocol when pid is given), else after redeem_maxday days, else at once; quick coins exactly ' +
    'redeem_quick_long minutes after the request. redeem_stamp = now + that wait, when the coins land in spot ' +
    '(the scheduler credits due arrivals on every pass). A product whose redeem_coin differs from its coin (a ' +
    'credit-debt product, USDC by default) pays received × price(coin) / price(redeem_coin) in redeem_coin at ' +
    'the USDT prices of the redeem, 8 decimals down (payout_coin, payout_amount; staking.redeem.priceMissing ' +
    'without a price). exchange_type asset: the redeem takes the receipt token back from spot, the ' +
    "position's outstanding tokens in proportion to the coins redeemed rounded up to 8 decimals (all of them " +
    'for the whole position; receipt_coin, receipt_burned), and redeems at most what the tokens in spot cover ' +
    '(redeem.maxLimit.insufficientBalance {number}). Quick redeem needs extra.redeem_quick and fits within the product-wide daily quota ' +
    '(redeem_quick_daily, -1 unlimited, UTC day). Coins are taken from the newest stakes first. Rewards held until ' +
    'redeem (reward delay -1 or 0) are paid in full to spot with any redemption. Refusals: redeem.number.minLimit {number, coin}, ' +
    'redeem.maxLimit.insufficientBalance, staking.redeem.quickUnavailable, staking.redeem.quickQuotaExceeded ' +
    "{number: today's quota left}, staking.redeem.closed (redeem_control lacks 'redeem').",
  body: stakingActionBody,
};

export const productsSchema = {
  response: { 200: getEarnStakingProductsResponse },
  tags,
  summary: 'Every staking product with its protocols and campaigns (one product per coin)',
};

export const productSchema = {
  response: { 200: getEarnStakingProductResponse },
  tags,
  summary: "A coin's staking product: every field of the product, its defi protocols and current campaign",
  description:
    "redeem_config.redeem_quick_daily is today's quick quota LEFT (-1 unlimited); the configured daily quota is " +
    'redeem_quick_daily_total; quick_selectable applies the rule of section 4. apr is the best APR in percent ' +
    '(rate plus 100 × max_interest of a running campaign).',
  querystring: z.object({ coin: assetSymbol, pid }),
};

export const statisticsSchema = {
  response: { 200: getEarnStakingStatisticsResponse },
  tags,
  summary:
    "The user's staking figures for a coin (optionally one protocol): held, waiting, rewards total and yesterday's, the product's total staked and APR",
  querystring: z.object({ coin: assetSymbol, pid }),
};

export const coinUserInfoSchema = {
  response: { 200: getEarnStakingCoinUserInfoResponse },
  tags,
  summary: 'hold_amount (in the protocol when pid is given), VIP tier, is_crowd, and what may be staked now',
  querystring: z.object({ coin: assetSymbol, pid }),
};

export const balancesSchema = {
  response: { 200: getEarnStakingBalancesResponse },
  tags,
  summary:
    "The user's holdings of a coin per defi protocol (pid -1 without protocols); hide_zero_hold=1 drops empty ones",
  querystring: z.object({
    coin: assetSymbol,
    hide_zero_hold: z.coerce.number().int().min(0).max(1).default(0),
  }),
};

export const userProfitRecordsSchema = {
  response: { 200: getEarnStakingCoinUserProfitRecordsResponse },
  tags,
  summary:
    'Reward records of a coin, newest first, distributed up to `to` (unix seconds); type interest or bonus',
  querystring: z.object({
    coin: assetSymbol,
    ...pageQuery,
    to: z.coerce.number().int().positive().optional(),
  }),
};

export const userRedeemRecordsSchema = {
  response: { 200: getEarnStakingRedeemRecordsResponse },
  tags,
  summary:
    'Redeem history (the holdings page with open-history=1&type=1), optionally of one coin, newest first',
  querystring: z.object({ coin: assetSymbol.optional(), ...pageQuery }),
};

export const userLockBalancesSchema = {
  response: { 200: getEarnStakingLockBalancesResponse },
  tags,
  summary: 'Every staked position of the user, and per coin what is redeeming (waiting to arrive)',
};

export const userLoansSchema = {
  response: { 200: getEarnStakingUserLoansResponse },
  tags,
  summary: "The user's unified-account loans by coin (data.assets), which lower what may be staked",
  querystring: z.object({ coin: assetSymbol.optional() }),
};

export const coinLineChartSchema = {
  response: { 200: getEarnStakingCoinLinesResponse },
  tags,
  summary:
    'Daily APR points (percent) of a product, or of one protocol with pid, newest first (limit up to 400)',
  querystring: z.object({ coin: assetSymbol, pid, ...linesPage }),
};

export const defiLineChartSchema = {
  response: { 200: getEarnStakingCoinDefiLinesResponse },
  tags,
  summary: "Each defi protocol's daily APR points of a coin, newest first",
  querystring: z.object({ coin: assetSymbol, ...linesPage }),
};

export const coinAskSchema = {
  response: { 200: getEarnStakingCoinAskResponse },
  tags,
  summary: "A coin's staking FAQ: ask, answer, cate, unfold (operator-set)",
  description:
    "In the request's language (Accept-Language: zh… → zh-CN) when the operator wrote one, else English.",
  querystring: z.object({ coin: assetSymbol, pid }),
};
