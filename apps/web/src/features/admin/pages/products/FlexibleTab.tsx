import { useQuery } from '@tanstack/react-query';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { FlexProduct } from '../../api/types';
import { Amount, formatUtc, fractionAsPercent } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import type { Change } from '../../forms/fields';
import { formBody } from '../../forms/fields';
import type { ImpactRequest } from '../../forms/ImpactPanel';
import { flexibleSpecs } from '../../forms/specs';
import { type ProductLine, ProductTab } from './ProductTab';

/**
 * A live product's rate edits are previewed: holders, principal and the hour's interest (or bonus)
 * before and after.
 */
export function flexibleImpact(row: FlexProduct | null) {
  return (changes: Change[]): ImpactRequest[] => {
    if (row?.status !== 1) return [];
    const params = { asset: row.asset };
    const requests: ImpactRequest[] = [];
    const rate = changes.find((c) => c.spec.key === 'next_time_rate_year');
    if (rate)
      requests.push({
        path: '/admin/api/simple-earn/flexible-products/{asset}/impact',
        params,
        query: { next_time_rate_year: String(rate.after) },
        rateUnit: 'fraction',
      });
    const bonus = changes.find((c) => c.spec.key === 'ext_award_rate_year');
    if (bonus)
      requests.push({
        path: '/admin/api/simple-earn/flexible-products/{asset}/bonus-impact',
        params,
        query: { ext_award_rate_year: String(bonus.after) },
        title: 'admin.impact.bonusTitle',
        rateUnit: 'fraction',
      });
    return requests;
  };
}

const DEFAULTS = { status: 1, sort: 0, is_open_award_pool: false, ladder_apr: [] };

export const flexibleLine: ProductLine<FlexProduct> = {
  id: 'flexible',
  caption: 'admin.tab.flexible',
  createLabel: 'admin.products.createFlexible',
  editTitle: (t, row) => t('admin.products.editFlexible', { asset: row?.asset ?? '' }),
  useRows: () => useQuery(adminQueries.flexible()),
  rowKey: (r) => r.asset,
  search: (r) => [r.asset],
  columns: (t) => [
    { key: 'asset', title: t('admin.f.asset'), render: (r) => <strong>{r.asset}</strong> },
    {
      key: 'rate',
      title: t('admin.f.next_time_rate_year'),
      align: 'right',
      render: (r) => fractionAsPercent(r.next_time_rate_year),
    },
    {
      key: 'last',
      title: t('admin.products.lastRate'),
      align: 'right',
      render: (r) => fractionAsPercent(r.last_rate_year),
    },
    {
      key: 'supplied',
      title: t('admin.products.supplied'),
      align: 'right',
      render: (r) => <Amount value={r.last_supplied} unit={r.asset} />,
    },
    {
      key: 'demand',
      title: t('admin.f.borrow_demand'),
      align: 'right',
      render: (r) => <Amount value={r.borrow_demand} unit={r.asset} />,
    },
    {
      key: 'min',
      title: t('admin.f.min_lend_amount'),
      align: 'right',
      render: (r) => <Amount value={r.min_lend_amount} unit={r.asset} />,
    },
    { key: 'accrued', title: t('admin.products.accruedUntil'), render: (r) => formatUtc(r.accrued_until) },
    { key: 'status', title: t('admin.f.status'), render: (r) => <StatusBadge status={r.status} /> },
  ],
  isOpen: (r) => r.status === 1,
  toggle: (r) => ({ status: r.status === 1 ? 0 : 1 }),
  specs: flexibleSpecs,
  subject: (t, row, wire) => t('admin.subject.flexible', { asset: row?.asset ?? wire.asset ?? '' }),
  defaults: DEFAULTS,
  invalidate: [adminKeys.flexible, adminKeys.dashboard],
  impact: flexibleImpact,
  submit: (mode, row, body, idempotencyKey) =>
    mode === 'create'
      ? adminSend('post', '/admin/api/simple-earn/flexible-products', {
          body: formBody(body),
          idempotencyKey,
        })
      : adminSend('put', '/admin/api/simple-earn/flexible-products/{asset}', {
          params: { asset: String(row?.asset) },
          body: formBody(body),
          idempotencyKey,
        }),
};

export function FlexibleTab() {
  return <ProductTab line={flexibleLine} />;
}
