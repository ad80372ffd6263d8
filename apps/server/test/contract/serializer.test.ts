import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from '../../src/infra/http/serializer';

const schema = z.object({
  code: z.number().int(),
  data: z.object({ amount: z.string().regex(/^-?\d+(\.\d+)?$/), note: z.string().nullable() }),
});
const compile = (check: boolean) =>
  responseSerializer({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('the response serializer', () => {
  it('writes only the fields the schema names', () => {
    const data = { code: 0, data: { amount: '1.5', note: null, secret: 'x' }, extra: 1 };
    expect(JSON.parse(compile(false)(data))).toEqual({ code: 0, data: { amount: '1.5', note: null } });
    expect(JSON.parse(compile(true)(data))).toEqual({ code: 0, data: { amount: '1.5', note: null } });
  });

  it('in the test suite, refuses an answer that drifts from its schema', () => {
    expect(() => compile(true)({ code: 0, data: { amount: 1.5, note: null } })).toThrow();
    expect(() => compile(true)({ code: 0, data: { amount: 'abc', note: null } })).toThrow();
  });
});
