import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, sql } from '../../src/infra/db/client';
import { notifyMany } from '../../src/notify/inbox/create';
import { INBOX_CHANNEL, InboxWakeup } from '../../src/notify/inbox/wakeup';
import { createServer, type Server } from '../../src/server';
import { freshDatabase, testConfig } from '../harness';
import { FetchClient } from './http-client';
import { streamWhileSettingFundpass } from './sse';

const AT = new Date('2026-11-27T10:00:00Z');

/** What arrives on the inbox channel while `act` runs (and shortly after its commit). */
async function announcements(database: Database, act: () => Promise<void>): Promise<string[]> {
  const got: string[] = [];
  let live!: () => void;
  const listening = new Promise<void>((r) => {
    live = r;
  });
  const listen = database.listen;
  if (!listen) throw new Error('this database cannot LISTEN');
  const stop = listen(INBOX_CHANNEL, {
    message: (p) => got.push(p),
    live: (on) => on && live(),
  });
  await listening;
  try {
    await act();
    await new Promise((r) => setTimeout(r, 500));
  } finally {
    await stop();
  }
  return got;
}

const items = (users: number[], cause: string) =>
  sql`SELECT u::bigint AS user_id, ${cause}::text AS cause, '{}'::jsonb AS params
      FROM unnest(${`{${users.join(',')}}`}::bigint[]) u`;

describe('inbox: new items announced to every instance (LISTEN/NOTIFY)', () => {
  const open: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const o of open.reverse()) await o.close();
  });

  it('names the users of a statement that wrote items for a few, says * for many, nothing for a rerun or a rollback', async () => {
    const fresh = await freshDatabase();
    open.push({
      close: async () => {
        await fresh.database.close();
        await fresh.drop();
      },
    });
    const { database } = fresh;
    await database.migrate();

    const few = await announcements(database, async () => {
      await database.db.transaction(async (tx) => {
        await notifyMany(tx, 'security_changed', items([7, 9, 7], 'a'), AT);
      });
    });
    expect(few.map((p) => p.split(',').sort())).toEqual([['7', '9']]);

    const many = Array.from({ length: 60 }, (_, i) => 1000 + i);
    expect(
      await announcements(database, () =>
        database.db.transaction(async (tx) => {
          await notifyMany(tx, 'security_changed', items(many, 'b'), AT);
        }),
      ),
    ).toEqual(['*']);

    // The same causes again create nothing, so nothing is announced; a cause rolled back neither.
    const rerun = await announcements(database, async () => {
      await database.db.transaction(async (tx) => {
        await notifyMany(tx, 'security_changed', items([7, 9], 'a'), AT);
      });
      await database.db
        .transaction(async (tx) => {
          await notifyMany(tx, 'security_changed', items([11], 'c'), AT);
          throw new Error('roll back');
        })
        .catch(() => undefined);
    });
    expect(rerun).toEqual([]);
  });

  it('wakes the streams of the users named, every stream on *, and all once the listener is back', () => {
    const hub = new InboxWakeup();
    const woken: string[] = [];
    const stopA = hub.subscribe(1, () => woken.push('a'));
    hub.subscribe(1, () => woken.push('a2'));
    hub.subscribe(2, () => woken.push('b'));
    expect(hub.listening).toBe(false);
    hub.live(true);
    expect(woken.splice(0).sort()).toEqual(['a', 'a2', 'b']);
    expect(hub.listening).toBe(true);
    hub.message('2,3');
    expect(woken.splice(0)).toEqual(['b']);
    stopA();
    hub.message('1');
    expect(woken.splice(0)).toEqual(['a2']);
    hub.message('*');
    expect(woken.splice(0).sort()).toEqual(['a2', 'b']);
    hub.live(true);
    expect(woken.splice(0)).toEqual([]);
    hub.live(false);
    expect(hub.listening).toBe(false);
  });

  /** A server whose streams would look only once a minute by themselves. */
  async function serverPollingOncePerMinute(listen: boolean): Promise<{ server: Server; base: string }> {
    const fresh = await freshDatabase();
    if (!listen) fresh.database.listen = undefined;
    const server = await createServer(testConfig({ inboxStreamPollMs: 60_000 }), {
      database: fresh.database,
    });
    open.push({
      close: async () => {
        await server.close();
        await fresh.drop();
      },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    return { server, base: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}` };
  }

  async function itemSeen(base: string, withinMs: number): Promise<boolean> {
    const c = new FetchClient(base);
    await c.register(`push-${randomUUID().slice(0, 8)}@example.com`);
    const { events } = await streamWhileSettingFundpass(
      c,
      `${base}/api/web/v1/notifications/stream`,
      withinMs,
    );
    return events.some(
      (e) => e.event === 'notification' && (e.data as { kind: string }).kind === 'security_changed',
    );
  }

  it('pushes a new item to an open stream at once, not at its next poll', async () => {
    const { server, base } = await serverPollingOncePerMinute(true);
    for (let i = 0; i < 100 && !server.deps.inboxWakeup?.listening; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(server.deps.inboxWakeup?.listening).toBe(true);
    expect(await itemSeen(base, 10_000)).toBe(true);
  });

  it('without announcements (as behind PgBouncer) the stream waits for its poll', async () => {
    const { server, base } = await serverPollingOncePerMinute(false);
    expect(server.deps.inboxWakeup?.listening).toBe(false);
    expect(await itemSeen(base, 3000)).toBe(false);
  });
});
