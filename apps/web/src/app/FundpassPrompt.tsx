import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  type FundpassPromptState,
  type MoneyMove,
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
  const [setupFor, setSetupFor] = useState<MoneyMove | null>(null);
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
        (move) =>
          new Promise<boolean>((resolve) => {
            setupResolver.current?.(false);
            setupResolver.current = resolve;
            setSetupFor(move);
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
    setSetupFor(null);
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
      {setupFor && (
        <SetupDialog move={setupFor} onDone={() => finishSetup(true)} onCancel={() => finishSetup(false)} />
      )}
    </>
  );
}

/** The intro names the move the user was making (a subscription, a stake or a purchase). */
const FIRST_MOVE_INTRO: Record<MoneyMove, string> = {
  subscription: 'security.fundpass.firstMove',
  stake: 'security.fundpass.firstStake',
  purchase: 'security.fundpass.firstPurchase',
};

function SetupDialog({
  move,
  onDone,
  onCancel,
}: {
  move: MoneyMove;
  onDone: () => void;
  onCancel: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <SetFundpassDialog
        opened
        kind="set"
        email=""
        introKey={FIRST_MOVE_INTRO[move]}
        onClose={onCancel}
        onDone={onDone}
      />
    </Suspense>
  );
}
