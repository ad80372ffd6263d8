import { MAX_RATE_FRACTION, MAX_RATE_PERCENT } from '@earn/domain';
import type { ApiBody } from '../../../api/types';
import type { FieldOption, FieldSpec, FormValues, SpecsFor } from './fields';

/**
 * The record forms of every product line, field by field as the operator routes name them
 * (simple-earn/admin.ts, launch-pool/admin-routes.ts, staking/products.ts, wealth, soft-staking and
 * dual routes). Every rate is entered and shown in percent. On the wire simple earn's rates and the
 * fee rates are fractions (0.05 = 5 %), marked `fraction` (`fractionKeys` inside JSON) and converted
 * by forms/percent.ts; staking's, launch pool's and soft staking's are percents already.
 */

const opt = (value: string | number, label: string): FieldOption => ({ value: String(value), label });
const raw = (value: string): FieldOption => ({ value, label: value, raw: true });

const openClosed = [opt(1, 'admin.opt.open'), opt(0, 'admin.opt.closed')];
const onlineOffline = [opt('online', 'admin.opt.online'), opt('offline', 'admin.opt.offline')];

/** The unit of a field that counts in the record's own coin. */
const coinOf =
  (key: string) =>
  (v: FormValues): string =>
    String(v[key] ?? '').toUpperCase();

const days = 'admin.unit.days';
/** The highest rates the operator routes take (packages/domain product rules). */
const FRACTION_MAX = MAX_RATE_FRACTION;
const PERCENT_MAX = MAX_RATE_PERCENT;
const percent = '%';

export const flexibleSpecs: SpecsFor<
  | ApiBody<'/admin/api/simple-earn/flexible-products'>
  | ApiBody<'/admin/api/simple-earn/flexible-products/{asset}', 'put'>
> = [
  { key: 'asset', label: 'admin.f.asset', kind: 'asset', required: true, createOnly: true },
  {
    key: 'next_time_rate_year',
    label: 'admin.f.next_time_rate_year',
    kind: 'decimal',
    places: 8,
    required: true,
    fraction: true,
    max: FRACTION_MAX,
    impact: true,
  },
  {
    key: 'min_lend_amount',
    label: 'admin.f.min_lend_amount',
    kind: 'decimal',
    places: 18,
    positive: true,
    required: true,
    unit: coinOf('asset'),
  },
  {
    key: 'borrow_demand',
    label: 'admin.f.borrow_demand',
    kind: 'decimal',
    places: 18,
    required: true,
    unit: coinOf('asset'),
  },
  // The bounds of the users' minimum-APR dialog are percents, unlike the rates.
  {
    key: 'max_lend_rate_year',
    label: 'admin.f.max_lend_rate_year',
    kind: 'decimal',
    places: 8,
    max: PERCENT_MAX,
    unit: percent,
  },
  {
    key: 'limit_min_lend_rate_year',
    label: 'admin.f.limit_min_lend_rate_year',
    kind: 'decimal',
    places: 8,
    max: PERCENT_MAX,
    unit: percent,
  },
  {
    key: 'ext_award_rate_year',
    label: 'admin.f.ext_award_rate_year',
    kind: 'decimal',
    places: 8,
    fraction: true,
    max: FRACTION_MAX,
  },
  {
    key: 'ext_award_limit',
    label: 'admin.f.ext_award_limit',
    kind: 'decimal',
    places: 18,
    unit: coinOf('asset'),
  },
  { key: 'award_asset', label: 'admin.f.award_asset', kind: 'asset', nullable: true },
  { key: 'is_open_award_pool', label: 'admin.f.is_open_award_pool', kind: 'bool' },
  { key: 'status', label: 'admin.f.status', kind: 'select', options: openClosed, numeric: true },
  { key: 'sort', label: 'admin.f.sort', kind: 'int' },
  {
    key: 'ladder_apr',
    label: 'admin.f.ladder_apr',
    kind: 'json',
    ladder: true,
    fractionKeys: ['apr'],
    places: 8,
    help: 'admin.help.ladder',
    wide: true,
  },
];

