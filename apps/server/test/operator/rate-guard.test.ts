import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { kinds } from './kinds';

/**
 * Issue 27: the console saved `6` typed into a fraction field, a 600 % flexible rate. Every operator
 * rate change of every line passes one guard: above the ceiling in the operator settings (100 %
 * until set) or above 3 times the current rate, it is refused (422 42230 operator.rate.confirm)
 * and changes nothing, unless the request says confirm_rate: true; the audit record then names it.
 */

interface AuditRecord {
  id: number;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface Refusal {
  key: string;
  params: Record<string, unknown>;
  target: string;
  rates: { field: string; apr: string; before_apr: string | null; reasons: string[] }[];
}

describe('operator rate guard: unusual rates need a second confirmation', () => {
  let server: TestServer;
  let op: Operator;
  let client: TestClient & { id: number };
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    const c = new TestClient(server);
    client = Object.assign(c, { id: await c.register() });
  });
  afterAll(() => server.dispose());

  const lastAudit = async () =>
    (await op.call<{ list: AuditRecord[] }>('GET', '/admin/api/audit?limit=1')).body.data.list[0];
  const flexibleRate = async (asset: string) => {
    const { list } = (
      await op.call<{ list: { asset: string; next_time_rate_year: string }[] }>(
        'GET',
        '/admin/api/simple-earn/flexible-products',
      )
    ).body.data;
    return list.find((p) => p.asset === asset)?.next_time_rate_year;
  };
  const setFlexible = (body: Record<string, unknown>) =>
    op.call<Refusal>('PUT', '/admin/api/simple-earn/flexible-products/USDC', body);

