import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { toast } from '../../../api/errors';
import { baseRoutes, fakeServer, renderWithApp } from '../test/harness';
import { NotificationDialog } from './NotificationDialog';

vi.mock('../../../api/errors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../api/errors')>();
  return { ...original, toast: vi.fn() };
});

function server(opts: { candy: number; herald: number; hodler: number; hodlerFails?: boolean }) {
  return fakeServer({
    ...baseRoutes(),
    '/api/web/v1/task-square/global-subscribe-status': { global_subscribe_status: opts.candy },
    '/api/web/v1/task-square/subscribe-msg': { global_subscribe_status: 1 },
    '/apiw/v2/herald/category/switch': {
      items: [{ msg_switch: 'startup_mining_switch', switch_status: opts.herald, name: 'Launchpool' }],
    },
    '/apiw/v2/herald/switches': { sets: { startup_mining_switch: 0 } },
    '/apiw/v2/earn/hodler-airdrop/config': { hodler_notify: opts.hodler, hodler_gt_exchange: 0 },
    '/apiw/v2/earn/hodler-airdrop/config_set': opts.hodlerFails
      ? { __status: 422, code: -1, message: 'HODLer settings are closed', data: {} }
      : { hodler_notify: 1, hodler_gt_exchange: 0 },
  });
}

describe('notification dialog', () => {
  test('each toggle sends the opposite of the current state', async () => {
    const { calls } = server({ candy: 2, herald: 1, hodler: 0 });
    renderWithApp(<NotificationDialog opened onClose={vi.fn()} />);
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getByTestId('notify-candydrop')).not.toBeChecked());
    expect(screen.getByTestId('notify-launchpool')).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('notify-hodler')).not.toBeChecked());

    await user.click(screen.getByTestId('notify-candydrop'));
    await user.click(screen.getByTestId('notify-launchpool'));
    await user.click(screen.getByTestId('notify-hodler'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && !c.path.endsWith('/config')).length).toBe(3),
    );

    const candy = calls.find((c) => c.path === '/api/web/v1/task-square/subscribe-msg');
    expect(Object.fromEntries(new URLSearchParams(candy?.body))).toEqual({ aid: '-1', status: '1' });
    const herald = calls.find((c) => c.path === '/apiw/v2/herald/switches');
    expect(JSON.parse(herald?.body ?? '{}')).toEqual({ sets: { startup_mining_switch: 0 } });
    const hodler = calls.find((c) => c.path === '/apiw/v2/earn/hodler-airdrop/config_set');
    expect(Object.fromEntries(new URLSearchParams(hodler?.body))).toEqual({
      name: 'HODLER_AIRDROP_NOTIFY',
      value: '1',
    });
  });

  test('subscribed CandyDrop sends 2; a HODLer failure shows the server message as an error', async () => {
    const { calls } = server({ candy: 1, herald: 0, hodler: 1, hodlerFails: true });
    renderWithApp(<NotificationDialog opened onClose={vi.fn()} />);
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(screen.getByTestId('notify-candydrop')).toBeChecked());
    await waitFor(() => expect(screen.getByTestId('notify-hodler')).toBeChecked());
    await user.click(screen.getByTestId('notify-candydrop'));
    await user.click(screen.getByTestId('notify-hodler'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('error', 'HODLer settings are closed'));
    const candy = calls.find((c) => c.path === '/api/web/v1/task-square/subscribe-msg');
    expect(new URLSearchParams(candy?.body).get('status')).toBe('2');
    const hodler = calls.find((c) => c.path === '/apiw/v2/earn/hodler-airdrop/config_set');
    expect(new URLSearchParams(hodler?.body).get('value')).toBe('0');
  });
});
