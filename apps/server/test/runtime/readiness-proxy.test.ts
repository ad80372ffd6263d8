import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/infra/db/client';
import { createServer, type Server } from '../../src/server';
import { freshDatabase, onPostgres, testConfig } from '../harness';

/** A TCP proxy in front of PostgreSQL that the test can cut and restore, standing in for an outage. */
class TcpProxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}
  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => this.sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => this.server?.listen(this.port, '127.0.0.1', r));
  }
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    this.server = undefined;
  }
}

describe.skipIf(!onPostgres)('readiness follows the database', () => {
  let server: Server | undefined;
  let proxy: TcpProxy | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    await proxy?.down();
    await drop?.();
  });

  async function readyWithin(status: number, ms: number): Promise<number> {
    const start = Date.now();
    for (;;) {
      const res = await server?.app.inject({ method: 'GET', url: '/api/health/ready' });
      if (res?.statusCode === status) return Date.now() - start;
      if (Date.now() - start > ms) throw new Error(`ready answered ${res?.statusCode}, wanted ${status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('turns 503 naming the database within 5 s of an outage and 200 within 5 s of its end', async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    await fresh.database.migrate();
    await fresh.database.close();
    const direct = new URL(fresh.url ?? '');
    proxy = new TcpProxy(3176, { host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.up();
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = '3176';
    const database = await openPostgres(viaProxy.toString(), 4);
    server = await createServer(testConfig(), { database });
    server.deps.scheduler.start(60_000);
    await readyWithin(200, 5000);

    await proxy.down();
    await readyWithin(503, 5000).catch(async (e) => {
      const r = await server?.app.inject({ method: 'GET', url: '/api/health/ready' });
      throw new Error(`${e}: ${r?.body}`);
    });
    const res = await server.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.json().code).toBe(50300);
    expect(res.json().message, res.body).toMatch(/database/i);

    await proxy.up();
    await readyWithin(200, 5000);
  }, 60_000);
});
