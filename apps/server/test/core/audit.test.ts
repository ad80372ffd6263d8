import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/infra/db/client';
import { Operator, startTestServer, type TestServer } from '../harness';
import { countRows } from './util';

interface AuditPage {
  list: {
    id: number;
    actor: string;
    role: string;
    action: string;
    target: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    request_id: string | null;
  }[];
  next_cursor: number | null;
}

describe('operator audit trail', () => {
  let server: TestServer;
  let op: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    op = new Operator(server);
  });
  afterAll(() => server.dispose());

  it('records a price listing and a price change with the fields before and after, the actor and the request id', async () => {
    await op.call('PUT', '/admin/api/prices/ABC', { usdt: '2.5' }, { 'x-request-id': 'req-audit-0001' });
    await op.call('PUT', '/admin/api/prices/ABC', { usdt: '3' }, { 'x-request-id': 'req-audit-0002' });
    const res = await op.call<AuditPage>('GET', '/admin/api/audit?target=asset:ABC');
    expect(res.status).toBe(200);
    const [change, listing] = res.body.data.list;
    expect(change).toMatchObject({
      actor: 'token',
      role: 'admin',
      action: 'market.price.update',
      target: 'asset:ABC',
      before: { usdt: '2.5' },
      after: { usdt: '3' },
      request_id: 'req-audit-0002',
    });
    expect(listing).toMatchObject({
      action: 'market.asset.list',
      before: null,
      after: { usdt: '2.5', name: 'ABC', precision: 8 },
      request_id: 'req-audit-0001',
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the trail in the database itself', async () => {
    const db = server.deps.db;
    const before = await countRows(db, 'operator_audit');
    expect(before).toBeGreaterThan(0);
    await expect(db.execute(sql`UPDATE operator_audit SET actor = 'someone-else'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM operator_audit`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE operator_audit`)).rejects.toThrow();
    expect(await countRows(db, 'operator_audit')).toBe(before);
    const res = await op.call<AuditPage>('GET', '/admin/api/audit');
    expect(res.body.data.list.every((r) => r.actor === 'token')).toBe(true);
  });

  it('pages newest first by cursor and filters by actor', async () => {
    for (const usdt of ['1', '2', '3', '4', '5']) await op.call('PUT', '/admin/api/prices/PGE', { usdt });
    const first = await op.call<AuditPage>('GET', '/admin/api/audit?target=asset:PGE&limit=2');
    expect(first.body.data.list.map((r) => r.after?.usdt)).toEqual(['5', '4']);
    const cursor = first.body.data.next_cursor;
    expect(cursor).toBe(first.body.data.list[1]?.id);
    const second = await op.call<AuditPage>(
      'GET',
      `/admin/api/audit?target=asset:PGE&limit=2&cursor=${cursor}`,
    );
    expect(second.body.data.list.map((r) => r.after?.usdt)).toEqual(['3', '2']);
    const last = await op.call<AuditPage>(
      'GET',
      `/admin/api/audit?target=asset:PGE&limit=2&cursor=${second.body.data.next_cursor}`,
    );
    expect(last.body.data.list.map((r) => r.after)).toEqual([{ usdt: '1', name: 'PGE', precision: 8 }]);
    expect(last.body.data.next_cursor).toBeNull();
    const nobody = await op.call<AuditPage>('GET', '/admin/api/audit?actor=nobody@example.com');
    expect(nobody.body.data.list).toEqual([]);
  });
});
