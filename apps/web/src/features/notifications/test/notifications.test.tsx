import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import AprAlertDialog, { parseAprInput } from '../../../components/apr-alert/AprAlertDialog';
import type { AprAlert } from '../../../components/apr-alert/api';
import { setLanguage } from '../../../i18n';
import { fakeApi, rule } from '../../../test/fakeApi';
import { LocationProbe, shownQuery } from '../../../test/location';
import { renderWithProviders } from '../../../test/render';
import type { InboxItem } from '../api/index';
import NotificationBell from '../components/Bell';
import en from '../i18n/en.json';
import zh from '../i18n/zh-CN.json';
import InboxPage from '../pages/InboxPage';
import Pages from '../pages/Pages';
import PreferencesPage from '../pages/PreferencesPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const item = (id: number, over: Partial<InboxItem> = {}): InboxItem => ({
  id,
  kind: 'fixed_matured',
  title: `Fixed USDT order matured ${id}`,
  body: `Order #${id} matured: 1000.1 USDT went to flexible savings.`,
  created_at: 1_795_237_200 - id * 60,
  read: false,
  ...over,
});

describe('notification texts', () => {
  test('every English text has its Chinese one', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(zh)) expect(value, key).not.toBe('');
  });
});

describe('bell', () => {
  test('shows the unread count in its label and links to the inbox', async () => {
    fakeApi({ 'GET /api/web/v1/notifications': () => ({ list: [], unread: 3, next_cursor: null }) });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(screen.getByText('3')).toBeInTheDocument();
  });

  test('without unread items shows no count', async () => {
    fakeApi({ 'GET /api/web/v1/notifications': () => ({ list: [], unread: 0, next_cursor: null }) });
    renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('inbox page', () => {
  test('lists items, marks one read on click and all read, filters by kind, loads more', async () => {
    let unread = 2;
    const api = fakeApi({
      'GET /api/web/v1/notifications': (c) =>
        c.query.get('cursor') === '2'
          ? { list: [item(1, { read: true })], unread, next_cursor: null }
          : c.query.get('kind') === 'new_device'
            ? {
                list: [item(9, { kind: 'new_device', title: 'New sign-in from a new device' })],
                unread,
                next_cursor: null,
              }
            : { list: [item(3), item(2)], unread, next_cursor: 2 },
      'POST /api/web/v1/notifications/read': (c) => {
        unread = 'all' in (c.body as object) ? 0 : unread - 1;
        return { unread };
      },
    });
    renderWithProviders(<InboxPage />, { width: 375 });
    expect(await screen.findByText('Fixed USDT order matured 3')).toBeInTheDocument();
    expect(screen.getAllByTestId('inbox-item')).toHaveLength(2);
    // Server time in the language's one format, with its zone (not the device's local time).
    expect(screen.getAllByTestId('inbox-time')[0]).toHaveTextContent(/^2026-11-21 04:57 UTC$/);
    expect(api.to('GET /api/web/v1/notifications')[0]?.query.get('lang')).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: /^Mark as read: Fixed USDT order matured 3/ }));
    await waitFor(() => expect(api.to('POST /api/web/v1/notifications/read')).toHaveLength(1));
    expect(api.to('POST /api/web/v1/notifications/read')[0]?.body).toEqual({ ids: [3] });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Fixed USDT order matured 1')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.to('POST /api/web/v1/notifications/read')).toHaveLength(2));
    expect(api.to('POST /api/web/v1/notifications/read')[1]?.body).toEqual({ all: true });
    // Nothing unread now: the button is off and says why (a tooltip's text on desktop, text here).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
    expect(screen.getByTestId('mark-all-reason')).toHaveTextContent(
      'Nothing unread: every notification has been read.',
    );

    await userEvent.click(screen.getByTestId('kind-filter'));
    await userEvent.click(await screen.findByRole('option', { name: 'New device sign-in' }));
    expect(await screen.findByText('New sign-in from a new device')).toBeInTheDocument();
    expect(api.to('GET /api/web/v1/notifications').some((c) => c.query.get('kind') === 'new_device')).toBe(
      true,
    );
  });

  test('says so when there is nothing, in Chinese too', async () => {
    fakeApi({ 'GET /api/web/v1/notifications': () => ({ list: [], unread: 0, next_cursor: null }) });
    await act(() => setLanguage('zh-CN'));
    try {
      renderWithProviders(<InboxPage />, { width: 375 });
      expect(await screen.findByText('暂无通知。')).toBeInTheDocument();
      const markAll = screen.getByRole('button', { name: '全部标为已读' });
      expect(markAll).toBeDisabled();
      // A phone has no hover: the reason is written under the button.
      expect(screen.getByTestId('mark-all-reason')).toHaveTextContent('没有未读通知：所有通知均已读。');
      expect(markAll).toHaveAccessibleDescription('没有未读通知：所有通知均已读。');
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('inbox and preferences signed out', () => {
  test('a visitor goes to the login page, back here after, and the inbox is never asked (it answered 401)', async () => {
    for (const page of ['inbox', 'preferences'] as const) {
      const api = fakeApi({
        'GET /api/web/v1/auth/me': () => ({ status: 401, code: 401, message: 'login', data: {} }),
        'GET /api/web/v1/notifications': () => ({ list: [], unread: 0, next_cursor: null }),
      });
      const path = page === 'inbox' ? '/notifications' : '/notifications/preferences';
      const view = renderWithProviders(
        <>
          <Pages page={page} />
          <LocationProbe />
        </>,
        { route: path },
      );
      await waitFor(() => expect(shownQuery().get('redirect')).toBe(path));
      expect(api.calls.filter((c) => c.path.startsWith('/api/web/v1/notifications'))).toEqual([]);
      view.unmount();
    }
  });
});

describe('preferences page', () => {
  test('saves the language and the kinds sent by mail', async () => {
    const api = fakeApi({
      'GET /api/web/v1/notifications/preferences': () => ({
        language: 'en',
        kinds: [
          { kind: 'fixed_matured', mail: true },
          { kind: 'apr_alert', mail: false },
        ],
      }),
      'POST /api/web/v1/notifications/preferences': (c) => ({
        language: (c.body as { language: string }).language,
        kinds: [],
      }),
    });
    renderWithProviders(<PreferencesPage />);
    const fixed = await screen.findByRole('checkbox', { name: 'Fixed order matured' });
    await waitFor(() => expect(fixed).toBeChecked());
    fireEvent.click(screen.getByRole('checkbox', { name: 'APR alert' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('POST /api/web/v1/notifications/preferences')).toHaveLength(1));
    expect(api.to('POST /api/web/v1/notifications/preferences')[0]?.body).toEqual({
      language: 'en',
      mail_kinds: ['fixed_matured', 'apr_alert'],
    });
  });
});

describe('APR alert dialog', () => {
  const alert = (over: Partial<AprAlert> = {}): AprAlert => ({
    id: 1,
    line: 'flexible',
    asset: 'USDT',
    product_id: null,
    direction: 'above',
    apr: '8',
    current_apr: '5',
    fired: 0,
    last_fired_at: null,
    created_at: 1,
    ...over,
  });

  test('parses a threshold: positive, at most 1000 %, 4 decimals', () => {
    expect(parseAprInput(' 8 ')).toBe('8');
    expect(parseAprInput('7.25')).toBe('7.25');
    for (const bad of ['0', '-1', '1001', '1.23456', 'abc', '', '1e3'])
      expect(parseAprInput(bad), bad).toBeNull();
  });

  test('sets an alert, lists it, deletes it; refuses bad input inline without a call', async () => {
    let alerts: AprAlert[] = [];
    const api = fakeApi({
      'GET /api/web/v1/earn/apr-alerts': () => ({ list: alerts, total: alerts.length }),
      'POST /api/web/v1/earn/apr-alerts': (c) => {
        const b = c.body as { direction: 'above' | 'below'; apr: string };
        alerts = [alert({ direction: b.direction, apr: b.apr })];
        return alerts[0];
      },
      'DELETE /api/web/v1/earn/apr-alerts/1': () => {
        alerts = [];
        return { id: 1 };
      },
    });
    renderWithProviders(
      <AprAlertDialog
        target={{ line: 'flexible', asset: 'USDT', currentRate: '0.0523' }}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByText('Current APR: 5.23 %')).toBeInTheDocument();
    expect(await screen.findByText('No alerts on this product yet.')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'APR (%)' });
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText('Enter an APR above 0 and at most 1000 %.')).toBeInTheDocument();
    expect(api.to('POST /api/web/v1/earn/apr-alerts')).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'falls below' }));
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(api.to('POST /api/web/v1/earn/apr-alerts')).toHaveLength(1));
    expect(api.to('POST /api/web/v1/earn/apr-alerts')[0]?.body).toEqual({
      line: 'flexible',
      asset: 'USDT',
      direction: 'below',
      apr: '4',
    });
    const row = await screen.findByTestId('alert-row');
    expect(within(row).getByText('< 4 %')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete alert: < 4 %' }));
    expect(await screen.findByText('No alerts on this product yet.')).toBeInTheDocument();
  });

  test('shows the server’s refusal in the user’s words', async () => {
    fakeApi({
      'GET /api/web/v1/earn/apr-alerts': () => ({ list: [], total: 0 }),
      'POST /api/web/v1/earn/apr-alerts': () => rule('earn.aprAlert.limit', { max: '20' }),
    });
    renderWithProviders(
      <AprAlertDialog target={{ line: 'flexible', asset: 'BTC' }} onClose={() => undefined} />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'APR (%)' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(
      await screen.findByText('You already have 20 alerts. Delete one to add another.'),
    ).toBeInTheDocument();
  });
});
