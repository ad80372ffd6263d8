import type { ApiBody } from '../../../../api/types';
import type { SpecsFor } from '../fields';
import { coinOf, onlineOffline, PERCENT_MAX, percent } from './shared';

/** Soft staking: a coin's terms. */
export const softStakingSpecs: SpecsFor<ApiBody<'/admin/api/soft-staking/coins/{coin}', 'put'>, 'coin'> = [
  { key: 'coin', label: 'admin.f.coin', kind: 'asset', required: true, createOnly: true },
  {
    key: 'rate',
    label: 'admin.f.rate_percent',
    kind: 'decimal',
    places: 8,
    required: true,
    max: PERCENT_MAX,
    unit: percent,
    impact: true,
  },
  { key: 'min_amount', label: 'admin.f.min_amount', kind: 'decimal', places: 8, unit: coinOf('coin') },
  {
    key: 'max_amount',
    label: 'admin.f.max_amount',
    kind: 'decimal',
    places: 8,
    unlimited: true,
    unit: coinOf('coin'),
  },
  { key: 'status', label: 'admin.f.status', kind: 'select', options: onlineOffline },
];
