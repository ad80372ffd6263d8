import { Badge, Button, Code, Group, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adminQueries } from '../api/queries';
import type { AuditRecord } from '../api/types';
import { CodeLabel } from '../components/CodeLabel';
import { CursorPager, useCursorPages } from '../components/CursorPager';
import { DataTable } from '../components/DataTable';
import { formatUtc } from '../components/format';
import { PageHeader } from '../components/PageHeader';

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** A record's fields, before and after, side by side (a creation has no before, a removal no after). */
export function AuditChange({ record }: { record: AuditRecord }) {
  const { t } = useTranslation();
  const keys = [...new Set([...Object.keys(record.before ?? {}), ...Object.keys(record.after ?? {})])];
  return (
    <div data-testid={`audit-change-${record.id}`}>
      {keys.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('admin.audit.noFields')}
        </Text>
      ) : (
        <Table fz="xs" withTableBorder maw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.review.field')}</Table.Th>
              <Table.Th>{t('admin.review.before')}</Table.Th>
              <Table.Th>{t('admin.review.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((k) => (
              <Table.Tr key={k} data-field={k}>
                <Table.Td>
                  <Code>{k}</Code>
                </Table.Td>
                <Table.Td c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {record.before ? show(record.before[k]) : '—'}
                </Table.Td>
                <Table.Td fw={600} style={{ wordBreak: 'break-all' }}>
                  {record.after ? show(record.after[k]) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t('admin.audit.requestLine', { request: record.request_id ?? '—', address: record.address ?? '—' })}
      </Text>
    </div>
  );
}

/** The audit trail of every operator write, newest first, filtered by actor or target. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor') ?? '';
  const target = params.get('target') ?? '';
  const [actorInput, setActorInput] = useState(actor);
  const [targetInput, setTargetInput] = useState(target);
  const pages = useCursorPages();
  const q = useQuery({
    ...adminQueries.audit(actor, target, typeof pages.cursor === 'number' ? pages.cursor : null),
    placeholderData: keepPreviousData,
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    pages.reset();
    const next: Record<string, string> = {};
    if (actorInput.trim()) next.actor = actorInput.trim();
    if (targetInput.trim()) next.target = targetInput.trim();
    setParams(next);
  };
  return (
    <>
      <PageHeader title={t('admin.nav.audit')} intro={t('admin.audit.intro')} />
      <form onSubmit={apply}>
        <Group gap="xs" mb="md" align="flex-end">
          <TextInput
            label={t('admin.audit.actor')}
            placeholder={t('admin.audit.actorPlaceholder')}
            value={actorInput}
            onChange={(e) => setActorInput(e.currentTarget.value)}
            w={260}
            data-testid="audit-actor"
          />
          <TextInput
            label={t('admin.audit.target')}
            placeholder={t('admin.audit.targetPlaceholder')}
            value={targetInput}
            onChange={(e) => setTargetInput(e.currentTarget.value)}
            w={260}
            data-testid="audit-target"
          />
          <Button type="submit" data-testid="audit-apply">
            {t('admin.audit.apply')}
          </Button>
          {(actor || target) && (
            <Button
              variant="subtle"
              onClick={() => {
                setActorInput('');
                setTargetInput('');
                pages.reset();
                setParams({});
              }}
            >
              {t('admin.audit.clear')}
            </Button>
          )}
        </Group>
      </form>
      <DataTable
        caption={t('admin.nav.audit')}
        testId="audit-table"
        rows={q.data?.list}
        rowKey={(r) => String(r.id)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('admin.audit.none')}
        minWidth={900}
        expand={(r) => <AuditChange record={r} />}
        columns={[
          {
            key: 'at',
            title: t('admin.audit.at'),
            render: (r) => <span className="num">{formatUtc(r.at)}</span>,
          },
          { key: 'actor', title: t('admin.audit.actor'), render: (r) => r.actor },
          {
            key: 'role',
            title: t('admin.audit.role'),
            render: (r) => (
              <Badge variant="light" color="gray">
                {t(`admin.role.${r.role}`, { defaultValue: r.role })}
              </Badge>
            ),
          },
          {
            key: 'action',
            title: t('admin.audit.action'),
            render: (r) => <CodeLabel family="action" code={r.action} />,
          },
          { key: 'target', title: t('admin.audit.target'), render: (r) => <Code>{r.target}</Code> },
          {
            key: 'fields',
            title: t('admin.audit.fields'),
            render: (r) => Object.keys(r.after ?? r.before ?? {}).join(', ') || '—',
          },
        ]}
      />
      <CursorPager
        page={pages.page}
        nextCursor={q.data?.next_cursor}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </>
  );
}
