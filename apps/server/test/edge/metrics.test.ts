import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import type { EarnModule } from '../../src/kernel/module';
import { simpleEarnModule } from '../../src/lines/simple-earn';
import { Operator, onPostgres, startTestServer, TestClient, type TestServer } from '../harness';
import { flexProduct, HOUR, toNextHour } from '../simple-earn/helpers';

const TOKEN = 'metrics-secret';
const SUBSCRIBE = '/apiw/v2/uni-loan/earn/subscribe';
const REDEEM = '/apiw/v2/uni-loan/earn/redeem';

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const [, k, v] of (match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      found[k as string] = v as string;
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[4]);
  }
  return undefined;
}

/** A job that fails while `flaky.fail` is set: the failure series has something to count. */
const flaky = { fail: false };
const flakyModule: EarnModule = {
  name: 'flaky',
  jobs: () => [
    {
      name: 'test.flaky',
      periodSeconds: 3600,
      run: async () => {
        if (flaky.fail) throw new Error('flaky job failed on purpose');
      },
    },
  ],
};

describe('GET /metrics', () => {
  let server: TestServer;
  let op: Operator;
  let user: TestClient;

  const scrape = async (token: string | null = TOKEN) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, text: res.body, type: res.headers['content-type'], res };
  };

  beforeAll(async () => {
    server = await startTestServer({
      modules: [simpleEarnModule, flakyModule],
      config: { metricsToken: TOKEN },
    });
    op = new Operator(server);
    for (const [asset, price] of [
      ['USDT', '1'],
      ['BTC', '100000'],
    ] as const)
      await op.setPrice(asset, price);
    await flexProduct(op, {
      asset: 'USDT',
      next_time_rate_year: '0.0876',
      min_lend_amount: '1',
      borrow_demand: '300',
    });
    user = new TestClient(server);
    const id = await user.register();
    await op.deposit(id, 'USDT', '1000');
  });
  afterAll(() => server.dispose());

  it('asks for METRICS_TOKEN when it is set: 401 in the envelope without it or with a wrong one', async () => {
    for (const token of [null, 'wrong']) {
      const res = await scrape(token);
      expect(res.status).toBe(401);
      expect(res.res.json()).toEqual({
        code: 40100,
        message: 'Metrics token missing or wrong',
        data: { key: 'metrics.unauthorized', params: {} },
      });
    }
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.text).toMatch(/^# HELP /m);
    // Node's own series come along.
    expect(sample(ok.text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
  });

  it('counts each committed subscription and redemption once, by line and asset; replays and refusals not', async () => {
    const labels = { line: 'simple_earn_flexible', asset: 'USDT' };
    const key = { 'idempotency-key': 'metrics-sub-1' };
    expect((await user.post(SUBSCRIBE, { asset: 'USDT', amount: '400' }, { headers: key })).body.code).toBe(
      0,
    );
    const replay = await user.post(SUBSCRIBE, { asset: 'USDT', amount: '400' }, { headers: key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // Refused by the balance check: rolled back, not counted.
    expect((await user.post(SUBSCRIBE, { asset: 'USDT', amount: '5000' })).status).toBe(422);
    // A second subscription goes by the fast path.
    expect((await user.post(SUBSCRIBE, { asset: 'USDT', amount: '100' })).body.code).toBe(0);
    expect((await user.post(REDEEM, { asset: 'USDT', amount: '10' })).body.code).toBe(0);
    expect((await user.post(REDEEM, { asset: 'USDT', amount: '100000' })).status).toBeGreaterThanOrEqual(400);
    const { text } = await scrape();
    expect(sample(text, 'earn_subscriptions_total', labels)).toBe(2);
    expect(sample(text, 'earn_redemptions_total', labels)).toBe(1);
  });

  it("counts group commit's batches and calls, for the fast path's reads and writes", async () => {
    const read = { kind: 'read' };
    const write = { kind: 'write' };
    const before = (await scrape()).text;
    // Fast-path calls (the user holds USDT already): each read and written through the batcher.
    for (const amount of ['3', '4']) {
      const res = await user.post(SUBSCRIBE, { asset: 'USDT', amount });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    }
    const after = (await scrape()).text;
    const change = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    // One call at a time here: a batch of one each.
    expect(change('earn_group_commit_calls_total', read)).toBe(2);
    expect(change('earn_group_commit_batches_total', read)).toBe(2);
    expect(change('earn_group_commit_calls_total', write)).toBe(2);
    expect(change('earn_group_commit_batches_total', write)).toBe(2);
    expect(change('earn_group_commit_retried_total', write)).toBe(0);
    // Reads have no lone writes: the series is absent, not 0.
    expect(sample(after, 'earn_group_commit_alone_total', read)).toBeUndefined();
  });

  it('counts the hourly interest payouts from the committed journal entries, with what they paid', async () => {
    await toNextHour({ server, op });
    await op.advance(2 * HOUR + 60);
    const [booked] = await rows<{ entries: number; paid: string }>(
      server.deps.db,
      sql`SELECT COUNT(DISTINCT e.id)::int AS entries, COALESCE(SUM(-p.amount), 0)::text AS paid
        FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE e.reason = 'se_flex_interest' AND p.asset = 'USDT' AND NOT a.is_user AND p.amount < 0`,
    );
    expect(booked?.entries).toBeGreaterThanOrEqual(2);
    expect(Number(booked?.paid)).toBeGreaterThan(0);
    const { text } = await scrape();
    const labels = { line: 'simple_earn_flexible', asset: 'USDT' };
    expect(sample(text, 'earn_payouts_total', labels)).toBe(booked?.entries);
    expect(sample(text, 'earn_payout_amount_total', labels)).toBeCloseTo(Number(booked?.paid), 8);
    // Scraped again: counted once.
    expect(sample((await scrape()).text, 'earn_payouts_total', labels)).toBe(booked?.entries);
  });

  it('labels request durations by route pattern and status, never by the raw URL', async () => {
    await op.setPrice('BTC', '100001');
    await server.app.inject({ method: 'GET', url: '/api/no/such/path-12345' });
    const { text } = await scrape();
    expect(
      sample(text, 'earn_http_request_duration_seconds_count', {
        method: 'PUT',
        route: '/admin/api/prices/:asset',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'earn_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('path-12345');
    expect(text).not.toContain('/admin/api/prices/BTC');
  });

  it('reports each job: last success, lag behind the clock, failures', async () => {
    let { text } = await scrape();
    const job = { job: 'test.flaky' };
    expect(sample(text, 'earn_job_last_success_timestamp_seconds', job)).toBeGreaterThan(
      Date.now() / 1000 - 600,
    );
    expect(sample(text, 'earn_job_lag_seconds', job)).toBe(0);
    expect(sample(text, 'earn_job_failures_total', job)).toBe(0);
    expect(sample(text, 'earn_job_lag_seconds', { job: 'ledger.reconcile' })).toBe(0);

    flaky.fail = true;
    expect((await op.call('POST', '/admin/api/clock/advance', { seconds: HOUR })).status).toBe(500);
    flaky.fail = false;
    ({ text } = await scrape());
    expect(sample(text, 'earn_job_failures_total', job)).toBe(1);

    // The clock moved on without the jobs: the lag is how long ago the next period ended.
    const clock = server.deps.testClock;
    if (!clock) throw new Error('test clock expected');
    const status = server.deps.scheduler.status().jobs.find((j) => j.name === 'test.flaky');
    const nextEnd = (status?.lastPeriodEnd?.getTime() ?? 0) + HOUR * 1000;
    await clock.set(new Date(server.deps.clock.now().getTime() + 3 * HOUR * 1000));
    ({ text } = await scrape());
    expect(sample(text, 'earn_job_lag_seconds', job)).toBe(
      (server.deps.clock.now().getTime() - nextEnd) / 1000,
    );
    await op.advance(0);
    ({ text } = await scrape());
    expect(sample(text, 'earn_job_lag_seconds', job)).toBe(0);
    expect(sample(text, 'earn_job_failures_total', job)).toBe(1);
  });

  it('reports the differences of the newest reconciliation report, by kind', async () => {
    let { text } = await scrape();
    expect(sample(text, 'earn_reconciliation_differences', { kind: 'balance_mismatch' })).toBe(0);
    expect(sample(text, 'earn_reconciliation_report_timestamp_seconds')).toBeGreaterThan(0);
    await server.deps.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = (SELECT MIN(id) FROM ledger_accounts WHERE is_user)`,
    );
    expect((await op.reconciliation()).ok).toBe(false);
    ({ text } = await scrape());
    expect(sample(text, 'earn_reconciliation_differences', { kind: 'balance_mismatch' })).toBe(1);
    expect(sample(text, 'earn_reconciliation_differences', { kind: 'unbalanced_entry' })).toBe(0);
    expect(sample(text, 'earn_reconciliation_differences', { kind: 'orphan_posting' })).toBe(0);
    await server.deps.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE id = (SELECT MIN(id) FROM ledger_accounts WHERE is_user)`,
    );
    expect((await op.reconciliation()).ok).toBe(true);
    ({ text } = await scrape());
    expect(sample(text, 'earn_reconciliation_differences', { kind: 'balance_mismatch' })).toBe(0);
  });

  it('reports the PostgreSQL pool (nothing on PGlite, which has no pool)', async () => {
    const { text } = await scrape();
    if (onPostgres) {
      expect(sample(text, 'earn_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'earn_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'earn_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(sample(text, 'earn_db_pool_connections')).toBeUndefined();
    }
  });
});
