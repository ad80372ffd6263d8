import {
  campaignReward,
  type Decimal,
  dayReward,
  dec,
  feeAmount,
  hourlyBonus,
  hourlyInterest,
  hourlyRate,
  ladderYearly,
  payWithCarry,
  percentToRate,
  type RateLadderTier,
  termBonus,
  termInterest,
  toRateFraction,
  toRatePercent,
} from '@earn/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows, sql } from '../../src/infra/db/client';
import { freshDatabase, onPostgres } from '../harness';

/**
 * Each money formula has two spellings: the TypeScript rule (packages/domain/src/formulas.ts) and
 * the SQL function of migration 0043. Over random inputs within the product's limits (amounts below
 * the input cap of 10^12 with up to 18 decimals, rates up to 1000 %), the SQL function equals the
 * rule: to the 18th decimal (|difference| < 10^-18) where the rule is exact, to the digit where it
 * rounds (8 or 18 decimals down). On PGlite and on PostgreSQL (vitest.config.ts PGLITE_WITH_POSTGRES).
 */

/** A plain decimal below 10^intDigits with up to `places` decimals. */
const decimal = (intDigits: number, places = 18) =>
  fc
    .record({
      whole: fc.bigInt(0n, 10n ** BigInt(intDigits) - 1n),
      places: fc.integer({ min: 0, max: places }),
      fraction: fc.bigInt(0n, 10n ** BigInt(places) - 1n),
    })
    .map(({ whole, places: p, fraction }) => {
      if (p === 0) return whole.toString();
      const digits = (fraction % 10n ** BigInt(p)).toString().padStart(p, '0');
      return `${whole}.${digits}`;
    });

const amount = decimal(12);
/** A yearly rate as a fraction, up to 10 (1000 %). */
const fraction = fc.oneof(
  decimal(1, 8).map((r) => dec(r).div(10).toFixed()),
  decimal(1, 18),
);
/** A yearly rate in percent, up to 1000. */
const percent = decimal(3, 18);
const days = fc.integer({ min: 0, max: 3650 }).map(String);
const seconds = fc.integer({ min: 0, max: 86_400 }).map(String);
/** A price ratio (product coin ÷ award coin), up to 10^6. */
const ratio = decimal(6, 18);
/** A ladder: ascending bounds, the last tier open (right '' or '0') or closed. */
const ladder = fc
  .record({
    bounds: fc.uniqueArray(decimal(9, 8), { minLength: 1, maxLength: 5 }),
    aprs: fc.array(
      decimal(0, 6).map((r) => dec(r).div(10).toFixed()),
      { minLength: 5, maxLength: 5 },
    ),
    open: fc.constantFrom('', '0', null),
  })
  .map(({ bounds, aprs, open }) => {
    const sorted = [...bounds].sort((a, b) => dec(a).comparedTo(b));
    const tiers = sorted.map((left, i) => ({
      left,
      right: sorted[i + 1] ?? open ?? dec(left).plus(1000).toFixed(),
      apr: aprs[i] ?? '0',
    }));
    return tiers;
  });

type JsonTier = { left: string; right: string; apr: string };
const rateLadder = (tiers: JsonTier[]): RateLadderTier[] =>
  tiers.map((t) => ({
    from: t.left,
    to: t.right === '' || dec(t.right).isZero() ? null : t.right,
    rate: toRateFraction(t.apr),
  }));

const n = (v: string) => sql.raw(`${dec(v).toFixed()}::numeric`);
const BATCH = { minLength: 1, maxLength: 25 };
const RUNS = 40;

