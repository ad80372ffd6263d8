import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { WealthProduct } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { Amount, formatUtc } from '../../components/format';
import { ListToolbar, matches } from '../../components/ListToolbar';
import { RowActions } from '../../components/RowActions';
import { StatusBadge } from '../../components/StatusBadge';
import { WriteButton } from '../../components/WriteButton';
import { formBody } from '../../forms/fields';
import { RecordForm } from '../../forms/RecordForm';
import { navSpecs, wealthSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';

const DEFAULTS = {
  project_type: 4,
  status: 'online',
  show_interest: true,
  vip_min_tier: 0,
  min_purchase: '0',
};

export function WealthTab() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.wealth());
  const [search, setSearch] = useState('');
  const d = useRecordDialog<WealthProduct>();
  const nav = useRecordDialog<WealthProduct>();
  const rows = matches(q.data, search, (r) => [r.pid, r.name, r.coin]);
  const row = d.dialog?.row ?? null;
  const navRow = nav.dialog?.row ?? null;
  // A NAV is a price in the product's coin, as the list shows it: the form and its review say which.
  const navSpecsOf = useMemo(() => navSpecs.map((s) => ({ ...s, unit: navRow?.coin ?? '' })), [navRow]);
  return (
    <>
      <ListToolbar search={search} onSearch={setSearch}>
        <WriteButton area="catalogue" onClick={d.create} testId="wealth-create">
          {t('admin.products.createWealth')}
        </WriteButton>
      </ListToolbar>
      <DataTable
        caption={t('admin.tab.wealth')}
        testId="wealth-table"
        rows={rows}
        rowKey={(r) => String(r.pid)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        minWidth={900}
        columns={[
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
        ]}
        actions={(r) => (
          <RowActions
            id={`wealth-${r.pid}`}
            onEdit={() => d.edit(r)}
            open={r.status === 'online'}
            onToggle={() => d.act(r, { status: r.status === 'online' ? 'offline' : 'online' })}
          >
            <WriteButton
              area="catalogue"
              size="xs"
              variant="default"
              onClick={() => nav.setCreate(r)}
              testId={`wealth-${r.pid}-nav`}
            >
              {t('admin.wealth.publishNav')}
            </WriteButton>
          </RowActions>
        )}
      />
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={
          d.dialog?.mode === 'create'
            ? t('admin.products.createWealth')
            : t('admin.products.editWealth', { name: row?.name ?? '' })
        }
        specs={wealthSpecs}
        mode={d.dialog?.mode ?? 'edit'}
        row={row as Record<string, unknown> | null}
        preset={d.dialog?.preset}
        reviewFirst={d.dialog?.reviewFirst}
        defaults={DEFAULTS}
        area="catalogue"
        invalidate={[adminKeys.wealth, adminKeys.dashboard]}
        submit={(body, idempotencyKey) =>
          d.dialog?.mode === 'create'
            ? adminSend('post', '/admin/api/wealth/products', { body: formBody(body), idempotencyKey })
            : adminSend('put', '/admin/api/wealth/products/{pid}', {
                params: { pid: String(row?.pid) },
                body: formBody(body),
                idempotencyKey,
              })
        }
        testId="wealth-form"
      />
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
    </>
  );
}
