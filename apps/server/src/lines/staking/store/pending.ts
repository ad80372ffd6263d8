/**
 * How many times this process changed the pending redemptions (one made, or arrivals settled): the
 * engine's nextArrival keeps its answer per transaction until this count moves. Here, below both the
 * redemption's writes (positions.ts) and the engine, so neither imports upward.
 */
let generation = 0;

/** The pending redemptions changed here: every transaction's kept next arrival is stale. */
export function pendingChanged(): void {
  generation++;
}

export function pendingGeneration(): number {
  return generation;
}
