import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { dec } from '@earn/domain';
import { describe, expect, it } from 'vitest';
import { deposit } from '../../src/accounts/funding';
import { createSession } from '../../src/accounts/users';
import { type Db, rows, sql } from '../../src/infra/db/client';
import { subscribeFlexible } from '../../src/lines/simple-earn/service/subscribe-flexible';
import { ADMIN_TOKEN, freshDatabase, onPostgres } from '../harness';

/*
 * Exactly once under kill -9 with group commit (on by default): 24 users subscribe and redeem in
 * turn, with an Idempotency-Key on every call, while batches of both kinds are in flight, the server is killed (SIGKILL), a new
 * one starts, and every call sent is retried with its key. Each is then booked exactly once (a batch
 * killed in its statement wrote nothing, one committed kept every call's key), the books reconcile,
 * and the entries show that calls of both kinds were batched (several entries written by one
 * transaction).
 */

const ROOT = join(import.meta.dirname, '../../../..');
const USERS = 24;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Running {
  child: ChildProcess;
  output: string;
  exit: Promise<number | null>;
}

function serve(databaseUrl: string, port: number): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '8',
      EARN_CLOCK: 'system',
      ADMIN_TOKEN,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
      MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
      GROUP_COMMIT: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running: Running = {
    child,
    output: '',
    exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  const keep = (d: Buffer) => {
    running.output += String(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return running;
}

async function ready(port: number, server: Running): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, {
        signal: AbortSignal.timeout(2000),
      });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (server.child.exitCode !== null) break;
    await sleep(250);
  }
  throw new Error(`not ready:\n${server.output.slice(-2000)}`);
}

