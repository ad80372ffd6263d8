export type MoneyKind = 'subscription' | 'redemption' | 'other';

/**
 * A user call that moves money, declared on its route (`config.money`). Everything that holds for
 * every money move hangs on this one declaration, so a line cannot forget one of them: the call runs
 * through the money gate and the idempotency store (money-gate.ts, idempotency.ts), is limited per
 * user (security.ts), and is counted once when it succeeds (code 0, not an idempotent replay) as a
 * subscription or a redemption of its product line and asset (metrics.ts).
 */
export interface MoneyCall {
  line: string;
  /** A function when the body decides (staking's one call for both sides). */
  kind: MoneyKind | ((body: unknown) => MoneyKind);
  /** The asset, when neither the answer's data nor the body names it as `asset` or `coin`. */
  asset?: (body: unknown, data: unknown) => string | undefined | Promise<string | undefined>;
  /**
   * Whether taking money out asks for the funding password by the user's setting: staking and
   * private wealth, whose spec prompts on redeem. Money going in always asks, by the user's setting
   * and the first-move rule, whatever this says.
   */
  passwordOnRedemption?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    money?: MoneyCall;
  }
}

export function kindOf(money: MoneyCall, body: unknown): MoneyKind {
  return typeof money.kind === 'function' ? money.kind(body) : money.kind;
}

/** Whether a route's calls may ask for the funding password: its API operation declares the header. */
export function mayAskFundpass(money: MoneyCall | undefined): boolean {
  if (!money) return false;
  return (
    typeof money.kind === 'function' || money.kind === 'subscription' || money.passwordOnRedemption === true
  );
}
