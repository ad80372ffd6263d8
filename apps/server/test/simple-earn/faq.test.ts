import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ, FAQ_ZH_CN } from '../../src/lines/simple-earn/faq';
import { startTestServer, TestClient, type TestServer } from '../harness';

type Faq = { mold: string; list: { id: number; question: string; answer: string }[] };
const PATH = '/apiw/v2/earn/ask';

describe("simple-earn FAQ in the reader's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('answers Simplified Chinese for lang=zh-CN or a Chinese Accept-Language, English otherwise', async () => {
    const c = new TestClient(server);
    const zh = await c.get<Faq>(PATH, { mold: 'simple-earn', lang: 'zh-CN' });
    expect(zh.body.code).toBe(0);
    expect(zh.body.data.list).toHaveLength(10);
    expect(zh.body.data.list[0]).toEqual({ id: 1, question: '什么是余币宝？', answer: FAQ_ZH_CN[0]?.answer });
    const en = await c.get<Faq>(PATH, { mold: 'simple-earn', lang: 'en' });
    expect(en.body.data.list[0]?.question).toBe('What is simple earn?');
    const byHeader = await c.request<Faq>('GET', PATH, {
      query: { mold: 'simple-earn' },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(byHeader.body.data.list[6]?.question).toBe('什么是自动复投？');
    expect((await c.get<Faq>(PATH, { mold: 'simple-earn' })).body.data.list[6]?.question).toBe(
      'What is auto-reinvest?',
    );
    expect((await c.get<Faq>(PATH, { mold: 'staking', lang: 'zh-CN' })).body.data.list).toEqual([]);
  });

  it('refuses another language with its code and message key', async () => {
    const c = new TestClient(server);
    const res = await c.get(PATH, { mold: 'simple-earn', lang: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40000, data: { key: 'common.invalidParams' } });
  });

  it('keeps the two languages question for question', () => {
    expect(FAQ_ZH_CN.map((q) => q.id)).toEqual(FAQ.map((q) => q.id));
    // No English left but the zone's name.
    for (const q of FAQ_ZH_CN)
      expect((q.question + q.answer).replace(/UTC/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  });
});
