import { ACCOUNT_MODES, assetSymbol } from '@earn/domain';
import { z } from 'zod';
import { envelope } from '../infra/http/envelope';
import { decimalString } from '../infra/http/openapi';

/** GET /apiw/v2/unified/account_mode */
export const accountModeSchema = {
  tags: ['account'],
  summary: 'Account mode: classic, multi_currency or single_currency',
  response: {
    200: envelope(
      z.object({
        mode: z.enum(ACCOUNT_MODES),
        first_open: z.boolean(),
        settings: z.object({ use_funding: z.boolean() }),
      }),
    ),
  },
};

/** GET /api/web/v1/compliance/check */
export const complianceCheckSchema = {
  tags: ['account'],
  summary:
    "Features hidden for the user's region (operator-set): menu entries express, spot_trade, lend_earn",
  response: { 200: envelope(z.object({ business: z.array(z.string()), menu: z.array(z.string()) })) },
};

/** GET /api/web/v1/rebate/get_user_info */
export const referralInfoSchema = {
  tags: ['account'],
  summary: 'Referral identity for the share widget',
  response: { 200: envelope(z.object({ encrypted_uid: z.string(), kol_code: z.string() })) },
};

/** GET /api/web/v1/settings/get-currency-call-setting */
export const currencyCallSettingSchema = {
  tags: ['account'],
  summary: 'When a coin was listed (new_coin_start, unix seconds)',
  querystring: z.object({ symbol: assetSymbol }),
  response: { 200: envelope(z.object({ symbol: z.string(), new_coin_start: z.number() })) },
};

/** GET /apiw/v2/earn/borrow-coin-settings */
export const borrowCoinSettingsSchema = {
  tags: ['account'],
  summary: 'Whether a coin counts in full for launch pool or staking in a unified account (1 = supported)',
  querystring: z.object({ coin: assetSymbol.optional() }),
  response: {
    200: envelope(
      z.array(
        z.object({
          coin: z.string(),
          is_support_launchpool: z.number(),
          is_support_staking: z.number(),
        }),
      ),
    ),
  },
};

/** GET /api/web/v1/uniloan/lend-earn-coin-info */
export const lendEarnCoinInfoSchema = {
  tags: ['account'],
  summary: 'Whether a coin can be lent in simple earn, and how much of it the user can lend now',
  querystring: z.object({ coin: assetSymbol }),
  response: {
    200: envelope(
      z.object({
        coin: z.string(),
        is_support_lend_earn: z.number(),
        lend_earn_available: decimalString,
      }),
    ),
  },
};

/** POST /apiw/v2/account/spot/asset/outable */
export const spotOutableSchema = {
  tags: ['account'],
  summary:
    'Spot availability per asset. available: the spot balance; outable and lend_earn_available: less borrowed funds in a unified account',
  body: z.object({ assets: z.array(assetSymbol).min(1).max(100) }).passthrough(),
  response: {
    200: envelope(
      z.array(
        z.object({
          asset: z.string(),
          outable: decimalString,
          lend_earn_available: decimalString,
          available: decimalString,
          mode: z.enum(ACCOUNT_MODES),
        }),
      ),
    ),
  },
};

/** GET /apiw/v2/fixed_earn/api/user/lent/available */
export const lendAvailableSchema = {
  tags: ['account'],
  summary: 'What the user can lend of an asset now',
  querystring: z.object({ asset: assetSymbol }),
  response: { 200: envelope(z.object({ asset: z.string(), available: decimalString })) },
};

/** GET /apiw/v2/earn/launch-pool/get-user-loan-property */
export const loanPropertySchema = {
  tags: ['account'],
  summary: 'Borrowed amount per coin (unified accounts)',
  response: { 200: envelope(z.record(z.string(), z.string())) },
};

/** GET /apiw/v2/earn/launch-pool/user-stat */
export const userStatSchema = {
  tags: ['account'],
  summary: "The user's trading volume over the last 60 days, in USD",
  response: { 200: envelope(z.object({ user_60_day_transaction_amount: decimalString })) },
};

/** GET /apiw/v2/account/spot/trading/home */
export const tradingHomeSchema = {
  tags: ['account'],
  summary: 'Lock check: use_funding together with locked blocks subscribe and redeem',
  querystring: z.object({ market: z.string().max(32).optional() }),
  response: { 200: envelope(z.object({ use_funding: z.boolean(), locked: z.boolean() })) },
};

/** GET /apiw/v2/uni-loan/earn/user/vip */
export const vipTierSchema = {
  tags: ['account'],
  summary: "The user's VIP tier (0 = none)",
  response: { 200: envelope(z.object({ vip_tier: z.number(), tier: z.number() })) },
};

/** GET /api/web/v1/wallet/balances */
export const walletBalancesSchema = {
  tags: ['account'],
  summary: 'Spot balances with their USDT value',
  description:
    'usdt_value: available × the current price in cents (2 decimals) rounded down; total_usdt: their sum.',
  response: {
    200: envelope(
      z.object({
        list: z.array(z.object({ asset: z.string(), available: decimalString, usdt_value: decimalString })),
        total_usdt: decimalString,
      }),
    ),
  },
};

/** GET /apiw/v2/unified/maintenance_margin_rate */
export const maintenanceMarginRateSchema = {
  tags: ['account'],
  operationId: 'getMaintenanceMarginRate',
  summary: "A unified account's maintenance margin rate: 5 % of its loans' value over its equity",
  description:
    'equity_usdt is the spot balances less the loans, valued at current prices; maintenance_margin_rate is a ' +
    'fraction with 4 decimals rounded up, "0" without loans, and null for a classic account or when the loans ' +
    'outweigh the holdings (liquidation).',
  response: {
    200: envelope(
      z.object({
        mode: z.enum(ACCOUNT_MODES),
        maintenance_margin_rate: decimalString.nullable(),
        maintenance_margin_ratio: decimalString,
        equity_usdt: decimalString,
        liabilities_usdt: decimalString,
        maintenance_margin_usdt: decimalString,
      }),
    ),
  },
};
