/**
 * The funding-password prompt is a dialog, but the request that needs it lives outside React. The
 * `<FundpassPrompt/>` mounted once in the providers registers itself here; `send` asks it.
 */
export type FundpassPrompter = () => Promise<string | null>;

let prompter: FundpassPrompter | null = null;

export function registerFundpassPrompter(fn: FundpassPrompter): () => void {
  prompter = fn;
  return () => {
    if (prompter === fn) prompter = null;
  };
}

export function promptFundpass(): Promise<string | null> {
  return prompter ? prompter() : Promise.resolve(null);
}
