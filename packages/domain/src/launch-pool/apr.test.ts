import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import { derivedPoolApr, POOL_HOURS_PER_YEAR, poolAprWithStake, shownPoolApr } from './index';

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

describe('shownPoolApr (issue 27)', () => {
  // A pool paying 10.5 USDT of rewards an hour (25 NOVA × 0.42) with a set rate of 30 %.
  const live = (staked: string) =>
    derivedPoolApr({
      stakeCoin: 'USDT',
      stakedTotal: staked,
      stakePrice: '1',
      coins: [{ coin: 'NOVA', rewardPerHour: '25', price: '0.42' }],
    }).apr;
  const shown = (staked: string) => shownPoolApr({ live: live(staked), setRate: '0.3', rateYearType: 2 });

  it('nothing staked: the set rate, not "—"', () => {
    expect(shown('0')).toEqual({ apr: dec('0.3'), source: 'set' });
  });

  it('a single 10 USDT stake: the set rate, not 919,800 %', () => {
    expect(live('10')?.times(100).toFixed(0)).toBe('919800');
    expect(shown('10')).toEqual({ apr: dec('0.3'), source: 'set' });
  });

  it('once the stake brings the live figure to the set rate or below: the live figure', () => {
    // 10.5 × 8760 / 0.3 = 306,600 USDT is the stake the set rate assumes.
    expect(shown('306600')).toEqual({ apr: dec('0.3'), source: 'live' });
    const crowded = shown('613200');
    expect(crowded.source).toBe('live');
    expect(crowded.apr?.toFixed()).toBe('0.15');
  });

  it('no set rate (type none): the live figure, or nothing', () => {
    expect(shownPoolApr({ live: null, setRate: '0', rateYearType: 3 })).toEqual({
      apr: null,
      source: 'none',
    });
    expect(shownPoolApr({ live: dec('91.98'), setRate: '0', rateYearType: 3 }).source).toBe('live');
  });

  it('never shows more than the set rate when there is one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (staked) => {
        const s = shown(String(staked));
        expect(s.apr?.lte('0.3')).toBe(true);
      }),
    );
  });
});
