import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail, MailSender, smtpTransport } from '../../src/notify/mail';
import { Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { startSmtp } from './smtp';

interface OutboxItem {
  id: number;
  to: string;
  language: string;
  template: string;
  subject: string;
  body: string | null;
  sent_at: number | null;
  attempts: number;
  last_error: string | null;
}

describe('mail: outbox and sender', () => {
  let server: TestServer;
  let op: Operator;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let userId: number;
  let email: string;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    smtp = await startSmtp();
    const client = new TestClient(server);
    email = `mail-${Date.now()}@example.com`;
    userId = await client.register(email);
  });
  afterAll(async () => {
    await smtp.close();
    await server.dispose();
  });
  afterEach(async () => {
    smtp.received.length = 0;
  });

  const db = () => server.deps.db;
  const at = () => server.deps.clock.now();
  const sender = (url = smtp.url) =>
    new MailSender(db(), server.deps.clock, smtpTransport(url), 'Earn <no-reply@earn.test>');
  const outbox = async (query = '') =>
    (await op.call<{ list: OutboxItem[]; total: number }>('GET', `/admin/api/outbox${query}`)).body.data;

  it('keeps mail in the outbox until a sender runs, and the operator lists it', async () => {
    await db().transaction((tx) =>
      enqueueMail(tx, {
        userId,
        template: 'notification',
        vars: { title: 'Hello', body: 'World' },
        at: at(),
      }),
    );
    const pending = await outbox('?status=pending');
    expect(pending.total).toBe(1);
    expect(pending.list[0]).toMatchObject({
      to: email,
      language: 'en',
      template: 'notification',
      subject: 'Hello',
      sent_at: null,
      attempts: 0,
    });
    expect(pending.list[0]?.body).toContain('World');
    expect(smtp.received).toHaveLength(0);

    expect(await sender().drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: [email], subject: 'Hello' });
    expect((await outbox('?status=pending')).total).toBe(0);
    expect((await outbox('?status=sent')).list[0]).toMatchObject({ attempts: 1, last_error: null });
  });

  it('a mail written in a transaction that rolls back is never sent', async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, {
          to: 'x@example.com',
          template: 'notification',
          vars: { title: 't', body: 'b' },
          at: at(),
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await sender().drain()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('renders both languages: an English and a Simplified Chinese reset code arrive as such', async () => {
    await db().transaction(async (tx) => {
      await enqueueMail(tx, {
        to: 'en@example.com',
        lang: 'en',
        template: 'fundpass_reset',
        vars: { code: '123456', minutes: 15 },
        at: at(),
      });
      await enqueueMail(tx, {
        to: 'zh@example.com',
        lang: 'zh-CN',
        template: 'fundpass_reset',
        vars: { code: '654321', minutes: 15 },
        at: at(),
      });
    });
    expect(await sender().drain()).toBe(2);
    const en = smtp.received.find((m) => m.to[0] === 'en@example.com');
    const zh = smtp.received.find((m) => m.to[0] === 'zh@example.com');
    expect(en?.subject).toBe('Your funding password reset code');
    expect(en?.text).toContain(
      'Your code to reset the funding password is 123456. It is valid for 15 minutes.',
    );
    expect(zh?.subject).toBe('您的资金密码重置验证码');
    expect(zh?.text).toContain('您重置资金密码的验证码是 654321，15 分钟内有效。');
    // The operator sees that a reset code went out, never the code.
    const listed = (await outbox('?status=sent')).list.filter((m) => m.template === 'fundpass_reset');
    expect(listed).toHaveLength(2);
    expect(listed.every((m) => m.body === null)).toBe(true);
  });

  it('a funding-password reset asked for in Chinese arrives by SMTP in Chinese, and its code resets', async () => {
    const c = new TestClient(server);
    const address = `reset-${Date.now()}@example.com`;
    await c.register(address, 'correct-horse-1');
    const reset = await c.request('POST', '/api/web/v1/auth/fund-password/reset', {
      body: { email: address },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(reset.body).toMatchObject({ code: 0, data: { sent: true } });
    expect(await sender().drain()).toBe(1);
    const received = smtp.received.find((m) => m.to[0] === address);
    expect(received?.subject).toBe('您的资金密码重置验证码');
    const code = /验证码是 (\d{6})，15 分钟内有效/.exec(received?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await c.post('/api/web/v1/auth/fund-password/reset/confirm', {
      code,
      fundpass: '135790',
    });
    expect(confirm.body.code, JSON.stringify(confirm.body)).toBe(0);
  });

  it('refuses a template variable left out, writing nothing', async () => {
    const before = (await outbox()).total;
    await expect(
      db().transaction((tx) =>
        enqueueMail(tx, {
          to: 'a@example.com',
          template: 'fundpass_reset',
          vars: { code: '1' },
          at: at(),
        }),
      ),
    ).rejects.toThrow('mail template fundpass_reset needs minutes');
    expect((await outbox()).total).toBe(before);
  });

  it('records a failed send and tries again after the backoff', async () => {
    await db().transaction((tx) =>
      enqueueMail(tx, {
        to: 'later@example.com',
        template: 'notification',
        vars: { title: 'Later', body: 'b' },
        at: at(),
      }),
    );
    // Nothing listens on port 1.
    expect(await sender('smtp://127.0.0.1:1').drain()).toBe(0);
    const [failed] = (await outbox('?status=failed')).list;
    expect(failed).toMatchObject({ to: 'later@example.com', attempts: 1, sent_at: null });
    expect(failed?.last_error).toMatch(/ECONNREFUSED/);
    // Within the minute of backoff the real server is not tried.
    expect(await sender().drain()).toBe(0);
    await op.advance(61);
    expect(await sender().drain()).toBe(1);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Later']);
  });

  it('two senders at once send each mail exactly once', async () => {
    await db().transaction(async (tx) => {
      for (let i = 0; i < 30; i++)
        await enqueueMail(tx, {
          to: `many${i}@example.com`,
          template: 'notification',
          vars: { title: `M${i}`, body: 'b' },
          at: at(),
        });
    });
    const [a, b] = await Promise.all([sender().drain(), sender().drain()]);
    expect(a + b).toBe(30);
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(30);
  });
});
