import { Code } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCoins, Operator, startTestServer, TestClient, type TestServer } from '../harness';
import { acceptStaking, spot } from '../staking/helpers';

const PASSWORD = 'correct-horse-1';
const STAKE = '/apiw/v2/earn/staking/coin-swap-verify';
const SETTINGS = '/admin/api/settings/security';

/** A user without a funding password sets one before the first stake, unless the operator says otherwise. */
describe('funding password before the first money move', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer({ config: { fundpassFirstMove: true } });
    op = new Operator(server);
    await listCoins(op);
    const product = await op.call('POST', '/admin/api/staking/products', {
      coin: 'USDC',
      type: 2,
      reward_coin: 'USDC',
      rate: '4',
      personal_mortgage_limit: '1000',
    });
    expect(product.body.code).toBe(0);
  });
  afterAll(() => server.dispose());

  async function newUser() {
    const c = new TestClient(server);
    const id = await c.register(undefined, PASSWORD);
    await op.deposit(id, 'USDC', '100');
    await acceptStaking(c, 'USDC');
    return c;
  }
  const stake = (c: TestClient, amount = '10') => c.post(STAKE, { side: 0, coin: 'USDC', amount });

  it('answers 10010107 fundpass.setupRequired with setup_fundpass and moves nothing', async () => {
    const c = await newUser();
    const res = await stake(c);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: Code.FUNDPASS_NOT_SET,
      // The same guard holds subscriptions, stakes and purchases: its text names all three.
      message: 'Set a funding password before your first subscription, stake or purchase',
      data: { key: 'fundpass.setupRequired', setup_fundpass: true },
    });
    expect(await spot(c, 'USDC')).toBe('100');

    const set = await c.post('/api/web/v1/auth/fund-password', {
      fundpass: '246810',
      login_password: PASSWORD,
    });
    expect(set.body).toMatchObject({ code: 0, data: { mode: 'every_2h' } });
    const again = await stake(c);
    expect(again.body.code).toBe(0);
    expect(await spot(c, 'USDC')).toBe('90');
  });

  it('a redemption is never held back by it', async () => {
    const c = await newUser();
    const redeem = await c.post(STAKE, { side: 1, coin: 'USDC', amount: '1' });
    expect(redeem.body.data).not.toMatchObject({ key: 'fundpass.setupRequired' });
  });

  it('the operator turns it off and on (admin, audited); off, a new user stakes at once', async () => {
    expect((await op.call('GET', SETTINGS)).body.data).toEqual({ fundpass_before_first_move: true });
    const bad = await op.call('PUT', SETTINGS, { fundpass_before_first_move: 'no' });
    expect(bad.status).toBe(400);
    const off = await op.call('PUT', SETTINGS, { fundpass_before_first_move: false });
    expect(off.body).toEqual({ code: 0, message: 'success', data: { fundpass_before_first_move: false } });

    const c = await newUser();
    expect((await stake(c)).body.code).toBe(0);
    expect(await spot(c, 'USDC')).toBe('90');

    const audit = await op.call<{ list: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      '/admin/api/audit',
    );
    expect(audit.body.data.list.find((e) => e.action === 'settings.security.update')).toMatchObject({
      action: 'settings.security.update',
      before: { fundpass_before_first_move: true },
      after: { fundpass_before_first_move: false },
    });
    await op.call('PUT', SETTINGS, { fundpass_before_first_move: true });
    const later = await newUser();
    expect((await stake(later)).body.data).toMatchObject({ key: 'fundpass.setupRequired' });
  });
});
