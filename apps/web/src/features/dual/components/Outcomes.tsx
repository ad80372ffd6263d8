import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../components/format';
import type { DualDirection } from '../api/index';

/**
 * The two outcomes of an order side by side, each with its condition ("at or above 100,000 USDT")
 * and its exact amount to the 8th decimal with its coin: what the user receives either way.
 */
export function Outcomes({
  direction,
  target,
  priceCoin,
  reached,
  notReached,
  testId = 'dual-outcome',
}: {
  direction: DualDirection;
  target: string;
  priceCoin: string;
  reached: { amount: string; coin: string };
  notReached: { amount: string; coin: string };
  testId?: string;
}) {
  const { t } = useTranslation();
  const price = `${formatAmount(target)} ${priceCoin}`;
  const box = (which: 'reached' | 'notReached', figure: { amount: string; coin: string }) => (
    <Paper withBorder radius="md" p="sm" data-testid={`${testId}-${which}`}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t(`dual.outcome.${which}.${direction}`, { price })}
        </Text>
        <Text fw={700} size="lg" data-testid={`${testId}-${which}-amount`} style={{ wordBreak: 'break-all' }}>
          {formatAmount(figure.amount, 8, 8)} {figure.coin}
        </Text>
      </Stack>
    </Paper>
  );
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('dual.outcome.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {box('reached', reached)}
        {box('notReached', notReached)}
      </SimpleGrid>
    </Stack>
  );
}
