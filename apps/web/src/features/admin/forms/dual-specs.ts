import { MAX_RATE_PERCENT } from '@earn/domain';
import type { ApiBody } from '../../../api/types';
import type { FieldOption, FormValues, SpecsFor } from './fields';

/**
 * The dual line's operator forms (lines/dual/routes/admin.ts): a product, fixed APR or quoted from its
 * pair's volatility and margin, and a pair's settings. Rates are percents on the wire.
 */

const coinOf =
  (key: string) =>
  (v: FormValues): string =>
    String(v[key] ?? '').toUpperCase();

const directions: FieldOption[] = [
  { value: 'sell_high', label: 'admin.dualp.sell_high' },
  { value: 'buy_low', label: 'admin.dualp.buy_low' },
];

export const dualProductSpecs: SpecsFor<ApiBody<'/admin/api/dual/products'>> = [
  {
    key: 'direction',
    label: 'admin.dualp.direction',
    kind: 'select',
    options: directions,
    required: true,
    help: 'admin.dualp.directionHelp',
  },
  { key: 'invest_coin', label: 'admin.dualp.investCoin', kind: 'asset', required: true },
  { key: 'exercise_coin', label: 'admin.dualp.exerciseCoin', kind: 'asset', required: true },
  {
    key: 'target_price',
    label: 'admin.dual.target',
    kind: 'decimal',
    places: 8,
    positive: true,
    required: true,
    unit: 'USDT',
  },
  {
    key: 'settle_time',
    label: 'admin.dualp.settleTime',
    kind: 'time',
    required: true,
    help: 'admin.dualp.settleHelp',
  },
  {
    key: 'min_amount',
    label: 'admin.f.min_amount',
    kind: 'decimal',
    places: 8,
    positive: true,
    required: true,
    unit: coinOf('invest_coin'),
  },
  {
    key: 'max_amount',
    label: 'admin.dualp.maxPerUser',
    kind: 'decimal',
    places: 8,
    positive: true,
    unit: coinOf('invest_coin'),
  },
  {
    key: 'total_quota',
    label: 'admin.dualp.totalQuota',
    kind: 'decimal',
    places: 8,
    positive: true,
    required: true,
    unit: coinOf('invest_coin'),
  },
  {
    key: 'apr',
    label: 'admin.dualp.fixedApr',
    kind: 'decimal',
    places: 2,
    max: MAX_RATE_PERCENT,
    unit: '%',
    help: 'admin.dualp.aprHelp',
  },
];

export const dualPairSpecs: SpecsFor<ApiBody<'/admin/api/dual/pairs/{coin}', 'put'>, 'base_coin'> = [
  { key: 'base_coin', label: 'admin.dualp.baseCoin', kind: 'asset', required: true, createOnly: true },
  {
    key: 'volatility',
    label: 'admin.dualp.volatility',
    kind: 'decimal',
    places: 4,
    positive: true,
    required: true,
    unit: '%',
  },
  { key: 'margin', label: 'admin.dualp.margin', kind: 'decimal', places: 4, required: true, unit: '%' },
];
