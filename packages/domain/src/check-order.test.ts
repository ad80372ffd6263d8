import { describe, expect, it } from 'vitest';
import { CHECK_ORDER, firstFailure } from './check-order';
import { checkPoolStakeAmount, LaunchPoolKey } from './launch-pool';
import { dec } from './money';
import { checkSubscribe, SimpleEarnKey } from './simple-earn';
import { checkStakeAmount, StakingKey } from './staking';
import { checkPurchase, WealthKey } from './wealth';

describe('the one order of amount checks', () => {
  it('is precision, minimum, maximum, quota, balance', () => {
    expect(CHECK_ORDER).toEqual(['precision', 'minimum', 'maximum', 'quota', 'balance']);
  });

  it('answers the earliest stage whatever order the rules are listed in, and stops there', () => {
    const reached: string[] = [];
    const rule = (stage: (typeof CHECK_ORDER)[number], fails: boolean) => ({
      stage,
      check: () => {
        reached.push(stage);
        return fails ? stage : null;
      },
    });
    expect(firstFailure([rule('balance', true), rule('quota', true), rule('minimum', false)])).toBe('quota');
    expect(reached).toEqual(['minimum', 'quota']);
    expect(firstFailure([rule('balance', false)])).toBeNull();
  });

  // One amount breaking two rules per line: each line answers the earlier stage.
  it('simple earn: above the personal quota and the balance answers the quota', () => {
    const failure = checkSubscribe({
      amount: dec('500'),
      minAmount: '1',
      available: '100',
      productRemaining: '10000',
      userRemaining: '200',
      asset: 'USDT',
    });
    expect(failure).toEqual({
      key: SimpleEarnKey.individualRemainingQuota,
      params: { amount: '200', coin: 'USDT' },
    });
  });

  it("launch pool: above the pool's remaining total and the balance answers the pool", () => {
    const failure = checkPoolStakeAmount({
      amount: '80',
      coin: 'GT',
      decimalPlace: 2,
      min: '1',
      max: '1000',
      staked: '0',
      available: '50',
      poolLeft: '60',
    });
    expect(failure).toEqual({ key: LaunchPoolKey.poolLeft, params: { amount: '60', coin: 'GT' } });
  });

  it('staking: above the personal cap and the balance answers the cap', () => {
    const failure = checkStakeAmount({
      amount: '30',
      coin: 'ETH',
      min: '0.01',
      available: '5',
      caps: [{ key: StakingKey.personalLimit, left: dec('20') }],
    });
    expect(failure).toEqual({ key: StakingKey.personalLimit, params: { number: '20', coin: 'ETH' } });
  });

  it('wealth: below the minimum and above the balance answers the minimum', () => {
    expect(checkPurchase({ amount: '50', min: '100', available: '10' })).toEqual({
      key: WealthKey.belowMinimum,
      params: { amount: '100' },
    });
  });
});
