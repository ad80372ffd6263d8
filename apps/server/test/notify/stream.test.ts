import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import { FetchClient } from './http-client';
import { readEvents, streamWhileSettingFundpass } from './sse';

describe('inbox: server-sent events', () => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.dispose());

  it('pushes a new item and the unread count to an open tab, in the asked language', async () => {
    const c = new FetchClient(base);
    await c.register(`sse-${randomUUID().slice(0, 8)}@example.com`);
    const { res, events } = await streamWhileSettingFundpass(
      c,
      `${base}/api/web/v1/notifications/stream?lang=zh-CN`,
      15_000,
    );
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(events[0]).toEqual({ event: 'unread', data: { unread: 0 }, id: undefined });
    const pushed = events.find((e) => e.event === 'notification');
    expect(pushed?.data).toMatchObject({
      kind: 'security_changed',
      title: '安全设置已变更',
      body: '您已设置资金密码。如非本人操作，请立即修改登录密码。',
      read: false,
    });
    expect(pushed?.id).toBe(String((pushed?.data as { id: number } | undefined)?.id));
  });

  it('resumes after Last-Event-ID with what was missed', async () => {
    const c = new FetchClient(base);
    await c.register(`sse2-${randomUUID().slice(0, 8)}@example.com`);
    await c.call('POST', '/api/web/v1/auth/fund-password', {
      fundpass: '135790',
      login_password: 'correct-horse-1',
    });
    const res = await fetch(`${base}/api/web/v1/notifications/stream`, {
      headers: { cookie: c.cookieHeader, 'last-event-id': '0' },
    });
    const events = await readEvents(res, (ev) => ev.some((e) => e.event === 'notification'), 10_000);
    expect(
      events.filter((e) => e.event === 'notification').map((e) => (e.data as { title: string }).title),
    ).toEqual(['Security settings changed']);
  });

  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/web/v1/notifications/stream`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: number }).code).toBe(401);
  });

  it('refuses a bad language or Last-Event-ID with 400 and its key, before any stream opens', async () => {
    const c = new FetchClient(base);
    await c.register(`sse-${randomUUID().slice(0, 8)}@example.com`);
    const lang = await fetch(`${base}/api/web/v1/notifications/stream?lang=fr`, {
      headers: { cookie: c.cookieHeader },
    });
    expect(lang.status).toBe(400);
    expect(((await lang.json()) as { data: { key: string } }).data.key).toBe('common.invalidParams');
    const resume = await fetch(`${base}/api/web/v1/notifications/stream`, {
      headers: { cookie: c.cookieHeader, 'last-event-id': 'abc' },
    });
    expect(resume.status).toBe(400);
    expect(((await resume.json()) as { data: { key: string } }).data.key).toBe('common.invalidParams');
  });
});
