import { Divider, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount } from '../../../components/format';
import { QueryState } from '../../../components/query-state/QueryState';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { useServerClock } from '../../../components/serverTime';
import { type CoinAmount, stakingQueries } from '../api/index';
import { AprTrend, CenterLoader, InfoRow } from '../components/parts';
import { formatStamp } from '../rules';

/** The APR trend chart modal: 7, 30, 90 days and 1 year, one year first. */
export function AprTrendModal({
  coin,
  pid,
  opened,
  onClose,
}: {
  coin: string;
  pid?: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      title={t('staking.trend.modalTitle', { coin })}
      size={620}
      testId="trend-modal"
    >
      {opened && <AprTrend coin={coin} pid={pid} height={280} />}
    </DialogFrame>
  );
}

const sumText = (list: CoinAmount[] | undefined) =>
  list && list.length > 0 ? list.map((x) => `${formatAmount(x.amount)} ${x.coin}`).join(' + ') : '0';

/** The cumulative-return popup: totals of a coin's rewards and the records behind them. */
export function ReturnsModal({
  coin,
  pid,
  opened,
  onClose,
}: {
  coin: string;
  pid?: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const stats = useQuery({ ...stakingQueries.statistics(coin, pid), enabled: opened });
  const clock = useServerClock();
  const records = useQuery({
    ...stakingQueries.profits(coin, page, clock.now() * 1000),
    enabled: opened && clock.ready,
  });
  const pages = Math.max(1, Math.ceil((records.data?.total ?? 0) / 10));
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      title={t('staking.returns.title', { coin })}
      size={620}
      testId="returns-modal"
    >
      <QueryState queries={[stats, records]} loading={<CenterLoader />} data-testid="returns">
        {stats.data && (
          <Stack gap="md">
            <Stack gap={8}>
              <InfoRow
                label={t('staking.returns.total')}
                value={sumText(stats.data.total_profit)}
                testId="returns-total"
              />
              <InfoRow
                label={t('staking.returns.yesterday')}
                value={sumText(stats.data.yesterday_profit)}
                testId="returns-yesterday"
              />
              <InfoRow label={t('staking.returns.accrued')} value={formatAmount(stats.data.accrued_reward)} />
              <InfoRow
                label={t('staking.returns.staked')}
                value={`${formatAmount(stats.data.mortgage_amount)} ${coin}`}
              />
              <InfoRow
                label={t('staking.returns.redeeming')}
                value={`${formatAmount(stats.data.redeeming_amount)} ${coin}`}
              />
            </Stack>
            <Divider />
            {records.data?.list.length === 0 ? (
              <Text c="dimmed" size="sm" ta="center" py="md">
                {t('finances.noData')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table verticalSpacing={6} fz="sm" aria-label={t('staking.returns.records')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('staking.returns.time')}</Table.Th>
                      <Table.Th>{t('staking.returns.kind')}</Table.Th>
                      <Table.Th ta="right">{t('staking.returns.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(records.data?.list ?? []).map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td className="num">{formatStamp(r.time)}</Table.Td>
                        <Table.Td>{t(`staking.returns.kind.${r.type}`)}</Table.Td>
                        <Table.Td ta="right" className="num">
                          {formatAmount(r.amount)} {r.reward_coin}
                          {(r.type === 'interest' || r.type === 'bonus') && (
                            <WhyButton
                              target={{ kind: 'staking_day', id: r.id }}
                              amount={r.amount}
                              coin={r.reward_coin}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {pages > 1 && (
              <Group justify="center">
                <Pagination size="sm" total={pages} value={page} onChange={setPage} />
              </Group>
            )}
          </Stack>
        )}
      </QueryState>
    </DialogFrame>
  );
}
