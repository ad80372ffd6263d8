import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from './harness';

describe('platform smoke', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
  });
  afterAll(() => server.dispose());

  it('registers, deposits and shows the balance, then reconciles', async () => {
    const c = new TestClient(server);
    const id = await c.register();
    await op.deposit(id, 'USDT', '100.5');
    const res = await c.post<{ asset: string; available: string }[]>('/apiw/v2/account/spot/asset/outable', {
      assets: ['USDT'],
    });
    expect(res.body.data[0]?.available).toBe('100.5');
    expect((await op.reconciliation()).ok).toBe(true);
  });
});
