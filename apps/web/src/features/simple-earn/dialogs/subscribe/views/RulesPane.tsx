import { Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AprChart } from '../../../components/AprChart';
import { ProductRules, TradingRules } from '../../SubscribeInfo';

import type { SubscribeFlow } from '../useSubscribeFlow';

/** The trading and product rules and, for flexible, the APR chart. */
export function RulesPane({ flow }: { flow: SubscribeFlow }) {
  const { t } = useTranslation();
  const { detail, product, fixed, now } = flow;
  return (
    <Stack gap="md">
      <Tabs defaultValue="trading" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="trading">{t('se.tradingRules')}</Tabs.Tab>
          <Tabs.Tab value="product">{t('se.productRules')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trading" pt="sm">
          <TradingRules product={product} now={now()} />
        </Tabs.Panel>
        <Tabs.Panel value="product" pt="sm">
          <ProductRules product={product} detail={detail} />
        </Tabs.Panel>
      </Tabs>
      {!fixed && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('se.chart.title')}
          </Text>
          <AprChart asset={detail.asset} height={150} />
        </Stack>
      )}
    </Stack>
  );
}
