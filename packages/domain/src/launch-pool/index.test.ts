import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import {
  checkPoolRedeemAmount,
  checkPoolStakeAmount,
  maxPoolStake,
  poolPersonalMax,
  poolRemainingQuota,
  poolStakeMode,
  poolStakingCap,
  projectState,
} from './index';

describe('launch-pool rules', () => {
  it('derives the project state from the clock', () => {
    expect(projectState(99, 100, 200)).toBe(2);
    expect(projectState(100, 100, 200)).toBe(1);
    expect(projectState(199, 100, 200)).toBe(1);
    expect(projectState(200, 100, 200)).toBe(3);
  });

  it('takes the cap of the highest tier the volume reaches', () => {
    const tiers = [
      { transaction_amount: '10000', mortgage_limit: '500' },
      { transaction_amount: '1000', mortgage_limit: '50' },
    ];
    expect(poolStakingCap([], '0')).toBeNull();
    expect(poolStakingCap(tiers, '999.99')?.toFixed()).toBe('0');
    expect(poolStakingCap(tiers, '1000')?.toFixed()).toBe('50');
    expect(poolStakingCap(tiers, '1000000')?.toFixed()).toBe('500');
  });

  it('applies the VIP maximum, then the volume cap', () => {
    const vip = { min_vip: 2, personal_max_amount: '300', vip_only: false };
    expect(poolPersonalMax({ personalMaxAmount: '100', vip, vipTier: 1, cap: null }).toFixed()).toBe('100');
    expect(poolPersonalMax({ personalMaxAmount: '100', vip, vipTier: 2, cap: null }).toFixed()).toBe('300');
    expect(poolPersonalMax({ personalMaxAmount: '100', vip, vipTier: 2, cap: dec(250) }).toFixed()).toBe(
      '250',
    );
  });

  it('limits the quota by the pool total unless unlimited, and Max by the balance and precision', () => {
    expect(poolRemainingQuota('100', '30', null).toFixed()).toBe('70');
    expect(poolRemainingQuota('100', '30', '12.5').toFixed()).toBe('12.5');
    expect(poolRemainingQuota('100', '130', null).toFixed()).toBe('0');
    expect(maxPoolStake('12.3456', '70', 2).toFixed()).toBe('12.34');
  });

  it('checks a stake in the dialog order with its message keys', () => {
    const base = { coin: 'GT', decimalPlace: 2, min: '10', max: '100', staked: '50', available: '60' };
    expect(checkPoolStakeAmount({ ...base, amount: '10.001' })?.key).toBe('common.amountPrecision');
    expect(checkPoolStakeAmount({ ...base, amount: '9.99' })).toEqual({
      key: 'finances.startupMining.stake.min.tip',
      params: { amount: '10', coin: 'GT' },
    });
    expect(checkPoolStakeAmount({ ...base, amount: '50.01' })).toEqual({
      key: 'finances.startupMining.stake.max.tip',
      params: { amount: '100', coin: 'GT' },
    });
    expect(checkPoolStakeAmount({ ...base, staked: '0', amount: '60.01' })?.key).toBe(
      'finances.inadequateBalance',
    );
    expect(checkPoolStakeAmount({ ...base, amount: '50' })).toBeNull();
  });

  it('checks a redeem: current maximum and smallest unit', () => {
    const base = { coin: 'ETH', decimalPlace: 4, redeemable: '1.5' };
    expect(checkPoolRedeemAmount({ ...base, amount: '1.5001' })).toEqual({
      key: 'finances.startupMining.redeem.currentMax.tip',
      params: { amount: '1.5', coin: 'ETH' },
    });
    expect(checkPoolRedeemAmount({ ...base, amount: '0.00009' })?.key).toBe('finances.redeem.minimum.error');
    expect(checkPoolRedeemAmount({ ...base, amount: '0.0001' })).toBeNull();
  });

  it('reads the mode from simpleEarnStatus and simpleEarnPeriod', () => {
    expect(poolStakeMode(0, 30)).toBe('spot');
    expect(poolStakeMode(1, undefined)).toBe('flexible');
    expect(poolStakeMode(1, 0)).toBe('flexible');
    expect(poolStakeMode(1, 30)).toBe('fixed');
  });

  it('never lets Max exceed the quota, the balance or the precision', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 8 }),
        (a, q, p) => {
          const available = dec(a).div(1000);
          const quota = dec(q).div(1000);
          const max = maxPoolStake(available, quota, p);
          return max.lte(available) && max.lte(quota) && max.decimalPlaces() <= p;
        },
      ),
    );
  });
});
