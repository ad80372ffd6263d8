import { useQuery } from '@tanstack/react-query';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { SoftStakingCoin } from '../../api/types';
import { Amount, amountOrUnlimited } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import type { Change } from '../../forms/fields';
import { formBody } from '../../forms/fields';
import type { ImpactRequest } from '../../forms/ImpactPanel';
import { softStakingSpecs } from '../../forms/specs';
import { type ProductLine, ProductTab } from './ProductTab';

const DEFAULTS = { status: 'online', min_amount: '0', max_amount: '-1' };

export const softStakingLine: ProductLine<SoftStakingCoin> = {
  id: 'soft',
  caption: 'admin.tab.softStaking',
  createLabel: 'admin.products.createSoft',
  editTitle: (t, row) => t('admin.products.editSoft', { coin: row?.coin ?? '' }),
  useRows: () => useQuery(adminQueries.softStaking()),
  rowKey: (r) => r.coin,
  search: (r) => [r.coin],
  columns: (t) => [
    { key: 'coin', title: t('admin.f.coin'), render: (r) => <strong>{r.coin}</strong> },
    { key: 'rate', title: t('admin.f.rate_percent'), align: 'right', render: (r) => `${r.rate} %` },
    {
      key: 'min',
      title: t('admin.f.min_amount'),
      align: 'right',
      render: (r) => <Amount value={r.min_amount} unit={r.coin} />,
    },
    {
      key: 'max',
      title: t('admin.f.max_amount'),
      align: 'right',
      render: (r) => amountOrUnlimited(r.max_amount, r.coin, t('admin.unlimited')),
    },
    { key: 'status', title: t('admin.f.status'), render: (r) => <StatusBadge status={r.status} /> },
  ],
  isOpen: (r) => r.status === 'online',
  toggle: (r) => ({ status: r.status === 'online' ? 'offline' : 'online' }),
  specs: softStakingSpecs,
  subject: (t, row, wire) => t('admin.subject.softStaking', { coin: row?.coin ?? wire.coin ?? '' }),
  defaults: DEFAULTS,
  invalidate: [adminKeys.softStaking, adminKeys.dashboard],
  impact:
    (row) =>
    (changes: Change[]): ImpactRequest[] => {
      const rate = changes.find((c) => c.spec.key === 'rate');
      if (row?.status !== 'online' || !rate) return [];
      return [
        {
          path: '/admin/api/soft-staking/coins/{coin}/impact',
          params: { coin: row.coin },
          query: { rate: String(rate.after) },
          rateUnit: '%',
        },
      ];
    },
  // One PUT creates or edits a coin's terms: the coin is in the path, a creation's from the form.
  submit: (mode, row, body, idempotencyKey) => {
    const coin = mode === 'create' ? String(body.coin) : row?.coin;
    const { coin: _, ...rest } = body;
    return adminSend('put', '/admin/api/soft-staking/coins/{coin}', {
      params: { coin: String(coin) },
      body: formBody(rest),
      idempotencyKey,
    });
  },
};

export function SoftStakingTab() {
  return <ProductTab line={softStakingLine} />;
}
