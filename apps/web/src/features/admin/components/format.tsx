import { fractionToPercent, isPlainDecimal } from '@earn/domain';
import { Text, type TextProps } from '@mantine/core';
import { formatAmount } from '../../../components/format';
import { i18next } from '../../../i18n';

/** Times in the console are UTC, and say so: `2026-01-02 03:04:05 UTC`. */
export function formatUtc(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function UtcTime({ seconds, ...props }: { seconds: number | null | undefined } & TextProps) {
  return (
    <Text span size="sm" className="num" {...props}>
      {formatUtc(seconds)}
    </Text>
  );
}

/** A number of a duration's unit in the operator's language: `2d` in English, `2 天` in Chinese. */
const unit = (key: 'd' | 'h' | 'm' | 's', n: number): string =>
  i18next.t(`admin.duration.${key}`, { n }) as string;

/** A duration in whole units, largest first: `1d 2h`, `45m`, `30s` (`1 天 2 小时` in Chinese). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [
    d ? unit('d', d) : '',
    h ? unit('h', h) : '',
    m && !d ? unit('m', m) : '',
    !d && !h && !m ? unit('s', s) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** An amount always with its unit (a coin, USDT, %), grouped and never rounded up. */
export function Amount({
  value,
  unit,
  decimals = 8,
  ...props
}: { value: string | null | undefined; unit: string; decimals?: number } & TextProps) {
  return (
    <Text span size="sm" className="num" {...props}>
      {value === null || value === undefined || value === ''
        ? '—'
        : `${formatAmount(value, decimals)} ${unit}`}
    </Text>
  );
}

/**
 * The coin a dual order's target price is quoted in: the pair's stablecoin (95,000 USDT a BTC),
 * whichever side the user invested, as the users' dual pages show it.
 */
export function dualPriceCoin(o: { invest_coin: string; exercise_coin: string }): string {
  return /^(USDT|USDC|USD)$/.test(o.invest_coin) ? o.invest_coin : o.exercise_coin;
}

/** "-1" is "no limit" wherever the API uses it. */
export function amountOrUnlimited(value: string, unit: string, unlimited: string): string {
  return value === '-1' ? unlimited : `${formatAmount(value, 8)} ${unit}`;
}

/** A rate given as a fraction (0.05) shown as a percent (5 %), through the one conversion (forms/percent.ts). */
export function fractionAsPercent(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (!isPlainDecimal(value)) return value;
  return `${formatAmount(fractionToPercent(value), 6)} %`;
}
