import {
  assetSymbol,
  ladderIssues,
  leftRightBands,
  orderIssues,
  type ProductIssue,
  rateFraction,
  ratePercent,
  SIMPLE_EARN_OPEN_END,
  storedAmount,
  storedPositiveAmount,
  unixTime,
  windowIssues,
} from '@earn/domain';
import { z } from 'zod';
import { amountCol, type Codec, col, rates, refuse, unixCol, valuesOf } from '../../accounts/operators/patch';
import { findUserByRef } from '../../accounts/users';
import type { Db } from '../../infra/db/client';
import { seFixedProducts, seFlexProducts, seVouchers } from '../../infra/db/schema';
import { i18nInput, storedI18n, variantText } from '../../infra/http/texts';
import { errors } from '../../kernel/errors';
import { requireAsset } from '../../market/assets';

/**
 * Simple earn's operator catalogue: the creation schemas (edits are built from them by
 * operator/patch.ts), the column mapping of each field, and the rules a product keeps as a whole.
 *
 * A ladder tier is `{ left, right, apr }`; the last tier may be open-ended, written `right: ""`, in
 * the flexible and the fixed product alike. Tiers ascend and touch (each `left` is the `right` before).
 */

const tier = z.object({
  left: storedAmount(18),
  right: z.union([z.literal(SIMPLE_EARN_OPEN_END), storedAmount(18)]),
  apr: rateFraction(8),
});
const ladder = z.array(tier).max(10);
const sort = z.number().int().min(-1_000_000).max(1_000_000);

export const flexShape = {
  asset: assetSymbol,
  min_lend_amount: storedPositiveAmount(18),
  next_time_rate_year: rateFraction(8),
  borrow_demand: storedAmount(18),
  ladder_apr: ladder.default([]),
  ext_award_rate_year: rateFraction(8).default('0'),
  ext_award_limit: storedAmount(18).default('0'),
  award_asset: assetSymbol.nullable().default(null),
  is_open_award_pool: z.boolean().default(false),
  /** Percent bounds of the minimum-APR dialog. */
  limit_min_lend_rate_year: ratePercent(8).default('0'),
  max_lend_rate_year: ratePercent(8).default('5'),
  status: z.number().int().min(0).max(1).default(1),
  sort: sort.default(0),
};
export const flexInput = z.object(flexShape);
export type FlexInput = z.input<typeof flexInput>;

export const fixedShape = {
  asset: assetSymbol,
  type: z.number().int().min(1).max(3).default(1),
  min_vip: z.number().int().min(0).max(16).default(0),
  max_vip: z.number().int().min(0).max(16).default(0),
  lock_up_period: z.number().int().min(1).max(3650),
  year_rate: rateFraction(8),
  total_quota: storedPositiveAmount(18),
  min_lend_amount: storedPositiveAmount(18),
  user_max_lend_volume: storedAmount(18).default('0'),
  start_time: unixTime(),
  end_time: unixTime().nullable().default(null),
  reinvest: z.number().int().min(0).max(1).default(1),
  redeem_account: z.number().int().min(0).max(1).default(1),
  pre_redeem: z.number().int().min(0).max(1).default(0),
  bonus_asset: assetSymbol.nullable().default(null),
  ladder_apr: ladder.default([]),
  title: z.string().max(120).default(''),
  subtitle: z.string().max(240).default(''),
  special_users: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(10_000).default([]),
  status: z.number().int().min(0).max(1).default(1),
  i18n: i18nInput({ title: variantText(120), subtitle: variantText(240) }).optional(),
};
export const fixedInput = z.object(fixedShape);
export type FixedInput = z.input<typeof fixedInput>;

export const voucherInput = z.object({
  user: z.union([z.number().int().positive(), z.string().min(1).max(254)]),
  title: z.string().min(1).max(120),
  rate_day: z.number().int().min(1).max(3650),
  rate_ratio: storedPositiveAmount(8),
  buy_limit_low: storedAmount(18).default('0'),
  buy_limit_high: storedAmount(18).default('0'),
  using_currency: z.string().max(200).default(''),
  expired_timest: unixTime().refine((t) => t > 0, 'expired_timest must be after 1970'),
});
export type VoucherInput = z.input<typeof voucherInput>;

type FlexRow = typeof seFlexProducts.$inferSelect;
type FixedRow = typeof seFixedProducts.$inferSelect;

export const flexCodec: Codec<FlexRow> = {
  min_lend_amount: amountCol('minLendAmount'),
  next_time_rate_year: rates(amountCol('nextTimeRateYear'), 'fraction'),
  borrow_demand: amountCol('borrowDemand'),
  ladder_apr: rates(col('ladderApr'), 'fraction', ['*.apr']),
  ext_award_rate_year: rates(amountCol('extAwardRateYear'), 'fraction'),
  ext_award_limit: amountCol('extAwardLimit'),
  award_asset: col('awardAsset'),
  is_open_award_pool: col('isOpenAwardPool'),
  limit_min_lend_rate_year: amountCol('limitMinLendRateYear'),
  max_lend_rate_year: amountCol('maxLendRateYear'),
  status: col('status'),
  sort: col('sort'),
};

