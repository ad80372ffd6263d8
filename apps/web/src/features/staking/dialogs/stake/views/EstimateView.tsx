import { dec, toFixedDown } from '@earn/domain';
import { Divider, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queries } from '../../../../../api/queries';
import { formatAmount } from '../../../../../components/format';
import type { DefiProtocol, StakingProduct } from '../../../api/index';
import { InfoRow } from '../../../components/parts';
import { aprForAmount, estimateRewards, formatRate, perCoin, rewardPairs } from '../../../rules';
import { coinsText } from '../coinsText';

export function EstimateView({
  product,
  protocol,
  amount,
}: {
  product: StakingProduct;
  protocol?: DefiProtocol;
  amount: string | null;
}) {
  const { t } = useTranslation();
  // Without an amount the estimate is of the minimum stake (or one coin).
  const basis = amount ?? (Number(product.min_mortgage_amount) > 0 ? product.min_mortgage_amount : '1');
  const e = estimateRewards(basis, product, protocol);
  // Market prices of the reward coins against USDT, for the estimate's value (section 7).
  const pairs = rewardPairs([e.rewardCoin, e.bonusCoin]);
  const tickers = useQuery({ ...queries.tickers(pairs), enabled: pairs.length > 0 });
  const price = (coin: string) =>
    coin === 'USDT' ? '1' : tickers.data?.find((tk) => tk.pair === `${coin}_USDT`)?.rate;
  const yearly = perCoin([
    { amount: e.baseYearly, coin: e.rewardCoin },
    { amount: e.bonusYearly, coin: e.bonusCoin },
  ]);
  const prices = yearly.map((y) => price(y.coin));
  const yearlyUsdt = prices.every((x) => x !== undefined)
    ? toFixedDown(
        yearly.reduce((sum, y, i) => sum.plus(dec(y.amount).times(prices[i] ?? '0')), dec(0)),
        2,
      )
    : null;
  return (
    <Stack gap={8} data-testid="estimate-view">
      <InfoRow label={t('staking.field.amount')} value={`${formatAmount(basis)} ${product.coin}`} />
      <InfoRow
        label={t('staking.estimate.apr')}
        value={formatRate(aprForAmount(basis, product, protocol))}
        testId="estimate-apr"
      />
      <Divider />
      <InfoRow
        label={t('staking.estimate.baseDaily')}
        value={`${formatAmount(e.baseDaily)} ${e.rewardCoin}`}
        testId="estimate-base"
      />
      <InfoRow
        label={t('staking.estimate.bonusDaily')}
        value={`${formatAmount(e.bonusDaily)} ${e.bonusCoin}`}
        testId="estimate-bonus"
      />
      <InfoRow label={t('staking.estimate.yearly')} value={coinsText(yearly)} testId="estimate-yearly" />
      {yearlyUsdt !== null && (
        <InfoRow
          label={t('staking.estimate.yearlyValue')}
          value={`≈ ${formatAmount(yearlyUsdt, 2)} USDT`}
          testId="estimate-usdt"
        />
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('staking.estimate.note')}
      </Text>
    </Stack>
  );
}
