import { Button, type ButtonProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AprAlertTarget } from './AprAlertDialog';
import './i18n';

const AprAlertDialog = lazy(() => import('./AprAlertDialog'));

/** "APR alert" on a product of any line: opens the alert dialog (loaded on first click) for it, or for one of its targets. */
export function AprAlertButton({
  target,
  testId,
  ...button
}: { target: AprAlertTarget | readonly AprAlertTarget[]; testId?: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" {...button} onClick={() => setOpen(true)} data-testid={testId}>
        {t('aprAlert.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AprAlertDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
