import { describe, expect, test } from 'vitest';
import { phaseOf, type QueryLike } from './state';

const q = (over: Partial<QueryLike>): QueryLike => ({
  data: undefined,
  isError: false,
  isPending: true,
  fetchStatus: 'fetching',
  failureCount: 0,
  refetch: async () => ({}) as never,
  ...over,
});

describe('phaseOf', () => {
  test('a failed first try is an error at once, while the retries go on behind it', () => {
    expect(phaseOf([q({ failureCount: 1 })], true)).toBe('error');
  });
  test('a query paused by TanStack, or any query without data while offline, is offline', () => {
    expect(phaseOf([q({ fetchStatus: 'paused' })], true)).toBe('offline');
    expect(phaseOf([q({})], false)).toBe('offline');
  });
  test('data already shown stays shown when offline or when a refetch fails', () => {
    expect(phaseOf([q({ data: [1], isPending: false, isError: true, failureCount: 3 })], false)).toBe(
      'ready',
    );
  });
  test('a disabled query (signed out) does not hold the screen in loading', () => {
    expect(phaseOf([q({ isEnabled: false }), q({ data: [], isPending: false })], true, true)).toBe('empty');
  });
  test('pending is loading; loaded with nothing to show is empty', () => {
    expect(phaseOf([q({})], true)).toBe('loading');
    expect(phaseOf([q({ data: [], isPending: false })], true, true)).toBe('empty');
  });
});
