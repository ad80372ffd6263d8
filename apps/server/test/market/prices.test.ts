import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { priceAt, priceHistoryJob, recordPrices } from '../../src/market/prices';
import { listCoins, Operator, startTestServer, type TestServer } from '../harness';

const HOUR = 3600;

describe('prices over time', () => {
  let server: TestServer;
  let op: Operator;
  let t0: number;

  beforeAll(async () => {
    server = await startTestServer({ modules: [] });
    op = new Operator(server);
    await listCoins(op);
    // Start on a whole hour so the hourly records fall at known instants.
    const now = await op.now();
    await op.advance(HOUR - (now % HOUR));
    t0 = await op.now();
  });
  afterAll(() => server.dispose());

  const at = (unix: number) => new Date(unix * 1000);
  const price = async (asset: string, unix: number) =>
    (await priceAt(server.deps.db, asset, at(unix)))?.toFixed();

  it('records every listed asset at each hour end and each operator change, and values any instant', async () => {
    await op.setPrice('BTC', '100000');
    await op.advance(HOUR); // t0 + 1h: hourly record at 100000
    await op.advance(1800);
    await op.setPrice('BTC', '95000.12345678'); // t0 + 1.5h
    await op.advance(1800); // t0 + 2h: hourly record at 95000.12345678
    await op.setPrice('BTC', '97000');
    await op.advance(HOUR); // t0 + 3h
    const recorded = await rows<{ at: string; price: string; source: string }>(
      server.deps.db,
      sql`SELECT extract(epoch FROM at)::bigint::text AS at, price_usdt::text AS price, source FROM asset_prices
          WHERE asset = 'BTC' AND at >= ${at(t0).toISOString()}::timestamptz ORDER BY at, source`,
    );
    expect(recorded.map((r) => [Number(r.at) - t0, Number(r.price), r.source])).toEqual([
      [0, 100000, 'set'],
      [HOUR, 100000, 'hour'],
      [1.5 * HOUR, 95000.12345678, 'set'],
      [2 * HOUR, 97000, 'set'],
      [3 * HOUR, 97000, 'hour'],
    ]);
    expect(await price('BTC', t0 + HOUR + 1799)).toBe('100000');
    expect(await price('BTC', t0 + 1.5 * HOUR)).toBe('95000.12345678');
    expect(await price('BTC', t0 + 2 * HOUR - 1)).toBe('95000.12345678');
    expect(await price('BTC', t0 + 10 * HOUR)).toBe('97000');
    // ETH was listed once and never changed: its one price stands at any time, even before it.
    expect(await price('ETH', t0 - 365 * 86400)).toBe('4000');
    expect(await price('USDT', t0)).toBe('1');
    expect(await price('NOPE', t0)).toBeUndefined();
  });

  it('keeps one record per asset and hour however often the hour is run', async () => {
    const hourEnd = at(t0 + HOUR);
    await op.setPrice('GT', '21');
    await server.deps.db.transaction((tx) => recordPrices(tx as never, hourEnd));
    const job = priceHistoryJob();
    const period = { start: at(t0), end: hourEnd };
    expect(await server.deps.scheduler.runPeriod(job, period)).toBe(false);
    const [gt] = await rows<{ n: number; price: string }>(
      server.deps.db,
      sql`SELECT COUNT(*)::int AS n, MIN(price_usdt)::text AS price FROM asset_prices WHERE asset = 'GT' AND at = ${hourEnd.toISOString()}::timestamptz`,
    );
    // The GT price of that hour stays the one recorded then (20), not today's 21.
    expect(gt).toEqual({ n: 1, price: '20.000000000000000000' });
  });
});

describe('prices in a clock advance', () => {
  let server: TestServer;
  let op: Operator;

  beforeAll(async () => {
    server = await startTestServer({ modules: [] });
    op = new Operator(server);
    await listCoins(op);
    await op.setPrice('BTC', '97000');
  });
  afterAll(() => server.dispose());

  const at = (unix: number) => new Date(unix * 1000);

  it("records the quiet hours of a clock advance as a batch: each hour's row and claim as alone", async () => {
    const job = server.deps.scheduler.list().find((j) => j.name === 'market.prices.hourly');
    if (!job) throw new Error('no price job');
    const run = job.run;
    let alone = 0;
    job.run = (tx, period) => {
      alone++;
      return run(tx, period);
    };
    const from = await op.now();
    try {
      await op.advance(30 * HOUR);
    } finally {
      job.run = run;
    }
    const hours = await rows<{ at: string; price: string }>(
      server.deps.db,
      sql`SELECT extract(epoch FROM at)::bigint::text AS at, price_usdt::text AS price FROM asset_prices
          WHERE asset = 'BTC' AND source = 'hour' AND at > ${at(from).toISOString()}::timestamptz ORDER BY at`,
    );
    expect(hours.map((h) => [Number(h.at) - from, Number(h.price)])).toEqual(
      Array.from({ length: 30 }, (_, i) => [(i + 1) * HOUR, 97000]),
    );
    const claims = await rows<{ start: string; end: string; started: string }>(
      server.deps.db,
      sql`SELECT extract(epoch FROM period_start)::bigint::text AS start, extract(epoch FROM period_end)::bigint::text AS end,
            extract(epoch FROM started_at)::bigint::text AS started
          FROM job_runs WHERE job = 'market.prices.hourly' AND period_start >= ${at(from).toISOString()}::timestamptz
          ORDER BY period_start`,
    );
    // Each hour claimed as alone, at its own end.
    expect(
      claims.map((c) => [Number(c.start) - from, Number(c.end) - from, Number(c.started) - from]),
    ).toEqual(Array.from({ length: 30 }, (_, i) => [i * HOUR, (i + 1) * HOUR, (i + 1) * HOUR]));
    // The first hour alone (the stop's own), the others in batches: not 30 runs.
    expect(alone).toBeLessThanOrEqual(2);
  });
});
