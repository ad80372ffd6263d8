import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import { derivedPoolApr, POOL_HOURS_PER_YEAR, poolAprWithStake } from './index';

describe('derivedPoolApr', () => {
  it('is reward per hour × reward price × 8,760 ÷ (total staked × stake price)', () => {
    // 2,500 NOVA an hour at 0.42 USDT into 200,000 GT at 18.5 USDT.
    const d = derivedPoolApr({
      stakeCoin: 'GT',
      stakedTotal: '200000',
      stakePrice: '18.5',
      coins: [{ coin: 'NOVA', rewardPerHour: '2500', price: '0.42' }],
    });
    expect(d.missing).toBeNull();
    // 2500 × 0.42 × 8760 / 3,700,000 = 2.48594594…
    expect(d.apr?.toFixed(8)).toBe('2.48594594');
    expect(d.coins[0]?.apr?.eq(d.apr ?? 0)).toBe(true);
  });

  it('sums the coins of a multi-mining pool', () => {
    const d = derivedPoolApr({
      stakeCoin: 'BTC',
      stakedTotal: '10',
      stakePrice: '60000',
      coins: [
        { coin: 'NOVA', rewardPerHour: '900', price: '0.42' },
        { coin: 'GT', rewardPerHour: '12', price: '18.5' },
        { coin: 'ETH', rewardPerHour: '0.05', price: '3000' },
      ],
    });
    const each = d.coins.map((c) => c.apr?.toFixed(10));
    expect(each).toEqual(['5.5188000000', '3.2412000000', '2.1900000000']);
    expect(d.apr?.toFixed(10)).toBe('10.9500000000');
  });

  it('has no figure, with the reason, when a price is missing, nothing is staked or the project ended', () => {
    const base = { stakeCoin: 'GT', stakedTotal: '100', stakePrice: '18.5' as string | null };
    const noPrice = derivedPoolApr({ ...base, coins: [{ coin: 'NEW', rewardPerHour: '1', price: null }] });
    expect(noPrice).toMatchObject({ apr: null, missing: 'no_price', missingPrices: ['NEW'] });
    const zeroStakePrice = derivedPoolApr({
      ...base,
      stakePrice: '0',
      coins: [{ coin: 'NEW', rewardPerHour: '1', price: '2' }],
    });
    expect(zeroStakePrice).toMatchObject({ apr: null, missing: 'no_price', missingPrices: ['GT'] });
    const empty = derivedPoolApr({
      ...base,
      stakedTotal: '0',
      coins: [{ coin: 'NEW', rewardPerHour: '1', price: '2' }],
    });
    expect(empty).toMatchObject({ apr: null, missing: 'no_stake' });
    const ended = derivedPoolApr({
      ...base,
      ended: true,
      coins: [{ coin: 'NEW', rewardPerHour: '1', price: '2' }],
    });
    expect(ended).toMatchObject({ apr: null, missing: 'ended' });
  });

  it('gives a stake the rate it would get on joining', () => {
    const input = {
      stakeCoin: 'USDT',
      stakedTotal: '0',
      stakePrice: '1',
      coins: [{ coin: 'NOVA', rewardPerHour: '1', price: '1' }],
    };
    expect(poolAprWithStake(input, '8760')?.toFixed()).toBe('1');
    expect(poolAprWithStake(input, '0')).toBeNull();
  });

  it('pays the year it promises: APR × staked value = a year of rewards at those prices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (staked, reward, priceCents, stakeCents) => {
          const d = derivedPoolApr({
            stakeCoin: 'A',
            stakedTotal: staked,
            stakePrice: dec(stakeCents).div(100),
            coins: [{ coin: 'B', rewardPerHour: reward, price: dec(priceCents).div(100) }],
          });
          const yearValue = dec(reward).times(priceCents).div(100).times(POOL_HOURS_PER_YEAR);
          const got = (d.apr ?? dec(0)).times(staked).times(dec(stakeCents).div(100));
          expect(got.minus(yearValue).abs().lte(yearValue.times('1e-50'))).toBe(true);
        },
      ),
    );
  });
});
