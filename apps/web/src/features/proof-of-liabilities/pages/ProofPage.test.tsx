import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { fakeFetch, SIGNED_IN } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/render';
import ProofPage from './ProofPage';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

function renderPage() {
  fakeFetch({
    '/api/web/v1/auth/me': SIGNED_IN,
    '/api/health': { now: 1_800_000_000, clock: 'test' },
    '/api/web/v1/earn/liabilities/root': null,
    '/api/web/v1/earn/liabilities/proof': { root: null, leaf: null },
  });
  renderWithProviders(<ProofPage />);
}

describe('proof of liabilities: what each figure includes', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => setLanguage('en'));
  });

  test('names what a leaf counts of every line, wealth at NAV and flexible interest included', async () => {
    renderPage();
    const box = await screen.findByTestId('pol-includes');
    expect(within(box).getByRole('heading', { name: 'What each figure includes' })).toBeInTheDocument();
    expect(box).toHaveTextContent('by the same rule as your Earn overview');
    expect(box).toHaveTextContent('each total is the sum of every user');
    const items = within(box)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Simple Earn · Flexible: principal, amounts waiting for their first hour or frozen for redemption, and interest credited and not withdrawn.',
      'Simple Earn · Fixed: principal. Interest is paid at maturity and is not counted before it.',
      'Launchpool: coins staked. Rewards go to your spot account every hour.',
      'Staking: coins staked and being redeemed, and rewards held until your next redemption, in their coin.',
      'Wealth: your units, held and being redeemed, at the latest published net asset value (at cost before the first one), 8 decimals down.',
      'Soft Staking: not counted here; its coins stay in your spot account.',
    ]);
  });

  test('in Chinese', async () => {
    await act(() => setLanguage('zh-CN'));
    renderPage();
    const box = await screen.findByTestId('pol-includes');
    expect(within(box).getByRole('heading', { name: '各项数字包含什么' })).toBeInTheDocument();
    expect(box).toHaveTextContent('已发放且未提取的利息');
    expect(box).toHaveTextContent('按最新公布的净值计');
    expect(within(box).getAllByRole('listitem')).toHaveLength(6);
  });
});