export const fixedSpecs: SpecsFor<
  | ApiBody<'/admin/api/simple-earn/fixed-products'>
  | ApiBody<'/admin/api/simple-earn/fixed-products/{id}', 'put'>
> = [
  { key: 'asset', label: 'admin.f.asset', kind: 'asset', required: true, createOnly: true },
  {
    key: 'type',
    label: 'admin.f.fixed_type',
    kind: 'select',
    numeric: true,
    options: [opt(1, 'admin.opt.fixed.1'), opt(2, 'admin.opt.fixed.2'), opt(3, 'admin.opt.fixed.3')],
  },
  {
    key: 'year_rate',
    label: 'admin.f.year_rate',
    kind: 'decimal',
    places: 8,
    required: true,
    fraction: true,
    max: FRACTION_MAX,
    impact: true,
  },
  {
    key: 'lock_up_period',
    label: 'admin.f.lock_up_period',
    kind: 'int',
    minInt: 1,
    maxInt: 3650,
    required: true,
    unit: days,
  },
  {
    key: 'total_quota',
    label: 'admin.f.total_quota',
    kind: 'decimal',
    places: 18,
    positive: true,
    required: true,
    unit: coinOf('asset'),
  },
  {
    key: 'min_lend_amount',
    label: 'admin.f.min_lend_amount',
    kind: 'decimal',
    places: 18,
    positive: true,
    required: true,
    unit: coinOf('asset'),
  },
  {
    key: 'user_max_lend_volume',
    label: 'admin.f.user_max_lend_volume',
    kind: 'decimal',
    places: 18,
    unit: coinOf('asset'),
    help: 'admin.help.zeroNoLimit',
  },
  { key: 'min_vip', label: 'admin.f.min_vip', kind: 'int', minInt: 0, maxInt: 16 },
  { key: 'max_vip', label: 'admin.f.max_vip', kind: 'int', minInt: 0, maxInt: 16 },
  { key: 'start_time', label: 'admin.f.start_time', kind: 'time', required: true },
  { key: 'end_time', label: 'admin.f.end_time', kind: 'time', nullable: true },
  { key: 'reinvest', label: 'admin.f.reinvest', kind: 'flag' },
  { key: 'redeem_account', label: 'admin.f.redeem_account', kind: 'flag' },
  { key: 'pre_redeem', label: 'admin.f.pre_redeem', kind: 'flag' },
  { key: 'bonus_asset', label: 'admin.f.bonus_asset', kind: 'asset', nullable: true },
  { key: 'title', label: 'admin.f.title', kind: 'text', maxLength: 120 },
  { key: 'subtitle', label: 'admin.f.subtitle', kind: 'text', maxLength: 240 },
  { key: 'status', label: 'admin.f.status', kind: 'select', options: openClosed, numeric: true },
  {
    key: 'special_users',
    label: 'admin.f.special_users',
    kind: 'ids',
    help: 'admin.help.ids',
    wide: true,
  },
  {
    key: 'ladder_apr',
    label: 'admin.f.ladder_apr',
    kind: 'json',
    ladder: true,
    fractionKeys: ['apr'],
    places: 8,
    help: 'admin.help.ladder',
    wide: true,
  },
];

export const voucherSpecs: SpecsFor<ApiBody<'/admin/api/simple-earn/vouchers'>> = [
  {
    key: 'user',
    label: 'admin.f.user',
    kind: 'text',
    required: true,
    maxLength: 254,
    help: 'admin.help.userRef',
  },
  { key: 'title', label: 'admin.f.title', kind: 'text', required: true, maxLength: 120 },
  {
    key: 'rate_day',
    label: 'admin.f.rate_day',
    kind: 'int',
    minInt: 1,
    maxInt: 3650,
    required: true,
    unit: days,
  },
  {
    key: 'rate_ratio',
    label: 'admin.f.rate_ratio',
    kind: 'decimal',
    places: 8,
    positive: true,
    required: true,
    unit: percent,
  },
  { key: 'buy_limit_low', label: 'admin.f.buy_limit_low', kind: 'decimal', places: 18 },
  {
    key: 'buy_limit_high',
    label: 'admin.f.buy_limit_high',
    kind: 'decimal',
    places: 18,
    help: 'admin.help.zeroNoLimit',
  },
  {
    key: 'using_currency',
    label: 'admin.f.using_currency',
    kind: 'text',
    maxLength: 200,
    help: 'admin.help.coins',
  },
  { key: 'expired_timest', label: 'admin.f.expired_timest', kind: 'time', required: true },
];

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

