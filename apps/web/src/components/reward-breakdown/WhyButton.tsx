import './i18n';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BreakdownTarget } from './api';

const RewardBreakdownDialog = lazy(() => import('./RewardBreakdownDialog'));

const isList = (t: BreakdownTarget | readonly BreakdownTarget[]): t is readonly BreakdownTarget[] =>
  Array.isArray(t);

/**
 * "Why?" on a payout row: opens the breakdown dialog, whose code and texts load on first use. A
 * payment summing several records (a staking day's base and campaign rewards) passes them all.
 */
export function WhyButton({
  target,
  amount,
  coin,
}: {
  target: BreakdownTarget | readonly BreakdownTarget[];
  amount: string;
  coin: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => setOpen(true)}
        aria-label={t('why.buttonLabel', { amount, coin })}
        data-testid="why-button"
      >
        {t('why.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RewardBreakdownDialog
            targets={isList(target) ? target : [target]}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
