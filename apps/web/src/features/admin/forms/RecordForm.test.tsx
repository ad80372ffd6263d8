import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { FlexibleTab } from '../pages/products/FlexibleTab';
import { fakeApi, renderConsole } from '../test/harness';

const usdt = {
  asset: 'USDT',
  status: 1,
  sort: 1,
  min_lend_amount: '1',
  next_time_rate_year: '0.0523',
  borrow_demand: '5000000',
  ladder_apr: [],
  ext_award_rate_year: '0',
  ext_award_limit: '0',
  award_asset: null,
  is_open_award_pool: false,
  limit_min_lend_rate_year: '0',
  max_lend_rate_year: '5',
  accrued_until: 1_790_000_000,
  last_rate_year: '0.0523',
  last_supplied: '1200',
  last_lent: '1000',
  liquidity_left: '0',
};

const LIST = 'GET /admin/api/simple-earn/flexible-products';
const PUT = 'PUT /admin/api/simple-earn/flexible-products/USDT';
const IMPACT = 'GET /admin/api/simple-earn/flexible-products/USDT/impact';

afterEach(() => vi.unstubAllGlobals());

async function openEdit() {
  await userEvent.click(await screen.findByTestId('flexible-USDT-edit'));
  return screen.findByTestId('flexible-form');
}

const field = (form: HTMLElement, key: string) =>
  form.querySelector(`[data-field="${key}"]`) as HTMLInputElement;

