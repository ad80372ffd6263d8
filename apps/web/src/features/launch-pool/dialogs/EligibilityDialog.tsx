import { dec, poolStakingCap } from '@earn/domain';
import { Badge, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/auth';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount } from '../../../components/format';
import { lpQueries, type Project, type RewardPool } from '../api/index';

/** The highest tier a volume reaches (the one whose cap applies), or -1. */
function reachedTier(pool: RewardPool, volume: string | undefined): number {
  if (volume === undefined) return -1;
  const cap = poolStakingCap(pool.transaction_config, volume);
  if (cap === null) return -1;
  let best = -1;
  pool.transaction_config.forEach((tier, i) => {
    const reached = dec(volume).gte(tier.transaction_amount);
    const prev = best >= 0 ? pool.transaction_config[best] : undefined;
    if (reached && (!prev || dec(tier.transaction_amount).gt(prev.transaction_amount))) best = i;
  });
  return best;
}

/** Eligibility criteria / trade staking cap: a tab per stake coin, its tiers of 60-day volume and cap. */
export function EligibilityDialog({
  project,
  opened,
  onClose,
}: {
  project: Project;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { isLoggedIn } = useMe();
  const stat = useQuery({ ...lpQueries.userStat(), enabled: opened && isLoggedIn });
  const volume = stat.data?.user_60_day_transaction_amount;
  // One tab per coin: the first pool of each coin carries its tiers.
  const byCoin = new Map<string, RewardPool>();
  for (const p of project.reward_pools) if (!byCoin.has(p.coin)) byCoin.set(p.coin, p);
  const coins = [...byCoin.keys()];
  const [coin, setCoin] = useState<string | null>(coins[0] ?? null);

  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size={520}
      title={t('launchpool.eligibility.title')}
      testId="eligibility-dialog"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('launchpool.eligibility.subtitle')}
        </Text>
        {volume !== undefined && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('launchpool.volume60d')}
            </Text>
            <Text size="sm" fw={600} className="num" data-testid="eligibility-volume">
              {formatAmount(volume, 2)} USD
            </Text>
          </Group>
        )}
        <Tabs value={coin} onChange={setCoin}>
          <Tabs.List>
            {coins.map((c) => (
              <Tabs.Tab key={c} value={c} data-testid={`eligibility-tab-${c}`}>
                {c}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {coins.map((c) => {
            const pool = byCoin.get(c) as RewardPool;
            const mine = reachedTier(pool, volume);
            return (
              <Tabs.Panel key={c} value={c} pt="md">
                {pool.transaction_config.length === 0 ? (
                  <Stack gap="xs">
                    <Text size="sm">{t('launchpool.eligibility.noTiers')}</Text>
                    <Group justify="space-between">
                      <Text size="sm" c="dimmed">
                        {t('launchpool.eligibility.personalMax')}
                      </Text>
                      <Text size="sm" fw={600} className="num">
                        {formatAmount(pool.personal_max_amount)} {c}
                      </Text>
                    </Group>
                  </Stack>
                ) : (
                  <Table striped highlightOnHover verticalSpacing="sm" data-testid={`tiers-${c}`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('launchpool.eligibility.volume')}</Table.Th>
                        <Table.Th ta="right">{t('launchpool.eligibility.cap')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {pool.transaction_config.map((tier, i) => (
                        <Table.Tr key={tier.transaction_amount} data-current={i === mine || undefined}>
                          <Table.Td className="num">
                            <Group gap={8}>
                              {t('launchpool.eligibility.atLeast', {
                                amount: formatAmount(tier.transaction_amount, 2),
                              })}
                              {i === mine && (
                                <Badge size="xs" variant="light" data-testid="my-tier">
                                  {t('launchpool.eligibility.yours')}
                                </Badge>
                              )}
                            </Group>
                          </Table.Td>
                          <Table.Td ta="right" className="num" fw={i === mine ? 700 : undefined}>
                            {formatAmount(tier.mortgage_limit)} {c}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </DialogFrame>
  );
}
