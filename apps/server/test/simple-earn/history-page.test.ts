import { dec, toWire } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, rows, sql } from '../../src/infra/db/client';
import { readsOf, rollupsOf } from '../../src/kernel/module';
import { flexHistory } from '../../src/lines/simple-earn/store/history';
import { earnModules } from '../../src/modules';
import { detachBefore, ensurePartition, PARTITIONED_TABLES } from '../../src/ops/partitions/partitions';
import { rollupDays } from '../../src/views/overview/rollup';
import { freshDatabase } from '../harness';

/** Every line's reads and rollup writes, as the server has them. */
const LINES = { reads: readsOf(earnModules), rollups: rollupsOf(earnModules) };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Eight and a half days of hours across a month's end (two monthly partitions' worth of hours). */
const H0 = Date.UTC(2026, 0, 27, 0);
const HOURS = 204;
const USER = 1;

interface Row {
  at: number;
  position: number;
  product: string;
  interest: string;
  bonus: string;
  bonusAsset: string | null;
  lent: string;
  rate: string;
}

/**
 * The hourly rows of three positions: user 1's USDT and BTC holdings (BTC's bonus is awarded in USDT,
 * so two products' bonus records share a coin and an hour) and user 2's USDT holding. Some hours have
 * no row (the holder's minimum APR was above the rate), some a row with 0 interest (the 8-decimal
 * floor), as the accrual writes them.
 */
function generate(withBonus = true): Row[] {
  let seed = 20_261_127;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const positions = [
    { id: 1, product: 'USDT', award: 'USDT' },
    { id: 2, product: 'BTC', award: 'USDT' },
    { id: 3, product: 'USDT', award: 'USDT' },
  ];
  const out: Row[] = [];
  for (let h = 0; h < HOURS; h++)
    for (const p of positions) {
      const r = rand();
      if (r < 0.12) continue;
      const interest = r < 0.22 ? '0' : (r * 0.001).toFixed(8);
      const bonus = withBonus && h % 3 === p.id % 3 ? (r * 0.0001).toFixed(8) : '0';
      out.push({
        at: H0 + (h + 1) * HOUR,
        position: p.id,
        product: p.product,
        interest,
        bonus,
        bonusAsset: bonus === '0' ? null : p.award,
        lent: (100 + h).toFixed(2),
        rate: '0.0523',
      });
    }
  return out;
}

interface Expected {
  total: number;
  list: Record<string, unknown>[];
}

/** The page by brute force: every row of the range, filtered, grouped, sorted and sliced in memory. */
function bruteForce(
  all: Row[],
  q: { type: 3 | 4; asset?: string; start: number; end: number; page: number; limit: number },
  daily: { tzMinutes: number } | null,
): Expected {
  const bonus = q.type === 4;
  const mine = all.filter(
    (r) =>
      r.position !== 3 &&
      (!q.asset || r.product === q.asset) &&
      r.at >= q.start &&
      r.at <= q.end &&
      dec(bonus ? r.bonus : r.interest).gt(0),
  );
  const asset = (r: Row) => (bonus ? (r.bonusAsset as string) : r.product);
  type Item = { at: number; asset: string; product: string; fields: Record<string, unknown> };
  let items: Item[];
  if (!daily) {
    items = mine.map((r) => ({
      at: r.at,
      asset: asset(r),
      product: r.product,
      fields: {
        amount: toWire(bonus ? r.bonus : r.interest),
        lend_principal: toWire(r.lent),
        lend_rate_year: toWire(r.rate),
        bonus_amount: bonus ? toWire(r.bonus) : '0',
        bonus_asset: bonus ? r.bonusAsset : '',
      },
    }));
  } else {
    const shift = daily.tzMinutes * 60_000;
    const groups = new Map<string, { at: number; asset: string; product: string; rows: Row[] }>();
    for (const r of mine) {
      const day = Math.floor((r.at + shift) / DAY) * DAY - shift;
      const key = `${r.product}|${asset(r)}|${day}`;
      const g = groups.get(key) ?? { at: day, asset: asset(r), product: r.product, rows: [] };
      g.rows.push(r);
      groups.set(key, g);
    }
    items = [...groups.values()].map((g) => ({
      at: g.at,
      asset: g.asset,
      product: g.product,
      fields: {
        amount: toWire(g.rows.reduce((s, r) => s.plus(bonus ? r.bonus : r.interest), dec(0))),
        lend_principal: '0',
        lend_rate_year: '0',
        bonus_amount: bonus ? toWire(g.rows.reduce((s, r) => s.plus(r.bonus), dec(0))) : '0',
        bonus_asset: bonus ? g.asset : '',
        hours: g.rows.length,
      },
    }));
  }
  items.sort(
    (a, b) =>
      b.at - a.at ||
      (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0) ||
      (a.product < b.product ? -1 : a.product > b.product ? 1 : 0),
  );
  const page = items.slice((q.page - 1) * q.limit, q.page * q.limit);
  return {
    total: items.length,
    list: page.map((i) => ({
      type: q.type,
      asset: i.asset,
      time_at: i.at / 1000,
      product_asset: i.product,
      ...i.fields,
    })),
  };
}

