import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitsStorage,
  ladderIssues,
  leftRightBands,
  minMaxBands,
  orderIssues,
  rangesIssues,
  stepsIssues,
  storedIssues,
  windowIssues,
} from './product-rules';

const keys = (issues: { key: string; field: string }[]) => issues.map((i) => `${i.field} ${i.key}`);

describe('ladderIssues: one rule for every line', () => {
  it('accepts an empty ladder, touching tiers, and an open-ended last tier', () => {
    expect(ladderIssues('l', [])).toEqual([]);
    expect(
      ladderIssues(
        'l',
        leftRightBands([
          { left: '0', right: '500' },
          { left: '500', right: '2000.5' },
          { left: '2000.50', right: '' },
        ]),
      ),
    ).toEqual([]);
    expect(ladderIssues('l', minMaxBands([{ money_min: '10', money_max: '-1' }]))).toEqual([]);
  });

  it('names each broken tier with its key', () => {
    expect(keys(ladderIssues('l', leftRightBands([{ left: '5', right: '5' }])))).toEqual([
      'l.0 product.ladder.tierEmpty',
    ]);
    expect(
      keys(
        ladderIssues(
          'l',
          leftRightBands([
            { left: '0', right: '10' },
            { left: '11', right: '20' },
            { left: '15', right: '30' },
          ]),
        ),
      ),
    ).toEqual(['l.1 product.ladder.notContiguous', 'l.2 product.ladder.notContiguous']);
    expect(
      keys(
        ladderIssues(
          'interest',
          minMaxBands([
            { money_min: '0', money_max: '-1' },
            { money_min: '10', money_max: '20' },
          ]),
        ),
      ),
    ).toEqual(['interest.0 product.ladder.openEndNotLast']);
  });

  it('finds no issue in any ascending, touching ladder, and one where a bound is moved', () => {
    const ladder = fc
      .tuple(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 2, maxLength: 8 }),
        fc.boolean(),
      )
      .map(([cuts, open]) => {
        const b = cuts.sort((x, y) => x - y);
        const tiers = b.slice(0, -1).map((left, i) => ({ left: String(left), right: String(b[i + 1]) }));
        if (open) tiers.push({ left: String(b[b.length - 1]), right: '' });
        return tiers;
      });
    fc.assert(
      fc.property(ladder, fc.nat(), (tiers, at) => {
        expect(ladderIssues('l', leftRightBands(tiers))).toEqual([]);
        if (tiers.length < 2) return;
        const i = 1 + (at % (tiers.length - 1));
        const moved = tiers.map((t, j) => (j === i ? { ...t, left: `${t.left}.5` } : t));
        expect(keys(ladderIssues('l', leftRightBands(moved)))).toContain(
          `l.${i} product.ladder.notContiguous`,
        );
      }),
    );
  });
});

describe('whole-product rules', () => {
  it('orders a minimum and a maximum, a window, ranges and steps', () => {
    expect(orderIssues('min', '1', 'max', '1')).toEqual([]);
    expect(orderIssues('min', '1.1', 'max', '1')[0]).toMatchObject({
      field: 'min',
      key: 'product.range.minAboveMax',
      params: { field: 'min', high_field: 'max' },
    });
    expect(windowIssues('start', 10, 'end', null)).toEqual([]);
    expect(windowIssues('start', 10, 'end', 10)[0]?.key).toBe('product.time.endNotAfterStart');
    expect(
      rangesIssues('vip', [
        { min: 0, max: 2 },
        { min: 3, max: 3 },
      ]),
    ).toEqual([]);
    expect(
      keys(
        rangesIssues('vip', [
          { min: 0, max: 2 },
          { min: 2, max: 1 },
        ]),
      ),
    ).toEqual(['vip.1 product.range.minAboveMax', 'vip.1 product.range.overlap']);
    expect(keys(stepsIssues('t', ['0', '10', '10']))).toEqual(['t.2 product.steps.notAscending']);
  });

  it('keeps amounts within what NUMERIC(38,18) holds', () => {
    expect(fitsStorage('99999999999999999999.999999999999999999')).toBe(true);
    expect(fitsStorage('100000000000000000000')).toBe(false);
    expect(storedIssues('x', '99999999999999999999')).toEqual([]);
    expect(storedIssues('x', '100000000000000000000')[0]?.key).toBe('product.amount.tooLarge');
  });
});
