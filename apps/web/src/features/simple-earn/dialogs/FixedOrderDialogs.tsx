import { SimpleEarnProductType, SimpleEarnRedeemAccount } from '@earn/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/errors';
import { MOBILE_QUERY } from '../../../app/breakpoints';
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

/** Screen 11: early redeem of a fixed order; all interest, the voucher yield and any bonus are forfeited. */
export function EarlyRedeemModal({ order, onClose }: { order: FixedOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const vip = order?.product_type === SimpleEarnProductType.vip;
  const action = usePreRedeem(vip);
  const refresh = useRefreshEarn();
  const confirm = async () => {
    if (!order) return;
    try {
      await action.run({ order_id: order.order_id, isVip: vip ? 1 : 0 });
      toast('success', t('redeem.success'));
      await refresh();
      onClose();
    } catch {
      // Section 8: the catalogue shows the server's message.
    }
  };
  return (
    <Modal
      opened={!!order}
      onClose={onClose}
      centered
      fullScreen={mobile}
      title={t('se.early.title')}
      data-testid="early-redeem-modal"
    >
      {order && (
        <Stack gap="md">
          <Alert color="orange" variant="light">
            {t('se.early.warning')}
          </Alert>
          <Line label={t('se.principal')} value={`${amt(order.principal)} ${order.asset}`} />
          <Line label={t('se.early.forfeit')} value={`${amt(order.interest)} ${order.asset}`} />
          <Line label={t('se.early.receive')} value={`${amt(order.principal)} ${order.asset}`} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => void confirm()}
              loading={action.isPending}
              data-testid="early-redeem-confirm"
            >
              {t('se.early.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Screen 13: switching auto-reinvest of a fixed order. Turning it on is the auto-renew confirm (the
 * order renews at maturity, redeem-to becomes not operated); turning it off pays to the spot account.
 */
export function ReinvestModal({ order, onClose }: { order: FixedOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const vip = order?.product_type === SimpleEarnProductType.vip;
  const action = useSetReinvest(order?.order_id ?? 0, vip);
  const refresh = useRefreshEarn();
  const turningOn = order?.reinvest_status !== 1;
  const confirm = async () => {
    if (!order) return;
    try {
      await action.run({ reinvest_status: turningOn ? 1 : 0 });
      toast('success', t('modified'));
      await refresh();
      onClose();
    } catch {
      // Shown by the catalogue.
    }
  };
  return (
    <Modal
      opened={!!order}
      onClose={onClose}
      centered
      title={t(turningOn ? 'se.reinvest.onTitle' : 'se.reinvest.offTitle')}
      data-testid="reinvest-modal"
    >
      {order && (
        <Stack gap="md">
          <Text size="sm">
            {t(turningOn ? 'se.reinvest.onBody' : 'se.reinvest.offBody', {
              days: order.lock_up_period,
              coin: order.asset,
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void confirm()} loading={action.isPending} data-testid="reinvest-confirm">
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Changes where a fixed order pays at maturity (1 spot or unified, 2 flexible simple earn). */
export function RedeemToModal({ order, onClose }: { order: FixedOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const vip = order?.product_type === SimpleEarnProductType.vip;
  const action = useSetRedeemAccount(order?.order_id ?? 0, vip);
  const refresh = useRefreshEarn();
  const next =
    order?.redeem_account_type === SimpleEarnRedeemAccount.flexible
      ? SimpleEarnRedeemAccount.spot
      : SimpleEarnRedeemAccount.flexible;
  const confirm = async () => {
    if (!order) return;
    try {
      await action.run({ redeem_account_type: next });
      toast('success', t('modified'));
      await refresh();
      onClose();
    } catch {
      // Shown by the catalogue.
    }
  };
  return (
    <Modal
      opened={!!order}
      onClose={onClose}
      centered
      title={t('se.redeemTo.change')}
      data-testid="redeem-to-modal"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('se.redeemTo.changeBody', {
            account: t(
              next === SimpleEarnRedeemAccount.flexible ? 'se.redeemTo.flexible' : 'se.redeemTo.spot',
            ),
          })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={action.isPending} data-testid="redeem-to-confirm">
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
