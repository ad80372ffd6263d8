import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fillPath, getData } from './typed';

describe('getData', () => {
  let urls: string[];
  beforeEach(() => {
    urls = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(String(url));
      return new Response(
        JSON.stringify({ code: 0, message: 'success', data: { list: [], next_cursor: null } }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  test('fills the path parameters, encoded, and sends the query without empty values', async () => {
    const data = await getData('/admin/api/users/{user}/history', {
      params: { user: 'a+b@example.com' },
      query: { line: 'staking', cursor: null, limit: 20 },
    });
    expect(urls).toEqual(['/admin/api/users/a%2Bb%40example.com/history?line=staking&limit=20']);
    expect(data).toEqual({ list: [], next_cursor: null });
  });

  test('refuses a path whose parameter was not given instead of calling a wrong URL', () => {
    expect(() => fillPath('/admin/api/clock/advances/{id}', {})).toThrow('Missing path parameter id');
    expect(fillPath('/admin/api/clock/advances/{id}', { id: 7 })).toBe('/admin/api/clock/advances/7');
  });
});
