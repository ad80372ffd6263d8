import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import {
  type AprTerms,
  aprUpTo,
  blendedApr,
  fixedBonusTiers,
  fixedTermPayout,
  flexibleBonusTiers,
  flexibleHourPayout,
  tierInterestExact,
  voucherAprOverTerm,
} from './index';

/** The demo catalogue's USDT flexible product: 5.23 % plus 10 % on the first 500 and 3 % on the next 1,500. */
const USDT_FLEX: AprTerms = {
  baseApr: '0.0523',
  bonusTiers: [
    { left: '0', right: '500', apr: '0.1' },
    { left: '500', right: '2000', apr: '0.03' },
  ],
};

const pct = (d: { times(n: number): { toFixed(n: number): string } }) => d.times(100).toFixed(4);

describe('blendedApr: exact examples', () => {
  it('gives the whole first tier to an amount inside it', () => {
    const b = blendedApr('500', USDT_FLEX);
    expect(b.apr.toFixed()).toBe('0.1523');
    expect(b.interestYear.toFixed()).toBe('76.15');
  });

  it('blends the tiers for 5,000 USDT: 7.13 %', () => {
    const b = blendedApr('5000', USDT_FLEX);
    // 5000 × 5.23 % + 500 × 10 % + 1500 × 3 % = 261.5 + 50 + 45
    expect(b.interestYear.toFixed()).toBe('356.5');
    expect(b.apr.toFixed()).toBe('0.0713');
    expect(b.bonusApr.toFixed()).toBe('0.019');
    expect(b.baseInterestYear.toFixed()).toBe('261.5');
    expect(b.bonusInterestYear.toFixed()).toBe('95');
    expect(
      b.segments.map((s) => [s.from.toFixed(), s.to?.toFixed() ?? null, pct(s.apr), s.amount.toFixed()]),
    ).toEqual([
      ['0', '500', '15.2300', '500'],
      ['500', '2000', '8.2300', '1500'],
      ['2000', null, '5.2300', '3000'],
    ]);
  });

  it('lists every stretch even where the amount does not reach', () => {
    const b = blendedApr('100', USDT_FLEX);
    expect(b.segments.map((s) => s.amount.toFixed())).toEqual(['100', '0', '0']);
    expect(b.apr.toFixed()).toBe('0.1523');
  });

  it('places an amount above what the holding already has', () => {
    // Holding 2,000 already: 500 more earn the base rate only.
    const b = blendedApr('500', USDT_FLEX, '2000');
    expect(b.apr.toFixed()).toBe('0.0523');
    // Holding 400: 100 at 15.23 %, 400 at 8.23 %.
    const c = blendedApr('500', USDT_FLEX, '400');
    expect(c.interestYear.toFixed()).toBe(dec(100).times('0.1523').plus(dec(400).times('0.0823')).toFixed());
    expect(blendedApr('0', USDT_FLEX, '600').apr.toFixed()).toBe('0.0823');
  });

  it('adds overlapping tiers and merges neighbours with one rate', () => {
    const b = blendedApr('300', {
      baseApr: '0.01',
      bonusTiers: [
        { left: '0', right: '200', apr: '0.02' },
        { left: '100', right: '0', apr: '0.02' },
        { left: '200', right: '', apr: '0' },
      ],
    });
    // [0,100) 3 %, [100,200) 5 %, [200,∞) 3 %
    expect(b.segments.map((s) => [s.from.toFixed(), pct(s.apr)])).toEqual([
      ['0', '3.0000'],
      ['100', '5.0000'],
      ['200', '3.0000'],
    ]);
    expect(b.interestYear.toFixed()).toBe('11');
  });

  it('spreads a voucher over the term and adds it to every stretch', () => {
    // +2 % for 7 days of a 30-day term.
    const voucherApr = voucherAprOverTerm('2', 7, 30);
    // A third of a percent does not end: equal to 40 places (amounts are paid by fixedTermPayout).
    const near = (d: { toDecimalPlaces(n: number, r: 4): { toFixed(): string } }) =>
      d.toDecimalPlaces(40, 4).toFixed();
    expect(near(voucherApr.times(30))).toBe('0.14');
    const b = blendedApr('1000', { baseApr: '0.08', bonusTiers: [], voucherApr });
    expect(near(b.interestYear.div(365).times(30))).toBe(
      near(dec(1000).times('0.08').div(365).times(30).plus(dec(1000).times('0.02').div(365).times(7))),
    );
    // A voucher longer than the term pays for the term only.
    expect(voucherAprOverTerm('5', 10, 7).toFixed()).toBe('0.05');
  });
});

describe('bonus tiers as the engines pay them', () => {
  it('flexible: the ladder, else ext_award up to its limit, only with the award pool open', () => {
    const ladder = USDT_FLEX.bonusTiers;
    expect(
      flexibleBonusTiers({
        isOpenAwardPool: true,
        ladderApr: ladder,
        extAwardRateYear: '0.5',
        extAwardLimit: '9',
      }),
    ).toEqual(ladder);
    expect(
      flexibleBonusTiers({
        isOpenAwardPool: true,
        ladderApr: [],
        extAwardRateYear: '0.02',
        extAwardLimit: '1000',
      }),
    ).toEqual([{ left: '0', right: '1000', apr: '0.02' }]);
    expect(
      flexibleBonusTiers({
        isOpenAwardPool: false,
        ladderApr: ladder,
        extAwardRateYear: '0.02',
        extAwardLimit: '1',
      }),
    ).toEqual([]);
    expect(
      flexibleBonusTiers({ isOpenAwardPool: true, ladderApr: [], extAwardRateYear: '0', extAwardLimit: '1' }),
    ).toEqual([]);
  });

  it('fixed: the ladder only when the product names a bonus coin', () => {
    const ladder = [{ left: '0', right: '1000', apr: '0.02' }];
    expect(fixedBonusTiers('GT', ladder)).toEqual(ladder);
    expect(fixedBonusTiers(null, ladder)).toEqual([]);
  });
});

