import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import type { OutboxMail } from '../api/types';
import { fakeApi, renderConsole } from '../test/harness';
import OutboxPage, { outboxStatus } from './OutboxPage';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 30_000 });

const AT = Date.UTC(2026, 10, 23, 9, 30) / 1000;

const mail = (id: number, over: Partial<OutboxMail> = {}): OutboxMail => ({
  id,
  user_id: 7,
  to: `u${id}@example.com`,
  language: 'en',
  template: 'notification',
  subject: `Subject ${id}`,
  body: `Body of mail ${id}`,
  created_at: AT - id * 60,
  sent_at: null,
  attempts: 0,
  last_error: null,
  ...over,
});

describe('the outbox page', () => {
  test('lists mail with its status, hides a reset code, filters by status and pages by the total', async () => {
    const calls = fakeApi({
      'GET /admin/api/outbox': () => {
        const url = new URL(calls.at(-1)?.url ?? '', 'http://localhost');
        const status = url.searchParams.get('status');
        const page = Number(url.searchParams.get('page'));
        if (status === 'failed')
          return [200, { list: [mail(9, { attempts: 2, last_error: 'connection refused' })], total: 1 }];
        if (page === 2) return [200, { list: [mail(30)], total: 26 }];
        return [
          200,
          {
            list: [
              mail(1, { sent_at: AT, attempts: 1 }),
              mail(2, { template: 'fundpass_reset_code', subject: 'Your reset code', body: null }),
            ],
            total: 26,
          },
        ];
      },
    });
    renderConsole(<OutboxPage />, { role: 'viewer' });
    const table = await screen.findByTestId('outbox-table');
    expect(within(table).getByText('Subject 1')).toBeInTheDocument();
    expect(screen.getByTestId('outbox-total')).toHaveTextContent('26 mails');
    const statuses = [...table.querySelectorAll('[data-status]')].map((b) => b.getAttribute('data-status'));
    expect(statuses).toEqual(['sent', 'pending']);
    expect(within(table).getByText('2026-11-23 09:30:00 UTC')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/admin/api/outbox?page=1&limit=25');

    // The reset code's body is never there; a plain mail's is, on expanding its row.
    const [first, second] = within(table).getAllByRole('button', { name: 'Show details' });
    await userEvent.click(second as HTMLElement);
    expect(screen.getByTestId('outbox-body-2')).toHaveTextContent('Not shown: this mail carries a secret');
    await userEvent.click(first as HTMLElement);
    expect(screen.getByTestId('outbox-body-1')).toHaveTextContent('Body of mail 1');

    await userEvent.click(screen.getByTestId('pager-next'));
    expect(await within(table).findByText('Subject 30')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/admin/api/outbox?page=2&limit=25');
    expect(screen.getByTestId('pager-next')).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Failed' }));
    expect(await screen.findByText('Subject 9')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/admin/api/outbox?status=failed&page=1&limit=25');
    await userEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByTestId('outbox-body-9')).toHaveTextContent('Last error: connection refused');
  });

  test('says so when nothing matches, in Chinese too', async () => {
    fakeApi({ 'GET /admin/api/outbox': () => [200, { list: [], total: 0 }] });
    await act(() => setLanguage('zh-CN'));
    try {
      renderConsole(<OutboxPage />);
      expect(await screen.findByText('没有符合条件的邮件。')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: '待发送' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  test('a mail tried and not sent is failed, one never tried pending', () => {
    expect(outboxStatus({ sent_at: null, attempts: 0 })).toBe('pending');
    expect(outboxStatus({ sent_at: null, attempts: 3 })).toBe('failed');
    expect(outboxStatus({ sent_at: AT, attempts: 2 })).toBe('sent');
  });
});
