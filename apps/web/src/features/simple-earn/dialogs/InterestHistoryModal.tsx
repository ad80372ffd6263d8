import { SimpleEarnHistoryType, SimpleEarnPageSize } from '@earn/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { type DayRange, rangeToUnix } from '../../../components/dateRange';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { formatDate } from '../../../i18n';
import { seQueries } from '../api/queries';
import type { HistoryRecord } from '../api/types';
import { usePaging } from '../components/paging';
import { amt, lastDays, serverDay } from '../format';
import { useServerNow } from '../hooks';
import { prefs } from '../prefs';

/** Screen 9: the hourly interest (or bonus) of one coin, over a date range of at most 6 months. */
export function InterestHistoryModal({ asset, onClose }: { asset: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState(() => prefs.interestHistoryType());
  // Until the user picks a range: the last 30 days of the server's clock (the demo's test clock may run ahead).
  const serverNow = useServerNow();
  const [picked, setRange] = useState<DayRange | null>(null);
  const range = picked ?? lastDays(serverNow(), 30);
  const paging = usePaging(SimpleEarnPageSize.interestDialog);
  const { from, to } = rangeToUnix(range);
  const q = useQuery({
    ...seQueries.history({
      tab: 'flexible',
      type,
      asset: asset ?? undefined,
      start_at: from,
      end_at: to,
      ...paging.query,
    }),
    enabled: !!asset,
  });
  return (
    <DialogFrame
      opened={!!asset}
      onClose={onClose}
      size="lg"
      title={t('se.interestHistory.title', { coin: asset })}
      testId="interest-history-modal"
    >
      <Stack gap="sm">
        <SegmentedControl
          value={String(type)}
          onChange={(v) => {
            setType(Number(v));
            prefs.setInterestHistoryType(Number(v));
            paging.reset();
          }}
          data={[
            { value: String(SimpleEarnHistoryType.interest), label: t('se.type.3') },
            { value: String(SimpleEarnHistoryType.bonus), label: t('se.type.4') },
          ]}
        />
        <DateRangeFilter
          value={range}
          onChange={(r) => {
            setRange(r);
            paging.reset();
          }}
          limitMonths={6}
          maxDate={serverDay(serverNow())}
        />
        <ResponsiveTable<HistoryRecord>
          caption={t('se.interestHistory.title', { coin: asset })}
          rows={q.data?.list ?? []}
          rowKey={(r) => `${r.time_at}-${r.asset}`}
          loading={q.isLoading}
          {...paging.tableProps(q.data?.total ?? 0, q.data?.list.length ?? 0)}
          columns={[
            { key: 'time', title: t('se.col.time'), render: (r) => formatDate(r.time_at, true) },
            {
              key: 'amount',
              title: t('se.col.amount'),
              align: 'right',
              // Each hour opens its breakdown: the base rate's interest, or the bonus tiers' (paid in
              // the bonus coin, earned by the holding's coin).
              render: (r) => (
                <>
                  {`${amt(r.amount)} ${r.asset}`}
                  <WhyButton
                    target={
                      type === SimpleEarnHistoryType.bonus
                        ? {
                            kind: 'flexible_bonus_hour',
                            coin: r.product_asset || asset || r.asset,
                            hour: r.time_at,
                          }
                        : { kind: 'flexible_hour', coin: r.asset, hour: r.time_at }
                    }
                    amount={r.amount}
                    coin={r.asset}
                  />
                </>
              ),
            },
            {
              key: 'principal',
              title: t('se.col.lent'),
              align: 'right',
              // What was lent is in the holding's coin (a bonus row's amount is in the bonus coin).
              render: (r) => `${amt(r.lend_principal)} ${r.product_asset || asset || r.asset}`,
            },
          ]}
          data-testid="interest-history-table"
        />
      </Stack>
    </DialogFrame>
  );
}
