import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderConsole } from '../test/harness';
import { DataTable } from './DataTable';

vi.setConfig({ testTimeout: 30_000 });

describe('the console table', () => {
  test('its sideways-scrolling area takes the keyboard’s focus and is named after the table', async () => {
    // A table of text alone (the jobs on the dashboard) has nothing else to focus: at 375 px its
    // columns off screen were out of a keyboard's reach (axe scrollable-region-focusable).
    renderConsole(
      <DataTable
        caption="Jobs"
        rows={[{ name: 'ledger.reconcile' }]}
        rowKey={(r) => r.name}
        columns={[{ key: 'name', title: 'Job', render: (r) => r.name }]}
      />,
    );
    const region = await screen.findByRole('region', { name: 'Jobs' });
    expect(region.contains(screen.getByRole('table', { name: 'Jobs' }))).toBe(true);
    await userEvent.tab();
    expect(document.activeElement).toBe(region);
  });
});
