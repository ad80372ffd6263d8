import { observeStatements } from '../../src/infra/db/client';

/**
 * The change in a batcher's counters (`stats`: groupCommitStats, groupReadStats) over `work`, and how
 * many of its statements (the texts matching `statement`) went to the database meanwhile: what the
 * group-commit tests assert of what was batched.
 */
export async function measureBatching<S extends Record<string, number>, T>(
  stats: S,
  statement: RegExp,
  work: () => Promise<T>,
): Promise<{ [K in keyof S]: number } & { result: T; statements: number }> {
  const before: Record<string, number> = { ...stats };
  let statements = 0;
  const stop = observeStatements((text) => {
    if (statement.test(text)) statements++;
  });
  try {
    const result = await work();
    const change: Record<string, number> = {};
    for (const [key, value] of Object.entries(stats)) change[key] = value - (before[key] ?? 0);
    return { ...(change as { [K in keyof S]: number }), result, statements };
  } finally {
    stop();
  }
}
