import {
  assetSymbol,
  dec,
  ladderIssues,
  minMaxBands,
  orderIssues,
  type ProductIssue,
  rangesIssues,
  ratePercent,
  STAKING_PRODUCT_TYPES,
  storedAmount,
  UNLIMITED,
  unixTime,
  windowIssues,
} from '@earn/domain';
import { z } from 'zod';
import { amountCol, type Codec, col, group, mappedCol, rates } from '../../../accounts/operators/patch';
import type { stakingProducts, stakingProtocols } from '../../../infra/db/schema';
import { i18nInput, variantText } from '../../../infra/http/texts';

/**
 * The staking catalogue's operator schemas (edits are built from them by operator/patch.ts), the
 * column of each field and the rules a product keeps as a whole. Rates are percent a year; fee rates
 * and campaign tier rates are fractions. Caps take "-1" for unlimited, and so does the open end of a
 * campaign's last tier (`money_max`); tiers ascend and touch (each `money_min` is the `money_max` before).
 */

/** A cap: "-1" (unlimited) or a non-negative amount. */
const cap = z.union([z.literal(UNLIMITED), storedAmount(8)]);
const rate = ratePercent(8);
const fraction = storedAmount(8).refine((s) => dec(s).lte(1), {
  message: 'a fee rate is a fraction at most 1',
});
const days = z.number().int().min(-1).max(3650);
const sort = z.number().int().min(-1_000_000).max(1_000_000);

const tier = z.object({ money_min: storedAmount(8), money_max: cap, money_rate: fraction });

export const campaignInput = z.object({
  /** 0 or absent: the whole product; else the index (0-based) of a protocol in `defi` at creation, or a pid later. */
  pid: z.number().int().min(0).max(2_147_483_647).optional(),
  reward_coin: assetSymbol,
  max_interest: fraction.optional(),
  start_time: unixTime().refine((t) => t > 0, 'start_time must be after 1970'),
  end_time: unixTime().refine((t) => t > 0, 'end_time must be after 1970'),
  interest: z.array(tier).min(1).max(20),
  labels: z
    .array(
      z.object({
        label: z.string().max(64),
        value: z.string().max(64),
        rate: z.string().max(32),
        moneyMin: z.string().max(49),
      }),
    )
    .max(20)
    .default([]),
});

export const protocolFields = {
  protocol_name: z.string().trim().min(1).max(64),
  reward_coin: assetSymbol,
  rate,
  base_rate: rate.optional(),
  reward: z
    .object({
      reward_delay_days: days.default(1),
      interest_delay_days: days.default(0),
      fee_rate: fraction.default('0'),
    })
    .default({ reward_delay_days: 1, interest_delay_days: 0, fee_rate: '0' }),
  income_days: z.number().int().min(0).max(3650).default(0),
  personal_mortgage_limit: cap.default(UNLIMITED),
  sort: sort.default(0),
};
export const protocolInput = z.object(protocolFields);

const extraInput = z.object({
  redeem_period_txt: z.string().max(200).default(''),
  redeem_quick: z.union([z.literal(0), z.literal(1)]).default(0),
  redeem_quick_long: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(0),
  redeem_control: z.string().max(100).default('redeem'),
  redeem_minday: z.number().int().min(0).max(3650).default(0),
  redeem_maxday: z.number().int().min(0).max(3650).default(0),
  redeem_fee: fraction.default('0'),
  redeem_quick_fee: fraction.default('0'),
});

const faqList = z
  .array(
    z.object({
      ask: z.string().max(500),
      answer: z.string().max(4000),
      cate: z.string().max(64).default('faq'),
      unfold: z.boolean().default(false),
    }),
  )
  .max(50);

