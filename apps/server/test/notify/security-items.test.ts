import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../src/infra/db/client';
import { startTestServer, TestClient, type TestServer } from '../harness';
import { TotpWall } from '../security/helpers';
import { inbox } from './helpers';

const PASSWORD = 'correct-horse-1';

describe('security changes reach the inbox', () => {
  let server: TestServer;
  let wall: TotpWall;
  beforeAll(async () => {
    server = await startTestServer();
    wall = new TotpWall(server);
  });
  afterAll(() => server.dispose());

  it('turning two-factor on and off and resetting the funding password each write one item', async () => {
    const email = `sec-items-${Date.now()}@example.com`;
    const c = new TestClient(server);
    await c.register(email, PASSWORD);
    const setup = await c.post<{ secret: string }>('/api/web/v1/auth/2fa/setup', { password: PASSWORD });
    const { secret } = setup.body.data;
    expect((await c.post('/api/web/v1/auth/2fa/enable', { code: await wall.code(secret) })).body.code).toBe(
      0,
    );
    let box = await inbox(c, { kind: 'security_changed' });
    expect(box.list.map((i) => i.body)).toEqual([
      'Two-factor authentication was turned on. If this was not you, change your login password now.',
    ]);

    wall.step(); // the next 30-second step: a code is used once
    const off = await c.post('/api/web/v1/auth/2fa/disable', {
      password: PASSWORD,
      code: await wall.code(secret),
    });
    expect(off.body.code, JSON.stringify(off.body)).toBe(0);

    expect((await c.post('/api/web/v1/auth/fund-password/reset', { email })).body.code).toBe(0);
    const [mail] = await rows<{ body: string }>(
      server.deps.db,
      sql`SELECT body FROM outbox WHERE "to" = ${email} AND template = 'fundpass_reset'`,
    );
    const code = /is (\d{6})\./.exec(mail?.body ?? '')?.[1];
    const reset = await c.post('/api/web/v1/auth/fund-password/reset/confirm', { code, fundpass: '135790' });
    expect(reset.body.code, JSON.stringify(reset.body)).toBe(0);

    box = await inbox(c, { kind: 'security_changed', lang: 'zh-CN' });
    expect(box.list.map((i) => i.body.split('。')[0])).toEqual([
      '您的资金密码已重置',
      '两步验证已关闭',
      '两步验证已开启',
    ]);
  });
});
