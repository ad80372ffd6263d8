import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { registerFundpassPrompter } from '../api/fundpass';

const FundpassDialog = lazy(() => import('./FundpassDialog'));

/** Registers the funding-password prompt `send` opens (codes 101 and 10010111); the dialog loads on first use. */
export function FundpassPrompt() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const resolver = useRef<((v: string | null) => void) | null>(null);

  useEffect(
    () =>
      registerFundpassPrompter(
        () =>
          new Promise<string | null>((resolve) => {
            resolver.current?.(null);
            resolver.current = resolve;
            setUsed(true);
            setOpened(true);
          }),
      ),
    [],
  );

  const finish = (result: string | null) => {
    setOpened(false);
    resolver.current?.(result);
    resolver.current = null;
  };

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <FundpassDialog opened={opened} onSubmit={finish} onCancel={() => finish(null)} />
    </Suspense>
  );
}
