import { Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { seQueries } from '../api/queries';
import type { FlexHolding } from '../api/types';
import { AprChart } from '../components/AprChart';
import { MinAprForm } from '../components/MinAprForm';
import { pct } from '../format';

/** Screen 8: the flexible APR trend, and the minimum lend APR edit. */
export function AprDetailModal({
  holding,
  initialTab = 'trend',
  onClose,
}: {
  holding: FlexHolding | null;
  initialTab?: 'trend' | 'edit';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>(initialTab);
  const products = useQuery({ ...seQueries.products(), enabled: !!holding });
  const detail = products.data?.find((d) => d.asset === holding?.asset);
  return (
    <DialogFrame
      opened={!!holding}
      onClose={onClose}
      size="lg"
      title={t('se.aprDetail.title', { coin: holding?.asset })}
      testId="apr-detail-modal"
    >
      {holding && (
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="trend">{t('se.aprDetail.trend')}</Tabs.Tab>
            <Tabs.Tab value="edit" data-testid="apr-edit-tab">
              {t('se.minApr.title')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="trend" pt="md">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('se.aprDetail.next', { rate: pct(holding.next_time_rate_year) })}
              </Text>
              <AprChart asset={holding.asset} height={220} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="edit" pt="md">
            <MinAprForm
              asset={holding.asset}
              current={holding.min_lend_rate_year}
              maxPercent={detail?.max_lend_rate_year ?? '5'}
              limitMinPercent={detail?.limit_min_lend_rate_year ?? '0'}
              onDone={onClose}
              onCancel={onClose}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </DialogFrame>
  );
}
