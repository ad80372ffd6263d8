/**
 * Reads checked against the API document: the path must be one the document declares with a GET,
 * its path parameters and query are the operation's, and the answer is the operation's `data`. A
 * renamed route, a dropped query parameter or a changed response field fails the typecheck.
 */
import { request } from './client';
import type { paths } from './schema';
import type { ApiData } from './types';

/** Every path the document declares a GET for. */
export type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];

type GetOp<P extends GetPath> = paths[P] extends { get: infer O } ? O : never;
type PathParams<P extends GetPath> = GetOp<P> extends { parameters: { path: infer R } } ? R : never;
type QueryParams<P extends GetPath> = GetOp<P> extends { parameters: { query?: infer Q } } ? Q : never;

/** The query the operation declares; null or undefined values are left out of the URL. */
type QueryOption<P extends GetPath> = [QueryParams<P>] extends [never]
  ? { query?: never }
  : { query?: { [K in keyof QueryParams<P>]?: QueryParams<P>[K] | null } };

/** Path parameters (`{user}` in `/admin/api/users/{user}`) are required where the path has them. */
type ParamsOption<P extends GetPath> = [PathParams<P>] extends [never]
  ? { params?: never }
  : { params: { [K in keyof PathParams<P>]: string | number } };

export type GetDataOptions<P extends GetPath> = QueryOption<P> & ParamsOption<P> & { signal?: AbortSignal };

/** `/admin/api/users/{user}` with `{user: 'a@b.c'}` → `/admin/api/users/a%40b.c`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A GET of `path` as the document declares it: resolves with the operation's `data`. */
export function getData<P extends GetPath>(
  path: P,
  ...[opts]: [ParamsOption<P>] extends [{ params: object }]
    ? [opts: GetDataOptions<P>]
    : [opts?: GetDataOptions<P>]
): Promise<ApiData<P>> {
  const { query, params, signal } = (opts ?? {}) as {
    query?: Record<string, string | number | boolean | null | undefined>;
    params?: Record<string, string | number>;
    signal?: AbortSignal;
  };
  return request<ApiData<P>>({ path: fillPath(path, params), query, signal });
}
