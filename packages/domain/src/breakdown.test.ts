import { describe, expect, it } from 'vitest';
import {
  campaignDayBreakdown,
  dailyPayoutBreakdown,
  fixedMaturityBreakdown,
  launchpoolHourBreakdown,
  launchpoolInterestBreakdown,
} from './breakdown';

describe('why this reward', () => {
  it('a day: gross 18 decimals down, paid 8 decimals down of carry + gross, the rest carried', () => {
    // 1,000 × 3.65 % ÷ 365 = 0.1 exactly: nothing carried.
    expect(dailyPayoutBreakdown('1000', '3.65', '0')).toMatchObject({
      gross: '0.1',
      paid: '0.1',
      carryOut: '0',
      formula: '1000 × 3.65 % ÷ 365 = 0.1',
    });
    // 0.001 × 4.2 ÷ 36,500 = 0.000000115068493150…: 0.00000011 paid, the rest carried, and carried in next day.
    const d1 = dailyPayoutBreakdown('0.001', '4.2', '0');
    expect(d1).toMatchObject({
      gross: '0.00000011506849315',
      paid: '0.00000011',
      carryOut: '0.00000000506849315',
    });
    const d2 = dailyPayoutBreakdown('0.001', '4.2', d1.carryOut);
    expect(d2).toMatchObject({
      total: '0.0000001201369863',
      paid: '0.00000012',
      carryOut: '0.0000000001369863',
    });
  });

  it('a fixed term: estimatedInterest paid, the fraction below 8 decimals never paid', () => {
    expect(fixedMaturityBreakdown('5000', '0.08', 30)).toMatchObject({
      paid: '32.87671232',
      formula: expect.stringMatching(/^5000 × 8 % ÷ 365 × 30 = 32\.876712328767123287/),
    });
    const b = fixedMaturityBreakdown('5000', '0.08', 30);
    expect(b.dropped.startsWith('0.000000008767123287')).toBe(true);
  });

  it('a launch-pool hour: reward per hour × stake ÷ pool total when steady, stake × step otherwise', () => {
    // 100 of 300 staked all hour in a pool paying 10 an hour: 3.333333333333333333333333… → 3.33333333.
    const steady = launchpoolHourBreakdown({
      stake: '100',
      poolTotal: '300',
      rewardPerHour: '10',
      accStep: '0.033333333333333333333333333333333333333333333333',
      earlier: '0',
      carryIn: '0',
    });
    expect(steady).toMatchObject({
      steady: true,
      sharePercent: '33.33333333',
      total: '3.333333333333333333333333',
      paid: '3.33333333',
      carryOut: '0.000000003333333333333333',
      formula: '10 × 100 ÷ 300 = 3.333333333333333333333333',
    });
    // The next hour carries that fraction in; a stake change earlier in the hour adds what it settled.
    const moved = launchpoolHourBreakdown({
      stake: '50',
      poolTotal: '250',
      rewardPerHour: '10',
      accStep: '0.02',
      earlier: '1.5',
      carryIn: steady.carryOut,
    });
    expect(moved).toMatchObject({
      steady: false,
      gross: '2.5',
      total: '2.500000003333333333333333',
      paid: '2.5',
      carryOut: '0.000000003333333333333333',
      formula: '50 × 0.02 + 1.5 = 2.5',
    });
  });

  it('a campaign day: the tiers on the stake, for the seconds it ran, 18 then 8 decimals down', () => {
    // (5 × 2 % + 7 × 0.75 %) = 0.1525 a year; 43,200 s of it: 0.1525 × 43,200 ÷ 31,536,000 = 0.000208904109589041…
    const b = campaignDayBreakdown(
      '12',
      [
        { from: '0', to: '5', rate: '0.02' },
        { from: '5', to: null, rate: '0.0075' },
      ],
      43_200,
      '0.000000001',
    );
    expect(b).toMatchObject({
      perYear: '0.1525',
      gross: '0.000208904109589041',
      total: '0.000208905109589041',
      paid: '0.0002089',
      carryOut: '0.000000005109589041',
      ratePercent: '1.27083333',
      formula: '(5 × 2 % + 7 × 0.75 %) × 43200 ÷ 31536000 = 0.000208904109589041',
    });
    expect(b.tiers.map((t) => t.amount)).toEqual(['5', '7']);
  });

  it('an auto-earn interest hour: stake × rate × 3,600 ÷ 31,536,000 when steady', () => {
    const step = '0.000004166666666666666666666666666666666666666666'; // 3.65 % for an hour, 48 places down
    const b = launchpoolInterestBreakdown({
      stake: '123.45',
      ratePercent: '3.65',
      accStep: step,
      earlier: '0',
      carryIn: '0.000000005',
    });
    expect(b).toMatchObject({
      steady: true,
      stakeInterest: '0.000514375',
      total: '0.00051438',
      carryOut: '0',
      paid: '0.00051438',
      formula: '123.45 × 3.65 % × 3600 ÷ 31536000 = 0.000514375',
    });
    expect(
      launchpoolInterestBreakdown({
        stake: '1',
        ratePercent: '3.65',
        accStep: step,
        earlier: '0.1',
        carryIn: '0',
      }).steady,
    ).toBe(false);
  });
});
