/** A tiny cookie-keeping client over fetch for a server on a real port (streams, spawned processes). */
export class FetchClient {
  private cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ code: number; data: T }> {
    if (method !== 'GET' && !this.cookies.has('csrftoken')) this.keep(await fetch(`${this.base}/api/health`));
    const headers: Record<string, string> = { cookie: this.cookieHeader };
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('csrftoken') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res);
    return (await res.json()) as { code: number; data: T };
  }

  async register(email: string, password = 'correct-horse-1'): Promise<number> {
    const res = await this.call<{ id: number }>('POST', '/api/web/v1/auth/register', { email, password });
    if (res.code !== 0) throw new Error(`register: ${JSON.stringify(res)}`);
    // The token handed out before the session is worthless after it: take the new one.
    return res.data.id;
  }
}