/** Users with 1000 USDT in spot, 100 of it in a flexible holding, and a session each. */
async function seed(db: Db): Promise<string[]> {
  const now = new Date();
  const at = now.toISOString();
  await db.execute(
    sql`INSERT INTO assets (symbol, name, price_usdt, listed_at, updated_at) VALUES ('USDT', 'Tether', 1, ${at}::timestamptz, ${at}::timestamptz)`,
  );
  await db.execute(
    sql`INSERT INTO se_flex_products (asset, min_lend_amount, next_time_rate_year, borrow_demand) VALUES ('USDT', 1, 0.05, 0)`,
  );
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    // A funding password set and never asked for: the first-move rule would refuse a user without one.
    const [u] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO users (email, password_hash, fundpass_hash, created_at, referral_code)
        VALUES (${`kill${i}@example.com`}, 'x', 'x', ${at}::timestamptz, ${`K${i}`}) RETURNING id::text AS id`,
    );
    const id = Number(u?.id);
    await db.transaction(async (txRoot) => {
      const tx: Db = txRoot;
      await deposit(tx, { userId: id, asset: 'USDT', amount: dec('1000'), at: now });
      await subscribeFlexible(tx, id, { asset: 'USDT', amount: '100' }, now);
    });
    tokens.push(await createSession(db, id, now));
  }
  return tokens;
}

describe.runIf(onPostgres)('group commit under kill -9 (PostgreSQL)', () => {
  it('every call retried with its key after the server is killed mid-batch is booked exactly once', {
    timeout: 240_000,
  }, async () => {
    const fresh = await freshDatabase({ migrated: true });
    const port = 35_000 + Math.floor(Math.random() * 2000);
    let server: Running | undefined;
    try {
      const tokens = await seed(fresh.database.db);
      server = serve(fresh.url ?? '', port);
      await ready(port, server);
      const csrf: string[] = [];
      for (const token of tokens) {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
          headers: { cookie: `earn_sid=${token}` },
        });
        csrf.push(/csrftoken=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '');
      }
      // A user's even calls subscribe 1, its odd ones redeem 0.5 (from the amount not yet earning).
      const redeems = (key: string) => Number(key.split('-').at(-1)) % 2 === 1;
      const subscribe = async (user: number, key: string): Promise<number> => {
        const path = redeems(key) ? 'redeem' : 'subscribe';
        try {
          const res = await fetch(`http://127.0.0.1:${port}/apiw/v2/uni-loan/earn/${path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: `earn_sid=${tokens[user]}; csrftoken=${csrf[user]}`,
              'x-csrf-token': csrf[user] ?? '',
              'idempotency-key': key,
            },
            body: JSON.stringify({ asset: 'USDT', amount: redeems(key) ? '0.5' : '1' }),
            signal: AbortSignal.timeout(20_000),
          });
          const body = (await res.json()) as { code: number };
          return body.code === 0 ? res.status : -res.status;
        } catch {
          return 0;
        }
      };
      // Every user sends keyed calls one after another until the server dies under them.
      const sent: string[][] = tokens.map(() => []);
      let answered = 0;
      let loading = true;
      const loops = tokens.map(async (_, user) => {
        for (let j = 0; loading; j++) {
          const key = `kill-${user}-${j}`;
          sent[user]?.push(key);
          const status = await subscribe(user, key);
          if (status === 0) return;
          expect(status).toBe(200);
          answered++;
        }
      });
      while (answered < 300) await sleep(20);
      server.child.kill('SIGKILL');
      loading = false;
      await server.exit;
      await Promise.all(loops);

      // A new server; every call sent is retried with its key and answers 200 (booked now, or kept).
      server = serve(fresh.url ?? '', port);
      await ready(port, server);
      for (const [user, keys] of sent.entries())
        for (const key of keys) expect(await subscribe(user, key), key).toBe(200);

      const db = fresh.database.db;
      for (const [user, keys] of sent.entries()) {
        const [row] = await rows<{
          subs: string;
          reds: string;
          items: string;
          keys: string;
          spot: string;
          flexible: string;
        }>(
          db,
          sql`SELECT
            (SELECT count(*) FROM se_history h WHERE h.user_id = u.id AND h.type = 1)::text AS subs,
            (SELECT count(*) FROM se_history h WHERE h.user_id = u.id AND h.type = 2)::text AS reds,
            (SELECT count(*) FROM notifications n WHERE n.user_id = u.id AND n.kind = 'redemption_arrived')::text AS items,
            (SELECT count(*) FROM idempotency_keys k WHERE k.user_id = u.id)::text AS keys,
            (SELECT trim_scale(balance)::text FROM ledger_accounts WHERE user_id = u.id AND purpose = 'spot') AS spot,
            (SELECT trim_scale(balance)::text FROM ledger_accounts WHERE user_id = u.id AND purpose = 'flexible') AS flexible
            FROM users u WHERE u.email = ${`kill${user}@example.com`}`,
        );
        // The seed's subscription of 100, then 1 for each subscribing key and 0.5 back for each
        // redeeming one: never twice, never lost.
        const reds = keys.filter(redeems).length;
        const subs = keys.length - reds;
        expect(row, `user ${user}`).toEqual({
          subs: String(subs + 1),
          reds: String(reds),
          items: String(reds),
          keys: String(keys.length),
          spot: dec(900).minus(subs).plus(dec('0.5').times(reds)).toFixed(),
          flexible: dec(100).plus(subs).minus(dec('0.5').times(reds)).toFixed(),
        });
      }
      // Batched: for each kind, some transactions wrote several calls' entries.
      for (const reason of ['se_flex_subscribe', 'se_flex_redeem']) {
        const [entries] = await rows<{ entries: string; transactions: string }>(
          db,
          sql`SELECT count(*)::text AS entries, count(DISTINCT xmin::text)::text AS transactions
            FROM journal_entries WHERE reason = ${reason}`,
        );
        expect(Number(entries?.transactions), reason).toBeLessThan(Number(entries?.entries));
      }
      const rec = await fetch(`http://127.0.0.1:${port}/admin/api/reconciliation`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      const report = (await rec.json()) as { data: { ok: boolean; differences: unknown[] } };
      expect(report.data.differences).toEqual([]);
      expect(report.data.ok).toBe(true);
    } finally {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exit;
      }
      await fresh.drop();
    }
  });
});
