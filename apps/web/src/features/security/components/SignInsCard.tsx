import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { QueryState } from '../../../components/query-state/QueryState';
import { formatDate } from '../../../i18n';
import { deviceLabel, SIGN_IN_PAGE, type SignInEvent, securityQueries } from '../api/index';

const outcomeColor = (o: SignInEvent['outcome']) =>
  o === 'ok' ? 'teal' : o === 'totp_required' ? 'blue' : o === 'throttled' ? 'orange' : 'red';

function Outcome({ e }: { e: SignInEvent }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={outcomeColor(e.outcome)} data-outcome={e.outcome}>
      {t(`security.outcome.${e.outcome}`)}
    </Badge>
  );
}

/** Every sign-in try for this account, newest first; the list grows by a page with "show more". */
export function SignInsCard() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [limit, setLimit] = useState(SIGN_IN_PAGE);
  const history = useQuery({ ...securityQueries.signIns(limit), placeholderData: keepPreviousData });
  const list = history.data?.list ?? [];
  const more = (history.data?.total ?? 0) > list.length;
  return (
    <Card withBorder padding="lg" className="surface" data-testid="security-history">
      <Title order={2} size="h4" mb="sm">
        {t('security.history.title')}
      </Title>
      <QueryState queries={history} compact loading={<Skeleton h={80} />} data-testid="sign-ins">
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('security.history.empty')}
          </Text>
        ) : mobile ? (
          <Stack gap="xs">
            {list.map((e) => (
              <Stack
                key={e.id}
                gap={2}
                py={6}
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">{formatDate(e.at, true)}</Text>
                  <Outcome e={e} />
                </Group>
                <Text size="xs" c="dimmed">
                  {t(`security.method.${e.method}`)} · {e.address ?? '—'} · {deviceLabel(e.device) ?? '—'}
                </Text>
              </Stack>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="xs" data-testid="sign-in-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('security.history.time')}</Table.Th>
                  <Table.Th>{t('security.history.result')}</Table.Th>
                  <Table.Th>{t('security.history.method')}</Table.Th>
                  <Table.Th>{t('security.sessions.address')}</Table.Th>
                  <Table.Th>{t('security.history.device')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatDate(e.at, true)}</Table.Td>
                    <Table.Td>
                      <Outcome e={e} />
                    </Table.Td>
                    <Table.Td>{t(`security.method.${e.method}`)}</Table.Td>
                    <Table.Td>{e.address ?? '—'}</Table.Td>
                    <Table.Td title={e.device ?? undefined}>{deviceLabel(e.device) ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {more && (
        <Button
          variant="subtle"
          mt="sm"
          onClick={() => setLimit((l) => Math.min(l + SIGN_IN_PAGE, 100))}
          loading={history.isFetching}
        >
          {t('security.history.more')}
        </Button>
      )}
    </Card>
  );
}
