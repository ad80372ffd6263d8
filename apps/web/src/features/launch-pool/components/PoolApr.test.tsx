import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { i18next } from '../../../i18n';
import type { DerivedApr } from '../api/index';
import { makePool, renderWithApp } from '../test/harness';
import { PoolApr } from './PoolApr';

const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

/** 0.45 NOVA an hour at 0.42 USDT into 200 GT at 18.42 USDT: 44.94 %. */
const GT_POOL: DerivedApr = {
  rate_year: '44.941368078175895765',
  shown_rate_year: '44.941368078175895765',
  shown: 'live',
  missing: null,
  missing_prices: [],
  staked_total: '200',
  stake_price: '18.42',
  coins: [{ coin: 'NOVA', reward_per_hour: '0.45', price: '0.42', rate_year: '44.941368078175895765' }],
};

describe('pool APR with its inputs (issue 17)', () => {
  test('shows the derived APR; hover shows how it is made, and with a typed stake what it becomes', async () => {
    renderWithApp(<PoolApr pool={makePool({ derived_apr: GT_POOL })} stakeAmount="100" testId="apr" />);
    const trigger = screen.getByTestId('apr');
    expect(trigger).toHaveTextContent('44.94%');
    fireEvent.mouseEnter(trigger);
    const popover = await screen.findByTestId('pool-apr-popover');
    expect(within(popover).getByTestId('apr-input-NOVA')).toHaveTextContent(
      t('launchpool.apr.reward', { amount: '0.45', coin: 'NOVA', price: '0.42' }),
    );
    expect(within(popover).getByTestId('apr-input-staked')).toHaveTextContent(
      t('launchpool.apr.staked', { amount: '200', coin: 'GT', price: '18.42', value: '3,684' }),
    );
    expect(popover).toHaveTextContent(t('launchpool.apr.result'));
    // 100 GT more: 0.45 × 0.42 × 8760 ÷ (300 × 18.42) = 29.96 %
    expect(within(popover).getByTestId('apr-with-stake')).toHaveTextContent(
      t('launchpool.apr.withStake', { amount: '100', coin: 'GT', apr: '29.96%' }),
    );
    fireEvent.mouseLeave(trigger);
    await waitFor(() => expect(screen.queryByTestId('pool-apr-popover')).not.toBeInTheDocument());
  });

  test('a tap opens it too (phones): "—" with the reason when a price is missing and no rate is set', async () => {
    const missing: DerivedApr = {
      ...GT_POOL,
      rate_year: null,
      shown_rate_year: null,
      shown: 'none',
      missing: 'no_price',
      missing_prices: ['NOVA'],
      coins: [{ coin: 'NOVA', reward_per_hour: '0.45', price: null, rate_year: null }],
    };
    renderWithApp(<PoolApr pool={makePool({ derived_apr: missing, rate_year_type: 3 })} testId="apr" />);
    const trigger = screen.getByTestId('apr');
    expect(trigger).toHaveTextContent('—');
    // A phone fires mouseenter before click: the popover must stay open.
    fireEvent.mouseEnter(trigger);
    fireEvent.click(trigger);
    const popover = await screen.findByTestId('pool-apr-popover');
    expect(within(popover).getByTestId('apr-missing')).toHaveTextContent(
      t('launchpool.apr.missing.no_price', { coins: 'NOVA' }),
    );
    expect(within(popover).getByTestId('apr-input-NOVA')).toHaveTextContent(
      t('launchpool.apr.reward', { amount: '0.45', coin: 'NOVA', price: '—' }),
    );
  });

  test('nothing staked yet (issue 27): the set rate, said to be the set rate, and why there is no live one', async () => {
    const empty: DerivedApr = {
      ...GT_POOL,
      rate_year: null,
      shown_rate_year: '45.5',
      shown: 'set',
      missing: 'no_stake',
      staked_total: '0',
      coins: [{ coin: 'NOVA', reward_per_hour: '0.45', price: '0.42', rate_year: null }],
    };
    renderWithApp(<PoolApr pool={makePool({ derived_apr: empty })} testId="apr" />);
    expect(screen.getByTestId('apr')).toHaveTextContent('45.50%');
    fireEvent.click(screen.getByTestId('apr'));
    expect(await screen.findByTestId('apr-shown')).toHaveTextContent(
      t('launchpool.apr.shownSet', { rate: '45.50%' }),
    );
    expect(screen.getByTestId('apr-missing')).toHaveTextContent(t('launchpool.apr.missing.no_stake'));
  });

  test('a single small stake (issue 27): the set rate, not the live 18,396 %', async () => {
    const tiny: DerivedApr = {
      ...GT_POOL,
      rate_year: '18396',
      shown_rate_year: '45.5',
      shown: 'set',
      staked_total: '10',
      coins: [{ coin: 'NOVA', reward_per_hour: '0.45', price: '0.42', rate_year: '18396' }],
    };
    renderWithApp(<PoolApr pool={makePool({ derived_apr: tiny })} testId="apr" />);
    expect(screen.getByTestId('apr')).toHaveTextContent('45.50%');
    expect(screen.getByTestId('apr')).not.toHaveTextContent('18,396');
  });
});
