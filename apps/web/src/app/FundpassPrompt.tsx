import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  type FundpassPromptState,
  registerFundpassPrompter,
  registerFundpassSetupPrompter,
} from '../api/fundpass';
import { FUNDPASS_RESET_PATH, goTo } from './navigate';

const FundpassDialog = lazy(() => import('./FundpassDialog'));
const SetFundpassDialog = lazy(() => import('../features/security/dialogs/SetFundpassDialog'));

/**
 * Registers the funding-password prompt `send` opens (codes 101 and 10010111); the dialog loads on
 * first use. It stays open while the password is checked: a wrong one or a lock comes back as a new
 * state shown inline; the request's end (`fundpassSettled`) closes it. "Forgot?" ends the action and
 * opens the reset on the security page. A first money move without a funding password (10010107)
 * opens the set-password dialog instead; once saved, `send` sends the request again.
 */
export function FundpassPrompt() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const [checking, setChecking] = useState(false);
  const [state, setState] = useState<FundpassPromptState>({ kind: 'ask' });
  const resolver = useRef<((v: string | null) => void) | null>(null);
  const [setupOpened, setSetupOpened] = useState(false);
  const setupResolver = useRef<((done: boolean) => void) | null>(null);

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

  useEffect(
    () =>
      registerFundpassSetupPrompter(
        () =>
          new Promise<boolean>((resolve) => {
            setupResolver.current?.(false);
            setupResolver.current = resolve;
            setSetupOpened(true);
          }),
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

  const finishSetup = (done: boolean) => {
    const resolve = setupResolver.current;
    setupResolver.current = null;
    setSetupOpened(false);
    resolve?.(done);
  };

  return (
    <>
      {used && (
        <Suspense fallback={null}>
          <FundpassDialog
            opened={opened}
            state={state}
            checking={checking}
            onSubmit={finish}
            onCancel={() => finish(null)}
            onForgot={() => {
              finish(null);
              goTo(FUNDPASS_RESET_PATH);
            }}
          />
        </Suspense>
      )}
      {setupOpened && <SetupDialog onDone={() => finishSetup(true)} onCancel={() => finishSetup(false)} />}
    </>
  );
}

function SetupDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  return (
    <Suspense fallback={null}>
      <SetFundpassDialog
        opened
        kind="set"
        email=""
        introKey="security.fundpass.firstMove"
        onClose={onCancel}
        onDone={onDone}
      />
    </Suspense>
  );
}