const flag01 = (key: string) => (row: Record<string, unknown>) => row[key] === 1 || row[key] === true;

/** A staking product and each of its protocols take the same reward terms: the fields, spelled once. */
const stakingRewardFields: FieldSpec<'reward_coin' | 'rate' | 'base_rate'>[] = [
  { key: 'reward_coin', label: 'admin.f.reward_coin', kind: 'asset', required: true, createOnly: true },
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
  {
    key: 'base_rate',
    label: 'admin.f.base_rate',
    kind: 'decimal',
    places: 8,
    max: PERCENT_MAX,
    unit: percent,
  },
];
const incomeDaysField: FieldSpec<'income_days'> = {
  key: 'income_days',
  label: 'admin.f.income_days',
  kind: 'int',
  minInt: 0,
  maxInt: 3650,
  unit: days,
};
/** In the product's coin; a protocol's form has no coin of its own to name, so no unit there. */
const personalLimitField: FieldSpec<'personal_mortgage_limit'> = {
  key: 'personal_mortgage_limit',
  label: 'admin.f.personal_mortgage_limit',
  kind: 'decimal',
  places: 8,
  unlimited: true,
};

export const stakingSpecs: SpecsFor<
  ApiBody<'/admin/api/staking/products'> | ApiBody<'/admin/api/staking/products/{id}', 'put'>
> = [
  { key: 'coin', label: 'admin.f.coin', kind: 'asset', required: true, createOnly: true },
  {
    key: 'type',
    label: 'admin.f.staking_type',
    kind: 'select',
    numeric: true,
    required: true,
    options: [opt(0, 'admin.opt.staking.0'), opt(1, 'admin.opt.staking.1'), opt(2, 'admin.opt.staking.2')],
  },
  ...stakingRewardFields,
  {
    key: 'most_rate',
    label: 'admin.f.most_rate',
    kind: 'decimal',
    places: 8,
    max: PERCENT_MAX,
    unit: percent,
  },
  {
    key: 'min_mortgage_amount',
    label: 'admin.f.min_mortgage_amount',
    kind: 'decimal',
    places: 8,
    unit: coinOf('coin'),
  },
  {
    key: 'min_redeem_amount',
    label: 'admin.f.min_redeem_amount',
    kind: 'decimal',
    places: 8,
    unit: coinOf('coin'),
  },
  { ...personalLimitField, unit: coinOf('coin') },
  { key: 'is_crowd', label: 'admin.f.is_crowd', kind: 'bool', read: flag01('is_crowd') },
  {
    key: 'crowd_mortgage_limit',
    label: 'admin.f.crowd_mortgage_limit',
    kind: 'decimal',
    places: 8,
    unlimited: true,
    unit: coinOf('coin'),
  },
  {
    key: 'reward_delay_days',
    label: 'admin.f.reward_delay_days',
    kind: 'int',
    minInt: -1,
    maxInt: 3650,
    unit: days,
  },
  { key: 'interest_days', label: 'admin.f.interest_days', kind: 'int', minInt: 0, maxInt: 3650, unit: days },
  incomeDaysField,
  { key: 'borrow_support', label: 'admin.f.borrow_support', kind: 'bool', read: flag01('borrow_support') },
  {
    key: 'extra.redeem_fee',
    label: 'admin.f.redeem_fee',
    kind: 'decimal',
    places: 8,
    max: '1',
    fraction: true,
  },
  { key: 'precision', label: 'admin.f.precision', kind: 'int', minInt: 0, maxInt: 8 },
  { key: 'tips', label: 'admin.f.tips', kind: 'textarea', maxLength: 1000, wide: true },
  { key: 'status', label: 'admin.f.status', kind: 'select', options: onlineOffline },
  {
    key: 'defi',
    label: 'admin.f.defi',
    kind: 'json',
    fractionKeys: ['reward.fee_rate'],
    places: 8,
    help: 'admin.help.defi',
    wide: true,
    createOnly: true,
  },
];

