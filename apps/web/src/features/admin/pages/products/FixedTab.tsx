import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { FixedProduct } from '../../api/types';
import { Amount, formatUtc, fractionAsPercent } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import type { Change } from '../../forms/fields';
import { formBody } from '../../forms/fields';
import type { ImpactRequest } from '../../forms/ImpactPanel';
import { fixedSpecs } from '../../forms/specs';
import { type ProductLine, ProductTab } from './ProductTab';

/** A live fixed product's rate applies to new and reinvested orders: the preview says what a day costs. */
export function fixedImpact(row: FixedProduct | null) {
  return (changes: Change[]): ImpactRequest[] => {
    const rate = changes.find((c) => c.spec.key === 'year_rate');
    if (row?.status !== 1 || !rate) return [];
    return [
      {
        path: '/admin/api/simple-earn/fixed-products/{id}/impact',
        params: { id: row.id },
        query: { year_rate: String(rate.after) },
        rateUnit: 'fraction',
      },
    ];
  };
}

const DEFAULTS = {
  type: 1,
  min_vip: 0,
  max_vip: 0,
  reinvest: 1,
  redeem_account: 1,
  pre_redeem: 0,
  status: 1,
  ladder_apr: [],
  special_users: [],
};

export const fixedLine: ProductLine<FixedProduct> = {
  id: 'fixed',
  caption: 'admin.tab.fixed',
  createLabel: 'admin.products.createFixed',
  editTitle: (t, row) => t('admin.products.editFixed', { id: row?.id ?? '' }),
  useRows: () => useQuery(adminQueries.fixed()),
  rowKey: (r) => String(r.id),
  search: (r) => [r.id, r.asset, r.title],
  minWidth: 980,
  columns: (t) => [
    { key: 'id', title: 'ID', render: (r) => r.id },
    { key: 'asset', title: t('admin.f.asset'), render: (r) => <strong>{r.asset}</strong> },
    {
      key: 'type',
      title: t('admin.f.fixed_type'),
      render: (r) => <Badge variant="light">{t(`admin.opt.fixed.${r.type}`)}</Badge>,
    },
    {
      key: 'days',
      title: t('admin.f.lock_up_period'),
      align: 'right',
      render: (r) => t('admin.daysCount', { count: r.lock_up_period }),
    },
    {
      key: 'rate',
      title: t('admin.f.year_rate'),
      align: 'right',
      render: (r) => fractionAsPercent(r.year_rate),
    },
    {
      key: 'sold',
      title: t('admin.products.soldOfQuota'),
      align: 'right',
      render: (r) => (
        <>
          <Amount value={r.sold_amount} unit="" />/ <Amount value={r.total_quota} unit={r.asset} />
        </>
      ),
    },
    { key: 'start', title: t('admin.f.start_time'), render: (r) => formatUtc(r.start_time) },
    {
      key: 'end',
      title: t('admin.f.end_time'),
      render: (r) => (r.end_time ? formatUtc(r.end_time) : t('admin.review.none')),
    },
    { key: 'status', title: t('admin.f.status'), render: (r) => <StatusBadge status={r.status} /> },
  ],
  isOpen: (r) => r.status === 1,
  toggle: (r) => ({ status: r.status === 1 ? 0 : 1 }),
  specs: fixedSpecs,
  subject: (t, row, wire) =>
    t('admin.subject.fixed', {
      asset: row?.asset ?? wire.asset ?? '',
      days: wire.lock_up_period ?? row?.lock_up_period ?? '',
    }),
  defaults: DEFAULTS,
  invalidate: [adminKeys.fixed, adminKeys.dashboard],
  impact: fixedImpact,
  submit: (mode, row, body, idempotencyKey) =>
    mode === 'create'
      ? adminSend('post', '/admin/api/simple-earn/fixed-products', { body: formBody(body), idempotencyKey })
      : adminSend('put', '/admin/api/simple-earn/fixed-products/{id}', {
          params: { id: String(row?.id) },
          body: formBody(body),
          idempotencyKey,
        }),
};

export function FixedTab() {
  return <ProductTab line={fixedLine} />;
}
