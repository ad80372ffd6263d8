import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../../../components/dialog-frame/DialogFrame';
import { MoneySubmitNotice } from '../../../../../components/money-submit/MoneySubmitNotice';
import { useMoneySubmit } from '../../../../../components/money-submit/useMoneySubmit';
import { adminSend, errorText } from '../../../api/http';
import { adminKeys } from '../../../api/queries';
import type { DualProduct } from '../../../api/types';
import { Amount } from '../../../components/format';

/**
 * Withdraw a product before its settlement: every order is paid its principal and the interest so
 * far. Money moves, so it is the one money submit: a double click cancels once.
 */
export function CancelProductDialog({
  product,
  onClose,
}: {
  product: DualProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const submitter = useMoneySubmit();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const close = () => {
    setError(null);
    setDone(null);
    submitter.reset();
    onClose();
  };
  const confirm = async () => {
    if (!product) return;
    setError(null);
    try {
      const sent = await submitter.run({ cancel: product.id }, (idempotencyKey) =>
        adminSend('post', '/admin/api/dual/products/{id}/cancel', {
          params: { id: String(product.id) },
          idempotencyKey,
        }),
      );
      if (!sent) return;
      setDone(sent.value.canceled_orders);
      await client.invalidateQueries({ queryKey: adminKeys.products });
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <DialogFrame
      opened={product !== null}
      onClose={close}
      title={t('admin.dualp.cancelTitle', { id: product?.id ?? '' })}
      testId="dualp-cancel"
      fullScreenOnMobile={false}
    >
      {product && (
        <Stack gap="md">
          {done === null ? (
            <>
              <Text size="sm">{t('admin.dualp.cancelText', { orders: product.orders })}</Text>
              <Text size="sm">
                {t('admin.dualp.sold')}: <Amount value={product.sold} unit={product.invest_coin} />
              </Text>
            </>
          ) : (
            <Alert color="teal" data-testid="dualp-cancel-done">
              {t('admin.dualp.canceled', { orders: done })}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {/* Beside the button that sent it, where the user looks. */}
          <MoneySubmitNotice submit={submitter} onRetry={() => void confirm()} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {done === null ? t('admin.dualp.keep') : t('admin.dualp.close')}
            </Button>
            {done === null && (
              <Button
                color="red"
                loading={submitter.pending}
                onClick={() => void confirm()}
                data-testid="dualp-cancel-confirm"
              >
                {t('admin.dualp.cancelConfirm')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </DialogFrame>
  );
}