/** The products, the three positions and their hourly rows, as the accrual writes them. */
async function seed(db: Db, all: Row[]): Promise<void> {
  const at = new Date(H0 - DAY).toISOString();
  await db.execute(sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES
    ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz), ('BTC', 'Bitcoin', 60000, ${at}::timestamptz, ${at}::timestamptz)`);
  await db.execute(
    sql`INSERT INTO users (email, password_hash, created_at, referral_code) SELECT 'u' || g || '@example.com', 'x', ${at}::timestamptz, 'R' || g FROM generate_series(1, 2) g`,
  );
  await db.execute(sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand, accrued_until)
    VALUES ('USDT', 1, 0.0523, 1e15, ${at}::timestamptz), ('BTC', 0.001, 0.0523, 1e15, ${at}::timestamptz)`);
  await db.execute(sql`INSERT INTO se_flex_positions (id, user_id, asset, principal, min_lend_rate_year, offer_at, created_at)
    VALUES (1, 1, 'USDT', 100, 0, ${at}::timestamptz, ${at}::timestamptz), (2, 1, 'BTC', 1, 0, ${at}::timestamptz, ${at}::timestamptz),
      (3, 2, 'USDT', 100, 0, ${at}::timestamptz, ${at}::timestamptz)`);
  const values = all.map(
    (r) =>
      sql`(${new Date(r.at - HOUR).toISOString()}::timestamptz, ${r.position}::bigint, ${r.position === 3 ? 2 : 1}::bigint, ${r.product},
        ${r.lent}::numeric, ${r.rate}::numeric, ${r.interest}::numeric, ${r.bonus}::numeric, ${r.bonusAsset})`,
  );
  await db.execute(sql`INSERT INTO se_flex_interest (period_start, position_id, user_id, asset, lent, rate_year, interest, bonus, bonus_asset)
    VALUES ${sql.join(values, sql`, `)}`);
}

interface Range {
  start: number;
  end: number;
}

const RANGES: Range[] = [
  // Every hour, both ends on rows.
  { start: H0 + HOUR, end: H0 + HOURS * HOUR },
  // Ends inside hours and inside days; the first and last days partly in the range.
  { start: H0 + 13 * HOUR + 30 * 60_000, end: H0 + 150 * HOUR + 59 * 60_000 },
  // Within one UTC day.
  { start: H0 + 2 * DAY + 5 * HOUR, end: H0 + 2 * DAY + 20 * HOUR },
  // From a day's start to the next day's start (both ends inclusive).
  { start: H0 + 3 * DAY, end: H0 + 5 * DAY },
];

/** Every range, type, filter, page size and page (one past the last too), hourly and daily. */
async function compareAll(
  db: Db,
  all: Row[],
  ranges: Range[],
  types: readonly (3 | 4)[] = [3, 4],
): Promise<number> {
  let compared = 0;
  for (const range of ranges)
    for (const type of types)
      for (const asset of [undefined, 'BTC'])
        for (const daily of [null, { tzMinutes: 0 }, { tzMinutes: 480 }, { tzMinutes: -330 }])
          for (const limit of [7, 25]) {
            const q = { type, asset, start: range.start, end: range.end, limit };
            const last = Math.ceil(bruteForce(all, { ...q, page: 1 }, daily).total / limit);
            for (const page of [...new Set([1, 2, Math.max(1, last), last + 1])]) {
              const want = bruteForce(all, { ...q, page }, daily);
              const got = await flexHistory(
                db,
                USER,
                {
                  page,
                  limit,
                  type,
                  asset,
                  startAt: range.start / 1000,
                  endAt: range.end / 1000,
                  daily: daily !== null,
                  tzMinutes: daily?.tzMinutes ?? 0,
                },
                new Date(H0 + HOURS * HOUR),
              );
              const label = JSON.stringify({ ...q, page, daily });
              expect(got.total, label).toBe(want.total);
              expect(
                got.list.map((r) => ({
                  type: r.type,
                  asset: r.asset,
                  time_at: r.time_at,
                  product_asset: r.product_asset,
                  amount: r.amount,
                  lend_principal: r.lend_principal,
                  lend_rate_year: r.lend_rate_year,
                  bonus_amount: r.bonus_amount,
                  bonus_asset: r.bonus_asset,
                  ...(daily ? { hours: r.hours } : {}),
                })),
                label,
              ).toEqual(want.list);
              compared++;
            }
          }
  return compared;
}