export const protocolSpecs: SpecsFor<
  ApiBody<'/admin/api/staking/products/{id}/protocols'> | ApiBody<'/admin/api/staking/protocols/{id}', 'put'>
> = [
  { key: 'protocol_name', label: 'admin.f.protocol_name', kind: 'text', required: true, maxLength: 64 },
  ...stakingRewardFields,
  incomeDaysField,
  personalLimitField,
];

export const campaignSpecs: SpecsFor<ApiBody<'/admin/api/staking/products/{id}/campaigns'>> = [
  { key: 'pid', label: 'admin.f.campaign_pid', kind: 'int', minInt: 0, help: 'admin.help.campaignPid' },
  { key: 'reward_coin', label: 'admin.f.reward_coin', kind: 'asset', required: true },
  {
    key: 'max_interest',
    label: 'admin.f.max_interest',
    kind: 'decimal',
    places: 8,
    max: '1',
    fraction: true,
  },
  { key: 'start_time', label: 'admin.f.start_time', kind: 'time', required: true },
  { key: 'end_time', label: 'admin.f.end_time', kind: 'time', required: true },
  {
    key: 'interest',
    label: 'admin.f.interest_tiers',
    kind: 'json',
    required: true,
    fractionKeys: ['money_rate'],
    places: 8,
    help: 'admin.help.tiers',
    wide: true,
  },
];

export const wealthSpecs: SpecsFor<
  ApiBody<'/admin/api/wealth/products'> | ApiBody<'/admin/api/wealth/products/{pid}', 'put'>
> = [
  {
    key: 'project_type',
    label: 'admin.f.project_type',
    kind: 'select',
    numeric: true,
    required: true,
    createOnly: true,
    options: [opt(4, 'admin.opt.wealth.4'), opt(5, 'admin.opt.wealth.5')],
  },
  { key: 'name', label: 'admin.f.name', kind: 'text', required: true, maxLength: 120 },
  { key: 'coin', label: 'admin.f.coin', kind: 'asset', required: true, createOnly: true },
  {
    key: 'nav',
    label: 'admin.f.first_nav',
    kind: 'decimal',
    places: 8,
    positive: true,
    required: true,
    createOnly: true,
  },
  { key: 'min_purchase', label: 'admin.f.min_purchase', kind: 'decimal', places: 8, unit: coinOf('coin') },
  { key: 'vip_min_tier', label: 'admin.f.vip_min_tier', kind: 'int', minInt: 0, maxInt: 16 },
  { key: 'show_interest', label: 'admin.f.show_interest', kind: 'bool', read: flag01('show_interest') },
  { key: 'status', label: 'admin.f.status', kind: 'select', options: onlineOffline },
  { key: 'disclaimer', label: 'admin.f.disclaimer', kind: 'text', maxLength: 500, wide: true },
  { key: 'description', label: 'admin.f.description', kind: 'textarea', maxLength: 4000, wide: true },
];

export const navSpecs: SpecsFor<ApiBody<'/admin/api/wealth/products/{pid}/nav'>> = [
  { key: 'nav', label: 'admin.f.nav', kind: 'decimal', places: 8, positive: true, required: true },
];

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

export const DUAL_STATUSES = [
  'INIT',
  'PROCESSING',
  'SETTLEMENT_PROCESSING',
  'SETTLEMENT_SUCCESS',
  'REFUND_PROCESSING',
  'REFUND_SUCCESS',
  'CANCELED',
  'FAILED',
  'EARLY_REDEEM_PROCESSING',
  'EARLY_REDEEM_SUCCESS',
];

