import { Accordion, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type StakingProduct, stakingQueries } from '../../../api/index';
import { InfoRow } from '../../../components/parts';

export function FaqView({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const ask = useQuery(stakingQueries.ask(product.coin));
  const entries = ask.data?.list ?? [];
  const faq = entries.filter((e) => e.cate !== 'sources');
  const sources = entries.filter((e) => e.cate === 'sources');
  const accordion = (list: typeof entries) =>
    list.length === 0 ? (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {ask.isLoading ? t('common.loading') : t('finances.noData')}
      </Text>
    ) : (
      <Accordion
        variant="separated"
        multiple
        defaultValue={list.flatMap((e, i) => (e.unfold ? [String(i)] : []))}
      >
        {list.map((e, i) => (
          <Accordion.Item key={e.ask} value={String(i)}>
            <Accordion.Control>
              <Text size="sm" fw={500}>
                {e.ask}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" c="dimmed">
                {e.answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  return (
    <Tabs defaultValue="overview" data-testid="faq-view">
      <Tabs.List grow>
        <Tabs.Tab value="overview">{t('staking.faq.overview')}</Tabs.Tab>
        <Tabs.Tab value="sources">{t('staking.faq.sources')}</Tabs.Tab>
        <Tabs.Tab value="faq">{t('staking.faq.faq')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="overview" pt="md">
        <Stack gap="sm">
          <Text size="sm">
            {t('staking.faq.overviewText', { coin: product.coin, type: t(`staking.type.${product.type}`) })}
          </Text>
          {product.tips && (
            <Text size="sm" c="dimmed">
              {product.tips}
            </Text>
          )}
          {product.protocol && <InfoRow label={t('staking.field.protocols')} value={product.protocol} />}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="sources" pt="md">
        {accordion(sources)}
      </Tabs.Panel>
      <Tabs.Panel value="faq" pt="md">
        {accordion(faq)}
      </Tabs.Panel>
    </Tabs>
  );
}
