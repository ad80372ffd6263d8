import { Alert, Badge, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiBody, ApiData } from '../../../api/types';
import { adminSend } from '../api/http';
import { adminKeys, adminQueries } from '../api/queries';
import type { OperatorAccount } from '../api/types';
import { DataTable } from '../components/DataTable';
import { formatUtc } from '../components/format';
import { PageHeader } from '../components/PageHeader';
import { RowActions } from '../components/RowActions';
import { WriteButton } from '../components/WriteButton';
import type { SpecsFor } from '../forms/fields';
import { formBody } from '../forms/fields';
import { RecordForm } from '../forms/RecordForm';
import { useRecordDialog } from '../forms/useRecordDialog';
import { ROLE_COLORS } from '../layout/AdminLayout';

const roles = [
  { value: 'viewer', label: 'admin.role.viewer' },
  { value: 'operator', label: 'admin.role.operator' },
  { value: 'admin', label: 'admin.role.admin' },
];

const operatorSpecs: SpecsFor<ApiBody<'/admin/api/operators'> | ApiBody<'/admin/api/operators/{id}', 'put'>> =
  [
    {
      key: 'email',
      label: 'admin.login.email',
      kind: 'text',
      required: true,
      maxLength: 254,
      createOnly: true,
    },
    { key: 'role', label: 'admin.operators.role', kind: 'select', required: true, options: roles },
    { key: 'disabled', label: 'admin.operators.disabled', kind: 'bool', editOnly: true },
  ];

const DEFAULTS = { role: 'viewer' };

function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" w={120}>
        {label}
      </Text>
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy}>
            {copied ? t('admin.operators.copied') : t('admin.operators.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** Operator accounts (admin only): create with a one-time password and TOTP secret, change role, disable. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.operators());
  const d = useRecordDialog<OperatorAccount>();
  const [created, setCreated] = useState<ApiData<'/admin/api/operators', 'post'> | null>(null);
  const row = d.dialog?.row ?? null;
  return (
    <>
      <PageHeader
        title={t('admin.nav.operators')}
        intro={t('admin.operators.intro')}
        actions={
          <WriteButton area="admin" onClick={d.create} testId="operator-create">
            {t('admin.operators.create')}
          </WriteButton>
        }
      />
      {created && (
        <Alert
          color="yellow"
          variant="light"
          mb="md"
          withCloseButton
          onClose={() => setCreated(null)}
          title={t('admin.operators.createdTitle', { email: created.email })}
          data-testid="operator-created"
        >
          <Stack gap={6}>
            <Text size="sm">{t('admin.operators.createdOnce')}</Text>
            <Secret label={t('admin.login.password')} value={created.password} testId="operator-password" />
            <Secret
              label={t('admin.operators.secret')}
              value={created.totp_secret}
              testId="operator-secret"
            />
            <Secret
              label={t('admin.operators.otpauth')}
              value={created.otpauth_url}
              testId="operator-otpauth"
            />
          </Stack>
        </Alert>
      )}
      <DataTable
        caption={t('admin.nav.operators')}
        testId="operators-table"
        rows={q.data}
        rowKey={(o) => String(o.id)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        columns={[
          { key: 'id', title: 'ID', render: (o) => o.id },
          { key: 'email', title: t('admin.login.email'), render: (o) => o.email },
          {
            key: 'role',
            title: t('admin.operators.role'),
            render: (o) => (
              <Badge color={ROLE_COLORS[o.role]} variant="light">
                {t(`admin.role.${o.role}`)}
              </Badge>
            ),
          },
          {
            key: 'state',
            title: t('admin.f.status'),
            render: (o) =>
              o.disabled ? (
                <Badge color="red" variant="light">
                  {t('admin.operators.disabled')}
                </Badge>
              ) : (
                t('admin.operators.active')
              ),
          },
          { key: 'created', title: t('admin.users.created'), render: (o) => formatUtc(o.created_at) },
          { key: 'login', title: t('admin.operators.lastLogin'), render: (o) => formatUtc(o.last_login_at) },
        ]}
        actions={(o) => (
          <RowActions
            id={`operator-${o.id}`}
            area="admin"
            onEdit={() => d.edit(o)}
            open={!o.disabled}
            onToggle={() => d.act(o, { disabled: !o.disabled })}
            toggleText={o.disabled ? t('admin.operators.enable') : t('admin.operators.disable')}
          />
        )}
      />
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={
          d.dialog?.mode === 'create'
            ? t('admin.operators.create')
            : t('admin.operators.edit', { email: row?.email ?? '' })
        }
        specs={operatorSpecs}
        mode={d.dialog?.mode ?? 'edit'}
        row={row}
        preset={d.dialog?.preset}
        reviewFirst={d.dialog?.reviewFirst}
        defaults={DEFAULTS}
        area="admin"
        invalidate={[adminKeys.operators]}
        submit={async (body, idempotencyKey) => {
          if (d.dialog?.mode === 'create') {
            setCreated(
              await adminSend('post', '/admin/api/operators', { body: formBody(body), idempotencyKey }),
            );
            return;
          }
          await adminSend('put', '/admin/api/operators/{id}', {
            params: { id: String(row?.id) },
            body: formBody(body),
            idempotencyKey,
          });
        }}
        testId="operator-form"
      />
    </>
  );
}