export const dualStatusSpecs: SpecsFor<ApiBody<'/admin/api/dual/orders/{id}', 'put'>> = [
  { key: 'status', label: 'admin.f.status', kind: 'select', required: true, options: DUAL_STATUSES.map(raw) },
  { key: 'settle_coin', label: 'admin.f.settle_coin', kind: 'asset', nullable: true },
  {
    key: 'settle_amount',
    label: 'admin.f.settle_amount',
    kind: 'decimal',
    places: 8,
    nullable: true,
    unit: coinOf('settle_coin'),
  },
];

export const priceSpecs: SpecsFor<ApiBody<'/admin/api/prices/{asset}', 'put'>, 'asset'> = [
  { key: 'asset', label: 'admin.f.asset', kind: 'asset', required: true, createOnly: true },
  {
    key: 'usdt',
    label: 'admin.f.price_usdt',
    kind: 'decimal',
    places: 18,
    positive: true,
    required: true,
    unit: 'USDT',
    read: (row) => row.price_usdt,
  },
  { key: 'name', label: 'admin.f.asset_name', kind: 'text', maxLength: 64 },
  { key: 'precision', label: 'admin.f.precision', kind: 'int', minInt: 0, maxInt: 18 },
];

/** The operator's guard on rate changes: the APR ceiling (percent) above which a rate is confirmed twice. */
export const rateSettingsSpecs: SpecsFor<ApiBody<'/admin/api/settings/rates', 'put'>> = [
  {
    key: 'rate_ceiling_percent',
    label: 'admin.f.rate_ceiling_percent',
    kind: 'decimal',
    places: 2,
    positive: true,
    max: PERCENT_MAX,
    required: true,
    unit: percent,
  },
];

/** Users' security settings an operator may change at run time. */
export const securitySettingsSpecs: SpecsFor<ApiBody<'/admin/api/settings/security', 'put'>> = [
  { key: 'fundpass_before_first_move', label: 'admin.f.fundpass_before_first_move', kind: 'bool' },
];

export const ACCOUNT_MODE_OPTIONS = [
  opt('classic', 'admin.opt.mode.classic'),
  opt('multi_currency', 'admin.opt.mode.multi_currency'),
  opt('single_currency', 'admin.opt.mode.single_currency'),
];

export const userSettingsSpecs: SpecsFor<ApiBody<'/admin/api/users/{user}', 'put'>> = [
  { key: 'vip_tier', label: 'admin.f.vip_tier', kind: 'int', minInt: 0, maxInt: 16, required: true },
  {
    key: 'trading_volume_60d',
    label: 'admin.f.trading_volume_60d',
    kind: 'decimal',
    places: 8,
    required: true,
    unit: 'USDT',
  },
  {
    key: 'account_mode',
    label: 'admin.f.account_mode',
    kind: 'select',
    options: ACCOUNT_MODE_OPTIONS,
    required: true,
  },
  { key: 'locked', label: 'admin.f.locked', kind: 'bool' },
  { key: 'use_funding', label: 'admin.f.use_funding', kind: 'bool' },
  { key: 'first_open', label: 'admin.f.first_open', kind: 'bool' },
  {
    key: 'compliance_menu',
    label: 'admin.f.compliance_menu',
    kind: 'json',
    help: 'admin.help.complianceMenu',
    wide: true,
  },
  {
    key: 'compliance_business',
    label: 'admin.f.compliance_business',
    kind: 'json',
    help: 'admin.help.complianceBusiness',
    wide: true,
  },
];

/** A simulated deposit or withdrawal of a user's spot balance; the user is the page's. */
export const movementSpecs: SpecsFor<
  ApiBody<'/admin/api/deposits' | '/admin/api/withdrawals' | '/admin/api/loans' | '/admin/api/loans/repay'>
> = [
  { key: 'asset', label: 'admin.f.asset', kind: 'asset', required: true },
  {
    key: 'amount',
    label: 'admin.f.amount',
    kind: 'decimal',
    places: 18,
    positive: true,
    required: true,
    unit: coinOf('asset'),
  },
];