export const productFields = {
  type: z
    .number()
    .int()
    .refine((t) => (STAKING_PRODUCT_TYPES as readonly number[]).includes(t), 'type is 0, 1 or 2'),
  reward_coin: assetSymbol,
  rate,
  base_rate: rate.optional(),
  most_rate: rate.optional(),
  min_mortgage_amount: storedAmount(8).default('0'),
  min_redeem_amount: storedAmount(8).default('0'),
  personal_mortgage_limit: cap.default(UNLIMITED),
  is_crowd: z.boolean().default(false),
  crowd_mortgage_limit: cap.default(UNLIMITED),
  agreement: z.string().max(500).default('/docs/staking_user_agreement.pdf'),
  reward_delay_days: days.default(1),
  interest_days: z.number().int().min(0).max(3650).default(0),
  income_days: z.number().int().min(0).max(3650).default(0),
  borrow_support: z.boolean().default(false),
  extra: extraInput.default(extraInput.parse({})),
  redeem_config: z
    .object({ redeem_coin: assetSymbol.optional(), redeem_quick_daily: cap.default(UNLIMITED) })
    .default({ redeem_quick_daily: UNLIMITED }),
  vip_config: z
    .array(
      z.object({
        min_tier: z.number().int().min(0).max(16),
        max_tier: z.number().int().min(0).max(16),
        /** Percent off the redemption fees. */
        vip_sale: storedAmount(4).refine((s) => dec(s).lte(100), 'vip_sale is a percent at most 100'),
      }),
    )
    .max(20)
    .default([]),
  exchange_type: z.enum(['default', 'asset']).default('default'),
  /** The receipt token of an exchange_type 'asset' product (a listed asset, not the staked coin). */
  exchange_coin: assetSymbol.optional(),
  exchange_rate: storedAmount(18).default('1'),
  exchange_rate_reverse: storedAmount(18).default('1'),
  tips: z.string().max(1000).default(''),
  precision: z.number().int().min(0).max(8).default(8),
  protocol: z.string().max(200).default(''),
  debt: z
    .array(z.object({ coin: assetSymbol, rate, amount: storedAmount(8) }))
    .max(20)
    .default([]),
  faq: faqList.default([]),
  status: z.enum(['online', 'offline']).default('online'),
  sort: sort.default(0),
  /** Chinese tips, FAQ (the whole list) and redemption period text. */
  i18n: i18nInput({ tips: variantText(1000), redeem_period_txt: variantText(200), faq: faqList }).optional(),
};

export const productInput = z.object({
  coin: assetSymbol,
  ...productFields,
  defi: z.array(protocolInput).max(20).default([]),
  extra_interest: z.array(campaignInput).max(20).default([]),
});
export type ProductInput = z.infer<typeof productInput>;

/** What a product edit may change: not the coins (mortgage and reward), fixed once positions may exist. */
const { reward_coin: _rewardCoin, ...productFieldsButCoins } = productFields;
export const editableProductFields = productFieldsButCoins;

/** What a protocol edit may change: its name, rates, income days, personal limit and order. */
export const editableProtocolFields = {
  protocol_name: protocolFields.protocol_name,
  rate: protocolFields.rate,
  base_rate: protocolFields.base_rate,
  income_days: protocolFields.income_days,
  personal_mortgage_limit: protocolFields.personal_mortgage_limit,
  sort: protocolFields.sort,
};

type ProductRow = typeof stakingProducts.$inferSelect;
type ProtocolRow = typeof stakingProtocols.$inferSelect;

