import type { ApiBody } from '../../../../api/types';
import type { SpecsFor } from '../fields';
import { coinOf, opt, PERCENT_MAX, percent } from './shared';

/** The console's own records: prices, settings, users, spot movements. */
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
