import {
  checkFlexibleRedeem,
  dec,
  LEND_RATIO_NOTICE,
  MIN_FLEXIBLE_REDEEM,
  redeemableAmount,
} from '@earn/domain';
import { ActionIcon, Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { handleApiError, toast } from '../../../api/errors';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { AmountInput } from '../../../components/AmountInput';
import { trimAmountOnBlur } from '../../../components/amount';
import { DisabledReason } from '../../../components/DisabledReason';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { XCircleIcon } from '../../../components/icons';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { OfflineNotice, useOnline } from '../../../components/OfflineNotice';
import { ResultModal } from '../../../components/ResultModal';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { formatServerTime } from '../../../components/serverTime';
import { inlineRule, passesLockCheck, useCancelRedeem, useFlexRedeem } from '../api/actions';
import type { FlexHolding } from '../api/types';
import { ButtonLabel } from '../components/ButtonLabel';
import { amt } from '../format';
import { useRefreshEarn, useServerNow } from '../hooks';

/** Up to 8 decimals may be typed. */
const REDEEM_DECIMALS = 8;
/** Section 9: confirm is debounced 200 ms. */
const CONFIRM_DEBOUNCE_MS = 200;

/** Section 5: the text starting with 0.000000 is below the smallest redemption. */
export function redeemError(
  text: string,
  redeemable: string,
  asset: string,
): { key: string; params: Record<string, string> } | null {
  if (text.startsWith('0.000000'))
    return { key: 'redeem.number.minLimit', params: { amount: MIN_FLEXIBLE_REDEEM, coin: asset } };
  const t = trimAmountOnBlur(text);
  if (!t || dec(t).isZero()) return null;
  return checkFlexibleRedeem(dec(t), redeemable, asset);
}

/** Screens 3–5: flexible redeem with the waiting amount, its cancel, and the success dialog. */
export function RedeemModal({
  holding,
  lendRatio,
  onClose,
}: {
  holding: FlexHolding | null;
  /** The asset's lend ratio (0..1); the notice shows from 0.8. */
  lendRatio: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [serverError, setServerError] = useState<{ key: string; params: Record<string, unknown> } | null>(
    null,
  );
  // What the redemption paid and when (the server's clock at the answer), and any part that waits.
  const [done, setDone] = useState<{ amount: string; frozen: string; at: number } | null>(null);
  const serverNow = useServerNow();
  const [cancelOpen, setCancelOpen] = useState(false);
  const action = useFlexRedeem();
  // One redeem is one order: a double click or a second try sends the action's one key; the spec's
  // 200 ms debounce on top.
  const submitter = useMoneySubmit({ debounceMs: CONFIRM_DEBOUNCE_MS });
  const refresh = useRefreshEarn();
  const asset = holding?.asset ?? '';
  const redeemable = holding
    ? redeemableAmount(holding.curr_amount, holding.frozen_amount, holding.margin_frozen_amount).toFixed()
    : '0';
  const failure = redeemError(text, redeemable, asset);
  const amount = trimAmountOnBlur(text);
  const zero = !amount || dec(amount).isZero();
  const online = useOnline();
  const error = failure
    ? t(failure.key, failure.params)
    : serverError
      ? t(serverError.key, serverError.params)
      : null;

  const reset = () => {
    setText('');
    setServerError(null);
    submitter.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const confirm = async () => {
    if (!holding || zero || failure || !online) return;
    try {
      // The action is the amount the user asked for: the holding's figures sent beside it may be
      // refreshed between two tries of it.
      const sent = await submitter.run({ asset, amount }, async (idempotencyKey) => {
        if (!(await passesLockCheck('redeem'))) return null;
        return action.run(
          { asset, amount, curr_amount: holding.curr_amount, lend_amount: holding.lend_amount },
          { idempotencyKey },
        );
      });
      if (!sent?.value) return;
      setDone({ amount, frozen: sent.value.frozen_amount ?? '0', at: serverNow() });
      reset();
      await refresh();
    } catch (e) {
      const rule = inlineRule(e);
      if (rule) setServerError(rule);
      else handleApiError(e, { action: 'simpleEarn.redeem' });
    }
  };

  return (
    <>
      <DialogFrame
        opened={!!holding && !done}
        onClose={close}
        title={t('se.redeem.title', { coin: asset })}
        testId="redeem-modal"
        size="md"
      >
        {holding && (
          <Stack gap="md">
            {dec(lendRatio || 0).gte(LEND_RATIO_NOTICE) && (
              <Alert color="blue" variant="light" data-testid="lend-ratio-notice">
                {t('se.redeem.lendRatio', { ratio: dec(lendRatio).times(100).toFixed(0) })}
              </Alert>
            )}
            <AmountInput
              label={t('se.amount')}
              data-autofocus
              onEnter={() => {
                if (!zero && !failure && !submitter.pending) void confirm();
              }}
              value={text || null}
              onChange={(v) => {
                setServerError(null);
                setText(v ?? '');
              }}
              precision={REDEEM_DECIMALS}
              coin={asset}
              max={dec(redeemable).isZero() ? null : redeemable}
              maxActionName="simpleEarn.redeem.max"
              placeholder={t('se.redeem.placeholder')}
              error={error}
              data-testid="redeem-amount"
            />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('se.redeem.redeemable')}
              </Text>
              <Text size="sm" className="num" data-testid="redeemable">
                {amt(redeemable)} {asset}
              </Text>
            </Group>
            {dec(holding.frozen_amount || 0).gt(0) && (
              <Group justify="space-between" data-testid="redeeming-row">
                <Text size="sm" c="dimmed">
                  {t('se.redeem.redeeming')}
                </Text>
                <Group gap={4}>
                  <Text size="sm" className="num">
                    {amt(holding.frozen_amount)} {asset} ·{' '}
                    <RedeemArrival query={{ line: 'flexible', asset }} testId="flex-frozen-arrival" />
                  </Text>
                  {holding.frozen_status === 1 && (
                    <Tooltip label={t('se.redeem.cancel')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        onClick={() => setCancelOpen(true)}
                        aria-label={t('se.redeem.cancel')}
                        data-testid="cancel-redeem"
                      >
                        <XCircleIcon size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            )}
            {!zero && !failure && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('arrival.label')}
                </Text>
                <Text size="sm" className="num">
                  <RedeemArrival query={{ line: 'flexible', asset, amount }} testId="flex-arrival" />
                </Text>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              {t('se.redeem.note')}
            </Text>
            <OfflineNotice />
            <Group justify="flex-end" gap="sm" align="flex-start">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <DisabledReason
                reason={!failure && zero && online ? t('amount.enterFirst') : null}
                testId="redeem-confirm-reason"
              >
                <Button
                  onClick={() => void confirm()}
                  disabled={zero || !!failure || !online}
                  loading={submitter.pending}
                  data-testid="redeem-confirm"
                >
                  {t('common.confirm')}
                </Button>
              </DisabledReason>
            </Group>
          </Stack>
        )}
      </DialogFrame>
      <CancelRedeemModal
        opened={cancelOpen}
        asset={asset}
        amount={holding?.frozen_amount ?? '0'}
        onClose={() => setCancelOpen(false)}
      />
      <ResultModal
        opened={!!done}
        onClose={() => {
          setDone(null);
          onClose();
        }}
        status="success"
        title={t('redeem.success')}
        subtitle={
          done && dec(done.frozen).gt(0)
            ? t('se.redeem.waiting', { amount: amt(done.frozen), coin: asset })
            : t('se.redeem.arrived')
        }
        rows={
          done
            ? [
                { label: t('se.amount'), value: `${amt(done.amount)} ${asset}` },
                // Each part with its time: what is in spot now, and (only under the earlier rule) what waits.
                {
                  label: t('se.redeem.paidNow'),
                  value: (
                    <span data-testid="redeem-paid-now">
                      {`${amt(dec(done.amount).minus(done.frozen).toFixed())} ${asset} · ${t('arrival.now', {
                        time: formatServerTime(done.at),
                      })}`}
                    </span>
                  ),
                },
                ...(dec(done.frozen).gt(0)
                  ? [
                      {
                        label: t('se.redeem.frozenPart'),
                        value: (
                          <span data-testid="redeem-waiting">
                            {`${amt(done.frozen)} ${asset} · `}
                            <RedeemArrival query={{ line: 'flexible', asset }} />
                          </span>
                        ),
                      },
                    ]
                  : []),
              ]
            : []
        }
        primary={{
          label: <ButtonLabel text={t('se.viewHoldings')} small={!!mobile} />,
          onClick: () => {
            setDone(null);
            onClose();
            navigate('/simple-earn/my-lendings?tab=flexible');
          },
        }}
        secondary={{
          label: <ButtonLabel text={t('se.viewHistory')} small={!!mobile} />,
          onClick: () => {
            setDone(null);
            onClose();
            navigate('/simple-earn/history?tab=flexible&type=2');
          },
        }}
        data-testid="redeem-success"
      />
    </>
  );
}

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
