import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { i18next } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { exportRange } from '../dateRange';
import { ExportCsv } from '.';

// The button's chunk loads lazily: slow on a loaded machine.
describe('Export CSV on a history', { timeout: 30_000 }, () => {
  afterEach(() => void i18next.changeLanguage('en'));

  test("links the statement export with the history's line, coin and range, in the browser's zone", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const range = exportRange(['2026-03-01', '2026-03-31']);
    renderWithProviders(<ExportCsv line="simple_earn_fixed" asset="USDT" {...range} />);
    const link = await screen.findByTestId('export-csv', {}, { timeout: 15_000 });
    const url = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/api/web/v1/earn/statements.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tz: zone,
      line: 'simple_earn_fixed',
      asset: 'USDT',
      from: String(range.from),
      to: String(range.to),
    });
    // The range's end is exclusive: the start of the day after the last one picked, 31 days on.
    expect((range.to ?? 0) - (range.from ?? 0)).toBe(31 * 86_400);
    expect(link).toHaveAttribute('download');
    expect(link).toHaveTextContent('Export CSV');
    expect(link).toHaveAccessibleName(`Export CSV: this history, times in ${zone} and UTC`);
  });

  test('without a range or coin it exports the whole line; in Chinese', async () => {
    await i18next.changeLanguage('zh-CN');
    renderWithProviders(<ExportCsv line="launch_pool" />);
    const link = await screen.findByTestId('export-csv', {}, { timeout: 15_000 });
    const url = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect([...url.searchParams.keys()].sort()).toEqual(['line', 'tz']);
    expect(link).toHaveTextContent('导出 CSV');
  });
});
