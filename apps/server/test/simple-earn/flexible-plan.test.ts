import { Code, dec, SimpleEarnKey } from '@earn/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { wireNotify } from '../../src/kernel/notices';
import {
  planRedemption,
  planSubscription,
  type RedemptionFacts,
  type SubscriptionFacts,
} from '../../src/lines/simple-earn/service/flexible-plan';
import { notifyPorts } from '../../src/notify/ports';

/*
 * The pure plans both flexible paths make (service/flexible-plan.ts): the fast path and the locking
 * path give them the facts they read, and book or refuse exactly what the plan says.
 */

const NOW = new Date('2026-03-01T10:20:00Z');
const user = { userId: 7, accountMode: 'classic' as const, useFunding: false, locked: false };
const product = {
  asset: 'USDT',
  status: 1,
  minLendAmount: '10',
  nextTimeRateYear: '0.05',
  // 10 % more on the first 500 held, as the demo catalogue's USDT.
  isOpenAwardPool: true,
  ladderApr: [{ left: '0', right: '500', apr: '0.1' }],
  extAwardRateYear: '0',
  extAwardLimit: '0',
};
const subscription: SubscriptionFacts = {
  user,
  product,
  lendEarnAvailable: dec('1000'),
  named: 'usdt',
  amount: '100.1234567',
};
const holding = { positionId: '42', principal: '300', pending: '100', mode: 0, now: NOW };

describe('planSubscription', () => {
  it('books the amount rounded down to 6 decimals and answers the APR of the holding with it', () => {
    const plan = planSubscription(subscription);
    if ('refusal' in plan) throw new Error(`refused: ${plan.refusal.key}`);
    expect(plan.amount.toFixed()).toBe('100.123456');
    const { answer, booking, checks } = plan.into(holding);
    // 500.123456 earning: 5 % on all of it, 10 % more on the first 500.
    expect(answer.asset).toBe('USDT');
    expect(answer.amount).toBe('100.123456');
    expect(answer.apr_detail.amount).toBe('500.123456');
    expect(answer.apr_detail.interest_year).toBe('75.0061728');
    expect(booking.transfer.amount.toFixed()).toBe('100.123456');
    expect(booking.transfer.from).toEqual({ userId: 7, asset: 'USDT', purpose: 'spot' });
    expect(booking.transfer.to).toEqual({ userId: 7, asset: 'USDT', purpose: 'flexible' });
    expect(booking.transfer.reason).toBe('se_flex_subscribe');
    expect(booking.rows).toHaveLength(2);
    expect(checks.ownFundsCoverLoan).toBe(false);
    expect(plan.into({ ...holding, principal: '0', pending: '0' }).answer.apr_detail.amount).toBe(
      '100.123456',
    );
  });

  it('checks borrowed funds after the debit for a unified account only', () => {
    const plan = planSubscription({ ...subscription, user: { ...user, accountMode: 'multi_currency' } });
    if ('refusal' in plan) throw new Error('refused');
    expect(plan.into(holding).checks.ownFundsCoverLoan).toBe(true);
  });

  it('refuses with the locking path’s codes, keys and params, in the order it checks', () => {
    const refusal = (facts: Partial<SubscriptionFacts>) => {
      const plan = planSubscription({ ...subscription, ...facts });
      return 'refusal' in plan ? plan.refusal : undefined;
    };
    expect(refusal({ user: { ...user, useFunding: true, locked: true } })).toEqual({
      code: 42202,
      key: SimpleEarnKey.notSubscribe,
      params: {},
      message: 'Your funds are in use and locked; try again later',
    });
    expect(refusal({ product: { ...product, status: 0 } })).toEqual({
      code: Code.BUSINESS_RULE,
      key: SimpleEarnKey.notOnSale,
      params: { coin: 'usdt' },
      message: 'usdt flexible is not open',
    });
    // 10.0000009 rounds down below nothing, 9.9999999 below the minimum of 10.
    expect(refusal({ amount: '9.9999999' })).toMatchObject({
      code: Code.BUSINESS_RULE,
      key: SimpleEarnKey.minPurchase,
      params: { amount: '10', coin: 'USDT' },
    });
    expect(refusal({ amount: '1000.000001' })).toMatchObject({
      key: SimpleEarnKey.insufficientBalance,
      params: { coin: 'USDT' },
    });
    expect(refusal({ amount: '1000.0000009' })).toBeUndefined();
  });
});

const redemption: RedemptionFacts = {
  user,
  asset: 'USDT',
  amount: '150',
  held: true,
  interestBalance: '0.5',
  pending: '100',
  principal: '300',
  now: NOW,
};

describe('planRedemption', () => {
  // A redemption's booking names its inbox item's statement (the notices port).
  beforeAll(() => wireNotify(notifyPorts));

  it('takes interest, then pending amounts, then principal, and pays all of it to spot', () => {
    const plan = planRedemption(redemption);
    if ('refusal' in plan) throw new Error(`refused: ${plan.refusal.key}`);
    expect(plan.answer).toEqual({ asset: 'USDT', amount: '150', frozen_amount: '0' });
    expect(plan.split.fromInterest.toFixed()).toBe('0.5');
    expect(plan.fromPending.toFixed()).toBe('100');
    expect(plan.split.fromPrincipal.toFixed()).toBe('49.5');
    const postings = plan.booking.entry.postings.map((p) => [p.account.purpose, p.amount.toFixed()]);
    expect(postings).toEqual([
      ['spot', '150'],
      ['se_flex_interest', '-0.5'],
      ['flexible', '-149.5'],
    ]);
    expect(plan.booking.entry.reason).toBe('se_flex_redeem');
    expect(plan.booking.redeemed).toMatchObject({ userId: 7, asset: 'USDT', amount: '150' });
  });

  it('touches no pending lot when interest covers the amount', () => {
    const plan = planRedemption({ ...redemption, amount: '0.4' });
    if ('refusal' in plan) throw new Error('refused');
    expect(plan.fromPending.toFixed()).toBe('0');
    expect(plan.booking.entry.postings.map((p) => p.account.purpose)).toEqual(['spot', 'se_flex_interest']);
  });

  it('refuses with the locking path’s codes, keys and params', () => {
    const refusal = (facts: Partial<RedemptionFacts>) => {
      const plan = planRedemption({ ...redemption, ...facts });
      return 'refusal' in plan ? plan.refusal : undefined;
    };
    expect(refusal({ user: { ...user, useFunding: true, locked: true } })).toMatchObject({
      code: 42202,
      key: SimpleEarnKey.notRedeem,
    });
    expect(refusal({ amount: '0.0000009' })).toEqual({
      code: Code.BUSINESS_RULE,
      key: SimpleEarnKey.redeemMin,
      params: { amount: '0.000001', coin: 'USDT' },
      message: 'Redemption refused',
    });
    expect(refusal({ amount: '400.5000001' })).toMatchObject({
      key: SimpleEarnKey.redeemMax,
      params: { amount: '400.5', coin: 'USDT' },
    });
    expect(refusal({ amount: '400.5' })).toBeUndefined();
    // Without a holding nothing is redeemable: refused as over the maximum of 0.
    expect(refusal({ held: false, interestBalance: 0, pending: 0, principal: 0, amount: '1' })).toMatchObject(
      { key: SimpleEarnKey.redeemMax, params: { amount: '0', coin: 'USDT' } },
    );
  });
});
