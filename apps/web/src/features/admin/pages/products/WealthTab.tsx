import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { WealthProduct } from '../../api/types';
import { Amount, formatUtc } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { WriteButton } from '../../components/WriteButton';
import { formBody } from '../../forms/fields';
import { RecordForm } from '../../forms/RecordForm';
import { navSpecs, wealthSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';
import { type ProductLine, ProductTab } from './ProductTab';

const DEFAULTS = {
  project_type: 4,
  status: 'online',
  show_interest: true,
  vip_min_tier: 0,
  min_purchase: '0',
};

export const wealthLine: ProductLine<WealthProduct> = {
  id: 'wealth',
  caption: 'admin.tab.wealth',
  createLabel: 'admin.products.createWealth',
  editTitle: (t, row) => t('admin.products.editWealth', { name: row?.name ?? '' }),
  useRows: () => useQuery(adminQueries.wealth()),
  rowKey: (r) => String(r.pid),
  search: (r) => [r.pid, r.name, r.coin],
  minWidth: 900,
  columns: (t) => [
    { key: 'pid', title: 'ID', render: (r) => r.pid },
    { key: 'name', title: t('admin.f.name'), render: (r) => <strong>{r.name}</strong> },
    {
      key: 'type',
      title: t('admin.f.project_type'),
      render: (r) => <Badge variant="light">{t(`admin.opt.wealth.${r.project_type}`)}</Badge>,
    },
    { key: 'coin', title: t('admin.f.coin'), render: (r) => r.coin },
    {
      key: 'nav',
      title: t('admin.f.nav'),
      align: 'right',
      render: (r) => (r.net_value_ratio ? <Amount value={r.net_value_ratio} unit={r.coin} /> : '—'),
    },
    { key: 'navAt', title: t('admin.wealth.navAt'), render: (r) => formatUtc(r.net_value_time) },
    {
      key: 'min',
      title: t('admin.f.min_purchase'),
      align: 'right',
      render: (r) => <Amount value={r.min_purchase} unit={r.coin} />,
    },
    { key: 'status', title: t('admin.f.status'), render: (r) => <StatusBadge status={r.status} /> },
  ],
  isOpen: (r) => r.status === 'online',
  toggle: (r) => ({ status: r.status === 'online' ? 'offline' : 'online' }),
  specs: wealthSpecs,
  defaults: DEFAULTS,
  invalidate: [adminKeys.wealth, adminKeys.dashboard],
  submit: (mode, row, body, idempotencyKey) =>
    mode === 'create'
      ? adminSend('post', '/admin/api/wealth/products', { body: formBody(body), idempotencyKey })
      : adminSend('put', '/admin/api/wealth/products/{pid}', {
          params: { pid: String(row?.pid) },
          body: formBody(body),
          idempotencyKey,
        }),
};

/** The wealth catalogue, with a product's NAV publishing beside its Edit. */
export function WealthTab() {
  const { t } = useTranslation();
  const nav = useRecordDialog<WealthProduct>();
  const navRow = nav.dialog?.row ?? null;
  // A NAV is a price in the product's coin, as the list shows it: the form and its review say which.
  const navSpecsOf = useMemo(() => navSpecs.map((s) => ({ ...s, unit: navRow?.coin ?? '' })), [navRow]);
  return (
    <ProductTab
      line={wealthLine}
      more={(r) => (
        <WriteButton
          area="catalogue"
          size="xs"
          variant="default"
          onClick={() => nav.setCreate(r)}
          testId={`wealth-${r.pid}-nav`}
        >
          {t('admin.wealth.publishNav')}
        </WriteButton>
      )}
    >
      <RecordForm
        opened={nav.dialog !== null}
        onClose={nav.close}
        title={t('admin.wealth.publishNavOf', { name: navRow?.name ?? '' })}
        specs={navSpecsOf}
        mode="create"
        area="catalogue"
        invalidate={[adminKeys.wealth, adminKeys.dashboard]}
        reviewNote={t('admin.wealth.navNote')}
        submit={(body, idempotencyKey) =>
          adminSend('post', '/admin/api/wealth/products/{pid}/nav', {
            params: { pid: String(navRow?.pid) },
            body: formBody(body),
            idempotencyKey,
          })
        }
        submitLabel={t('admin.wealth.publish')}
        testId="nav-form"
      />
    </ProductTab>
  );
}
