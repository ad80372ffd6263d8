import '../i18n/register';
import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../components/format';
import { QueryState } from '../../../components/query-state/QueryState';
import { earnOverviewQueries } from '../api/index';

/**
 * The home page header's earn figure for a signed-in user: the overview's total in USDT (the server's
 * answer, the same figure /earn leads with), linking to /earn. Loaded lazily, after the first paint.
 */
export default function HeaderEarn() {
  const q = useQuery(earnOverviewQueries.overview());
  return (
    <QueryState
      queries={q}
      compact
      loading={<Skeleton h={30} w={140} />}
      // On the banner's gradient the panel needs the page's own background to be read.
      frame={(panel) => (
        <Paper p="xs" radius="md">
          {panel}
        </Paper>
      )}
      data-testid="header-earn"
    >
      {q.data && <Figure total={q.data.total_usdt} />}
    </QueryState>
  );
}

function Figure({ total }: { total: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/earn" c="white" underline="hover" data-testid="header-earn">
      <Stack gap={2} align="flex-end">
        <Text size="xs" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em', opacity: 0.85 }}>
          {t('eo.header.title')}
        </Text>
        <Text fw={700} fz={{ base: 22, sm: 28 }} lh={1.2} className="num" data-testid="header-earn-total">
          {formatAmount(total, 2, 2)} USDT
        </Text>
        <Text size="xs" style={{ opacity: 0.85 }}>
          {t('eo.header.link')}
        </Text>
      </Stack>
    </Anchor>
  );
}
