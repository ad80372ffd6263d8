import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, refusalOf, startTestServer, TestClient, type TestServer } from '../harness';
import { fixedProduct, flexProduct, HOUR, setFlex } from '../simple-earn/helpers';
import { inbox } from './helpers';

interface Alert {
  id: number;
  line: string;
  asset: string;
  product_id: number | null;
  direction: string;
  apr: string;
  current_apr: string | null;
  fired: number;
  last_fired_at: number | null;
}

const PATH = '/api/web/v1/earn/apr-alerts';

describe('APR alerts', () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  let fixedId: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    await flexProduct(op, { asset: 'USDT', next_time_rate_year: '0.05' });
    fixedId = await fixedProduct(op, { asset: 'USDT', lock_up_period: 30, year_rate: '0.06' });
    c = new TestClient(server);
    await c.register();
  });
  afterAll(() => server.dispose());

  const list = async () => (await c.get<{ list: Alert[]; total: number }>(PATH)).body.data;
  const add = (body: Record<string, unknown>) => c.post<Alert>(PATH, body);
  const keyOf = (res: { body: { data: unknown } }) => (res.body.data as { key?: string }).key;

  it('sets alerts and lists them with the current APR', async () => {
    const up = await add({ line: 'flexible', asset: 'USDT', direction: 'above', apr: '8' });
    expect(up.body.code, JSON.stringify(up.body)).toBe(0);
    expect(up.body.data).toMatchObject({
      line: 'flexible',
      asset: 'USDT',
      product_id: null,
      direction: 'above',
      apr: '8',
      current_apr: '5',
      fired: 0,
      last_fired_at: null,
    });
    const down = await add({ line: 'flexible', asset: 'USDT', direction: 'below', apr: '4' });
    expect(down.body.code).toBe(0);
    const fixed = await add({
      line: 'fixed',
      asset: 'USDT',
      product_id: fixedId,
      direction: 'above',
      apr: '7.5',
    });
    expect(fixed.body.data).toMatchObject({ product_id: fixedId, current_apr: '6', apr: '7.5' });
    expect((await list()).list.map((a) => [a.direction, a.apr])).toEqual([
      ['above', '8'],
      ['below', '4'],
      ['above', '7.5'],
    ]);
  });

  it('refuses bad input with its code and key, adding nothing', async () => {
    const before = (await list()).total;
    const cases: [Record<string, unknown>, number, number, string | undefined][] = [
      [
        { line: 'flexible', asset: 'USDT', direction: 'sideways', apr: '8' },
        400,
        40000,
        'common.invalidParams',
      ],
      [
        { line: 'flexible', asset: 'USDT', direction: 'above', apr: '-1' },
        400,
        40000,
        'common.invalidParams',
      ],
      [{ line: 'flexible', asset: 'USDT', direction: 'above', apr: '0' }, 400, 40000, 'common.invalidParams'],
      [
        { line: 'flexible', asset: 'USDT', direction: 'above', apr: '1001' },
        400,
        40000,
        'common.invalidParams',
      ],
      [{ line: 'savings', asset: 'USDT', direction: 'above', apr: '8' }, 400, 40000, 'common.invalidParams'],
      [
        { line: 'staking', asset: 'USDT', direction: 'above', apr: '8' },
        404,
        40400,
        'earn.aprAlert.productNotFound',
      ],
      [{ line: 'flexible', asset: 'NOPE', direction: 'above', apr: '8' }, 400, 40000, 'common.unknownAsset'],
      [
        { line: 'flexible', asset: 'BTC', direction: 'above', apr: '8' },
        404,
        40400,
        'earn.aprAlert.productNotFound',
      ],
      [
        { line: 'fixed', asset: 'USDT', direction: 'above', apr: '8' },
        400,
        40000,
        'earn.aprAlert.productRequired',
      ],
      [
        { line: 'fixed', asset: 'BTC', product_id: fixedId, direction: 'above', apr: '8' },
        404,
        40400,
        'earn.aprAlert.productNotFound',
      ],
      [
        { line: 'flexible', asset: 'USDT', direction: 'above', apr: '8.0' },
        409,
        40900,
        'earn.aprAlert.duplicate',
      ],
    ];
    for (const [body, status, code, key] of cases) {
      const res = await add(body);
      expect([res.status, res.body.code, keyOf(res)], JSON.stringify(body)).toEqual([status, code, key]);
    }
    expect((await list()).total).toBe(before);
  });

  it('fires once per crossing, into the inbox, when the hourly rate changes', async () => {
    await setFlex(op, 'USDT', { next_time_rate_year: '0.09' });
    await op.advance(2 * HOUR);
    let alerts = (await inbox(c, { kind: 'apr_alert', lang: 'en' })).list;
    expect(alerts.map((a) => a.title)).toEqual(['USDT Flexible savings APR reached 8 %']);
    expect(alerts[0]?.body).toBe(
      "The APR of USDT Flexible savings is 9 % now: at or above your alert's 8 %.",
    );
    // Still above after another change: no new crossing.
    await setFlex(op, 'USDT', { next_time_rate_year: '0.1' });
    await op.advance(2 * HOUR);
    expect((await inbox(c, { kind: 'apr_alert' })).list).toHaveLength(1);
    // Down through 4 %: the below alert fires; back up through 8 %: the above one fires again.
    await setFlex(op, 'USDT', { next_time_rate_year: '0.035' });
    await op.advance(2 * HOUR);
    await setFlex(op, 'USDT', { next_time_rate_year: '0.085' });
    await op.advance(2 * HOUR);
    alerts = (await inbox(c, { kind: 'apr_alert', lang: 'zh-CN' })).list;
    expect(alerts.map((a) => a.title)).toEqual([
      'USDT 活期理财年化收益率已达到 8%',
      'USDT 活期理财年化收益率已低于 4%',
      'USDT 活期理财年化收益率已达到 8%',
    ]);
    const listed = (await list()).list;
    expect(listed.map((a) => a.fired)).toEqual([2, 1, 0]);
    expect(listed[0]?.current_apr).toBe('8.5');
  });

  it('watches a fixed product’s rate', async () => {
    const res = await op.call('PUT', `/admin/api/simple-earn/fixed-products/${fixedId}`, {
      year_rate: '0.08',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    await op.advance(2 * HOUR);
    const fired = (await inbox(c, { kind: 'apr_alert', lang: 'en' })).list[0];
    expect(fired?.title).toBe('USDT Fixed savings APR reached 7.5 %');
  });

  it('deletes only the user’s own alerts', async () => {
    const [first] = (await list()).list;
    const other = new TestClient(server);
    await other.register();
    const theirs = await other.request('DELETE', `${PATH}/${first?.id}`);
    expect([theirs.status, keyOf(theirs)]).toEqual([404, 'earn.aprAlert.notFound']);
    const mine = await c.request('DELETE', `${PATH}/${first?.id}`);
    expect(mine.body).toMatchObject({ code: 0, data: { id: first?.id } });
    expect((await list()).list.map((a) => a.id)).not.toContain(first?.id);
    expect((await c.request('DELETE', `${PATH}/${first?.id}`)).status).toBe(404);
  });

  it('keeps at most 20 per user', async () => {
    const have = (await list()).total;
    for (let i = have; i < 20; i++) {
      const res = await add({ line: 'flexible', asset: 'USDT', direction: 'above', apr: String(20 + i) });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    }
    const over = await add({ line: 'flexible', asset: 'USDT', direction: 'above', apr: '99' });
    expect([over.status, over.body.code, keyOf(over)]).toEqual([422, 42200, 'earn.aprAlert.limit']);
    expect(refusalOf(over.body.data).params.max).toBe(20);
    expect((await list()).total).toBe(20);
  });
});
