import { describe, expect, it } from 'vitest';
import { whyOf } from '../../src/views/statements/queries';

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
