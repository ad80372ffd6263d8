import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TrendChart, type TrendPoint } from './TrendChart';

// lightweight-charts draws on a canvas jsdom lacks: a stand-in records the charts made and their data.
const made: { data: unknown[] }[] = [];
vi.mock('lightweight-charts', () => ({
  AreaSeries: {},
  ColorType: { Solid: 'solid' },
  createChart: () => {
    const chart = { data: [] as unknown[] };
    made.push(chart);
    return {
      addSeries: () => ({ setData: (d: unknown[]) => (chart.data = d) }),
      applyOptions: () => undefined,
      subscribeCrosshairMove: () => undefined,
      timeScale: () => ({ fitContent: () => undefined }),
      remove: () => undefined,
    };
  },
}));

const POINTS: TrendPoint[] = [
  { time: 1_795_651_200, value: '0' },
  { time: 1_795_737_600, value: '2.83111918' },
];

describe('trend chart', () => {
  afterEach(() => {
    made.length = 0;
    vi.unstubAllGlobals();
  });

  test('a chart whose data was loading is drawn once the data is in (it stayed blank)', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const ui = (loading: boolean, data: TrendPoint[]) => (
      <MantineProvider>
        <TrendChart label="Daily earnings" loading={loading} data={data} />
      </MantineProvider>
    );
    const view = render(ui(true, []));
    await new Promise((r) => setTimeout(r, 50));
    expect(made).toHaveLength(0);
    view.rerender(ui(false, POINTS));
    await vi.waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]?.data).toEqual([
      { time: 1_795_651_200, value: 0 },
      { time: 1_795_737_600, value: 2.83111918 },
    ]);
  });
});
