import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi, renderConsole } from '../../test/harness';
import { EarnMoreCards } from './EarnMoreCards';

afterEach(() => vi.unstubAllGlobals());

const card = {
  id: 3,
  coin: 'GT',
  type: 'launchpool',
  popup_msg: 'Stake GT for more',
  popup_high_light: ['GT'],
  url: 'https://example.com/gt',
  enabled: true,
  created_at: 1_790_000_000,
};

describe("CandyDrop 'want more' cards", () => {
  test('lists the cards and hides one after its review: PUT with enabled false alone', async () => {
    const calls = fakeApi({
      'GET /admin/api/launch-pool/earn-more': () => [200, { list: [card], total: 1 }],
      'PUT /admin/api/launch-pool/earn-more/3': () => [200, { ...card, enabled: false }],
    });
    renderConsole(<EarnMoreCards />);
    const table = await screen.findByTestId('earn-more-table');
    expect(await within(table).findByText('Stake GT for more')).toBeInTheDocument();
    expect(within(table).getByText('Shown')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('earn-more-3-toggle'));
    await userEvent.click(await screen.findByTestId('form-save'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/admin/api/launch-pool/earn-more/3', body: { enabled: false } },
      ]),
    );
  });

  test('adds a card: POST with the coin, message, highlights and link', async () => {
    const calls = fakeApi({
      'GET /admin/api/launch-pool/earn-more': () => [200, { list: [], total: 0 }],
      'POST /admin/api/launch-pool/earn-more': () => [200, { id: 4 }],
    });
    renderConsole(<EarnMoreCards />);
    expect(await screen.findByText('No cards yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('earn-more-create'));
    const form = await screen.findByTestId('earn-more-form');
    const input = (key: string) =>
      form.querySelector(
        `[data-field="${key}"] input, [data-field="${key}"] textarea, input[data-field="${key}"], textarea[data-field="${key}"]`,
      ) as HTMLInputElement;
    await userEvent.type(input('coin'), 'GT', { delay: null });
    await userEvent.type(input('popup_msg'), 'Stake GT for more', { delay: null });
    await userEvent.type(input('url'), 'https://example.com/gt', { delay: null });
    await userEvent.click(within(form).getByTestId('form-review'));
    await userEvent.click(await screen.findByTestId('form-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      coin: 'GT',
      type: 'launchpool',
      popup_msg: 'Stake GT for more',
      popup_high_light: [],
      url: 'https://example.com/gt',
    });
  });
});
