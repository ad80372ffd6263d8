/**
 * The one order in which every money move of every line checks its amount, the client's form and the
 * server alike, so an amount that breaks several rules gets the same first answer everywhere:
 *
 * 1. `precision`: more decimals than the product takes;
 * 2. `minimum`: below the product's minimum (or a voucher's lower bound, or buying nothing);
 * 3. `maximum`: above a fixed per-amount ceiling (the input cap, a voucher's upper bound);
 * 4. `quota`: above what is left of a cap that fills up (personal quota, the product's or pool's
 *    remaining total, a staking limit);
 * 5. `balance`: above what the user has available.
 *
 * What is not about the amount comes before all of them (the request's shape, the product being open,
 * eligibility, an agreement accepted), and the funding password after all of them: the server asks for
 * it only once the move would otherwise go through (http/money-gate.ts), so a user is never asked for
 * a password to be told the amount is too small.
 */
export const CHECK_ORDER = ['precision', 'minimum', 'maximum', 'quota', 'balance'] as const;
export type CheckStage = (typeof CHECK_ORDER)[number];

/** One rule of an amount: its stage, and its failure (null when it passes), computed only when reached. */
export interface StagedRule<F> {
  stage: CheckStage;
  check: () => F | null;
}

/**
 * The first failure in CHECK_ORDER; rules of one stage keep the order they are listed in. A line lists
 * its rules in any order and still answers in the shared one.
 */
export function firstFailure<F>(rules: readonly StagedRule<F>[]): F | null {
  const rank = (stage: CheckStage) => CHECK_ORDER.indexOf(stage);
  const ordered = rules
    .map((rule, i) => ({ rule, i }))
    .sort((a, b) => rank(a.rule.stage) - rank(b.rule.stage) || a.i - b.i);
  for (const { rule } of ordered) {
    const failure = rule.check();
    if (failure) return failure;
  }
  return null;
}
