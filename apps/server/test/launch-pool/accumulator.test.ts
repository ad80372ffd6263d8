import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accruedAt, accumulatorAt, type PoolRow, type ProjectRow } from '../../src/lines/launch-pool/engine';

/** The test's own arithmetic, exact enough to compare with the accumulator's 48 places. */
const D = Decimal.clone({ precision: 200 });

const START = 1_800_000_000;
const END = START + 6 * 3600;
/** The reward accumulator alone: no auto-earn interest. */
const NO_AUTO_EARN = { flexible: '0', fixed: '0' };

const project = { startAt: new Date(START * 1000), endAt: new Date(END * 1000) } as ProjectRow;

/** A pool as its row reads: only the reward, the stake and the indices take part in the accumulator. */
function freshPool(rewardPerHour: string): PoolRow {
  return {
    rid: 1,
    pid: 1,
    coin: 'GT',
    personalMinAmount: '0',
    personalMaxAmount: '0',
    decimalPlace: 8,
    totalAmount: null,
    leftAmount: null,
    stakedTotal: '0',
    rewardPerHour,
    rateYear: '0',
    rateYearType: 0,
    rewardPoolType: 0,
    vipConfig: null,
    simpleEarn: null,
    transactionConfig: [],
    limitRule: 0,
    accRewardPerToken: '0',
    interestIndexFlexible: '0',
    interestIndexFixed: '0',
    interestRateFlexible: null,
    interestRateFixed: null,
    accUpdatedAt: new Date((START - 3600) * 1000),
    createdAt: new Date((START - 3600) * 1000),
  };
}

interface Step {
  /** Seconds after the previous step. */
  wait: number;
  user: number;
  /** Units of 0.01 to add (positive) or take out (negative, capped at the stake). */
  delta: number;
}

const steps = fc.array(
  fc.record({
    wait: fc.integer({ min: 0, max: 5000 }),
    user: fc.integer({ min: 0, max: 3 }),
    delta: fc.integer({ min: -50_000, max: 50_000 }),
  }),
  { minLength: 1, maxLength: 40 },
);

describe('the reward-per-token accumulator', () => {
  it('gives every user exactly reward x seconds x share, whenever they join or leave', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 10_000_000 }), (list: Step[], rewardCents: number) => {
        const rewardPerHour = new D(rewardCents).div(100).toFixed();
        let pool = freshPool(rewardPerHour);
        const positions = [0, 1, 2, 3].map(() => ({
          amount: '0',
          rewardPerTokenPaid: '0',
          accruedReward: '0',
        }));
        const exact = [0, 1, 2, 3].map(() => new D(0));
        const stakes = [0, 1, 2, 3].map(() => new D(0));
        let t = START - 1800;
        const earnExactly = (from: number, to: number) => {
          const a = Math.max(from, START);
          const b = Math.min(to, END);
          const total = stakes.reduce((x, y) => x.plus(y), new D(0));
          if (b <= a || total.isZero()) return;
          stakes.forEach((s, i) => {
            exact[i] = (exact[i] as Decimal).plus(
              new D(rewardPerHour)
                .times(b - a)
                .div(3600)
                .times(s)
                .div(total),
            );
          });
        };
        for (const step of list) {
          const at = t + step.wait;
          earnExactly(t, at);
          t = at;
          const next = accumulatorAt(pool, project, new Date(at * 1000), NO_AUTO_EARN);
          const position = positions[step.user] as (typeof positions)[number];
          const delta = Decimal.max(new D(step.delta).div(100), new D(position.amount).negated());
          position.accruedReward = accruedAt(position, next.acc);
          position.rewardPerTokenPaid = next.acc;
          position.amount = new D(position.amount).plus(delta).toFixed();
          stakes[step.user] = new D(position.amount);
          pool = {
            ...pool,
            accRewardPerToken: next.acc,
            accUpdatedAt: next.updatedAt,
            stakedTotal: stakes.reduce((x, y) => x.plus(y), new D(0)).toFixed(),
          };
        }
        earnExactly(t, END + 3600);
        const last = accumulatorAt(pool, project, new Date((END + 3600) * 1000), NO_AUTO_EARN);
        positions.forEach((p, i) => {
          const got = new D(accruedAt(p, last.acc));
          // Truncation at 48 places, at most once per step, times a stake below 10^6.
          expect(
            got
              .minus(exact[i] as Decimal)
              .abs()
              .lte('1e-38'),
            `user ${i}: ${got} vs ${exact[i]}`,
          ).toBe(true);
          expect(got.lte(exact[i] as Decimal)).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });
});