export const productCodec: Codec<ProductRow> = {
  type: col('type'),
  rate: rates(amountCol('rate'), 'percent'),
  base_rate: rates(amountCol('baseRate'), 'percent'),
  most_rate: rates(amountCol('mostRate'), 'percent'),
  min_mortgage_amount: amountCol('minMortgageAmount'),
  min_redeem_amount: amountCol('minRedeemAmount'),
  personal_mortgage_limit: amountCol('personalMortgageLimit'),
  is_crowd: col('crowd'),
  crowd_mortgage_limit: amountCol('crowdMortgageLimit'),
  agreement: col('agreement'),
  reward_delay_days: col('rewardDelayDays'),
  interest_days: col('interestDays'),
  income_days: col('incomeDays'),
  borrow_support: col('borrowSupport'),
  extra: group({
    redeem_period_txt: col('redeemPeriodTxt'),
    redeem_quick: mappedCol(
      'redeemQuick',
      (v) => v === 1,
      (v) => (v ? 1 : 0),
    ),
    redeem_quick_long: col('redeemQuickLongMinutes'),
    redeem_control: col('redeemControl'),
    redeem_minday: col('redeemMinDay'),
    redeem_maxday: col('redeemMaxDay'),
    redeem_fee: amountCol('redeemFee'),
    redeem_quick_fee: amountCol('redeemQuickFee'),
  }),
  redeem_config: group({
    redeem_coin: col('redeemCoin'),
    redeem_quick_daily: amountCol('redeemQuickDaily'),
  }),
  vip_config: col('vipConfig'),
  exchange_type: col('exchangeType'),
  exchange_coin: col('exchangeCoin'),
  exchange_rate: amountCol('exchangeRate'),
  exchange_rate_reverse: amountCol('exchangeRateReverse'),
  tips: col('tips'),
  precision: col('precision'),
  protocol: col('protocol'),
  debt: col('debtList'),
  faq: col('faq'),
  status: col('status'),
  sort: col('sort'),
  i18n: col('i18n'),
};

export const protocolCodec: Codec<ProtocolRow> = {
  protocol_name: col('protocolName'),
  reward_coin: col('rewardCoin'),
  rate: rates(amountCol('rate'), 'percent'),
  base_rate: rates(amountCol('baseRate'), 'percent'),
  reward: group({
    reward_delay_days: col('rewardDelayDays'),
    interest_delay_days: col('interestDelayDays'),
    fee_rate: amountCol('feeRate'),
  }),
  income_days: col('incomeDays'),
  personal_mortgage_limit: amountCol('personalMortgageLimit'),
  sort: col('sort'),
};

const limited = (v: unknown) => v !== undefined && v !== null && String(v) !== UNLIMITED;

/**
 * A product as a whole: a minimum stake its caps can take, the redemption window in order, and VIP
 * ranges ascending without overlap.
 */
export function productIssues(p: Record<string, unknown>): ProductIssue[] {
  const min = String(p.min_mortgage_amount ?? '0');
  const extra = (p.extra ?? {}) as { redeem_minday?: number; redeem_maxday?: number };
  const vip = (p.vip_config ?? []) as { min_tier: number; max_tier: number }[];
  return [
    ...(limited(p.personal_mortgage_limit)
      ? orderIssues('min_mortgage_amount', min, 'personal_mortgage_limit', String(p.personal_mortgage_limit))
      : []),
    ...(p.is_crowd && limited(p.crowd_mortgage_limit)
      ? orderIssues('min_mortgage_amount', min, 'crowd_mortgage_limit', String(p.crowd_mortgage_limit))
      : []),
    ...((extra.redeem_maxday ?? 0) > 0
      ? orderIssues(
          'extra.redeem_minday',
          extra.redeem_minday ?? 0,
          'extra.redeem_maxday',
          extra.redeem_maxday ?? 0,
        )
      : []),
    ...rangesIssues(
      'vip_config',
      vip.map((v) => ({ min: v.min_tier, max: v.max_tier })),
    ),
  ];
}

/** A campaign as a whole: its window, and its tiers as a ladder whose open end is money_max "-1". */
export function campaignIssues(c: z.infer<typeof campaignInput>, field = ''): ProductIssue[] {
  const at = (name: string) => (field ? `${field}.${name}` : name);
  return [
    ...windowIssues(at('start_time'), c.start_time, at('end_time'), c.end_time),
    ...ladderIssues(at('interest'), minMaxBands(c.interest)),
  ];
}