describe("a user's flexible interest and bonus history page", { timeout: 300_000 }, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let db: Db;
  let all: Row[];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    await database.migrate();
    db = database.db;
    all = generate();
    await seed(db, all);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('equals the brute-force page and total with nothing rolled up (every hour probed live)', async () => {
    expect(await compareAll(db, all, RANGES)).toBe(328);
  });

  it('equals them with the first days in the index of hours and the rest live', async () => {
    await db.transaction((tx) => rollupDays(tx, LINES, null, new Date(H0 + 3 * DAY)));
    const [indexed] = await rows<{ n: string }>(
      db,
      sql`SELECT COUNT(*)::text AS n FROM se_flex_history_days`,
    );
    // 3 positions × 3 days × interest, and bonus rows of each.
    expect(Number(indexed?.n)).toBe(18);
    // A day rolled up apart from the watermark (a rerun of one day): its rows are ignored, the
    // watermark still says where the live hours start.
    await db.transaction((tx) => rollupDays(tx, LINES, new Date(H0 + 5 * DAY), new Date(H0 + 6 * DAY)));
    const [w] = await rows<{ until: string }>(
      db,
      sql`SELECT to_char(rolled_until AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS until FROM earn_rollup_state`,
    );
    expect(w?.until).toBe('2026-01-30');
    await compareAll(db, all, RANGES);
  });

  it('equals them with every day in the index (a later rollup adds the days after the watermark)', async () => {
    await db.transaction((tx) => rollupDays(tx, LINES, new Date(H0 + 3 * DAY), new Date(H0 + 10 * DAY)));
    const [w] = await rows<{ until: string }>(
      db,
      sql`SELECT to_char(rolled_until AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS until FROM earn_rollup_state`,
    );
    expect(w?.until).toBe('2026-02-06');
    await compareAll(db, all, RANGES);
  });
});

describe('the history page after a month is detached', { timeout: 300_000 }, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let db: Db;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    await database.migrate();
    db = database.db;
    const table = PARTITIONED_TABLES.find((t) => t.table === 'se_flex_interest');
    if (!table) throw new Error('se_flex_interest is not partitioned');
    for (const month of [0, 1]) await ensurePartition(db, table, new Date(Date.UTC(2026, month, 1)));
    // No bonus: a month's total is then one row per holding (see the README on detaching).
    await seed(db, generate(false));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("equals the brute-force page over what the table then holds: January's total, not its hours", async () => {
    await db.transaction((tx) => rollupDays(tx, LINES, null, new Date(H0 + 10 * DAY)));
    expect(await detachBefore(db, new Date(Date.UTC(2026, 1, 1)))).toContain('se_flex_interest_p202601');
    const left = await rows<{
      at: string;
      position: number;
      product: string;
      interest: string;
      lent: string;
      rate: string;
    }>(
      db,
      sql`SELECT (extract(epoch FROM period_start) * 1000 + 3600000)::text AS at, position_id::int AS position, asset AS product,
          interest::text AS interest, lent::text AS lent, rate_year::text AS rate FROM se_flex_interest`,
    );
    const all: Row[] = left.map((r) => ({ ...r, at: Number(r.at), bonus: '0', bonusAsset: null }));
    // January's days in the index are its one total row each holding, received at 1 January 01:00.
    const january = await rows<{ day: string; hours: number }>(
      db,
      sql`SELECT DISTINCT to_char(day AT TIME ZONE 'UTC', 'MM-DD') AS day, hours FROM se_flex_history_days
        WHERE day < '2026-02-01T00:00:00Z'::timestamptz`,
    );
    expect(january).toEqual([{ day: '01-01', hours: 2 }]);
    const withJanuary = [...RANGES, { start: Date.UTC(2026, 0, 1), end: H0 + 5 * DAY }];
    expect(await compareAll(db, all, withJanuary, [3])).toBeGreaterThan(100);
  });
});
