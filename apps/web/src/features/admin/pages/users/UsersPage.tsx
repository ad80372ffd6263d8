import { Anchor, Badge, Button, Group, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminQueries } from '../../api/queries';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { DataTable } from '../../components/DataTable';
import { formatUtc } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';

/** Finds users by id or part of an email, newest first. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [input, setInput] = useState(q);
  const pages = useCursorPages();
  const navigate = useNavigate();
  const list = useQuery({ ...adminQueries.users(q, pages.cursor), placeholderData: keepPreviousData });
  const search = (e: FormEvent) => {
    e.preventDefault();
    pages.reset();
    setParams(input.trim() ? { q: input.trim() } : {});
  };
  return (
    <>
      <PageHeader title={t('admin.nav.users')} intro={t('admin.users.intro')} />
      <form onSubmit={search}>
        <Group gap="xs" mb="md" align="flex-end">
          <TextInput
            label={t('admin.users.find')}
            placeholder={t('admin.users.findPlaceholder')}
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            w={340}
            data-testid="users-search"
          />
          <Button type="submit" data-testid="users-search-submit">
            {t('admin.users.search')}
          </Button>
          {/^\d+$/.test(input.trim()) && (
            <Button variant="default" onClick={() => navigate(`/admin/users/${input.trim()}`)}>
              {t('admin.users.open', { id: input.trim() })}
            </Button>
          )}
        </Group>
      </form>
      <DataTable
        caption={t('admin.nav.users')}
        testId="users-table"
        rows={list.data?.list}
        rowKey={(u) => String(u.id)}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={q ? t('admin.users.noMatch', { q }) : t('admin.state.empty')}
        columns={[
          { key: 'id', title: 'ID', render: (u) => u.id },
          {
            key: 'email',
            title: t('admin.users.email'),
            render: (u) => (
              <Anchor
                component={Link}
                to={`/admin/users/${u.id}`}
                size="sm"
                data-testid={`user-link-${u.id}`}
              >
                {u.email}
              </Anchor>
            ),
          },
          { key: 'vip', title: t('admin.f.vip_tier'), align: 'right', render: (u) => u.vip_tier },
          {
            key: 'mode',
            title: t('admin.f.account_mode'),
            render: (u) => t(`admin.opt.mode.${u.account_mode}`),
          },
          {
            key: 'locked',
            title: t('admin.f.locked'),
            render: (u) =>
              u.locked ? (
                <Badge color="red" variant="light">
                  {t('admin.users.locked')}
                </Badge>
              ) : (
                t('admin.no')
              ),
          },
          { key: 'created', title: t('admin.users.created'), render: (u) => formatUtc(u.created_at) },
        ]}
      />
      <CursorPager
        page={pages.page}
        nextCursor={list.data?.next_cursor}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </>
  );
}
