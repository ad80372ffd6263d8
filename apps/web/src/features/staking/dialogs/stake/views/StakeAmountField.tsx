import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isFramed } from '../../../../../app/embed';
import { AmountInput } from '../../../../../components/AmountInput';
import { formatAmount } from '../../../../../components/format';
import type { StakingProduct } from '../../../api/index';
import { type StakeContext, stakeMax } from '../../../rules';

/** The amount to stake, its maximum, what is available and (outside an embedding page) a deposit link. */
export function StakeAmountField({
  product: p,
  ctx,
  amount,
  setAmount,
  violationText,
  canStake,
  loggedIn,
  loading,
  onStake,
  onDeposit,
}: {
  product: StakingProduct;
  ctx: StakeContext | null;
  amount: string | null;
  setAmount: (a: string | null) => void;
  violationText?: string;
  canStake: boolean;
  loggedIn: boolean;
  loading: boolean;
  onStake: () => void;
  onDeposit: () => void;
}) {
  const { t } = useTranslation();
  const framed = isFramed();
  return (
    <AmountInput
      value={amount}
      onChange={setAmount}
      precision={p.precision}
      coin={p.coin}
      max={loggedIn && ctx ? stakeMax(ctx) : null}
      maxReason={loggedIn ? undefined : t('staking.loginToStake')}
      label={t('staking.field.stakeAmount')}
      placeholder={t('staking.placeholder.min', {
        amount: formatAmount(p.min_mortgage_amount),
        coin: p.coin,
      })}
      error={violationText}
      maxActionName="staking.stake.max"
      // The dialog opens on its loading view: the field takes the focus when it appears.
      autoFocus
      onEnter={() => {
        if ((canStake || !loggedIn) && !loading) onStake();
      }}
      data-testid="stake-amount"
      description={
        <Group justify="space-between" component="span" gap={4}>
          <span data-testid="stake-available">
            {t('common.labelValue', {
              label: t('staking.field.available'),
              value: loggedIn ? `${formatAmount(ctx?.available ?? '0')} ${p.coin}` : '—',
            })}
          </span>
          {/* The transfer shortcut is not offered inside the embedded assets page (section 6). */}
          {!framed && loggedIn && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={onDeposit}
              data-testid="stake-deposit"
            >
              {t('staking.deposit')}
            </Anchor>
          )}
        </Group>
      }
    />
  );
}