describe('aprUpTo', () => {
  it('is the first tier with the amount it needs', () => {
    const up = aprUpTo(USDT_FLEX);
    expect(up.apr.toFixed()).toBe('0.1523');
    expect(up.amount?.toFixed()).toBe('500');
  });

  it('is the base rate for any amount without a ladder', () => {
    const up = aprUpTo({ baseApr: '0.0365', bonusTiers: [] });
    expect(up).toEqual({ apr: dec('0.0365'), amount: null });
  });

  it('is the open stretch when the ladder rises', () => {
    const up = aprUpTo({ baseApr: '0.01', bonusTiers: [{ left: '100', right: '', apr: '0.05' }] });
    expect(up.apr.toFixed()).toBe('0.06');
    expect(up.amount).toBeNull();
  });
});

describe('what the engines pay', () => {
  it('flexible hour: base and bonus each 8 decimals down, the fraction carried', () => {
    const first = flexibleHourPayout('5000', USDT_FLEX);
    // 261.5 / 8760 = 0.029851598…, 95 / 8760 = 0.010844748…
    expect(first.interest.toFixed()).toBe('0.02985159');
    expect(first.bonus.toFixed()).toBe('0.01084474');
    // Over many hours the floors add up to the floor of the total: nothing paid early or lost.
    let interest = dec(0);
    for (let hour = 1; hour <= 100; hour++)
      interest = interest.plus(flexibleHourPayout('5000', USDT_FLEX, { hour }).interest);
    expect(interest.toFixed()).toBe(dec('261.5').div(8760).times(100).toDecimalPlaces(8, 1).toFixed());
    // The bonus in the award coin at the price ratio.
    expect(flexibleHourPayout('5000', USDT_FLEX, { priceRatio: '0.5' }).bonus.toFixed()).toBe('0.00542237');
  });

  it('fixed term: interest, voucher yield and bonus as fixed.ts books them', () => {
    const paid = fixedTermPayout(
      '1500',
      {
        yearRate: '0.1',
        termDays: 90,
        bonusTiers: [{ left: '0', right: '1000', apr: '0.02' }],
        voucher: { rateRatioPercent: '2', rateDay: 7 },
      },
      '2',
    );
    expect(paid.interest.toFixed()).toBe('36.98630136');
    expect(paid.voucher.toFixed()).toBe('0.57534246');
    expect(paid.bonus.toFixed()).toBe('9.86301369');
  });
});

const tierArb = fc
  .record({
    left: fc.integer({ min: 0, max: 50_000 }),
    width: fc.integer({ min: 0, max: 50_000 }),
    open: fc.boolean(),
    aprBp: fc.integer({ min: 0, max: 5_000 }),
  })
  .map((t) => ({
    left: String(t.left),
    right: t.open ? '' : String(t.left + t.width),
    apr: dec(t.aprBp).div(10_000).toFixed(),
  }));
const amountArb = fc
  .tuple(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([i, f]) => dec(i).plus(dec(f).div(1_000_000)));

describe('blendedApr: properties', () => {
  it('blended APR × amount = Σ the tiers’ interest, and = what the engine’s tier formula pays', () => {
    fc.assert(
      fc.property(
        fc.array(tierArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        amountArb,
        (tiers, baseBp, voucherBp, amount) => {
          const terms: AprTerms = {
            baseApr: dec(baseBp).div(10_000),
            bonusTiers: tiers,
            voucherApr: dec(voucherBp).div(100_000),
          };
          const b = blendedApr(amount, terms);
          const tiersSum = b.segments.reduce((s, seg) => s.plus(seg.amount.times(seg.apr)), dec(0));
          expect(b.interestYear.eq(tiersSum)).toBe(true);
          if (!amount.isZero()) expect(b.apr.times(amount).minus(tiersSum).abs().lte('1e-40')).toBe(true);
          // The engine's formula, tier by tier on the whole amount (simple-earn.md section 9).
          const engine = amount
            .times(terms.baseApr)
            .plus(tierInterestExact(amount, tiers, 1, 365))
            .plus(amount.times(terms.voucherApr ?? 0));
          expect(b.interestYear.minus(engine).abs().lte('1e-40')).toBe(true);
          expect(b.segments.reduce((s, seg) => s.plus(seg.amount), dec(0)).eq(amount)).toBe(true);
        },
      ),
    );
  });

  it('an amount above a holding earns what the holding grows by', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { maxLength: 5 }), amountArb, amountArb, (tiers, held, amount) => {
        const terms: AprTerms = { baseApr: '0.05', bonusTiers: tiers };
        const grown = blendedApr(held.plus(amount), terms).interestYear.minus(
          blendedApr(held, terms).interestYear,
        );
        expect(blendedApr(amount, terms, held).interestYear.minus(grown).abs().lte('1e-40')).toBe(true);
      }),
    );
  });

  it('no amount gets more than aprUpTo', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { maxLength: 5 }), amountArb, (tiers, amount) => {
        fc.pre(!amount.isZero());
        const terms: AprTerms = { baseApr: '0.02', bonusTiers: tiers };
        expect(blendedApr(amount, terms).apr.lte(aprUpTo(terms).apr.plus('1e-40'))).toBe(true);
      }),
    );
  });
});
