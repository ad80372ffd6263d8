import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminQueries } from '../../api/queries';
import type { UserDetail } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { Amount } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { HistoryCard } from './HistoryCard';
import { PositionsCard } from './PositionsCard';
import { UserActions } from './UserActions';

function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function Summary({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const list = (xs: string[]) => (xs.length ? xs.join(', ') : t('admin.review.none'));
  return (
    <Card className="surface">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('admin.users.settings')}
        </Title>
        {user.locked && (
          <Badge color="red" variant="light" data-testid="user-locked">
            {t('admin.users.locked')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
        <Fact label={t('admin.f.vip_tier')} value={user.vip_tier} testId="user-vip" />
        <Fact
          label={t('admin.f.trading_volume_60d')}
          value={<Amount value={user.trading_volume_60d} unit="USDT" />}
        />
        <Fact
          label={t('admin.f.account_mode')}
          value={t(`admin.opt.mode.${user.account_mode}`)}
          testId="user-mode"
        />
        <Fact label={t('admin.f.locked')} value={user.locked ? t('admin.yes') : t('admin.no')} />
        <Fact label={t('admin.f.use_funding')} value={user.use_funding ? t('admin.yes') : t('admin.no')} />
        <Fact
          label={t('admin.users.fundpassMode')}
          value={t(`admin.opt.fundpass.${user.fundpass_mode}`, { defaultValue: user.fundpass_mode })}
          testId="user-fundpass-mode"
        />
        <Fact label={t('admin.f.compliance_menu')} value={list(user.compliance_menu)} />
        <Fact label={t('admin.f.compliance_business')} value={list(user.compliance_business)} />
      </SimpleGrid>
    </Card>
  );
}

function Balances({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const rows = [...user.balances].sort(
    (a, b) => a.asset.localeCompare(b.asset) || a.purpose.localeCompare(b.purpose),
  );
  return (
    <Card className="surface">
      <Title order={2} size="h4" mb="sm">
        {t('admin.users.balances')}
      </Title>
      <DataTable
        caption={t('admin.users.balances')}
        testId="user-balances"
        rows={rows}
        rowKey={(b) => `${b.asset}-${b.purpose}`}
        emptyText={t('admin.users.noBalances')}
        minWidth={420}
        columns={[
          { key: 'asset', title: t('admin.f.asset'), render: (b) => <strong>{b.asset}</strong> },
          {
            key: 'purpose',
            title: t('admin.users.account'),
            render: (b) => t(`admin.purpose.${b.purpose}`, { defaultValue: b.purpose }),
          },
          {
            key: 'balance',
            title: t('admin.users.balance'),
            align: 'right',
            render: (b) => <Amount value={b.balance} unit={b.asset} />,
          },
        ]}
      />
    </Card>
  );
}

/** One user: settings, balances, positions and history per line, and the admin's actions. */
export default function UserPage() {
  const { t } = useTranslation();
  const { user: ref = '' } = useParams();
  const q = useQuery(adminQueries.user(ref));
  return (
    <>
      <Anchor component={Link} to="/admin/users" size="sm">
        ← {t('admin.users.back')}
      </Anchor>
      <QueryState loading={q.isPending} error={q.error} onRetry={() => void q.refetch()} testId="user">
        {q.data && (
          <>
            <PageHeader
              title={<span data-testid="user-email">{q.data.email}</span>}
              intro={t('admin.users.idLine', { id: q.data.id })}
              actions={<UserActions user={q.data} />}
            />
            <Stack gap="lg">
              <Summary user={q.data} />
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
                <Balances user={q.data} />
                <PositionsCard userRef={String(q.data.id)} />
              </SimpleGrid>
              <HistoryCard userRef={String(q.data.id)} />
            </Stack>
          </>
        )}
      </QueryState>
    </>
  );
}
