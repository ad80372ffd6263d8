/**
 * The funding-password prompt is a dialog, but the request that needs it lives outside React. The
 * `<FundpassPrompt/>` mounted once in the providers registers itself here; `send` asks it.
 */

/** Why the prompt is (re)opened: a fresh ask, or the server's answer to the password just entered. */
export type FundpassPromptState =
  | { kind: 'ask' }
  /** `until` (ISO, with zone) only when no try is left. */
  | { kind: 'wrong'; left: number; until?: string }
  | { kind: 'locked'; until?: string };

export type FundpassPrompter = (state: FundpassPromptState) => Promise<string | null>;

let prompter: FundpassPrompter | null = null;
let settled: (() => void) | null = null;

/** `onSettled` hears when the request the password was entered for has its answer, to close then. */
export function registerFundpassPrompter(fn: FundpassPrompter, onSettled?: () => void): () => void {
  prompter = fn;
  settled = onSettled ?? null;
  return () => {
    if (prompter === fn) {
      prompter = null;
      settled = null;
    }
  };
}

/** The request is done (passed, or failed for a reason the prompt does not show): close the prompt. */
export function fundpassSettled(): void {
  settled?.();
}

export function promptFundpass(state: FundpassPromptState = { kind: 'ask' }): Promise<string | null> {
  return prompter ? prompter(state) : Promise.resolve(null);
}

/** The kind of money move that asks for a first funding password, so the dialog can name it. */
export type MoneyMove = 'subscription' | 'stake' | 'purchase';

/** Staking and launch pools take stakes, private wealth sells; every other line takes subscriptions. */
export function moneyMoveOf(path: string): MoneyMove {
  if (/\/earn\/(staking|launch-pool)\//.test(path)) return 'stake';
  if (path.includes('/earn/private-wealth/')) return 'purchase';
  return 'subscription';
}

/**
 * The first money move of a user without a funding password (10010107): a dialog to set one. Answers
 * whether it was set, so the request can go again; null when no dialog is mounted.
 */
export type FundpassSetupPrompter = (move: MoneyMove) => Promise<boolean>;

let setupPrompter: FundpassSetupPrompter | null = null;

export function registerFundpassSetupPrompter(fn: FundpassSetupPrompter): () => void {
  setupPrompter = fn;
  return () => {
    if (setupPrompter === fn) setupPrompter = null;
  };
}

export function promptFundpassSetup(move: MoneyMove): Promise<boolean> | null {
  return setupPrompter ? setupPrompter(move) : null;
}
