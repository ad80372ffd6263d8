import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type FundpassPromptState, registerFundpassPrompter } from '../api/fundpass';

const FundpassDialog = lazy(() => import('./FundpassDialog'));

/**
 * Registers the funding-password prompt `send` opens (codes 101 and 10010111); the dialog loads on
 * first use. It stays open while the password is checked: a wrong one or a lock comes back as a new
 * state shown inline; the request's end (`fundpassSettled`) closes it.
 */
export function FundpassPrompt() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const [checking, setChecking] = useState(false);
  const [state, setState] = useState<FundpassPromptState>({ kind: 'ask' });
  const resolver = useRef<((v: string | null) => void) | null>(null);

  useEffect(
    () =>
      registerFundpassPrompter(
        (next) =>
          new Promise<string | null>((resolve) => {
            resolver.current?.(null);
            resolver.current = resolve;
            setState(next);
            setChecking(false);
            setUsed(true);
            setOpened(true);
          }),
        () => {
          setOpened(false);
          setChecking(false);
        },
      ),
    [],
  );

  const finish = (result: string | null) => {
    const resolve = resolver.current;
    resolver.current = null;
    if (result === null) setOpened(false);
    else setChecking(true);
    resolve?.(result);
  };

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <FundpassDialog
        opened={opened}
        state={state}
        checking={checking}
        onSubmit={finish}
        onCancel={() => finish(null)}
      />
    </Suspense>
  );
}
