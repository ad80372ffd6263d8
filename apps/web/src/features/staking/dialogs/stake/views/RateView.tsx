import { Button, Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DefiProtocol, StakingProduct } from '../../../api/index';
import { AprTrend, InfoRow } from '../../../components/parts';
import { campaignFor, formatRate, ratesOf, runningCampaign } from '../../../rules';

export function RateView({
  product,
  protocol,
  onBonus,
}: {
  product: StakingProduct;
  protocol?: DefiProtocol;
  onBonus: () => void;
}) {
  const { t } = useTranslation();
  const rates = ratesOf(product, protocol);
  const running = runningCampaign(campaignFor(product, protocol));
  return (
    <Stack gap="md" data-testid="rate-view">
      <Stack gap={8}>
        <InfoRow label={t('staking.rate.base')} value={formatRate(rates.base)} testId="rate-base" />
        <InfoRow
          label={t('staking.rate.extra')}
          value={running ? formatRate(rates.extra) : '—'}
          testId="rate-extra"
        />
        <Divider />
        <InfoRow
          label={t('staking.rate.total')}
          value={<span className="apr">{formatRate(rates.total)}</span>}
          testId="rate-total"
        />
        <InfoRow label={t('staking.field.rewardCoin')} value={protocol?.reward_coin ?? product.reward_coin} />
      </Stack>
      {running && (
        <Button variant="light" color="orange" onClick={onBonus}>
          {t('staking.bonus.view')}
        </Button>
      )}
      <Text fw={600} size="sm">
        {t('staking.trend.title')}
      </Text>
      <AprTrend coin={product.coin} pid={protocol?.pid} height={180} />
    </Stack>
  );
}
