import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../../api/typed';
import type { ApiBody, ApiItem } from '../../../../api/types';
import { adminSend } from '../../api/http';
import { DataTable } from '../../components/DataTable';
import { RowActions } from '../../components/RowActions';
import { WriteButton } from '../../components/WriteButton';
import type { SpecsFor } from '../../forms/fields';
import { formBody } from '../../forms/fields';
import { RecordForm } from '../../forms/RecordForm';
import { useRecordDialog } from '../../forms/useRecordDialog';

/** GET /admin/api/launch-pool/earn-more. */
type EarnMoreCard = ApiItem<'/admin/api/launch-pool/earn-more'>;

const KEY = ['admin', 'products', 'launch-pool', 'earn-more'] as const;
const cardsQuery = queryOptions({
  queryKey: KEY,
  queryFn: ({ signal }) => getData('/admin/api/launch-pool/earn-more', { signal }),
  select: (d) => d.list,
});

/** The fields of a card as the operator routes name them (launch-pool/admin-catalogue.ts). */
const cardSpecs: SpecsFor<
  ApiBody<'/admin/api/launch-pool/earn-more'> | ApiBody<'/admin/api/launch-pool/earn-more/{id}', 'put'>
> = [
  { key: 'coin', label: 'admin.f.asset', kind: 'asset', required: true, createOnly: true },
  { key: 'type', label: 'admin.em.type', kind: 'text', maxLength: 32, createOnly: true },
  {
    key: 'popup_msg',
    label: 'admin.em.message',
    kind: 'textarea',
    required: true,
    maxLength: 500,
    wide: true,
  },
  {
    key: 'popup_high_light',
    label: 'admin.em.highlights',
    kind: 'json',
    help: 'admin.em.highlightsHelp',
    wide: true,
  },
  { key: 'url', label: 'admin.em.url', kind: 'text', required: true, maxLength: 500, wide: true },
  { key: 'enabled', label: 'admin.em.enabled', kind: 'bool', editOnly: true },
];

/**
 * CandyDrop "want more" cards, which the launch pool shows a user after a stake: list, add, edit, and
 * show or hide (a hidden card stays listed here).
 */
export function EarnMoreCards() {
  const { t } = useTranslation();
  const q = useQuery(cardsQuery);
  const d = useRecordDialog<EarnMoreCard>();
  const row = d.dialog?.row ?? null;
  return (
    <Stack gap="sm" mt="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h4">
            {t('admin.em.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.em.intro')}
          </Text>
        </div>
        <WriteButton area="catalogue" onClick={d.create} testId="earn-more-create">
          {t('admin.em.create')}
        </WriteButton>
      </Group>
      <DataTable
        caption={t('admin.em.title')}
        testId="earn-more-table"
        rows={q.data}
        rowKey={(c) => String(c.id)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('admin.em.none')}
        minWidth={760}
        columns={[
          { key: 'id', title: 'ID', render: (c) => c.id },
          { key: 'coin', title: t('admin.f.asset'), render: (c) => <strong>{c.coin}</strong> },
          { key: 'msg', title: t('admin.em.message'), render: (c) => c.popup_msg },
          { key: 'url', title: t('admin.em.url'), render: (c) => c.url },
          {
            key: 'enabled',
            title: t('admin.f.status'),
            render: (c) => (
              <Badge variant="light" color={c.enabled ? 'teal' : 'gray'}>
                {t(c.enabled ? 'admin.em.shown' : 'admin.em.hidden')}
              </Badge>
            ),
          },
        ]}
        actions={(c) => (
          <RowActions id={`earn-more-${c.id}`} onEdit={() => d.edit(c)}>
            <WriteButton
              area="catalogue"
              size="xs"
              variant="default"
              onClick={() => d.act(c, { enabled: !c.enabled })}
              testId={`earn-more-${c.id}-toggle`}
            >
              {t(c.enabled ? 'admin.em.hide' : 'admin.em.show')}
            </WriteButton>
          </RowActions>
        )}
      />
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={d.dialog?.mode === 'create' ? t('admin.em.create') : t('admin.em.edit', { id: row?.id ?? '' })}
        specs={cardSpecs}
        mode={d.dialog?.mode ?? 'create'}
        row={d.dialog?.mode === 'edit' && row ? row : null}
        preset={d.dialog?.preset}
        reviewFirst={d.dialog?.reviewFirst}
        defaults={{ type: 'launchpool', popup_high_light: [] }}
        area="catalogue"
        invalidate={[KEY]}
        submit={(body, idempotencyKey) =>
          d.dialog?.mode === 'create'
            ? adminSend('post', '/admin/api/launch-pool/earn-more', {
                body: formBody(body),
                idempotencyKey,
              })
            : adminSend('put', '/admin/api/launch-pool/earn-more/{id}', {
                params: { id: String(row?.id) },
                body: formBody(body),
                idempotencyKey,
              })
        }
        testId="earn-more-form"
      />
    </Stack>
  );
}
