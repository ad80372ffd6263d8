import '@testing-library/jest-dom/vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { LocationProbe, shownQuery } from '../../test/location';
import { renderWithProviders } from '../../test/render';
import { answerSessionFromMe } from '../../test/session';
import LineRecordsPage from './LineRecordsPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const NOW = 1_795_237_200; // 2026-11-21 05:00 UTC

const row = (key: string, type: string, amount: string, asset: string, at: number) => ({
  key,
  at,
  line: 'staking',
  type,
  asset,
  amount,
  price_usdt: '1',
  value_usdt: amount,
  product: 'staking',
  entry_id: Number(key.slice(1)),
});

/** A fake statement: two pages by cursor; records every query it was asked. */
function stubStatements(pages: Record<string, { list: unknown[]; next_cursor: string | null }>) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    answerSessionFromMe(
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        const reply = (data: unknown, status = 200) =>
          new Response(JSON.stringify({ code: status === 200 ? 0 : 401, message: '', data }), {
            status,
            headers: { 'Content-Type': 'application/json' },
          });
        if (url.pathname === '/api/web/v1/auth/me')
          return reply({ id: 1, email: 'a@b.c', vip_tier: 0, account_mode: 'classic', created_at: NOW });
        if (url.pathname === '/api/health') return reply({ now: NOW, clock: 'test' });
        if (url.pathname === '/api/web/v1/earn/statements') {
          asked.push(url.searchParams);
          return reply(pages[url.searchParams.get('cursor') ?? ''] ?? { list: [], next_cursor: null });
        }
        return reply({}, 404);
      }),
    ),
  );
  return asked;
}

function renderAt(route: string, line: 'staking' | 'launch_pool' = 'staking') {
  return renderWithProviders(
    <>
      <LineRecordsPage line={line} />
      <LocationProbe />
    </>,
    { route },
  );
}

describe('a line’s all-coin records', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('lists every coin’s stakes, redemptions and rewards, dated in UTC, and pages on by cursor', async () => {
    const asked = stubStatements({
      '': {
        list: [
          row('e3', 'reward', '0.00123', 'ETH', NOW - 60),
          row('e2', 'subscribe', '-300', 'GT', NOW - 7200),
        ],
        next_cursor: 'c1',
      },
      c1: { list: [row('e1', 'redeem', '1250.5', 'ETH', NOW - 86_400)], next_cursor: null },
    });
    renderAt('/staking/records');
    expect(await screen.findByTestId('records-amount-e3')).toHaveTextContent('0.00123 ETH');
    expect(screen.getByTestId('records-type-e2')).toHaveTextContent('Stake');
    expect(screen.getByTestId('records-amount-e2')).toHaveTextContent('-300 GT');
    expect(screen.getByText('2026-11-21 04:59 UTC')).toBeInTheDocument();
    expect(asked[0]?.get('line')).toBe('staking');
    expect(asked[0]?.get('cursor')).toBeNull();
    await userEvent.click(screen.getByTestId('records-more'));
    expect(await screen.findByTestId('records-amount-e1')).toHaveTextContent('1,250.5 ETH');
    expect(screen.getByTestId('records-type-e1')).toHaveTextContent('Redemption');
    expect(asked.at(-1)?.get('cursor')).toBe('c1');
    await waitFor(() => expect(screen.queryByTestId('records-more')).toBeNull());
  });

  test('coin, type and days come from the URL, go to the API and to the CSV export', async () => {
    const asked = stubStatements({});
    renderAt('/launchpool/records?coin=gt&type=interest&from=2026-11-01&to=2026-11-20', 'launch_pool');
    expect(await screen.findByText('No records match these filters.')).toBeInTheDocument();
    const q = asked[0] as URLSearchParams;
    // Days are UTC; the API's `to` is exclusive, so the range ends after 20 November.
    expect(Object.fromEntries(q)).toMatchObject({
      line: 'launch_pool',
      asset: 'GT',
      type: 'interest',
      from: String(Date.UTC(2026, 10, 1) / 1000),
      to: String(Date.UTC(2026, 10, 21) / 1000),
    });
    expect(screen.getByTestId('records-type')).toHaveValue('Interest (auto-earn)');
    expect(screen.getByTestId('records-export')).toHaveAttribute(
      'href',
      `/api/web/v1/earn/statements.csv?tz=UTC&line=launch_pool&asset=GT&from=${Date.UTC(2026, 10, 1) / 1000}&to=${Date.UTC(2026, 10, 21) / 1000}`,
    );
    await userEvent.clear(screen.getByTestId('records-coin'));
    await waitFor(() => expect(shownQuery().get('coin')).toBeNull());
    expect(shownQuery().get('type')).toBe('interest');
  });

  test('a type another line books is ignored; with no records at all the page says there are none', async () => {
    const asked = stubStatements({});
    renderAt('/staking/records?type=interest');
    expect(await screen.findByText('No stakes, redemptions or rewards yet.')).toBeInTheDocument();
    expect(asked[0]?.get('type')).toBeNull();
  });

  test("a launch-pool hour's reward opens its breakdown, as on the statement", async () => {
    stubStatements({
      '': {
        list: [
          {
            ...row('e9', 'reward', '0.45', 'NOVA', NOW - 60),
            line: 'launch_pool',
            product: 'launch_pool 1:1795233600',
            why: { kind: 'launchpool_hour', rid: 1, coin: 'NOVA', hour: 1_795_233_600 },
          },
        ],
        next_cursor: null,
      },
    });
    renderAt('/launchpool/records', 'launch_pool');
    expect(await screen.findByRole('button', { name: /0\.45 NOVA/ })).toBeInTheDocument();
  });
});
