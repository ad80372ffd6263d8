import { ladderIssues, leftRightBands, orderIssues, type ProductIssue, windowIssues } from '@earn/domain';
import type { z } from 'zod';
import {
  amountCol,
  type Codec,
  col,
  rates,
  refuse,
  unixCol,
  valuesOf,
} from '../../../accounts/operators/patch';
import { findUserByRef } from '../../../accounts/users';
import type { Db } from '../../../infra/db/client';
import { storedI18n } from '../../../infra/http/texts';
import { errors } from '../../../kernel/errors';
import { requireAsset } from '../../../market/assets';
import type { FixedProduct, FlexProduct } from '../model';
import {
  type FixedInput,
  type FlexInput,
  fixedInput,
  flexInput,
  type tier,
  type VoucherInput,
  voucherInput,
} from '../schema/admin';
import { insertFixedProduct, insertFlexProduct, insertVoucher } from '../store/catalogue';

export const flexCodec: Codec<FlexProduct> = {
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

export const fixedCodec: Codec<FixedProduct> = {
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
  const row = await insertFlexProduct(db, { ...valuesOf(flexCodec, v), asset: v.asset });
  if (!row) throw errors.conflict(`A flexible ${v.asset} product exists; edit it instead`);
  return row;
}

export async function createFixedProduct(db: Db, input: FixedInput, at: Date) {
  const v = fixedInput.parse(input);
  refuse(fixedIssues(v));
  await requireAsset(db, v.asset);
  if (v.bonus_asset) await requireAsset(db, v.bonus_asset);
  return insertFixedProduct(db, {
    ...valuesOf(fixedCodec, v),
    i18n: storedI18n(v.i18n),
    asset: v.asset,
    createdAt: at,
  });
}

export async function grantVoucher(db: Db, input: VoucherInput, at: Date) {
  const v = voucherInput.parse(input);
  const user = await findUserByRef(db, v.user);
  refuse(
    v.buy_limit_high === '0'
      ? []
      : orderIssues('buy_limit_low', v.buy_limit_low, 'buy_limit_high', v.buy_limit_high),
  );
  return insertVoucher(db, {
    userId: user.id,
    title: v.title,
    rateDay: v.rate_day,
    rateRatio: v.rate_ratio,
    buyLimitLow: v.buy_limit_low,
    buyLimitHigh: v.buy_limit_high,
    usingCurrency: v.using_currency.toUpperCase(),
    expiredAt: new Date(v.expired_timest * 1000),
    createdAt: at,
  });
}
