import './i18n';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../components/format';
import { earnOverviewQueries } from './api';

/**
 * The home page header's earn figure for a signed-in user: the overview's total in USDT (the server's
 * answer, the same figure /earn leads with), linking to /earn. Loaded lazily, after the first paint.
 */
export default function HeaderEarn() {
  const { t } = useTranslation();
  const q = useQuery(earnOverviewQueries.overview());
  if (q.isError) return null;
  return (
    <Anchor component={Link} to="/earn" c="white" underline="hover" data-testid="header-earn">
      <Stack gap={2} align="flex-end">
        <Text size="xs" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em', opacity: 0.85 }}>
          {t('eo.header.title')}
        </Text>
        {q.data ? (
          <Text fw={700} fz={{ base: 22, sm: 28 }} lh={1.2} className="num" data-testid="header-earn-total">
            {formatAmount(q.data.total_usdt, 2, 2)} USDT
          </Text>
        ) : (
          <Skeleton h={30} w={140} />
        )}
        <Text size="xs" style={{ opacity: 0.85 }}>
          {t('eo.header.link')}
        </Text>
      </Stack>
    </Anchor>
  );
}
