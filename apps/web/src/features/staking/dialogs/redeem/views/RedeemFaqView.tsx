import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StakingProduct } from '../../../api/index';

export function RedeemFaqView({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const items = [1, 2, 3].map((i) => ({
    q: t(`staking.redeemFaq.q${i}`),
    a: t(`staking.redeemFaq.a${i}`, {
      coin: product.coin,
      minutes: product.extra.redeem_quick_long,
      days: product.extra.redeem_maxday,
    }),
  }));
  return (
    <Accordion variant="separated" defaultValue="0" data-testid="redeem-faq">
      {items.map((it, i) => (
        <Accordion.Item key={it.q} value={String(i)}>
          <Accordion.Control>
            <Text size="sm" fw={500}>
              {it.q}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" c="dimmed">
              {it.a}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
