import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { createProject, pool } from '../launch-pool/helpers';
import { fixedProduct } from '../simple-earn/helpers';

/**
 * Operator texts in two languages: the operator writes an optional `i18n: {"zh-CN": {...}}` beside the
 * English fields; users get the request's language (Accept-Language), English where none was written.
 */
describe('operator texts in English and Simplified Chinese', () => {
  let server: TestServer;
  let op: Operator;
  let c: TestClient;
  const ZH = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
  const EN = { 'accept-language': 'en-US,en;q=0.9' };

  type WealthList = { list: { pid: number; name: string; description: string }[] };
  const wealth = async (headers: Record<string, string>) =>
    (await c.request<WealthList>('GET', '/apiw/v2/earn/private-wealth/products', { headers })).body.data.list;
  const adminWealth = async () =>
    (
      await op.call<{ list: { pid: number; name: string; i18n: Record<string, Record<string, string>> }[] }>(
        'GET',
        '/admin/api/wealth/products',
      )
    ).body.data.list;

  let both: number;
  let englishOnly: number;

  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
    await listCoins(op);
    c = new TestClient(server);
    await c.register();
    const created = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 5,
      name: 'Stable Yield',
      description: 'A managed USDT fund.',
      coin: 'USDT',
      nav: '1',
      i18n: { 'zh-CN': { name: '稳健收益', description: '一只专业管理的 USDT 基金。' } },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    both = created.body.data.pid;
    const plain = await op.call<{ pid: number }>('POST', '/admin/api/wealth/products', {
      project_type: 5,
      name: 'BTC Quant',
      description: 'Quant strategies on BTC.',
      coin: 'BTC',
      nav: '1',
    });
    englishOnly = plain.body.data.pid;
  });
  afterAll(() => server.dispose());

  it('a product with both texts answers each language; English without a header', async () => {
    const zh = (await wealth(ZH)).find((p) => p.pid === both);
    expect(zh).toMatchObject({ name: '稳健收益', description: '一只专业管理的 USDT 基金。' });
    const en = (await wealth(EN)).find((p) => p.pid === both);
    expect(en).toMatchObject({ name: 'Stable Yield', description: 'A managed USDT fund.' });
    const none = (await wealth({})).find((p) => p.pid === both);
    expect(none).toMatchObject({ name: 'Stable Yield', description: 'A managed USDT fund.' });
    // The operator's list keeps the English fields and shows the variants as stored.
    const admin = (await adminWealth()).find((p) => p.pid === both);
    expect(admin?.name).toBe('Stable Yield');
    expect(admin?.i18n).toEqual({ 'zh-CN': { name: '稳健收益', description: '一只专业管理的 USDT 基金。' } });
  });

  it('a product without Chinese texts answers English on a Chinese request', async () => {
    const zh = (await wealth(ZH)).find((p) => p.pid === englishOnly);
    expect(zh).toMatchObject({ name: 'BTC Quant', description: 'Quant strategies on BTC.' });
  });

  it('an edit changes only the variants it names; an empty string removes one', async () => {
    const edit = await op.call('PUT', `/admin/api/wealth/products/${both}`, {
      i18n: { 'zh-CN': { description: '新的中文介绍。' } },
    });
    expect(edit.body.code, JSON.stringify(edit.body)).toBe(0);
    expect((await wealth(ZH)).find((p) => p.pid === both)).toMatchObject({
      name: '稳健收益',
      description: '新的中文介绍。',
    });
    await op.call('PUT', `/admin/api/wealth/products/${both}`, { i18n: { 'zh-CN': { description: '' } } });
    expect((await wealth(ZH)).find((p) => p.pid === both)).toMatchObject({
      name: '稳健收益',
      description: 'A managed USDT fund.',
    });
    await op.call('PUT', `/admin/api/wealth/products/${both}`, {
      i18n: { 'zh-CN': { description: '一只专业管理的 USDT 基金。' } },
    });
  });

  it('refuses an unknown language, an unknown field and a text too long, with a code and key, changing nothing', async () => {
    const before = await adminWealth();
    const bad: [string, Record<string, unknown>][] = [
      ['unknown language', { i18n: { fr: { name: 'Rendement stable' } } }],
      ['unknown field', { i18n: { 'zh-CN': { title: '稳健' } } }],
      ['too long', { i18n: { 'zh-CN': { name: '稳'.repeat(121) } } }],
      ['not text', { i18n: { 'zh-CN': { name: 5 } } }],
    ];
    for (const [why, body] of bad) {
      const edit = await op.call('PUT', `/admin/api/wealth/products/${both}`, body);
      expect(edit.status, why).toBe(400);
      expect(edit.body.code, why).toBe(40000);
      expect((edit.body.data as { key: string }).key, why).toBe('common.invalidParams');
      const create = await op.call('POST', '/admin/api/wealth/products', {
        project_type: 5,
        name: 'Another',
        coin: 'USDT',
        nav: '1',
        ...body,
      });
      expect(create.status, why).toBe(400);
      expect((create.body.data as { key: string }).key, why).toBe('common.invalidParams');
    }
    expect(await adminWealth()).toEqual(before);
    expect((await wealth(ZH)).find((p) => p.pid === both)?.name).toBe('稳健收益');
  });

  it('staking: tips, redemption period and FAQ in each language', async () => {
    const created = await op.call<{ id: number }>('POST', '/admin/api/staking/products', {
      coin: 'ETH',
      type: 1,
      reward_coin: 'ETH',
      rate: '3',
      tips: 'Staked through liquid staking.',
      extra: { redeem_period_txt: '1-3 days' },
      faq: [{ ask: 'How do I redeem?', answer: 'From your holdings.' }],
      i18n: {
        'zh-CN': {
          tips: '通过流动性质押进行质押。',
          redeem_period_txt: '1-3 天',
          faq: [{ ask: '如何赎回？', answer: '在持仓中赎回。' }],
        },
      },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    type Product = { tips: string; extra: { redeem_period_txt: string } };
    const product = async (headers: Record<string, string>) =>
      (await c.request<Product>('GET', '/apiw/v2/earn/staking/product', { query: { coin: 'ETH' }, headers }))
        .body.data;
    expect(await product(ZH)).toMatchObject({
      tips: '通过流动性质押进行质押。',
      extra: { redeem_period_txt: '1-3 天' },
    });
    expect(await product(EN)).toMatchObject({
      tips: 'Staked through liquid staking.',
      extra: { redeem_period_txt: '1-3 days' },
    });
    type Faq = { list: { ask: string; answer: string }[] };
    const faq = async (headers: Record<string, string>) =>
      (await c.request<Faq>('GET', '/apiw/v2/earn/staking/coin-ask', { query: { coin: 'ETH' }, headers }))
        .body.data.list;
    expect((await faq(ZH)).map((q) => q.ask)).toEqual(['如何赎回？']);
    expect((await faq(EN)).map((q) => q.ask)).toEqual(['How do I redeem?']);
  });

  it("launch pool: a project's name in each language, English where none was written", async () => {
    await op.setPrice('NOVA', '0.5');
    const start = Math.floor((await op.now()) / 3600) * 3600 + 3600;
    const res = await op.call<{ pid: number }>('POST', '/admin/api/launch-pool/projects', {
      reward_coin: 'NOVA',
      name: 'Nova Protocol',
      start_timest: start,
      end_timest: start + 24 * 3600,
      pools: [pool('USDT')],
      i18n: { 'zh-CN': { name: 'Nova 协议' } },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const plain = await createProject(op, { start, hours: 24, pools: [pool('USDT')], name: 'Plain project' });
    type Projects = { list: { pid: number; name: string }[] };
    const names = async (headers: Record<string, string>) =>
      Object.fromEntries(
        (
          await c.request<Projects>('GET', '/apiw/v2/earn/launch-pool/projects', { headers })
        ).body.data.list.map((p) => [p.pid, p.name]),
      );
    expect(await names(ZH)).toEqual({ [res.body.data.pid]: 'Nova 协议', [plain.pid]: 'Plain project' });
    expect(await names(EN)).toEqual({ [res.body.data.pid]: 'Nova Protocol', [plain.pid]: 'Plain project' });
  });

  it("simple earn: a fixed product's title and subtitle in each language", async () => {
    const id = await fixedProduct(op, {
      asset: 'USDT',
      lock_up_period: 30,
      year_rate: '0.05',
      title: 'USDT 30 days',
      subtitle: 'Bonus on the first 1000',
      i18n: { 'zh-CN': { title: 'USDT 30天定期' } },
    });
    type Fixed = { title: string; subtitle: string };
    const detail = async (headers: Record<string, string>) =>
      (
        await c.request<Fixed>('GET', '/apiw/v2/fixed_earn/api/product/detail', {
          query: { product_id: id },
          headers,
        })
      ).body.data;
    // The subtitle has no Chinese text: English stands in.
    expect(await detail(ZH)).toMatchObject({ title: 'USDT 30天定期', subtitle: 'Bonus on the first 1000' });
    expect(await detail(EN)).toMatchObject({ title: 'USDT 30 days', subtitle: 'Bonus on the first 1000' });
  });
});
