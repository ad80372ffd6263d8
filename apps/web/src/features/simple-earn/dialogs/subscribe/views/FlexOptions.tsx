import { Anchor, Box, Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pct } from '../../../format';

import type { SubscribeFlow } from '../useSubscribeFlow';

/** A flexible holding's settings: auto-earn and the minimum APR. */
export function FlexOptions({ flow }: { flow: SubscribeFlow }) {
  const { t } = useTranslation();
  const { detail, fixed, isLoggedIn, setMinAprOpen, setAutoEarn, flexHolding, autoStatus } = flow;
  return (
    <>
      {!fixed && isLoggedIn && (
        <Group justify="space-between" wrap="nowrap">
          <Box>
            <Text size="sm" fw={500}>
              {t('se.autoEarn')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('se.autoEarnDesc')}
            </Text>
          </Box>
          <Switch
            checked={autoStatus === 1}
            onChange={() => setAutoEarn({ asset: detail.asset, status: autoStatus })}
            aria-label={t('se.autoEarn')}
            data-testid="subscribe-auto-earn"
          />
        </Group>
      )}
      {!fixed && isLoggedIn && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('se.minApr.title')}
          </Text>
          <Group gap={6}>
            <Text size="sm" className="num">
              {pct(flexHolding?.min_lend_rate_year ?? '0')}
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setMinAprOpen(true)}
              data-testid="edit-min-apr"
            >
              {t('se.edit')}
            </Anchor>
          </Group>
        </Group>
      )}
    </>
  );
}
