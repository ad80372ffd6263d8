import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../harness';

describe('notification switches (CandyDrop, Launchpool, HODLer Airdrop)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('keeps each switch per user, off by default', async () => {
    const a = new TestClient(server);
    const b = new TestClient(server);
    await a.register();
    await b.register();

    expect((await a.get('/api/web/v1/task-square/global-subscribe-status')).body.data).toEqual({
      global_subscribe_status: 2,
    });
    let res = await a.post(
      '/api/web/v1/task-square/subscribe-msg',
      { aid: '-1', status: '1' },
      { form: true },
    );
    expect(res.body).toMatchObject({ code: 0, data: { global_subscribe_status: 1 } });
    expect((await a.get('/api/web/v1/task-square/global-subscribe-status')).body.data).toEqual({
      global_subscribe_status: 1,
    });
    expect((await b.get('/api/web/v1/task-square/global-subscribe-status')).body.data).toEqual({
      global_subscribe_status: 2,
    });
    res = await a.post('/api/web/v1/task-square/subscribe-msg', { aid: -1, status: 3 });
    expect(res.status).toBe(400);
    res = await a.post('/api/web/v1/task-square/subscribe-msg', { aid: 7, status: 2 });
    expect(res.status).toBe(400);
    await a.post('/api/web/v1/task-square/subscribe-msg', { aid: -1, status: 2 });
    expect((await a.get('/api/web/v1/task-square/global-subscribe-status')).body.data).toEqual({
      global_subscribe_status: 2,
    });

    const items = (c: TestClient) =>
      c.get<{ items: { msg_switch: string; switch_status: number }[] }>('/apiw/v2/herald/category/switch');
    expect((await items(a)).body.data.items).toEqual([
      { msg_switch: 'startup_mining_switch', switch_status: 0, name: 'Launchpool' },
    ]);
    res = await a.post('/apiw/v2/herald/switches', { sets: { startup_mining_switch: 1 } });
    expect(res.body).toMatchObject({ code: 0, data: { sets: { startup_mining_switch: 1 } } });
    expect((await items(a)).body.data.items[0]?.switch_status).toBe(1);
    expect((await items(b)).body.data.items[0]?.switch_status).toBe(0);
    expect((await a.post('/apiw/v2/herald/switches', { sets: { startup_mining_switch: 2 } })).status).toBe(
      400,
    );
    expect((await a.post('/apiw/v2/herald/switches', { sets: { other_switch: 1 } })).status).toBe(400);

    const config = (c: TestClient) =>
      c.post<{ hodler_notify: number; hodler_gt_exchange: number }>(
        '/apiw/v2/earn/hodler-airdrop/config',
        { action: 'config' },
        { form: true },
      );
    expect((await config(a)).body.data).toEqual({ hodler_notify: 0, hodler_gt_exchange: 0 });
    res = await a.post(
      '/apiw/v2/earn/hodler-airdrop/config_set',
      { name: 'HODLER_AIRDROP_NOTIFY', value: '1' },
      { form: true },
    );
    expect(res.body).toMatchObject({ code: 0, data: { hodler_notify: 1, hodler_gt_exchange: 0 } });
    await a.post(
      '/apiw/v2/earn/hodler-airdrop/config_set',
      { name: 'HODLER_AIRDROP_GT_EXCHANGE', value: '1' },
      { form: true },
    );
    await a.post(
      '/apiw/v2/earn/hodler-airdrop/config_set',
      { name: 'HODLER_AIRDROP_NOTIFY', value: '0' },
      { form: true },
    );
    expect((await config(a)).body.data).toEqual({ hodler_notify: 0, hodler_gt_exchange: 1 });
    expect((await config(b)).body.data).toEqual({ hodler_notify: 0, hodler_gt_exchange: 0 });
    res = await a.post(
      '/apiw/v2/earn/hodler-airdrop/config_set',
      { name: 'OTHER', value: '1' },
      { form: true },
    );
    expect(res.status).toBe(400);
    res = await a.post(
      '/apiw/v2/earn/hodler-airdrop/config_set',
      { name: 'HODLER_AIRDROP_NOTIFY', value: 'yes' },
      { form: true },
    );
    expect(res.status).toBe(400);
  });

  it('documents every launch-pool and notification call in the OpenAPI document', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/apiw/v2/earn/launch-pool/check-pool-rule',
      '/apiw/v2/earn/launch-pool/create-order',
      '/apiw/v2/earn/launch-pool/redeem',
      '/apiw/v2/earn/launch-pool/project-info',
      '/apiw/v2/earn/launch-pool/projects',
      '/apiw/v2/earn/launch-pool/user-project-statistics',
      '/apiw/v2/earn/launch-pool/earn-more',
      '/apiw/v2/earn/launch-pool/my-stakes',
      '/apiw/v2/earn/launch-pool/my-rewards',
      '/apiw/v2/earn/launch-pool/orders',
      '/api/web/v1/task-square/global-subscribe-status',
      '/api/web/v1/task-square/subscribe-msg',
      '/apiw/v2/herald/category/switch',
      '/apiw/v2/herald/switches',
      '/apiw/v2/earn/hodler-airdrop/config',
      '/apiw/v2/earn/hodler-airdrop/config_set',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('needs a login', async () => {
    const visitor = new TestClient(server);
    expect((await visitor.get('/api/web/v1/task-square/global-subscribe-status')).status).toBe(401);
    expect((await visitor.get('/apiw/v2/herald/category/switch')).status).toBe(401);
    expect(
      (await visitor.post('/apiw/v2/herald/switches', { sets: { startup_mining_switch: 1 } })).status,
    ).toBe(401);
    expect((await visitor.post('/apiw/v2/earn/hodler-airdrop/config', { action: 'config' })).status).toBe(
      401,
    );
  });
});