  it('600 % typed for 6 %: refused and unchanged; confirmed, set and audited; a normal change passes', async () => {
    const created = await op.call('POST', '/admin/api/simple-earn/flexible-products', {
      asset: 'USDC',
      min_lend_amount: '1',
      next_time_rate_year: '0.05',
      borrow_demand: '1000',
    });
    expect(created.status).toBe(200);
    const audited = (await lastAudit())?.id;

    const refused = await setFlexible({ next_time_rate_year: '6' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(Code.RATE_CONFIRMATION_REQUIRED);
    expect(refused.body.data).toEqual({
      key: 'operator.rate.confirm',
      params: {
        field: 'next_time_rate_year',
        apr: '600.00',
        before_apr: '5.00',
        ceiling: '100.00',
        factor: 3,
      },
      target: 'flexible_product:USDC',
      rates: [
        { field: 'next_time_rate_year', apr: '600.00', before_apr: '5.00', reasons: ['ceiling', 'jump'] },
      ],
    });
    expect(await flexibleRate('USDC')).toBe('0.05');
    expect((await lastAudit())?.id).toBe(audited);
    // confirm_rate false is no confirmation.
    expect((await setFlexible({ next_time_rate_year: '6', confirm_rate: false })).status).toBe(422);

    const confirmed = await setFlexible({ next_time_rate_year: '6', confirm_rate: true });
    expect(confirmed.status).toBe(200);
    expect(await flexibleRate('USDC')).toBe('6');
    expect(await lastAudit()).toMatchObject({
      action: 'simple_earn.flexible_product.update',
      target: 'flexible_product:USDC',
      before: { next_time_rate_year: '0.05' },
      after: {
        next_time_rate_year: '6',
        confirmed_rates: [
          { field: 'next_time_rate_year', apr: '600.00', before_apr: '5.00', reasons: ['ceiling', 'jump'] },
        ],
      },
    });

    // Back down to 6 %, and up by 2.5 times: normal changes, no confirmation asked or recorded.
    for (const rate of ['0.06', '0.15']) {
      const res = await setFlexible({ next_time_rate_year: rate });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await flexibleRate('USDC')).toBe(rate);
      expect((await lastAudit())?.after).toEqual({ next_time_rate_year: rate });
    }
    // 15 % → 50 %: under the ceiling, but more than 3 times the current rate.
    const jump = await setFlexible({ next_time_rate_year: '0.5' });
    expect(jump.status).toBe(422);
    expect(jump.body.data.rates).toEqual([
      { field: 'next_time_rate_year', apr: '50.00', before_apr: '15.00', reasons: ['jump'] },
    ]);
    expect(await flexibleRate('USDC')).toBe('0.15');
  });

  it('the ceiling is a setting the admin changes; within it only the 3-times rule is left', async () => {
    expect((await op.call('GET', '/admin/api/settings/rates')).body.data).toEqual({
      rate_ceiling_percent: '100',
    });
    expect((await op.call('PUT', '/admin/api/settings/rates', { rate_ceiling_percent: '700' })).status).toBe(
      200,
    );
    expect((await lastAudit())?.after).toEqual({ rate_ceiling_percent: '700' });
    // 15 % → 40 %, then 40 % → 110 %: above the old ceiling, below the new one, under 3 times.
    expect((await setFlexible({ next_time_rate_year: '0.4' })).status).toBe(200);
    expect((await setFlexible({ next_time_rate_year: '1.1' })).status).toBe(200);
    const above = await setFlexible({ next_time_rate_year: '7.5' });
    expect(above.body.data.rates).toEqual([
      { field: 'next_time_rate_year', apr: '750.00', before_apr: '110.00', reasons: ['ceiling', 'jump'] },
    ]);
    expect(above.body.data.params.ceiling).toBe('700.00');
    expect((await op.call('PUT', '/admin/api/settings/rates', { rate_ceiling_percent: '0' })).status).toBe(
      400,
    );
    expect((await op.call('PUT', '/admin/api/settings/rates', { rate_ceiling_percent: '100' })).status).toBe(
      200,
    );
  });

  // Every line's edits, rate field by rate field, through the table the edit property tests use.
  const table = kinds(
    {
      call: (...args: Parameters<Operator['call']>) => op.call(...args),
      now: () => op.now(),
    } as Operator,
    () => client,
  );
  for (const kind of table.filter((k) => k.unusual)) {
    it(`${kind.name}: each rate field is guarded`, async () => {
      const target = await kind.create();
      for (const [field, value] of Object.entries(kind.unusual ?? {})) {
        const before = await target.read();
        const audited = (await lastAudit())?.id;
        const refused = await op.call<Refusal>('PUT', target.url, { [field]: value });
        expect(refused.status, `${field}: ${JSON.stringify(refused.body)}`).toBe(422);
        expect(refused.body.data.key).toBe('operator.rate.confirm');
        expect(refused.body.data.rates.every((r) => r.field.startsWith(field))).toBe(true);
        expect(await target.read(), field).toEqual(before);
        expect((await lastAudit())?.id).toBe(audited);

        const confirmed = await op.call('PUT', target.url, { [field]: value, confirm_rate: true });
        expect(confirmed.status, `${field}: ${JSON.stringify(confirmed.body)}`).toBe(200);
        expect((await target.read())[field], field).toEqual(value);
        const record = await lastAudit();
        expect(record?.after?.confirmed_rates, field).toEqual(refused.body.data.rates);
      }
    });
  }

  it('a creation with a rate above the ceiling is refused whole, on every line that creates rates', async () => {
    const productId = (
      await op.call<{ id: number }>('POST', '/admin/api/staking/products', {
        coin: 'BTC',
        type: 1,
        reward_coin: 'BTC',
        rate: '2',
      })
    ).body.data.id;
    const start = Math.ceil((await op.now()) / 3600) * 3600 + 3600;
    const pool = {
      coin: 'USDT',
      personal_min_amount: '1',
      personal_max_amount: '5000',
      decimal_place: 2,
      buy_total_amount: '1000000',
      reward_per_hour: '10',
      rate_year: '12',
      rate_year_type: 1,
      reward_pool_type: 0,
    };
    const project = (pools: Record<string, unknown>[]) => ({
      reward_coin: 'GT',
      name: 'Guarded',
      start_timest: start,
      end_timest: start + 48 * 3600,
      pools,
    });
    const tries: [string, string, Record<string, unknown>, string][] = [
      [
        'POST',
        '/admin/api/simple-earn/flexible-products',
        { asset: 'ETH', min_lend_amount: '1', next_time_rate_year: '1.5', borrow_demand: '1' },
        'next_time_rate_year',
      ],
      [
        'POST',
        '/admin/api/simple-earn/fixed-products',
        {
          asset: 'ETH',
          lock_up_period: 30,
          year_rate: '0.04',
          total_quota: '100',
          min_lend_amount: '1',
          start_time: start,
          ladder_apr: [{ left: '0', right: '', apr: '1.01' }],
        },
        'ladder_apr.0.apr',
      ],
      [
        'POST',
        '/admin/api/simple-earn/vouchers',
        { user: client.id, title: 'Boost', rate_day: 3, rate_ratio: '150', expired_timest: start + 86_400 },
        'rate_ratio',
      ],
      [
        'POST',
        '/admin/api/launch-pool/projects',
        project([{ ...pool, rate_year: '600' }]),
        'pools.0.rate_year',
      ],
      [
        'POST',
        '/admin/api/launch-pool/projects',
        project([
          {
            ...pool,
            reward_pool_type: 1,
            reward_coins: [{ coin: 'ETH', reward_per_hour: '1', rate_year: '600' }],
          },
        ]),
        'pools.0.reward_coins.0.rate_year',
      ],
      [
        'POST',
        '/admin/api/staking/products',
        {
          coin: 'USDC',
          type: 1,
          reward_coin: 'USDC',
          rate: '2',
          defi: [{ protocol_name: 'Aave', reward_coin: 'USDC', rate: '600' }],
        },
        'defi.0.rate',
      ],
      [
        'POST',
        `/admin/api/staking/products/${productId}/campaigns`,
        {
          reward_coin: 'BTC',
          start_time: start,
          end_time: start + 86_400,
          interest: [{ money_min: '0', money_max: '-1', money_rate: '0.6' }],
        },
        'interest.0.money_rate',
      ],
      ['PUT', '/admin/api/soft-staking/coins/ETH', { rate: '600' }, 'rate'],
    ];
    const counts = async () => ({
      flexible: (await op.call<{ total: number }>('GET', '/admin/api/simple-earn/flexible-products')).body
        .data.total,
      fixed: (await op.call<{ total: number }>('GET', '/admin/api/simple-earn/fixed-products')).body.data
        .total,
      projects: (await op.call<{ total: number }>('GET', '/admin/api/launch-pool/projects')).body.data.total,
      staking: (await op.call<{ total: number }>('GET', '/admin/api/staking/products')).body.data.total,
      soft: (await op.call<{ total: number }>('GET', '/admin/api/soft-staking/coins')).body.data.total,
      vouchers: (
        await op.call<{ list: unknown[] }>('GET', `/admin/api/simple-earn/vouchers?user=${client.id}`)
      ).body.data.list.length,
      audit: (await lastAudit())?.id,
    });
    // A lower ceiling, so that a campaign's rate (a fraction at most 1, 100 %) can be above it.
    expect((await op.call('PUT', '/admin/api/settings/rates', { rate_ceiling_percent: '50' })).status).toBe(
      200,
    );
    const before = await counts();
    for (const [method, url, body, field] of tries) {
      const res = await op.call<Refusal>(method as 'POST' | 'PUT', url, body);
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.data.rates[0]).toMatchObject({ field, before_apr: null, reasons: ['ceiling'] });
    }
    expect(await counts()).toEqual(before);

    // The confirmed creations go through, and their records name the rates confirmed.
    for (const [method, url, body, field] of tries) {
      const res = await op.call(method as 'POST' | 'PUT', url, { ...body, confirm_rate: true });
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
      const record = await lastAudit();
      expect(JSON.stringify(record?.after?.confirmed_rates), url).toContain(`"field":"${field}"`);
    }
    expect((await op.call('PUT', '/admin/api/settings/rates', { rate_ceiling_percent: '100' })).status).toBe(
      200,
    );
  });

  it('an idempotent creation refused for confirmation stores nothing: its key then carries the confirmed call', async () => {
    const start = Math.ceil((await op.now()) / 3600) * 3600 + 7200;
    const body = {
      reward_coin: 'GT',
      name: 'Keyed',
      start_timest: start,
      end_timest: start + 24 * 3600,
      pools: [
        {
          coin: 'USDT',
          personal_min_amount: '1',
          personal_max_amount: '10',
          decimal_place: 2,
          buy_total_amount: '-1',
          reward_per_hour: '1',
          rate_year: '250',
          rate_year_type: 1,
          reward_pool_type: 0,
        },
      ],
    };
    const key = { 'idempotency-key': 'rate-guard-keyed-1' };
    const first = await op.call('POST', '/admin/api/launch-pool/projects', body, key);
    expect(first.status).toBe(422);
    const second = await op.call<{ pid: number }>(
      'POST',
      '/admin/api/launch-pool/projects',
      { ...body, confirm_rate: true },
      key,
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    // A retry of the confirmed call with its key is its replay, with or without the flag.
    const replay = await op.call<{ pid: number }>('POST', '/admin/api/launch-pool/projects', body, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data.pid).toBe(second.body.data.pid);
  });
});
