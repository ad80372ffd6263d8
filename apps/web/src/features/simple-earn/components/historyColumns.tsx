import { dec, SimpleEarnHistoryType } from '@earn/domain';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/ResponsiveTable';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { formatDate, i18next } from '../../../i18n';
import type { HistoryRecord } from '../api/types';
import { amt, pct, pctOf } from '../format';
import type { HistoryTab } from '../rules';
import { DailyDetail } from './DailyDetail';

/** History modes named in section 9. */
const KNOWN_MODES = [0, 1, 2, 5, 10, 11, 12, 14, 15, 32];

function modeLabel(mode: number): string | null {
  return KNOWN_MODES.includes(mode) && mode !== 0 ? i18next.t(`se.mode.${mode}`) : null;
}

/**
 * The history table's columns for a tab and record type: time (or day), coin, amount (with its
 * breakdown where there is one), then what that type of record adds.
 */
export function historyColumns({
  tab,
  type,
  daily,
  t,
}: {
  tab: HistoryTab;
  type: number;
  /** Flexible interest, one row a day with its hours under it. */
  daily: boolean;
  t: TFunction;
}): Column<HistoryRecord>[] {
  const columns: Column<HistoryRecord>[] = [
    {
      key: 'time',
      title: daily ? t('se.col.day') : t('se.col.time'),
      render: (r) => formatDate(daily ? r.unique_time : r.time_at, !daily),
    },
    {
      key: 'coin',
      title: t('se.col.coin'),
      render: (r) => (
        <Text size="sm" fw={600}>
          {type === 4 && r.bonus_asset ? r.bonus_asset : r.asset}
        </Text>
      ),
    },
    {
      key: 'amount',
      title: type === 5 ? t('se.col.rateUpInterest') : t('se.col.amount'),
      align: 'right',
      render: (r) => {
        const shown = amt(type === 5 ? r.coupon_interest || r.amount : r.amount);
        // A flexible hour's bonus opens that hour's bonus breakdown (the holding's coin earns it).
        if (tab === 'flexible' && type === SimpleEarnHistoryType.bonus)
          return (
            <>
              {shown}
              <WhyButton
                target={{ kind: 'flexible_bonus_hour', coin: r.product_asset || r.asset, hour: r.time_at }}
                amount={r.amount}
                coin={r.bonus_asset || r.asset}
              />
            </>
          );
        // A fixed order's maturity payout (interest, its coupon and bonus) opens the order's breakdown.
        if (tab !== 'fixed' || type < SimpleEarnHistoryType.interest || !r.order_id) return shown;
        return (
          <>
            {shown}
            <WhyButton
              target={{ kind: 'fixed_maturity', id: r.order_id }}
              amount={type === 5 ? r.coupon_interest || r.amount : r.amount}
              coin={type === 4 && r.bonus_asset ? r.bonus_asset : r.asset}
            />
          </>
        );
      },
    },
  ];
  if (daily) {
    columns.push({
      key: 'hours',
      title: t('se.col.hourly'),
      align: 'right',
      render: (r) => <DailyDetail record={r} />,
    });
  } else if (type === SimpleEarnHistoryType.interest) {
    columns.push(
      { key: 'principal', title: t('se.col.lent'), align: 'right', render: (r) => amt(r.lend_principal) },
      // Interest rows are the base rate's part (the bonus has its own rows): the hour's base rate.
      { key: 'rate', title: t('se.apr.base'), align: 'right', render: (r) => pct(r.lend_rate_year) },
    );
  } else if (type === 5) {
    columns.push(
      { key: 'ratio', title: t('se.col.rateUp'), align: 'right', render: (r) => pctOf(r.rate_ratio) },
      {
        key: 'principal',
        title: t('se.col.couponPrincipal'),
        align: 'right',
        render: (r) => amt(r.coupon_principal),
      },
    );
  } else if (type === SimpleEarnHistoryType.subscribe || type === SimpleEarnHistoryType.redeem) {
    if (type === SimpleEarnHistoryType.subscribe)
      columns.push({
        key: 'apr',
        title: t('se.col.rate'),
        align: 'right',
        // The holding's (flexible) or order's (fixed) APR right after the subscription: the figure its
        // success dialog and holding card showed. Older records without it: the rate of the time.
        render: (r) =>
          dec(r.blended_apr || 0).gt(0)
            ? pct(r.blended_apr ?? '0')
            : dec(r.lend_rate_year || 0).gt(0)
              ? pct(r.lend_rate_year)
              : '—',
      });
    columns.push({
      key: 'mode',
      title: t('se.col.detail'),
      align: 'right',
      render: (r) =>
        [
          tab === 'fixed' && r.order_id ? `#${r.order_id}` : null,
          r.redeem_type ? t(`se.redeemType.${r.redeem_type}`) : null,
          modeLabel(r.mode),
        ]
          .filter(Boolean)
          .join(' · ') || '—',
    });
  }

  return columns;
}
