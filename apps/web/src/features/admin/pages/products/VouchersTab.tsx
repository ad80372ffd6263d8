import { Button, Group, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import { DataTable } from '../../components/DataTable';
import { Amount, formatUtc } from '../../components/format';
import { WriteButton } from '../../components/WriteButton';
import { formBody } from '../../forms/fields';
import { RecordForm } from '../../forms/RecordForm';
import { voucherSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';

/** Rate-up vouchers: a user's list (by id or email), and granting one. */
export function VouchersTab() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [user, setUser] = useState('');
  const q = useQuery(adminQueries.vouchers(user));
  const d = useRecordDialog<never>();
  const find = (e: FormEvent) => {
    e.preventDefault();
    setUser(input.trim());
  };
  const defaults = useMemo(() => ({ user, buy_limit_low: '0', buy_limit_high: '0' }), [user]);
  return (
    <>
      <Group justify="space-between" mb="md" align="flex-end">
        <form onSubmit={find}>
          <Group gap="xs" align="flex-end">
            <TextInput
              label={t('admin.vouchers.user')}
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              placeholder={t('admin.help.userRef')}
              w={280}
              data-testid="vouchers-user"
            />
            <Button type="submit" variant="default">
              {t('admin.vouchers.show')}
            </Button>
          </Group>
        </form>
        <WriteButton area="catalogue" onClick={d.create} testId="voucher-create">
          {t('admin.vouchers.grant')}
        </WriteButton>
      </Group>
      {user ? (
        <DataTable
          caption={t('admin.tab.vouchers')}
          testId="vouchers-table"
          rows={q.data}
          rowKey={(v) => String(v.id)}
          loading={q.isPending}
          error={q.error}
          onRetry={() => void q.refetch()}
          emptyText={t('admin.vouchers.none')}
          columns={[
            { key: 'id', title: 'ID', render: (v) => v.id },
            { key: 'title', title: t('admin.f.title'), render: (v) => v.title },
            {
              key: 'ratio',
              title: t('admin.f.rate_ratio'),
              align: 'right',
              render: (v) => `${v.rate_ratio} %`,
            },
            {
              key: 'days',
              title: t('admin.f.rate_day'),
              align: 'right',
              render: (v) => t('admin.daysCount', { count: v.rate_day }),
            },
            {
              key: 'limits',
              title: t('admin.vouchers.limits'),
              align: 'right',
              render: (v) => (
                <>
                  <Amount value={v.buy_limit_low} unit="" /> –{' '}
                  {v.buy_limit_high === '0' ? (
                    t('admin.unlimited')
                  ) : (
                    <Amount value={v.buy_limit_high} unit="" />
                  )}
                </>
              ),
            },
            {
              key: 'coins',
              title: t('admin.f.using_currency'),
              render: (v) => v.using_currency || t('admin.vouchers.anyCoin'),
            },
            {
              key: 'expires',
              title: t('admin.f.expired_timest'),
              render: (v) => formatUtc(v.expired_timest),
            },
            {
              key: 'used',
              title: t('admin.vouchers.used'),
              render: (v) =>
                v.used_order_id ? t('admin.vouchers.usedBy', { id: v.used_order_id }) : t('admin.no'),
            },
          ]}
        />
      ) : (
        <DataTable
          caption={t('admin.tab.vouchers')}
          rows={[]}
          rowKey={() => ''}
          columns={[]}
          emptyText={t('admin.vouchers.pick')}
        />
      )}
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={t('admin.vouchers.grant')}
        specs={voucherSpecs}
        subject={(wire) => t('admin.subject.voucher', { user: wire.user ?? user })}
        mode="create"
        defaults={defaults}
        area="catalogue"
        invalidate={[adminKeys.vouchers(user)]}
        submit={(body, idempotencyKey) => {
          const ref = String(body.user);
          // A numeric reference is the user's id; the server takes either.
          return adminSend('post', '/admin/api/simple-earn/vouchers', {
            body: formBody({ ...body, user: /^\d+$/.test(ref) ? Number(ref) : ref }),
            idempotencyKey,
          });
        }}
        submitLabel={t('admin.vouchers.grantShort')}
        testId="voucher-form"
      />
    </>
  );
}
