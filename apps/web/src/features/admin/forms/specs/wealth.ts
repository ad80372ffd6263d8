import type { ApiBody } from '../../../../api/types';
import type { SpecsFor } from '../fields';
import { coinOf, flag01, onlineOffline, opt } from './shared';

/** Wealth: products and their NAV. */
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
