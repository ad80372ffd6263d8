import { SimpleEarnHistoryType, SimpleEarnPageSize } from '@earn/domain';
import { Anchor, Collapse, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state/QueryState';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { seQueries } from '../api/queries';
import type { HistoryRecord } from '../api/types';
import { amt, pct } from '../format';

/** The expandable daily row: the day's hourly interest, 25 a page. */
export function DailyDetail({ record }: { record: HistoryRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const start = record.unique_time;
  const q = useQuery({
    ...seQueries.history({
      tab: 'flexible',
      type: SimpleEarnHistoryType.interest,
      asset: record.asset,
      // The daily rows group hours by the hour's end within [day start, next day start).
      start_at: start,
      end_at: start + 86_399,
      page: 1,
      limit: SimpleEarnPageSize.dailyDetail,
    }),
    enabled: open,
  });
  return (
    <Stack gap={4} align="flex-end">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="daily-expand"
      >
        {t('se.hours', { count: record.hours ?? 0 })}
      </Anchor>
      <Collapse expanded={open}>
        <QueryState queries={q} compact loading={<Skeleton h={18} w={160} />} data-testid="hourly">
          <Stack gap={2} data-testid="hourly-rows">
            {(q.data?.list ?? []).map((h) => (
              <Group key={h.time_at} gap="md" justify="flex-end" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {utcHour(h.time_at)}
                </Text>
                <Text size="xs" className="num">
                  {amt(h.amount)}
                </Text>
                <Text size="xs" c="dimmed" className="num">
                  {pct(h.lend_rate_year)}
                </Text>
                <WhyButton
                  target={{ kind: 'flexible_hour', coin: h.asset, hour: h.time_at }}
                  amount={h.amount}
                  coin={h.asset}
                />
              </Group>
            ))}
            {q.data && q.data.total > q.data.list.length && (
              <Text size="xs" c="dimmed">
                {t('se.moreHours', { count: q.data.total - q.data.list.length })}
              </Text>
            )}
          </Stack>
        </QueryState>
      </Collapse>
    </Stack>
  );
}

/** An hour of a day's detail, in UTC like the day it belongs to: '09:00 UTC'. */
function utcHour(unix: number): string {
  const d = new Date(unix * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
