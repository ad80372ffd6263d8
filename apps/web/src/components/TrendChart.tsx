import { Box, Center, Loader, Paper, Text, useComputedColorScheme } from '@mantine/core';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n';
import { StatePanel } from './query-state/QueryState';
import { useOnline } from './query-state/state';

/** The specs' chart resize debounce. */
export const CHART_RESIZE_DEBOUNCE_MS = 300;

export interface TrendPoint {
  /** Unix seconds. */
  time: number;
  /** A decimal string; plotted as a number, shown as given. */
  value: string;
}

export interface TrendChartProps {
  data: TrendPoint[];
  /** Accessible name, e.g. "BTC APR, last 30 days". */
  label: string;
  height?: number;
  /** How a value reads in the tooltip, e.g. v => `${v}%`. */
  formatValue?: (value: string) => string;
  loading?: boolean;
  color?: string;
}

/** Up to two days of points is an hourly chart: its axis shows hours, not the same day again and again. */
export function isHourly(data: readonly TrendPoint[]): boolean {
  if (data.length < 2) return false;
  const times = data.map((p) => p.time);
  return Math.max(...times) - Math.min(...times) <= 2 * 86_400;
}

/**
 * The label of a tick on the time axis (times are UTC, like every time in the app): on an hourly
 * chart the hours ('14:00'), and the date only where the day changes; on a longer one the date.
 */
export function axisLabel(unixSeconds: number, hourly: boolean, dayTick: boolean): string {
  const d = new Date(unixSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (hourly && !dayTick) return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return formatDate(unixSeconds);
}

/** Puts the points on the chart; returns the original strings by time, for the tooltip. */
function plot(series: ISeriesApi<'Area'>, chart: IChartApi, data: TrendPoint[]): Map<number, string> {
  const hourly = isHourly(data);
  chart.applyOptions({
    timeScale: {
      timeVisible: hourly,
      // lightweight-charts' tick kinds: 0 year, 1 month, 2 day of month, 3 time, 4 time with seconds.
      tickMarkFormatter: (time: unknown, kind: number) =>
        typeof time === 'number' ? axisLabel(time, hourly, kind < 3) : null,
    },
  });
  series.setData(
    [...data]
      .sort((a, b) => a.time - b.time)
      .map((p) => ({ time: p.time as UTCTimestamp, value: Number(p.value) })),
  );
  chart.timeScale().fitContent();
  return new Map(data.map((p) => [p.time, p.value]));
}

/** An area chart in `host`, in the app's colours. */
function drawChart(
  { createChart, AreaSeries, ColorType }: typeof import('lightweight-charts'),
  host: HTMLElement,
  { height, dark, lineColor }: { height: number; dark: boolean; lineColor: string },
): { chart: IChartApi; series: ISeriesApi<'Area'> } {
  const chart = createChart(host, {
    width: host.clientWidth,
    height,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: dark ? '#9aa4b2' : '#5c6675',
      attributionLogo: false,
      fontFamily: 'inherit',
    },
    grid: {
      vertLines: { visible: false },
      horzLines: { color: dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)' },
    },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, timeVisible: false },
    crosshair: { horzLine: { visible: false, labelVisible: false } },
    handleScroll: false,
    handleScale: false,
  });
  const series = chart.addSeries(AreaSeries, {
    lineColor,
    topColor: `${lineColor}55`,
    bottomColor: `${lineColor}05`,
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
  });
  return { chart, series };
}

interface Tip {
  x: number;
  y: number;
  time: number;
  value: string;
}

/**
 * The shared trend chart (lightweight-charts, loaded only when a chart shows): an area line with a
 * tooltip on hover, width that follows its container (debounced 300 ms) and a 'no data' state.
 */
export function TrendChart({
  data,
  label,
  height = 240,
  formatValue = (v) => v,
  loading,
  color,
}: TrendChartProps) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const byTime = useRef(new Map<number, string>());
  // The chart library is a chunk of its own: when it cannot be fetched (offline, a dropped
  // connection) the chart says so with Retry instead of staying blank for good.
  const [failed, setFailed] = useState(false);
  const online = useOnline();
  const empty = !loading && data.length === 0;
  const lineColor = color ?? (scheme === 'dark' ? '#38d9a9' : '#0ca678');

  useEffect(() => {
    // While loading there is no host yet: the chart is made once the data is in (`loading` turns false).
    const host = hostRef.current;
    if (!host || empty || loading || failed) return;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let observer: ResizeObserver | undefined;
    void import('lightweight-charts').then(
      (lib) => {
        if (disposed) return;
        const { chart, series } = drawChart(lib, host, { height, dark: scheme === 'dark', lineColor });
        chartRef.current = chart;
        seriesRef.current = series;
        chart.subscribeCrosshairMove((param) => {
          if (!param.point || param.time === undefined) {
            setTip(null);
            return;
          }
          const time = Number(param.time);
          const value = byTime.current.get(time);
          if (value === undefined) return setTip(null);
          setTip({ x: param.point.x, y: param.point.y, time, value });
        });
        observer = new ResizeObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(() => chart.applyOptions({ width: host.clientWidth }), CHART_RESIZE_DEBOUNCE_MS);
        });
        observer.observe(host);
        byTime.current = plot(series, chart, dataRef.current);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      clearTimeout(timer);
      observer?.disconnect();
      chartRef.current?.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
    // The chart is rebuilt for a new theme or size; new data only resets the series (below).
  }, [scheme, height, empty, loading, lineColor, failed]);

  // Back online: try the chart again by itself, as the offline text promises.
  useEffect(() => {
    if (!failed) return;
    const again = () => setFailed(false);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed]);

  const dataRef = useRef(data);
  dataRef.current = data;
  useEffect(() => {
    if (seriesRef.current && chartRef.current)
      byTime.current = plot(seriesRef.current, chartRef.current, data);
  }, [data]);

  if (loading) {
    return (
      <Center h={height} aria-busy="true">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (failed) {
    return (
      <Center h={height} data-testid="chart-failed">
        <StatePanel phase={online ? 'error' : 'offline'} onRetry={() => setFailed(false)} />
      </Center>
    );
  }
  if (empty) {
    return (
      <Center
        h={height}
        role="img"
        aria-label={`${label}: ${t('finances.noData')}`}
        data-testid="chart-empty"
      >
        <Text c="dimmed" size="sm">
          {t('finances.noData')}
        </Text>
      </Center>
    );
  }
  const last = data[data.length - 1];
  return (
    <Box pos="relative" role="img" aria-label={last ? `${label}: ${formatValue(last.value)}` : label}>
      <div ref={hostRef} style={{ width: '100%', height }} />
      {tip && (
        <Paper
          shadow="md"
          p="xs"
          withBorder
          radius="md"
          style={{
            position: 'absolute',
            pointerEvents: 'none',
            left: Math.min(Math.max(tip.x - 60, 0), (hostRef.current?.clientWidth ?? 0) - 130),
            top: Math.max(tip.y - 64, 0),
            minWidth: 120,
            zIndex: 3,
          }}
          data-testid="chart-tooltip"
        >
          <Text size="xs" c="dimmed">
            {formatDate(tip.time, isHourly(dataRef.current))}
          </Text>
          <Text size="sm" fw={600} className="num">
            {formatValue(tip.value)}
          </Text>
        </Paper>
      )}
    </Box>
  );
}
