import { describe, expect, it } from 'vitest';
import { whyOf } from '../../src/views/statements/queries';
import { whyText } from '../../src/views/statements/why';

/**
 * Which "Why?" a statement row opens, from the references the engines write (seen on the demo's
 * statement): every payout row the breakdown explains opens it, not only the flexible interest.
 */
describe("a statement row's breakdown", () => {
  const at = 1_795_914_000; // 2026-11-29 01:00 UTC, when the rows were booked

  it('a flexible hour: its interest (the hour it was booked) and its bonus (the holding coin, the hour that ended)', () => {
    expect(
      whyOf(
        { type: 'interest', line: 'simple_earn_flexible', src: 1, asset: 'USDT', product: 'flexible' },
        at,
      ),
    ).toEqual({ kind: 'flexible_hour', coin: 'USDT', hour: at });
    const bonus = { type: 'bonus', line: 'simple_earn_flexible', src: 0, asset: 'GT' } as const;
    expect(whyOf({ ...bonus, product: 'simple_earn_flexible USDT:2026-11-29T00:00:00.000Z' }, at)).toEqual({
      kind: 'flexible_bonus_hour',
      coin: 'USDT',
      hour: at,
    });
    // A shard of the hour writes its number after the hour.
    expect(whyOf({ ...bonus, product: 'simple_earn_flexible USDT:2026-11-29T00:00:00.000Z:3' }, at)).toEqual({
      kind: 'flexible_bonus_hour',
      coin: 'USDT',
      hour: at,
    });
  });

  it("a launch-pool hour's reward (the reward coin, the hour's start) and its auto-earn interest", () => {
    expect(
      whyOf(
        { type: 'reward', line: 'launch_pool', src: 0, asset: 'NOVA', product: 'launch_pool 2:1795910400' },
        at,
      ),
    ).toEqual({ kind: 'launchpool_hour', rid: 2, coin: 'NOVA', hour: 1_795_910_400 });
    expect(
      whyOf(
        { type: 'interest', line: 'launch_pool', src: 0, asset: 'GT', product: 'launch_pool 2:1795910400' },
        at,
      ),
    ).toEqual({ kind: 'launchpool_interest_hour', rid: 2, hour: 1_795_910_400 });
  });

  it("a soft-staking day's payout, whole or in shards: the coin and the day's start", () => {
    const row = { type: 'reward', line: 'soft_staking', src: 0, asset: 'SOL' } as const;
    const day = 1_795_824_000; // 2026-11-28
    for (const product of [
      'soft_staking day:2026-11-28T00:00:00.000Z',
      'soft_staking day:2026-11-28T00:00:00.000Z:2',
    ])
      expect(whyOf({ ...row, product }, at)).toEqual({ kind: 'soft_staking_day', coin: 'SOL', day });
  });

  it('other rows open nothing from their reference alone: a subscription, a staking day (its records are read with the page: staking-why.test.ts), an unknown reference', () => {
    expect(
      whyOf(
        { type: 'subscribe', line: 'simple_earn_flexible', src: 0, asset: 'USDT', product: 'flexible' },
        at,
      ),
    ).toBeNull();
    expect(
      whyOf(
        {
          type: 'reward',
          line: 'staking',
          src: 0,
          asset: 'GT',
          product: 'staking day:2026-11-28T00:00:00.000Z',
        },
        at,
      ),
    ).toBeNull();
    expect(
      whyOf({ type: 'reward', line: 'launch_pool', src: 0, asset: 'NOVA', product: 'launch_pool x' }, at),
    ).toBeNull();
    expect(
      whyOf(
        {
          type: 'bonus',
          line: 'simple_earn_flexible',
          src: 0,
          asset: 'GT',
          product: 'simple_earn_flexible USDT',
        },
        at,
      ),
    ).toBeNull();
  });
});

/** The CSV's why column: each why object in words, the same facts; no why, an empty field. */
describe("a statement row's why in words", () => {
  const hour = 1_795_914_000; // 2026-11-29 01:00:00 UTC

  it('names the payout hour or day, the staking records, the dual rule', () => {
    expect(whyText(null)).toBeNull();
    expect(whyText({ kind: 'flexible_hour', coin: 'ETH', hour })).toBe(
      'flexible interest on ETH for the hour ending 2026-11-29 01:00:00 UTC',
    );
    expect(whyText({ kind: 'flexible_bonus_hour', coin: 'USDT', hour })).toBe(
      'flexible bonus on USDT held in the hour ending 2026-11-29 01:00:00 UTC',
    );
    expect(whyText({ kind: 'launchpool_interest_hour', rid: 7, hour })).toBe(
      'launch pool 7 auto-earn interest for the hour from 2026-11-29 01:00:00 UTC',
    );
    expect(whyText({ kind: 'launchpool_hour', rid: 7, coin: 'NOVA', hour })).toBe(
      'launch pool 7 NOVA reward for the hour from 2026-11-29 01:00:00 UTC',
    );
    expect(whyText({ kind: 'soft_staking_day', coin: 'SOL', day: hour - 3600 })).toBe(
      'soft staking SOL payout for the day from 2026-11-29 00:00:00 UTC',
    );
    expect(whyText({ kind: 'staking_day', ids: [3, 4] })).toBe(
      'staking day payment: the sum of reward records 3, 4',
    );
    expect(
      whyText({
        kind: 'dual_settlement',
        product_id: 9,
        direction: 'buy_low',
        target_price: '95000',
        fixing_price: '96000',
        reached: false,
        rule: 'buy_low: fixing 96000 > target 95000, paid amount + interest in USDT, 8 decimals down',
      }),
    ).toBe(
      'dual product 9: buy_low: fixing 96000 > target 95000, paid amount + interest in USDT, 8 decimals down',
    );
  });
});
