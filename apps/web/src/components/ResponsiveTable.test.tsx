import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../test/render';
import { type Column, ResponsiveTable } from './ResponsiveTable';

interface Row {
  id: number;
  coin: string;
  amount: string;
  apr: string;
  term: string;
  status: string;
}

const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  coin: `C${i + 1}`,
  amount: `${i + 1}.5`,
  apr: '5.2%',
  term: '30 days',
  status: 'Active',
}));

const columns: Column<Row>[] = [
  { key: 'coin', title: 'Coin', render: (r) => r.coin },
  { key: 'amount', title: 'Amount', render: (r) => r.amount },
  { key: 'apr', title: 'APR', render: (r) => r.apr },
  { key: 'term', title: 'Term', render: (r) => r.term },
  { key: 'status', title: 'Status', render: (r) => r.status },
];

function table() {
  return (
    <ResponsiveTable
      caption="Holdings"
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.id)}
      data-testid="t"
    />
  );
}

describe('ResponsiveTable', () => {
  test('from 768 px: a table, 10 rows a page, with pagination', () => {
    renderWithProviders(table(), { width: 1400 });
    expect(screen.getByTestId('t')).toHaveAttribute('data-layout', 'table');
    const grid = screen.getByRole('table', { name: 'Holdings' });
    expect(within(grid).getAllByRole('row')).toHaveLength(11); // header + 10
    expect(within(grid).getByText('C10')).toBeInTheDocument();
    expect(within(grid).queryByText('C11')).toBeNull();
    expect(screen.getByText('23 records')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(within(grid).getAllByRole('row')).toHaveLength(4); // header + 3
    expect(within(grid).getByText('C23')).toBeInTheDocument();
  });

  test('under 768 px: a card list with 3 fields shown and the rest behind More', () => {
    renderWithProviders(table(), { width: 375 });
    expect(screen.getByTestId('t')).toHaveAttribute('data-layout', 'cards');
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Holdings' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(23);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('C1')).toBeVisible();
    expect(within(first).getByText('Amount')).toBeInTheDocument();
    expect(within(first).getByText('APR')).toBeInTheDocument();
    const more = within(first).getByRole('button', { name: /More/ });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(within(first).getByRole('button', { name: /Less/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(first).getByText('Term')).toBeInTheDocument();
    expect(within(first).getByText('Status')).toBeInTheDocument();
  });

  test('a long mobile list is virtualised in a 600 px scroller', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ ...rows[0], id: i + 1, coin: `V${i + 1}` }) as Row);
    renderWithProviders(
      <ResponsiveTable
        caption="Long"
        columns={columns}
        rows={many}
        rowKey={(r) => String(r.id)}
        data-testid="t"
      />,
      { width: 375 },
    );
    const scroller = screen.getByTestId('t').querySelector('[data-virtual="true"]') as HTMLElement;
    expect(scroller).not.toBeNull();
    // 600 px = 37.5rem at Mantine's scale.
    expect(scroller.getAttribute('style')).toContain('37.5rem');
    // Only a window of the 120 rows is in the DOM.
    expect(screen.queryAllByRole('listitem').length).toBeLessThan(120);
  });

  test('empty rows say so', () => {
    renderWithProviders(
      <ResponsiveTable caption="Empty" columns={columns} rows={[]} rowKey={(r) => String(r.id)} />,
    );
    expect(screen.getByText('No records')).toBeInTheDocument();
  });
});
