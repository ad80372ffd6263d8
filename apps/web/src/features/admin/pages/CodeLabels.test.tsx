import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { fakeApi, renderConsole } from '../test/harness';
import AuditPage from './AuditPage';
import DashboardPage from './DashboardPage';
import { HistoryCard } from './users/HistoryCard';
import { PositionsCard } from './users/PositionsCard';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});
vi.setConfig({ testTimeout: 30_000 });

const AT = Date.UTC(2026, 10, 28, 14) / 1000;

function api() {
  fakeApi({
    'GET /admin/api/dashboard': () => [
      200,
      {
        now: AT,
        reconciliation: { ok: true, at: AT, differences: [] },
        jobs: [
          {
            name: 'simple-earn.flexible-hourly',
            period_seconds: 3600,
            last_period_end: AT,
            lag_seconds: 0,
            failures: 0,
            last_error: null,
          },
        ],
        lines: [],
      },
    ],
    'GET /admin/api/audit': () => [
      200,
      {
        list: [
          {
            id: 1,
            at: AT,
            actor: 'admin@example.com',
            actor_id: 1,
            role: 'admin',
            action: 'settings.rates.update',
            target: 'settings:rates',
            before: { ceiling: '50' },
            after: { ceiling: '60' },
            request_id: 'r-1',
            address: '127.0.0.1',
          },
        ],
        next_cursor: null,
      },
    ],
    'GET /admin/api/users/7/positions': () => [
      200,
      {
        lines: [
          {
            line: 'launch_pool',
            positions: [
              {
                id: '3',
                product: 'Fox',
                asset: 'GT',
                amount: '5',
                status: 'in_progress',
                since: AT,
                extra: {},
              },
            ],
          },
        ],
      },
    ],
    'GET /admin/api/users/7/history': () => [
      200,
      {
        list: [
          {
            id: 54,
            entry_id: 26,
            at: AT,
            reason: 'se_flex_interest',
            line: 'simple_earn_flexible',
            asset: 'USDT',
            amount: '0.5',
            account: 'spot',
          },
        ],
        next_cursor: null,
      },
    ],
  });
}

describe("the console words the server's codes, keeping the code beside where logs are searched by it", () => {
  test.each([
    [
      'en',
      'Flexible savings hourly interest',
      'Rate guard rails changed',
      'In progress',
      'Flexible interest',
    ],
    ['zh-CN', '活期理财每小时利息', '修改利率防护设置', '进行中', '活期利息'],
  ] as const)(
    '%s: a job, an audit action, a position status, a ledger reason',
    async (lang, job, action, status, reason) => {
      await setLanguage(lang);
      api();
      renderConsole(
        <>
          <DashboardPage />
          <AuditPage />
          <PositionsCard userRef="7" />
          <HistoryCard userRef="7" />
        </>,
      );
      const jobs = await screen.findByTestId('dash-jobs');
      const jobCell = within(jobs).getByText(job).closest('[data-code]');
      expect(jobCell).toHaveTextContent('simple-earn.flexible-hourly');
      const audit = await screen.findByTestId('audit-table');
      expect(within(audit).getByText(action).closest('[data-code]')).toHaveTextContent(
        'settings.rates.update',
      );
      // A status is read, not searched: its code is the tooltip.
      expect(await screen.findByText(status)).toHaveAttribute('data-code', 'in_progress');
      expect(screen.queryByText('in_progress')).toBeNull();
      const history = await screen.findByTestId('user-history');
      expect(within(history).getByText(reason).closest('[data-code]')).toHaveTextContent('se_flex_interest');
    },
  );
});
