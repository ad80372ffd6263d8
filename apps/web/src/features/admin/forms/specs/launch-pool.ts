import type { ApiBody } from '../../../../api/types';
import type { SpecsFor } from '../fields';
import { coinOf, opt, PERCENT_MAX, percent } from './shared';

/** Launch pool: projects, pools, further reward coins. */
const poolTypeOptions = [opt(0, 'admin.opt.pool.0'), opt(1, 'admin.opt.pool.1')];
const rateTypeOptions = [
  opt(1, 'admin.opt.rateType.1'),
  opt(2, 'admin.opt.rateType.2'),
  opt(3, 'admin.opt.rateType.3'),
];

export const projectSpecs: SpecsFor<ApiBody<'/admin/api/launch-pool/projects'>> = [
  { key: 'name', label: 'admin.f.name', kind: 'text', required: true, maxLength: 120 },
  { key: 'reward_coin', label: 'admin.f.project_coin', kind: 'asset', required: true },
  { key: 'icon', label: 'admin.f.icon', kind: 'text', maxLength: 500 },
  {
    key: 'start_timest',
    label: 'admin.f.start_time',
    kind: 'time',
    required: true,
    help: 'admin.help.wholeHour',
  },
  {
    key: 'end_timest',
    label: 'admin.f.end_time',
    kind: 'time',
    required: true,
    help: 'admin.help.wholeHour',
  },
  {
    key: 'pools',
    label: 'admin.f.pools',
    kind: 'json',
    required: true,
    help: 'admin.help.pools',
    wide: true,
  },
];

/**
 * A pool's fields; `reward_per_hour` and `coin` are set at creation (the reward is funded then), the
 * reward counted in the project's coin.
 */
export const poolSpecsFor = (
  projectCoin: string,
): SpecsFor<
  | ApiBody<'/admin/api/launch-pool/projects/{pid}/pools'>
  | ApiBody<'/admin/api/launch-pool/pools/{rid}', 'put'>
> => [
  { key: 'coin', label: 'admin.f.stake_coin', kind: 'asset', required: true, createOnly: true },
  {
    key: 'reward_per_hour',
    label: 'admin.f.reward_per_hour',
    kind: 'decimal',
    places: 8,
    required: true,
    createOnly: true,
    unit: projectCoin,
  },
  {
    key: 'personal_min_amount',
    label: 'admin.f.personal_min_amount',
    kind: 'decimal',
    places: 18,
    positive: true,
    required: true,
    unit: coinOf('coin'),
  },
  {
    key: 'personal_max_amount',
    label: 'admin.f.personal_max_amount',
    kind: 'decimal',
    places: 18,
    positive: true,
    required: true,
    unit: coinOf('coin'),
  },
  {
    key: 'buy_total_amount',
    label: 'admin.f.buy_total_amount',
    kind: 'decimal',
    places: 18,
    unlimited: true,
    required: true,
    unit: coinOf('coin'),
  },
  { key: 'decimal_place', label: 'admin.f.decimal_place', kind: 'int', minInt: 0, maxInt: 8, required: true },
  {
    key: 'rate_year',
    label: 'admin.f.rate_year_percent',
    kind: 'decimal',
    places: 8,
    required: true,
    max: PERCENT_MAX,
    unit: percent,
  },
  {
    key: 'rate_year_type',
    label: 'admin.f.rate_year_type',
    kind: 'select',
    numeric: true,
    options: rateTypeOptions,
    required: true,
  },
  {
    key: 'reward_pool_type',
    label: 'admin.f.reward_pool_type',
    kind: 'select',
    numeric: true,
    options: poolTypeOptions,
    required: true,
  },
  {
    key: 'limit_rule',
    label: 'admin.f.limit_rule',
    kind: 'int',
    minInt: 0,
    maxInt: 3650,
    help: 'admin.help.limitRule',
  },
  { key: 'vip_config', label: 'admin.f.vip_config', kind: 'json', nullable: true, wide: true },
  { key: 'simple_earn', label: 'admin.f.simple_earn', kind: 'json', nullable: true, wide: true },
  { key: 'transaction_config', label: 'admin.f.transaction_config', kind: 'json', wide: true },
];

/** A further reward coin of a multi-mining pool: funded with reward_per_hour × the project's hours. */
export const rewardCoinSpecs: SpecsFor<
  | ApiBody<'/admin/api/launch-pool/pools/{rid}/reward-coins'>
  | ApiBody<'/admin/api/launch-pool/pools/{rid}/reward-coins/{coin}', 'put'>
> = [
  { key: 'coin', label: 'admin.f.reward_coin', kind: 'asset', required: true, createOnly: true },
  {
    key: 'reward_per_hour',
    label: 'admin.f.reward_per_hour',
    kind: 'decimal',
    places: 8,
    positive: true,
    required: true,
    createOnly: true,
    unit: coinOf('coin'),
  },
  {
    key: 'rate_year',
    label: 'admin.f.rate_year_percent',
    kind: 'decimal',
    places: 8,
    required: true,
    max: PERCENT_MAX,
    unit: percent,
  },
];
