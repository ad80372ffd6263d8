import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../api/errors';
import { AmountInput } from '../../../../components/AmountInput';
import { DepositOptionsDialog } from '../../../../components/DepositOptionsDialog';
import { DisabledReason } from '../../../../components/DisabledReason';
import { InfoCircleIcon } from '../../../../components/icons';
import { MoneySubmitNotice } from '../../../../components/money-submit/MoneySubmitNotice';
import { OfflineNotice } from '../../../../components/OfflineNotice';
import { formatDate } from '../../../../i18n';
import type { Project } from '../../api/index';
import { AutoEarnSection } from './AutoEarnSection';
import { PoolTabs } from './PoolTabs';
import { StakeBalances } from './StakeBalances';
import { StakeHeader } from './StakeHeader';
import type { StakeResult } from './types';
import { useStakeForm } from './useStakeForm';

export type { StakeResult } from './types';

export interface StakeFormProps {
  project: Project;
  /** The pool to open on; the first tab otherwise. */
  rid?: number;
  onSuccess: (result: StakeResult) => void;
  onCancel: () => void;
  /** Told when a dialog opens above the form, so the dialog around it can leave Escape to that one. */
  onNestedDialog?: (open: boolean) => void;
}

/**
 * The stake form of the stake dialog and of the full mobile page (launch-pool.md section 2 screen 1,
 * sections 4–5; simple-earn.md screen 16).
 */
export function StakeForm({ project, rid, onSuccess, onCancel, onNestedDialog }: StakeFormProps) {
  const { t } = useTranslation();
  const form = useStakeForm({ project, rid, onSuccess, onNestedDialog });
  const { pool, stakeState: s, coin, amount, loaded, online } = form;

  if (!pool || !s) {
    return (
      <Alert color="yellow" icon={<InfoCircleIcon />}>
        {t('launchpool.stake.noPool')}
      </Alert>
    );
  }

  const { numbers, failure } = s;
  const disabledConfirm = !loaded || amount === null || !!failure || numbers.usedUp || !online;
  // Why Confirm is greyed when nothing else on screen says it (the label says "used up", the rule
  // broken shows under the amount): the balance still loading, or no amount yet.
  const confirmBlock =
    numbers.usedUp || failure || !online
      ? null
      : !loaded
        ? t('common.loading')
        : amount === null
          ? t('amount.enterFirst')
          : null;

  return (
    <Stack gap="md" data-testid="stake-form" data-rid={pool.rid}>
      {form.pools.length > 1 && <PoolTabs pools={form.pools} active={pool} onChange={s.changeTab} />}
      <StakeHeader
        projectCoin={project.coin}
        pool={pool}
        amount={amount}
        validAmount={failure ? null : amount}
      />

      {project.state === 2 && (
        <Alert color="blue" variant="light" icon={<InfoCircleIcon />} data-testid="start-notice">
          {t('launchpool.stake.startNotice', { time: formatDate(project.start_timest, true) })}
        </Alert>
      )}

      <AmountInput
        value={amount}
        onChange={form.setAmount}
        data-autofocus
        onEnter={() => {
          if (loaded && !form.pending) void s.submit();
        }}
        precision={pool.decimal_place}
        max={loaded && !numbers.usedUp ? numbers.max : null}
        maxReason={numbers.usedUp ? t('launchpool.stake.usedUp') : undefined}
        coin={coin}
        error={s.errorText}
        label={t('amount.label')}
        maxActionName="launchpool.stake.max"
        data-testid="stake-amount"
      />

      <StakeBalances
        pool={pool}
        numbers={numbers}
        available={form.available}
        unified={!!form.entry && form.entry.mode !== 'classic'}
        loading={form.balanceLoading}
        onAddFunds={() => form.setDepositOpen(true)}
      />

      {s.rules.show && pool.simple_earn && (
        <AutoEarnSection
          coin={coin}
          se={pool.simple_earn}
          rules={s.rules}
          mode={s.mode}
          period={s.period}
          onPickFlexible={s.pickFlexible}
          onChoose={form.setChosenMode}
        />
      )}

      <OfflineNotice />
      {/* Beside the button that sent it, where the user looks. */}
      <MoneySubmitNotice submit={form.submitter} onRetry={() => void s.submit()} />
      <Group grow gap="sm" mt="xs" align="flex-start">
        <Button variant="default" size="md" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <DisabledReason reason={confirmBlock} testId="stake-confirm-reason" block>
          <Button
            size="md"
            fullWidth
            onClick={() => void s.submit()}
            disabled={disabledConfirm}
            loading={form.pending}
            data-testid="stake-confirm"
          >
            {numbers.usedUp ? t('launchpool.stake.usedUp') : t('common.confirm')}
          </Button>
        </DisabledReason>
      </Group>

      {form.depositOpen && (
        <DepositOptionsDialog
          coin={coin}
          opened={form.depositOpen}
          onClose={() => form.setDepositOpen(false)}
          onTransfer={() => toast('info', t('launchpool.transfer.info'))}
        />
      )}
    </Stack>
  );
}
