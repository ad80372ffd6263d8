import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StakingProduct } from '../../../api/index';

export function AboutView({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="about-view">
      {[1, 2, 3, 4].map((i) => (
        <Text key={i} size="sm">
          {t(`staking.about.p${i}`, { coin: product.coin })}
        </Text>
      ))}
      <Anchor href={product.agreement} target="_blank" rel="noopener noreferrer" size="sm">
        {t('staking.agree.link')}
      </Anchor>
    </Stack>
  );
}
