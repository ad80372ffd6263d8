import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Server } from '../../src/server';
import { type ApiResponse, type Operator, TestClient } from '../harness';

export interface Account {
  id: number;
  email: string;
  role: string;
  password: string;
  totp_secret: string;
  otpauth_url: string;
}

/** Creates an operator with the token, as an automation would. */
export async function createAccount(op: Operator, email: string, role: string): Promise<Account> {
  const res = await op.call<Account>('POST', '/admin/api/operators', { email, role });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
}

/** The code an authenticator shows at `epoch` (unix seconds), `steps` periods of 30 s later. */
export function codeAt(secret: string, epoch: number, steps = 0): Promise<string> {
  return generate({ secret, epoch: epoch + steps * 30 });
}

export interface Me {
  id: number | null;
  email: string | null;
  role: string;
  expires_at: number | null;
}

/**
 * A wall clock the test moves by hand, put in the server's deps: operator sign-in, sessions, the
 * lock and TOTP read it, the business clock does not move with it.
 */
export class ManualWall {
  private ms: number;
  constructor(server: Server, startMs = Math.floor(Date.now() / 1000) * 1000) {
    this.ms = startMs;
    server.deps.operatorWallClock = { now: () => new Date(this.ms) };
  }
  seconds(): number {
    return Math.floor(this.ms / 1000);
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** The wall time operator accounts read on `server`, in unix seconds. */
export function wallSeconds(server: Server): number {
  const now = server.deps.operatorWallClock?.now() ?? new Date();
  return Math.floor(now.getTime() / 1000);
}

/** A browser of the console: a TestClient (cookies, CSRF echo) that signs in. */
export class ConsoleClient extends TestClient {
  constructor(private readonly host: Server) {
    super(host);
  }

  login(email: string, password: string, code: string): Promise<ApiResponse<Me>> {
    return this.post<Me>('/admin/api/auth/login', { email, password, code });
  }

  /** Signs in with the code of the wall clock's current step (or `steps` later), and expects success. */
  async signIn(_op: Operator, account: Account, steps = 0): Promise<Me> {
    const res = await this.login(
      account.email,
      account.password,
      await codeAt(account.totp_secret, wallSeconds(this.host), steps),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }
}

/** A raw call carrying exactly the given cookie (a session replayed after logout, say). */
export async function withCookie(server: Server, method: 'GET' | 'POST', url: string, cookie: string) {
  const res = await server.app.inject({ method, url, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as { code: number; data: { key?: string } } };
}

/** The earn_op_sid value of a Set-Cookie header, with its attributes. */
export function sessionCookie(headers: Record<string, unknown>): string | undefined {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return list.find((c: string) => c.startsWith('earn_op_sid='));
}
