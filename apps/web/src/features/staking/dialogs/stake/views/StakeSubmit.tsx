import { dec } from '@earn/domain';
import { Anchor, Button, Checkbox } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DisabledReason } from '../../../../../components/DisabledReason';
import { OfflineNotice, useOnline } from '../../../../../components/OfflineNotice';
import type { StakingProduct } from '../../../api/index';

/** The agreement, the reason the stake button is disabled (if it is) and the button. */
export function StakeSubmit({
  product: p,
  amount,
  agreed,
  setAgreed,
  violationText,
  canStake,
  loggedIn,
  loading,
  onStake,
  notice,
}: {
  product: StakingProduct;
  amount: string | null;
  agreed: boolean;
  setAgreed: (v: boolean) => void;
  violationText?: string;
  canStake: boolean;
  loggedIn: boolean;
  loading: boolean;
  onStake: () => void;
  /** The money submit's retry notice (MoneySubmitNotice), shown right above the button the user pressed. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <>
      <Checkbox
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        data-testid="stake-agree"
        label={
          <>
            {t('staking.agree.prefix')}{' '}
            <Anchor href={p.agreement} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
              {t('staking.agree.link')}
            </Anchor>
          </>
        }
      />

      <OfflineNotice />
      {notice}
      <DisabledReason
        // The rule an amount breaks shows under it already; the rest is said here (offline: above).
        reason={
          !loggedIn || canStake || violationText || !online
            ? null
            : !amount || dec(amount).lte(0)
              ? t('amount.enterFirst')
              : p.status !== 'online'
                ? t('staking.product.offline')
                : !agreed
                  ? t('staking.reason.agreeFirst')
                  : null
        }
        testId="stake-submit-reason"
        block
      >
        <Button
          size="md"
          fullWidth
          disabled={!canStake && loggedIn}
          loading={loading}
          onClick={onStake}
          data-testid="stake-submit"
        >
          {loggedIn ? t('staking.stake.button') : t('staking.loginToStake')}
        </Button>
      </DisabledReason>
    </>
  );
}
