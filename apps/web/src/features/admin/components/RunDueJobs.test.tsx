import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi, renderConsole } from '../test/harness';
import { RunDueJobs } from './RunDueJobs';

afterEach(() => vi.unstubAllGlobals());

describe('run due jobs', () => {
  test('an admin runs them and reads how many periods ran', async () => {
    const calls = fakeApi({ 'POST /admin/api/jobs/run-due': () => [200, { ran: 3 }] });
    renderConsole(<RunDueJobs />);
    await userEvent.click(screen.getByTestId('jobs-run-due-go'));
    expect(await screen.findByTestId('jobs-run-due-result')).toHaveTextContent('3 job periods ran.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/admin/api/jobs/run-due']);
  });

  test('the server refusing shows its message in place', async () => {
    fakeApi({ 'POST /admin/api/jobs/run-due': () => [403, { required: 'admin' }, 'operator.forbidden'] });
    renderConsole(<RunDueJobs />);
    await userEvent.click(screen.getByTestId('jobs-run-due-go'));
    expect(await screen.findByTestId('jobs-run-due-failure')).toHaveTextContent(
      'Your role cannot do this (it needs admin).',
    );
  });

  test('an operator below admin sees it disabled, and nothing is sent', async () => {
    const calls = fakeApi({});
    renderConsole(<RunDueJobs />, { role: 'operator' });
    expect(screen.getByTestId('jobs-run-due-go')).toBeDisabled();
    expect(calls).toEqual([]);
  });
});
