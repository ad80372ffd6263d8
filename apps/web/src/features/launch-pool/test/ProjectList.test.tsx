import { configure, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { AuthDialogsProvider } from '../../../app/auth';
import { LocationProbe, shownQuery } from '../../../test/location';
import { renderWithProviders } from '../../../test/render';
import LaunchPoolPage from '../pages/LaunchPoolPage';
import StakeSuccessPage from '../pages/StakeSuccessPage';
import { baseRoutes, fakeServer, ME, makePool, makeProject } from './harness';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const userEvent = userEventLib.setup({ delay: null });
const DAY = 86_400;
const START = 1_799_000_000;

const staked = (amount: string) => ({
  staked: amount,
  personal_max_amount: '20000',
  remaining_quota: '20000',
  staking_cap: '-1',
  is_vip_quota: 0,
});

// Nova: 45.5 % for 10 days; Orbit: 12 % for 30 days, where the user stakes; Zeta: no APR, 5 days.
const PROJECTS = [
  makeProject([makePool({ rid: 11, pid: 1, rate_year: '45.5' })], {
    pid: 1,
    end_timest: START + 10 * DAY,
    start_timest: START,
  }),
  makeProject(
    [makePool({ rid: 21, pid: 2, coin: 'USDT', reward_coin: 'ORB', rate_year: '12', user: staked('100') })],
    {
      pid: 2,
      name: 'Orbit',
      coin: 'ORB',
      start_timest: START,
      end_timest: START + 30 * DAY,
    },
  ),
  makeProject([makePool({ rid: 31, pid: 3, reward_coin: 'ZET', rate_year_type: 3 })], {
    pid: 3,
    name: 'Zeta',
    coin: 'ZET',
    start_timest: START,
    end_timest: START + 5 * DAY,
  }),
];

function renderAt(route: string, signedIn = true) {
  fakeServer({
    ...baseRoutes(),
    '/api/web/v1/auth/me': signedIn ? ME : { __status: 401, code: 401, message: 'login', data: {} },
    '/apiw/v2/earn/launch-pool/projects': { list: PROJECTS, total: PROJECTS.length },
    '/apiw/v2/earn/launch-pool/user-project-statistics': [],
    '/apiw/v2/earn/launch-pool/my-stakes': { list: [], total: 0 },
    '/apiw/v2/earn/launch-pool/my-rewards': { list: [], total: 0 },
  });
  return renderWithProviders(
    <AuthDialogsProvider>
      <LaunchPoolPage />
      <LocationProbe />
    </AuthDialogsProvider>,
    { route },
  );
}

const pids = () => screen.getAllByTestId(/^project-\d+$/).map((el) => el.getAttribute('data-testid'));

describe('launch-pool project list', () => {
  test('best pool APR first, a project without one last; the mining period both ways from the URL', async () => {
    const view = renderAt('/launchpool');
    await waitFor(() => expect(pids()).toEqual(['project-1', 'project-2', 'project-3']));
    view.unmount();
    renderAt('/launchpool?sort=term-asc');
    await waitFor(() => expect(pids()).toEqual(['project-3', 'project-1', 'project-2']));
    await userEvent.click(screen.getByTestId('lp-list-sort'));
    await userEvent.click(await screen.findByRole('option', { name: 'Term: longest first' }));
    await waitFor(() => expect(pids()).toEqual(['project-2', 'project-1', 'project-3']));
    expect(shownQuery().get('sort')).toBe('term-desc');
  });

  test('my positions only keeps the projects staked in; a pool coin finds its project; tabs keep both', async () => {
    renderAt('/launchpool');
    await waitFor(() => expect(pids()).toHaveLength(3));
    await userEvent.click(await screen.findByTestId('lp-list-mine'));
    await waitFor(() => expect(pids()).toEqual(['project-2']));
    await userEvent.click(screen.getByTestId('lp-list-mine'));
    await userEvent.type(screen.getByTestId('lp-list-search'), 'usdt');
    await waitFor(() => expect(pids()).toEqual(['project-2']));
    await userEvent.click(screen.getByTestId('state-tab-3'));
    await waitFor(() => expect(shownQuery().get('state')).toBe('3'));
    expect(shownQuery().get('q')).toBe('usdt');
  });

  test('nothing matches: the list says so and Clear shows every project', async () => {
    renderAt('/launchpool?q=doge&mine=1');
    expect(await screen.findByTestId('lp-list-no-match')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('lp-list-clear'));
    await waitFor(() => expect(pids()).toHaveLength(3));
    expect(shownQuery().toString()).toBe('');
  });
});

/** The current path, for a page that leaves by a redirect. */
function PathProbe() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

describe('stake success page without a stake', () => {
  test('a link without the pool staked in goes to the pools instead of an empty box', async () => {
    fakeServer({
      ...baseRoutes(),
      '/apiw/v2/earn/launch-pool/project-info': PROJECTS[0],
    });
    renderWithProviders(
      <AuthDialogsProvider>
        <Routes>
          <Route path="/launchpool/success/:pid" element={<StakeSuccessPage />} />
          <Route path="*" element={null} />
        </Routes>
        <PathProbe />
      </AuthDialogsProvider>,
      { route: '/launchpool/success/1' },
    );
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/launchpool$/));
  });
});
