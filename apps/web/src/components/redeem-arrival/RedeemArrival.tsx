import './i18n';
import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/typed';
import { formatServerTime } from '../serverTime';

export type ArrivalQuery =
  | { line: 'flexible'; asset: string; amount?: string }
  | { line: 'fixed'; order_id: number; early?: '1' }
  | { line: 'staking'; asset: string; quick: '0' | '1'; pid?: number }
  | { line: 'wealth'; pid: number }
  | { line: 'launch_pool'; rid: number; simple_earn_status: '0' | '1' };

/**
 * When the coins of a redemption land, as the server computes it from the rule its engine pays by and
 * its own clock, shown in UTC with the zone: the same instant the confirmation and the pending item name.
 */
export function RedeemArrival({ query, testId = 'arrival' }: { query: ArrivalQuery; testId?: string }) {
  const { t } = useTranslation();
  // An amount not typed yet is left out: the answer is then the rule's, for any amount.
  const params = 'amount' in query && !query.amount ? { ...query, amount: undefined } : query;
  const q = useQuery({
    queryKey: ['redeem-arrival', params],
    queryFn: ({ signal }) => getData('/api/web/v1/earn/redeem-arrival', { query: params, signal }),
    // The answer moves with the server clock (the next hour, now + days): refresh while shown.
    refetchInterval: 30_000,
  });
  // A span, not a block: the line sits inside text (a card's note, a table cell).
  if (q.isLoading) return <Skeleton component="span" h={14} w={140} display="inline-block" />;
  if (q.isError || !q.data) return <span data-testid={testId}>{t('arrival.error')}</span>;
  const time = formatServerTime(q.data.arrives_at);
  const rule = q.data.rule;
  const text = rule.startsWith('launchpool_')
    ? t(`arrival.${rule}`, {
        time,
        payout: q.data.term_payout_at === null ? '' : formatServerTime(q.data.term_payout_at),
      })
    : rule === 'flexible_instant' || rule === 'fixed_early'
      ? t('arrival.now', { time })
      : q.data.estimated
        ? t('arrival.estimated', { time })
        : t('arrival.at', { time });
  return (
    <span
      data-testid={testId}
      data-arrives-at={q.data.arrives_at}
      data-rule={rule}
      data-term-payout-at={q.data.term_payout_at ?? undefined}
    >
      {text}
    </span>
  );
}
