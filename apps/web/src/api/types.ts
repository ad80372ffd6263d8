/**
 * Response types from the API document (`npm run openapi:generate` writes schema.d.ts from
 * openapi/openapi.json). A screen's types name an operation's `data`, so a server schema change that
 * breaks a screen fails the typecheck instead of the screen.
 */
import type { paths } from './schema';

export type Method = 'get' | 'post' | 'put' | 'delete';

type SuccessBody<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B
  : never;

/** `data` of an operation's success envelope: `ApiData<'/apiw/v2/earn/staking/products', 'get'>`. */
export type ApiData<P extends keyof paths, M extends Method = 'get'> =
  SuccessBody<paths[P][M]> extends {
    data: infer D;
  }
    ? D
    : never;

/** One entry of a paged `data.list`. */
export type ApiItem<P extends keyof paths, M extends Method = 'get'> =
  ApiData<P, M> extends {
    list: (infer I)[];
  }
    ? I
    : never;

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The JSON request body an operation declares: `ApiBody<'/apiw/v2/earn/launch-pool/redeem'>`. */
export type ApiBody<P extends keyof paths, M extends Method = 'post'> = JsonBody<paths[P][M]>;

type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The query an operation declares: `ApiQuery<'/api/web/v1/earn/statements'>['type']`. */
export type ApiQuery<P extends keyof paths, M extends Method = 'get'> = QueryOf<paths[P][M]>;
