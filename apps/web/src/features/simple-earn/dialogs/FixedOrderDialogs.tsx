import { SimpleEarnProductType, SimpleEarnRedeemAccount } from '@earn/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/errors';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import { type MoneySubmit, useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { usePreRedeem, useSetRedeemAccount, useSetReinvest } from '../api/actions';
import type { FixedOrder } from '../api/types';
import { amt } from '../format';
import { useRefreshEarn } from '../hooks';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" className="num" fw={500}>
        {value}
      </Text>
    </Group>
  );
}

const isVipOrder = (order: FixedOrder | null) => order?.product_type === SimpleEarnProductType.vip;

/**
 * The confirm of a fixed-order dialog, through the app's one money submit: one action per order
 * whatever the clicks, its key kept for a second try. Send, toast `successKey`, refresh the earn
 * queries, close. A failure keeps the dialog open; the error catalogue shows the server's message
 * (section 8). `loading` is true while the action is in flight.
 */
function useOrderConfirm(
  order: FixedOrder | null,
  send: (order: FixedOrder, idempotencyKey: string) => Promise<unknown>,
  successKey: string,
  onClose: () => void,
) {
  const { t } = useTranslation();
  const refresh = useRefreshEarn();
  const submitter = useMoneySubmit();
  const { reset: newAction } = submitter;
  const open = !!order;
  // Closed, the dialog's action is over: opened again, a try is a new action.
  useEffect(() => {
    if (!open) newAction();
  }, [open, newAction]);
  const confirm = async () => {
    if (!order) return;
    try {
      const sent = await submitter.run({ order: order.order_id, successKey }, (key) => send(order, key));
      if (!sent) return;
      toast('success', t(successKey));
      await refresh();
      onClose();
    } catch {
      // Shown by the catalogue.
    }
  };
  return { confirm, loading: submitter.pending, submitter };
}

/** Cancel and the dialog's confirm button, at the end of the row. */
function ConfirmButtons({
  onCancel,
  onConfirm,
  loading,
  label,
  testId,
  color,
  submitter,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  loading: boolean;
  /** The dialog's money submit: its retrying and failed states show above the buttons. */
  submitter: MoneySubmit;
  label: ReactNode;
  testId: string;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <MoneySubmitNotice submit={submitter} onRetry={onConfirm} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color={color} onClick={onConfirm} loading={loading} data-testid={testId}>
          {label}
        </Button>
      </Group>
    </>
  );
}

/** Screen 11: early redeem of a fixed order; all interest, the voucher yield and any bonus are forfeited. */
export function EarlyRedeemModal({ order, onClose }: { order: FixedOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const vip = isVipOrder(order);
  const action = usePreRedeem(vip);
  const { confirm, loading, submitter } = useOrderConfirm(
    order,
    (o, idempotencyKey) => action.run({ order_id: o.order_id, isVip: vip ? 1 : 0 }, { idempotencyKey }),
    'redeem.success',
    onClose,
  );
  return (
    <DialogFrame
      opened={!!order}
      onClose={onClose}
      title={t('se.early.title')}
      testId="early-redeem-modal"
      size="md"
    >
      {order && (
        <Stack gap="md">
          <Alert color="orange" variant="light">
            {t('se.early.warning')}
          </Alert>
          <Line label={t('se.principal')} value={`${amt(order.principal)} ${order.asset}`} />
          <Line label={t('se.early.forfeit')} value={`${amt(order.interest)} ${order.asset}`} />
          <Line label={t('se.early.receive')} value={`${amt(order.principal)} ${order.asset}`} />
          <Group justify="space-between" wrap="wrap" gap={4}>
            <Text size="sm" c="dimmed">
              {t('arrival.label')}
            </Text>
            <Text span size="sm" className="num" fw={500} ml="auto">
              <RedeemArrival
                query={{ line: 'fixed', order_id: order.order_id, early: '1' }}
                testId="early-arrival"
              />
            </Text>
          </Group>
          <ConfirmButtons
            onCancel={onClose}
            onConfirm={() => void confirm()}
            loading={loading}
            submitter={submitter}
            label={t('se.early.confirm')}
            testId="early-redeem-confirm"
            color="red"
          />
        </Stack>
      )}
    </DialogFrame>
  );
}

/**
 * Screen 13: switching auto-reinvest of a fixed order. Turning it on is the auto-renew confirm (the
 * order renews at maturity, redeem-to becomes not operated); turning it off pays to the spot account.
 */
export function ReinvestModal({ order, onClose }: { order: FixedOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useSetReinvest(isVipOrder(order));
  const turningOn = order?.reinvest_status !== 1;
  const { confirm, loading, submitter } = useOrderConfirm(
    order,
    (o, idempotencyKey) =>
      action.run(
        { reinvest_status: turningOn ? 1 : 0 },
        { params: { order_id: o.order_id }, idempotencyKey },
      ),
    'modified',
    onClose,
  );
  return (
    <DialogFrame
      opened={!!order}
      onClose={onClose}
      title={t(turningOn ? 'se.reinvest.onTitle' : 'se.reinvest.offTitle')}
      testId="reinvest-modal"
      fullScreenOnMobile={false}
      size="md"
    >
      {order && (
        <Stack gap="md">
          <Text size="sm">
            {t(turningOn ? 'se.reinvest.onBody' : 'se.reinvest.offBody', {
              days: order.lock_up_period,
              coin: order.asset,
            })}
          </Text>
          <ConfirmButtons
            onCancel={onClose}
            onConfirm={() => void confirm()}
            loading={loading}
            submitter={submitter}
            label={t('common.confirm')}
            testId="reinvest-confirm"
          />
        </Stack>
      )}
    </DialogFrame>
  );
}

/** Changes where a fixed order pays at maturity (1 spot or unified, 2 flexible simple earn). */
export function RedeemToModal({ order, onClose }: { order: FixedOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useSetRedeemAccount(isVipOrder(order));
  const next =
    order?.redeem_account_type === SimpleEarnRedeemAccount.flexible
      ? SimpleEarnRedeemAccount.spot
      : SimpleEarnRedeemAccount.flexible;
  const { confirm, loading, submitter } = useOrderConfirm(
    order,
    (o, idempotencyKey) =>
      action.run({ redeem_account_type: next }, { params: { order_id: o.order_id }, idempotencyKey }),
    'modified',
    onClose,
  );
  return (
    <DialogFrame
      opened={!!order}
      onClose={onClose}
      title={t('se.redeemTo.change')}
      testId="redeem-to-modal"
      fullScreenOnMobile={false}
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('se.redeemTo.changeBody', {
            account: t(
              next === SimpleEarnRedeemAccount.flexible ? 'se.redeemTo.flexible' : 'se.redeemTo.spot',
            ),
          })}
        </Text>
        <ConfirmButtons
          onCancel={onClose}
          onConfirm={() => void confirm()}
          loading={loading}
          submitter={submitter}
          label={t('common.confirm')}
          testId="redeem-to-confirm"
        />
      </Stack>
    </DialogFrame>
  );
}
