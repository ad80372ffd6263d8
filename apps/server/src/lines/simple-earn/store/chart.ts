import { aprUpTo, Decimal, dec, SimpleEarnChartType, toWire } from '@earn/domain';
import { type Db, rows, sql } from '../../../infra/db/client';
import type { LadderTierJson } from '../../../infra/db/schema';
import { errors } from '../../../kernel/errors';
import { flexAprTerms } from '../apr';
import { unix } from '../model';
import { toDate } from './holdings';
import { flexProduct } from './products';

/** APR points of an asset: hourly rates, or the daily average of the hours. Values are fractions. */
/**
 * The realtime APR chart of a flexible asset: each hour's figure as the product card states it, the
 * base rate of the hour plus the most its bonus tiers paid (aprUpTo: the card's "up to"; the chart
 * plotted the base rate alone while the card showed base + bonus), then the hour in progress at the
 * rate it pays now, so the 24-hour line reaches now instead of stopping at the last closed hour.
 * Daily points average a day's hours, cut to 8 decimals. Values are fractions.
 */
export async function rateChart(
  db: Db,
  q: { asset: string; from: number; to: number; type: number },
  now: Date,
) {
  if (q.to < q.from) throw errors.invalidParams('from is after to');
  if (q.to - q.from > 91 * 86_400) throw errors.invalidParams('the chart spans at most 90 days');
  const from = new Date(q.from * 1000).toISOString();
  const to = new Date(q.to * 1000).toISOString();
  const hours = await rows<{ t: Date | string; rate: string; tiers: LadderTierJson[] | null }>(
    db,
    sql`SELECT period_start AS t, rate_year::text AS rate, bonus_tiers AS tiers FROM se_flex_hours
        WHERE asset = ${q.asset} AND period_start >= ${from}::timestamptz AND period_start <= ${to}::timestamptz
        ORDER BY period_start`,
  );
  const points = hours.map((h) => ({
    time: unix(toDate(h.t)),
    apr: aprUpTo({ baseApr: h.rate, bonusTiers: h.tiers ?? [] }).apr,
  }));
  const live = await liveHourPoint(db, q, now);
  if (live && !points.some((p) => p.time === live.time)) points.push(live);
  if (q.type !== SimpleEarnChartType.day) return points.map((p) => ({ time: p.time, value: toWire(p.apr) }));
  const days = new Map<number, Decimal[]>();
  for (const p of points) {
    const day = p.time - (p.time % 86_400);
    days.set(day, [...(days.get(day) ?? []), p.apr]);
  }
  return [...days].map(([time, aprs]) => ({
    time,
    value: toWire(
      aprs
        .reduce((sum, a) => sum.plus(a), dec(0))
        .div(aprs.length)
        .toDecimalPlaces(8, Decimal.ROUND_DOWN),
    ),
  }));
}

/** The hour in progress at what the product card states now, when that hour is inside the range. */
async function liveHourPoint(db: Db, q: { asset: string; from: number; to: number }, now: Date) {
  const nowSeconds = unix(now);
  const time = nowSeconds - (nowSeconds % 3600);
  if (time < q.from || time > q.to) return null;
  const product = await flexProduct(db, q.asset);
  return product ? { time, apr: aprUpTo(flexAprTerms(product)).apr } : null;
}
