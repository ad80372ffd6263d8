import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, test } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/render';
import type { StatementRow } from '../api/index';
import StatementsPage, { zoneLabel } from './StatementsPage';

const ME = { id: 1, email: 'demo@example.com', vip_tier: 0, account_mode: 'classic', fundpass_set: true };

const row = (i: number): StatementRow => ({
  key: `${1_796_000_000_000_000 - i}.1.7.ETH.interest`,
  at: 1_796_000_000 - i * 3600,
  line: 'simple_earn_flexible',
  type: 'interest',
  asset: 'ETH',
  amount: '0.00000913',
  price_usdt: '4100',
  value_usdt: '0.037433',
  product: 'flexible',
  entry_id: 100 + i,
  why: { kind: 'flexible_hour', coin: 'ETH', hour: 1_796_000_000 - i * 3600 },
});

// The page mounts a date picker and a list of every time zone: slow to render in jsdom.
describe('earn statements page', { timeout: 30_000 }, () => {
  test('pages by cursor without repeating a row, filters by product, and exports with the filters and time zone', async () => {
    const api = fakeApi({
      'GET /api/web/v1/auth/me': () => ME,
      'GET /api/web/v1/earn/statements': (c) => {
        const cursor = c.query.get('cursor');
        return cursor
          ? { list: [row(20), row(21)], next_cursor: null }
          : { list: Array.from({ length: 20 }, (_, i) => row(i)), next_cursor: row(19).key };
      },
    });
    renderWithProviders(<StatementsPage />, { width: 1400 });
    expect(await screen.findAllByText('0.00000913 ETH', {}, { timeout: 15_000 })).toHaveLength(20);
    expect(screen.getAllByText('0.037433')[0]).toBeInTheDocument();
    expect(screen.getByText('#100')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('st-more'));
    await waitFor(() => expect(screen.getAllByText('0.00000913 ETH')).toHaveLength(22), { timeout: 15_000 });
    expect(screen.queryByTestId('st-more')).not.toBeInTheDocument();
    const calls = api.to('GET /api/web/v1/earn/statements');
    expect(calls[1]?.query.get('cursor')).toBe(row(19).key);

    fireEvent.change(screen.getByTestId('st-asset'), { target: { value: 'eth' } });
    await waitFor(() =>
      expect(api.to('GET /api/web/v1/earn/statements').at(-1)?.query.get('asset')).toBe('ETH'),
    );
    const href = screen.getByTestId('st-export').getAttribute('href') ?? '';
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/api/web/v1/earn/statements.csv');
    expect(url.searchParams.get('asset')).toBe('ETH');
    expect(url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  test('says so when nothing matches, on a phone', async () => {
    fakeApi({
      'GET /api/web/v1/auth/me': () => ME,
      'GET /api/web/v1/earn/statements': () => ({ list: [], next_cursor: null }),
    });
    renderWithProviders(<StatementsPage />, { width: 375 });
    expect(
      await screen.findByText('No movements match these filters.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});

describe('export time zones', () => {
  const at = Date.UTC(2026, 10, 27);
  it('are named in the reader language with their offset, keeping the IANA name the export sends', () => {
    expect(zoneLabel('Asia/Shanghai', 'zh-CN', at)).toBe('中国标准时间 (GMT+8) · Asia/Shanghai');
    expect(zoneLabel('Asia/Shanghai', 'en', at)).toBe('China Standard Time (GMT+8) · Asia/Shanghai');
    expect(zoneLabel('America/New_York', 'zh-CN', at)).toBe('北美东部时间 (GMT-5) · America/New_York');
    expect(zoneLabel('UTC', 'zh-CN', at)).toBe('GMT+0 · UTC');
  });
  it('follow daylight saving at the date given', () => {
    expect(zoneLabel('America/New_York', 'en', Date.UTC(2026, 6, 1))).toBe(
      'Eastern Time (GMT-4) · America/New_York',
    );
  });
});
