import type { ApiBody } from '../../../../api/types';
import type { FieldSpec, SpecsFor } from '../fields';
import { coinOf, days, flag01, onlineOffline, opt, PERCENT_MAX, percent } from './shared';

/** Staking: products, protocols, campaigns. */
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
