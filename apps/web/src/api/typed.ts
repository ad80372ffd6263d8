/**
 * Calls checked against the API document: the path must be one the document declares with that
 * method, its path parameters, query and body are the operation's, and the answer is the
 * operation's `data`. A renamed route, a dropped query parameter, a body field renamed or turned
 * from a decimal string into a number, or a changed response field fails the typecheck.
 */
import { type RequestOptions, request } from './client';
import type { paths } from './schema';
import type { ApiData, Method } from './types';

export type WriteMethod = Exclude<Method, 'get'>;

/** Every path the document declares the method for. */
export type PathFor<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];
/** Every path the document declares a GET for. */
export type GetPath = PathFor<'get'>;

export type Op<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;
type PathParams<O> = O extends { parameters: { path: infer R } } ? R : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
/** The JSON body the operation declares (its form-encoded twin names the same fields). */
export type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** The query the operation declares; null or undefined values are left out of the URL. */
type QueryOption<O> = [QueryParams<O>] extends [never]
  ? { query?: never }
  : { query?: { [K in keyof QueryParams<O>]?: QueryParams<O>[K] | null } };

/** Path parameters (`{user}` in `/admin/api/users/{user}`) are required where the path has them. */
type ParamsOption<O> = [PathParams<O>] extends [never]
  ? { params?: never }
  : { params: { [K in keyof PathParams<O>]: string | number } };

/** The body is required where the operation declares one, and refused where it declares none. */
type BodyOption<O> = [BodyOf<O>] extends [never] ? { body?: never } : { body: BodyOf<O> };

export type GetDataOptions<P extends GetPath> = QueryOption<Op<P, 'get'>> &
  ParamsOption<Op<P, 'get'>> & { signal?: AbortSignal };

/** Everything a call of the operation may carry beside its path. */
export type CallOptions<P extends keyof paths, M extends Method> = QueryOption<Op<P, M>> &
  ParamsOption<Op<P, M>> &
  BodyOption<Op<P, M>> &
  Pick<RequestOptions, 'form' | 'idempotencyKey' | 'fundpass' | 'headers' | 'signal' | 'timeoutMs'>;

/** Whether the operation's call needs options (a path parameter or a body). */
export type NeedsOptions<O> = [ParamsOption<O>] extends [{ params: object }]
  ? true
  : [BodyOption<O>] extends [{ body: unknown }]
    ? true
    : false;

/** `/admin/api/users/{user}` with `{user: 'a@b.c'}` → `/admin/api/users/a%40b.c`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

type Loose = {
  query?: Record<string, string | number | boolean | null | undefined>;
  params?: Record<string, string | number>;
  body?: Record<string, unknown>;
} & Omit<RequestOptions, 'path' | 'method' | 'query' | 'body'>;

/** The request `request`/`send` make for a checked call. */
export function checkedRequest(method: Method, path: string, opts: unknown): RequestOptions {
  const { query, params, body, ...rest } = (opts ?? {}) as Loose;
  return {
    ...rest,
    method: method.toUpperCase() as NonNullable<RequestOptions['method']>,
    path: fillPath(path, params),
    query,
    ...(body === undefined ? {} : { body }),
  };
}

/** A GET of `path` as the document declares it: resolves with the operation's `data`. */
export function getData<P extends GetPath>(
  path: P,
  ...[opts]: NeedsOptions<Op<P, 'get'>> extends true ? [opts: GetDataOptions<P>] : [opts?: GetDataOptions<P>]
): Promise<ApiData<P>> {
  return request<ApiData<P>>(checkedRequest('get', path, opts));
}

/**
 * A write (or a POST that reads, as the specs' availability call) as the document declares it,
 * without the funding-password prompt: user actions go through `useApiAction`.
 */
export function callApi<M extends WriteMethod, P extends PathFor<M>>(
  method: M,
  path: P,
  ...[opts]: NeedsOptions<Op<P, M>> extends true ? [opts: CallOptions<P, M>] : [opts?: CallOptions<P, M>]
): Promise<ApiData<P, M>> {
  return request<ApiData<P, M>>(checkedRequest(method, path, opts));
}