describe('money formulas: the SQL function equals the TypeScript rule', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase({ migrated: true });
    database = fresh.database;
    drop = fresh.drop;
    if (!onPostgres) await database.migrate();
  });

  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** Each input's SQL figure (`call` builds the function call), in one statement per batch. */
  async function sqlOf<T>(inputs: T[], call: (input: T) => ReturnType<typeof sql>): Promise<Decimal[]> {
    const cells = inputs.map((input, i) => sql`(${i}::int, (${call(input)})::text)`);
    const found = await rows<{ i: number; v: string }>(
      database.db,
      sql`SELECT i, v FROM (VALUES ${sql.join(cells, sql`, `)}) AS x(i, v) ORDER BY i`,
    );
    return found.map((r) => dec(r.v));
  }

  /** Exact rules: the two agree to the 18th decimal. */
  const close = (a: Decimal, b: Decimal) => a.minus(b).abs().lt('1e-18');
  /** Rounded rules: the same figure. */
  const same = (a: Decimal, b: Decimal) => a.eq(b);

  async function holds<T>(
    input: fc.Arbitrary<T>,
    call: (input: T) => ReturnType<typeof sql>,
    rule: (input: T) => Decimal,
    agree: (a: Decimal, b: Decimal) => boolean,
  ): Promise<void> {
    await fc.assert(
      fc.asyncProperty(fc.array(input, BATCH), async (batch) => {
        const got = await sqlOf(batch, call);
        batch.forEach((x, i) => {
          const want = rule(x);
          const have = got[i] ?? dec(-1);
          if (!agree(have, want))
            throw new Error(`${JSON.stringify(x)}: SQL ${have.toFixed()} vs TypeScript ${want.toFixed()}`);
        });
      }),
      { numRuns: RUNS },
    );
  }

  it('hourly rate and hourly interest: lent × rate ÷ 8,760', async () => {
    await holds(
      fraction,
      (r) => sql`earn_hourly_rate(${n(r)})`,
      (r) => hourlyRate(toRateFraction(r)),
      close,
    );
    await holds(
      fc.tuple(amount, fraction),
      ([lent, r]) => sql`earn_hourly_interest(${n(lent)}, ${n(r)})`,
      ([lent, r]) => hourlyInterest(lent, toRateFraction(r)),
      close,
    );
  });

  it('fixed-term interest: principal × rate × days ÷ 365, 8 decimals down', async () => {
    await holds(
      fc.tuple(amount, fraction, days),
      ([p, r, d]) => sql`earn_term_interest(${n(p)}, ${n(r)}, ${n(d)})`,
      ([p, r, d]) => termInterest(p, toRateFraction(r), d),
      same,
    );
    // A term that earns a round figure is paid it: 1000 × 5 % × 73 days = 10.
    const [ten] = await sqlOf([0], () => sql`earn_term_interest(1000, 0.05, 73)`);
    expect(ten?.toFixed()).toBe('10');
    expect(termInterest('1000', toRateFraction('0.05'), 73).toFixed()).toBe('10');
  });

  it('ladder bonus: Σ tier width × apr, by the hour (÷ 8,760 × ratio) and by the term (8 decimals down)', async () => {
    const json = (tiers: JsonTier[]) => sql`${JSON.stringify(tiers)}::jsonb`;
    await holds(
      fc.tuple(amount, ladder),
      ([a, tiers]) => sql`earn_ladder_yearly(${n(a)}, ${json(tiers)})`,
      ([a, tiers]) => ladderYearly(a, rateLadder(tiers)),
      same,
    );
    await holds(
      fc.tuple(amount, ladder, ratio),
      ([a, tiers, k]) => sql`earn_hourly_bonus(earn_ladder_yearly(${n(a)}, ${json(tiers)}), ${n(k)})`,
      ([a, tiers, k]) => hourlyBonus(ladderYearly(a, rateLadder(tiers)), k),
      close,
    );
    await holds(
      fc.tuple(amount, ladder, days, ratio),
      ([a, tiers, d, k]) =>
        sql`earn_term_bonus(earn_ladder_yearly(${n(a)}, ${json(tiers)}), ${n(d)}, ${n(k)})`,
      ([a, tiers, d, k]) => termBonus(ladderYearly(a, rateLadder(tiers)), d, k),
      same,
    );
  });

  it('staking and soft-staking day reward: amount × rate% ÷ 36,500, 18 decimals down; campaigns by the second', async () => {
    await holds(
      fc.tuple(amount, percent),
      ([a, r]) => sql`earn_day_reward(${n(a)}, ${n(r)})`,
      ([a, r]) => dayReward(a, toRatePercent(r)),
      same,
    );
    await holds(
      fc.tuple(amount, fraction, seconds),
      ([a, r, s]) => sql`earn_campaign_reward(${n(a)} * ${n(r)}, ${n(s)})`,
      ([a, r, s]) => campaignReward(dec(a).times(r), s),
      same,
    );
  });

  it('fee, the paid part of a carried accrual, and a percent as a fraction', async () => {
    await holds(
      fc.tuple(amount, fraction),
      ([a, r]) => sql`earn_fee(${n(a)}, ${n(r)})`,
      ([a, r]) => feeAmount(a, toRateFraction(r)),
      same,
    );
    await holds(
      fc.tuple(decimal(0, 18), amount),
      ([carry, gross]) => sql`earn_paid(${n(carry)}, ${n(gross)})`,
      ([carry, gross]) => payWithCarry(carry, gross).paid,
      same,
    );
    await holds(
      percent,
      (r) => sql`earn_percent_to_fraction(${n(r)})`,
      (r) => percentToRate(toRatePercent(r)),
      close,
    );
  });
});