describe('editing a flexible product', () => {
  test('the review lists the changed field with before and after, the impact, and the save sends that field alone', async () => {
    const calls = fakeApi({
      [LIST]: () => [200, { list: [usdt], total: 1 }],
      [IMPACT]: () => [
        200,
        {
          asset: 'USDT',
          holders: 3,
          principal: '1200',
          rate_now: '0.0523',
          rate_after: '0.06',
          lent_now: '1000',
          lent_after: '1000',
          hourly_cost_now: '0.00597031',
          hourly_cost_after: '0.00684931',
        },
      ],
      [PUT]: (body) => [200, { ...usdt, ...(body as object) }],
    });
    renderConsole(<FlexibleTab />);
    const form = await openEdit();
    const rate = field(form, 'next_time_rate_year');
    // The rate reads in percent, as every other screen shows it.
    expect(rate).toHaveValue('5.23');
    await userEvent.clear(rate);
    await userEvent.type(rate, '6');
    await userEvent.click(within(form).getByTestId('form-review'));

    const review = await screen.findByTestId('review-table');
    const rows = within(review).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('APR this hour');
    expect(within(rows[0] as HTMLElement).getByTestId('review-before')).toHaveTextContent(/^5\.23 %$/);
    expect(within(rows[0] as HTMLElement).getByTestId('review-after')).toHaveTextContent(/^6 %$/);
    expect(await screen.findByTestId('impact-holders')).toHaveTextContent('3');
    expect(screen.getByTestId('impact-rate')).toHaveTextContent('Rate 5.23 % → 6 %');
    expect(screen.getByTestId('impact-principal')).toHaveTextContent('1,200 USDT');
    expect(screen.getByTestId('impact-cost-now')).toHaveTextContent('0.00597031 USDT');
    expect(screen.getByTestId('impact-cost-after')).toHaveTextContent('0.00684931 USDT');
    expect(
      calls.find((c) => c.url.startsWith('/admin/api/simple-earn/flexible-products/USDT/impact'))?.url,
    ).toBe('/admin/api/simple-earn/flexible-products/USDT/impact?next_time_rate_year=0.06');

    await userEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(screen.queryByTestId('flexible-form')).not.toBeInTheDocument());
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toEqual([
      {
        method: 'PUT',
        url: '/admin/api/simple-earn/flexible-products/USDT',
        body: { next_time_rate_year: '0.06' },
      },
    ]);
  });

  test('a malformed or emptied field is refused under the field and nothing is sent', async () => {
    const calls = fakeApi({ [LIST]: () => [200, { list: [usdt], total: 1 }] });
    renderConsole(<FlexibleTab />);
    const form = await openEdit();
    await userEvent.clear(field(form, 'next_time_rate_year'));
    await userEvent.clear(field(form, 'min_lend_amount'));
    await userEvent.type(field(form, 'min_lend_amount'), '1e3');
    await userEvent.click(within(form).getByTestId('form-review'));
    expect(within(form).getByText('Required')).toBeInTheDocument();
    expect(within(form).getByText('A plain decimal number, e.g. 12.5')).toBeInTheDocument();
    expect(screen.queryByTestId('review-table')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  test('with nothing changed there is nothing to review', async () => {
    fakeApi({ [LIST]: () => [200, { list: [usdt], total: 1 }] });
    renderConsole(<FlexibleTab />);
    const form = await openEdit();
    await userEvent.click(within(form).getByTestId('form-review'));
    expect(within(form).getByTestId('form-nothing')).toHaveTextContent('Nothing has changed yet.');
    expect(screen.queryByTestId('review-table')).not.toBeInTheDocument();
  });

  test('a refusal naming a field shows under that field', async () => {
    fakeApi({
      [LIST]: () => [200, { list: [usdt], total: 1 }],
      [IMPACT]: () => [
        200,
        { asset: 'USDT', holders: 0, principal: '0', hourly_cost_now: '0', hourly_cost_after: '0' },
      ],
      [PUT]: () => [400, { field: 'next_time_rate_year' }, 'product.rate.tooHigh'],
    });
    renderConsole(<FlexibleTab />);
    const form = await openEdit();
    await userEvent.clear(field(form, 'next_time_rate_year'));
    await userEvent.type(field(form, 'next_time_rate_year'), '9');
    await userEvent.click(within(form).getByTestId('form-review'));
    await userEvent.click(await screen.findByTestId('form-save'));
    const again = await screen.findByTestId('flexible-form');
    await waitFor(() => expect(again).toHaveAttribute('data-step', 'form'));
    expect(within(again).getAllByText('product.rate.tooHigh').length).toBeGreaterThan(0);
  });

  test('Close asks for the review of the status alone', async () => {
    const calls = fakeApi({
      [LIST]: () => [200, { list: [usdt], total: 1 }],
      [PUT]: (body) => [200, { ...usdt, ...(body as object) }],
    });
    renderConsole(<FlexibleTab />);
    await userEvent.click(await screen.findByTestId('flexible-USDT-toggle'));
    const review = await screen.findByTestId('review-table');
    expect(within(review).getByTestId('review-before')).toHaveTextContent('Open');
    expect(within(review).getByTestId('review-after')).toHaveTextContent('Closed');
    expect(screen.queryByTestId('impact')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 0 });
  });
});

describe('an unusual rate asks a second time (issue 27)', () => {
  /** The server's rate guard: 600 % is above the 100 % ceiling and 3 times the 5.23 %. */
  const guard = (
    body: unknown,
  ): [number, unknown, string?, { code?: number; data?: Record<string, unknown> }?] =>
    (body as { confirm_rate?: boolean }).confirm_rate === true
      ? [200, { ...usdt, next_time_rate_year: '6' }]
      : [
          422,
          { field: 'next_time_rate_year', apr: '600.00', before_apr: '5.23', ceiling: '100.00', factor: 3 },
          'operator.rate.confirm',
          {
            code: 42230,
            data: {
              target: 'flexible_product:USDT',
              rates: [
                {
                  field: 'next_time_rate_year',
                  apr: '600.00',
                  before_apr: '5.23',
                  reasons: ['ceiling', 'jump'],
                },
              ],
            },
          },
        ];

  async function typeAndSave(value: string) {
    const form = await openEdit();
    await userEvent.clear(field(form, 'next_time_rate_year'));
    await userEvent.type(field(form, 'next_time_rate_year'), value);
    await userEvent.click(within(form).getByTestId('form-review'));
    await userEvent.click(await screen.findByTestId('form-save'));
    return screen.findByTestId('rate-confirm');
  }

  test('600 typed: the console names the APR users would see, and only its yes resends with confirm_rate', async () => {
    const calls = fakeApi({
      [LIST]: () => [200, { list: [usdt], total: 1 }],
      [IMPACT]: () => [200, { asset: 'USDT', holders: 0, principal: '0' }],
      [PUT]: guard,
    });
    renderConsole(<FlexibleTab />);
    const confirm = await typeAndSave('600');
    expect(within(confirm).getByTestId('rate-confirm-question')).toHaveTextContent(
      'Set USDT flexible APR this hour to 600.00 %?',
    );
    expect(confirm).toHaveTextContent(
      'It is above the ceiling of 100.00 % in the settings. It is more than 3 times the current 5.23 %.',
    );
    expect(screen.getByRole('group', { name: /Unusual rates/ })).toBe(confirm);
    // Nothing was saved yet: the first call was refused, and the form stays open.
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { next_time_rate_year: '6' },
    ]);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, set 600.00 %' }));
    await waitFor(() => expect(screen.queryByTestId('flexible-form')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { next_time_rate_year: '6' },
      { next_time_rate_year: '6', confirm_rate: true },
    ]);
  });

  test('Back from the question sends nothing more', async () => {
    const calls = fakeApi({
      [LIST]: () => [200, { list: [usdt], total: 1 }],
      [IMPACT]: () => [200, { asset: 'USDT', holders: 0, principal: '0' }],
      [PUT]: guard,
    });
    renderConsole(<FlexibleTab />);
    const confirm = await typeAndSave('600');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('review-table')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  test('in Chinese', async () => {
    await act(() => setLanguage('zh-CN'));
    try {
      fakeApi({
        [LIST]: () => [200, { list: [usdt], total: 1 }],
        [IMPACT]: () => [200, { asset: 'USDT', holders: 0, principal: '0' }],
        [PUT]: guard,
      });
      renderConsole(<FlexibleTab />);
      const confirm = await typeAndSave('600');
      expect(within(confirm).getByTestId('rate-confirm-question')).toHaveTextContent(
        '将 USDT 活期的本小时年化设为 600.00 %？',
      );
      expect(within(confirm).getByRole('button', { name: '确认设为 600.00 %' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('a viewer', () => {
  test('sees every write disabled with the reason, and cannot open a form', async () => {
    fakeApi({ [LIST]: () => [200, { list: [usdt], total: 1 }] });
    renderConsole(<FlexibleTab />, { role: 'viewer' });
    const edit = await screen.findByTestId('flexible-USDT-edit');
    expect(edit).toBeDisabled();
    const reason = 'Your role (Viewer) can only look here; this needs Operator.';
    expect(edit).toHaveAttribute('data-reason', reason);
    expect(edit).toHaveAccessibleDescription(reason);
    expect(screen.getByTestId('flexible-create')).toBeDisabled();
    await userEvent.click(edit).catch(() => undefined);
    expect(screen.queryByTestId('flexible-form')).not.toBeInTheDocument();
  });
});
