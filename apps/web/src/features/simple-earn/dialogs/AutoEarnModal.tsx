import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { toast } from '../../../api/errors';
import { useMe } from '../../../app/auth';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { useAutoInvest } from '../api/actions';
import { useRefreshEarn } from '../hooks';

export interface AutoEarnTarget {
  /** A coin, or 'ALL' for the enable-for-all-coins variant. */
  asset: string;
  /** The current state; the dialog sends the opposite. */
  status: number;
}

/**
 * Screen 12: confirms switching auto-earn. The toggle sends the opposite of the current state. In an
 * upgraded (non-classic) account the enable text carries the risk note, since this exchange has no
 * unified simple earn.
 */
export function AutoEarnModal({ target, onClose }: { target: AutoEarnTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { me } = useMe();
  const action = useAutoInvest();
  // The dialogs' one submit: one request per confirm, whatever the clicks.
  const submitter = useMoneySubmit();
  const refresh = useRefreshEarn();
  const enabling = target?.status !== 1;
  const all = target?.asset === 'ALL';
  const upgraded = !!me && me.account_mode !== 'classic';

  const confirm = async () => {
    if (!target) return;
    const body = { assets: target.asset, status: enabling ? ('1' as const) : ('0' as const) };
    try {
      const sent = await submitter.run(body, (idempotencyKey) => action.run(body, { idempotencyKey }));
      if (!sent) return;
      toast('success', t(enabling ? 'cryptoloan.enabledSuccessfully' : 'cryptoloan.disabledSuccessfully'));
      await refresh();
    } catch (e) {
      // The catalogue already showed the server's message (section 8); the dialog closes either way.
      if (isApiError(e) && e.kind === 'cancelled') return;
    }
    onClose();
  };

  return (
    <DialogFrame
      opened={!!target}
      onClose={onClose}
      title={t(
        enabling
          ? all
            ? 'se.autoEarn.enableAllTitle'
            : 'se.autoEarn.enableTitle'
          : 'se.autoEarn.disableTitle',
        {
          coin: target?.asset,
        },
      )}
      testId="auto-earn-modal"
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">
          {t(
            enabling
              ? all
                ? 'se.autoEarn.enableAllBody'
                : 'se.autoEarn.enableBody'
              : 'se.autoEarn.disableBody',
            {
              coin: target?.asset,
            },
          )}
        </Text>
        {enabling && upgraded && (
          <Alert color="orange" variant="light" data-testid="auto-earn-risk">
            {t('se.autoEarn.upgradedRisk')}
          </Alert>
        )}
        {/* Beside the button that sent it, where the user looks. */}
        <MoneySubmitNotice submit={submitter} onRetry={() => void confirm()} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={submitter.pending} data-testid="auto-earn-confirm">
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
