import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../api/errors';
import { DialogFrame } from '../../../../components/dialog-frame/DialogFrame';
import { MoneySubmitNotice } from '../../../../components/money-submit/MoneySubmitNotice';
import { useMoneySubmit } from '../../../../components/money-submit/useMoneySubmit';
import { useCancelRedeem } from '../../api/actions';
import { amt } from '../../format';
import { useRefreshEarn } from '../../hooks';

/** Screen 4: returns the waiting (frozen) amount to the holding. */
export function CancelRedeemModal({
  opened,
  asset,
  amount,
  onClose,
}: {
  opened: boolean;
  asset: string;
  amount: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const action = useCancelRedeem();
  // One cancel is one request, whatever the clicks: the dialog's one submit.
  const submitter = useMoneySubmit();
  const { reset: newAction } = submitter;
  useEffect(() => {
    if (opened) newAction();
  }, [opened, newAction]);
  const refresh = useRefreshEarn();
  const confirm = async () => {
    try {
      const body = { asset, amount };
      const sent = await submitter.run(body, (idempotencyKey) => action.run(body, { idempotencyKey }));
      if (!sent) return;
      toast('success', t('orderCancelled'));
      await refresh();
      onClose();
    } catch {
      // The catalogue showed the server's message (section 8).
    }
  };
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      title={t('se.redeem.cancelTitle')}
      testId="cancel-redeem-modal"
      fullScreenOnMobile={false}
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">{t('se.redeem.cancelBody', { amount: amt(amount), coin: asset })}</Text>
        {/* Beside the button that sent it, where the user looks. */}
        <MoneySubmitNotice submit={submitter} onRetry={() => void confirm()} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void confirm()}
            loading={submitter.pending}
            data-testid="cancel-redeem-confirm"
          >
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
