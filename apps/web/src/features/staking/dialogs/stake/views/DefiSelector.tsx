import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DefiProtocol } from '../../../api/index';
import { formatRate } from '../../../rules';

export function DefiSelector({
  protocols,
  selected,
  onSelect,
}: {
  protocols: DefiProtocol[];
  selected?: number;
  onSelect: (pid: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={selected !== undefined ? String(selected) : null}
      onChange={(v) => onSelect(Number(v))}
      label={t('staking.defi.choose')}
    >
      <Stack gap="sm" mt="sm" data-testid="defi-list">
        {protocols.map((d) => (
          <Radio.Card key={d.pid} value={String(d.pid)} p="md" radius="md" data-testid={`defi-${d.pid}`}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Radio.Indicator />
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {d.protocol_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('staking.defi.detail', {
                      coin: d.reward_coin,
                      days: d.income_days,
                      count: d.income_days,
                    })}
                  </Text>
                </Stack>
              </Group>
              <Text className="apr" fw={700}>
                {formatRate(d.apr)}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
