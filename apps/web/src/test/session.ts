const SESSION = '/api/web/v1/auth/session';
const ME = '/api/web/v1/auth/me';

/**
 * The app asks `GET /auth/session` who is signed in (200 with `{user}`, null for a visitor); the
 * tests' fake servers describe the user as `GET /auth/me` (data, or a 401 for a visitor). This wraps a
 * fake fetch so one answer serves both: the session call is answered from the fake's /auth/me.
 */
export function answerSessionFromMe<F extends (input: never, init?: never) => Promise<Response>>(fake: F): F {
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== SESSION) return fake(input as never, init as never);
    const res = await fake(String(input).replace(SESSION, ME) as never, init as never);
    if (res.status !== 200 && res.status !== 401) return res;
    const body = (await res.json()) as { code: number; data: unknown };
    const user = res.status === 200 && body.code === 0 ? body.data : null;
    return new Response(JSON.stringify({ code: 0, message: 'success', data: { user } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return wrapped as unknown as F;
}