export const fixedCodec: Codec<FixedRow> = {
  type: col('type'),
  min_vip: col('minVip'),
  max_vip: col('maxVip'),
  lock_up_period: col('lockUpPeriod'),
  year_rate: rates(amountCol('yearRate'), 'fraction'),
  total_quota: amountCol('totalQuota'),
  min_lend_amount: amountCol('minLendAmount'),
  user_max_lend_volume: amountCol('userMaxLendVolume'),
  start_time: unixCol('startTime'),
  end_time: unixCol('endTime'),
  reinvest: col('reinvest'),
  redeem_account: col('redeemAccount'),
  pre_redeem: col('preRedeem'),
  bonus_asset: col('bonusAsset'),
  ladder_apr: rates(col('ladderApr'), 'fraction', ['*.apr']),
  title: col('title'),
  subtitle: col('subtitle'),
  special_users: col('specialUsers'),
  status: col('status'),
  i18n: col('i18n'),
};

type Tier = z.output<typeof tier>;
const str = (v: unknown) => String(v ?? '0');

/** A flexible product as a whole: its ladder, and the minimum-APR dialog's bounds in order. */
export function flexIssues(p: Record<string, unknown>): ProductIssue[] {
  return [
    ...ladderIssues('ladder_apr', leftRightBands((p.ladder_apr ?? []) as Tier[])),
    ...orderIssues(
      'limit_min_lend_rate_year',
      str(p.limit_min_lend_rate_year),
      'max_lend_rate_year',
      str(p.max_lend_rate_year),
    ),
  ];
}

/**
 * A fixed product as a whole: its ladder, its VIP range, its sale window, and a minimum subscription
 * that the quota and the per-user cap (0: none) can hold.
 */
export function fixedIssues(p: Record<string, unknown>): ProductIssue[] {
  const userCap = str(p.user_max_lend_volume);
  return [
    ...ladderIssues('ladder_apr', leftRightBands((p.ladder_apr ?? []) as Tier[])),
    ...orderIssues('min_vip', Number(p.min_vip), 'max_vip', Number(p.max_vip)),
    ...windowIssues('start_time', Number(p.start_time), 'end_time', (p.end_time ?? null) as number | null),
    ...orderIssues('min_lend_amount', str(p.min_lend_amount), 'total_quota', str(p.total_quota)),
    ...(userCap === '0'
      ? []
      : orderIssues('min_lend_amount', str(p.min_lend_amount), 'user_max_lend_volume', userCap)),
  ];
}

export async function createFlexProduct(db: Db, input: FlexInput) {
  const v = flexInput.parse(input);
  refuse(flexIssues(v));
  await requireAsset(db, v.asset);
  if (v.award_asset) await requireAsset(db, v.award_asset);
  const [row] = await db
    .insert(seFlexProducts)
    .values({ ...valuesOf(flexCodec, v), asset: v.asset } as typeof seFlexProducts.$inferInsert)
    .onConflictDoNothing()
    .returning();
  if (!row) throw errors.conflict(`A flexible ${v.asset} product exists; edit it instead`);
  return row;
}

export async function createFixedProduct(db: Db, input: FixedInput, at: Date) {
  const v = fixedInput.parse(input);
  refuse(fixedIssues(v));
  await requireAsset(db, v.asset);
  if (v.bonus_asset) await requireAsset(db, v.bonus_asset);
  const [row] = await db
    .insert(seFixedProducts)
    .values({
      ...valuesOf(fixedCodec, v),
      i18n: storedI18n(v.i18n),
      asset: v.asset,
      createdAt: at,
    } as typeof seFixedProducts.$inferInsert)
    .returning();
  if (!row) throw new Error('fixed product not inserted');
  return row;
}

export async function grantVoucher(db: Db, input: VoucherInput, at: Date) {
  const v = voucherInput.parse(input);
  const user = await findUserByRef(db, v.user);
  refuse(
    v.buy_limit_high === '0'
      ? []
      : orderIssues('buy_limit_low', v.buy_limit_low, 'buy_limit_high', v.buy_limit_high),
  );
  const [row] = await db
    .insert(seVouchers)
    .values({
      userId: user.id,
      title: v.title,
      rateDay: v.rate_day,
      rateRatio: v.rate_ratio,
      buyLimitLow: v.buy_limit_low,
      buyLimitHigh: v.buy_limit_high,
      usingCurrency: v.using_currency.toUpperCase(),
      expiredAt: new Date(v.expired_timest * 1000),
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('voucher not inserted');
  return row;
}
