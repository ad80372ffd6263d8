import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiAction } from '../../../api/useApiAction';
import { reportSuccess } from '../../../app/embed';
import { AmountInput } from '../../../components/AmountInput';
import { formatAmount } from '../../../components/format';
import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { WEALTH_BASE, type WealthOrder } from '../api/index';
import { FormFrame, Row, SubmitButton, Success } from '../components/Frame';
import { useSubmitAction } from '../components/useSubmitAction';
import { estimatedValue, redeemViolation, wealthRuleText } from '../rules';

const UNIT_DECIMALS = 6;

/** Redeem units of a holding: settled at the next NAV; a success view once the call succeeds. */
export function WealthRedeemModal({
  order,
  opened,
  onClose,
}: {
  order: WealthOrder;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [units, setUnits] = useState<string | null>(null);

  const violation = units ? redeemViolation(units, order.unit) : null;
  const canSubmit = !!units && !violation;
  const why = !units
    ? t('wealth.reason.enterUnits')
    : violation
      ? t('wealth.reason.fix', { problem: wealthRuleText(t, violation, order.coin) })
      : null;

  const redeemAction = useApiAction({ name: 'wealth.redeem', path: `${WEALTH_BASE}/redeem` });
  const { result, clearResult, submit, isPending, submitter } = useSubmitAction({
    name: 'wealth.redeem',
    send: (body, idempotencyKey) => redeemAction.run(body, { idempotencyKey }),
    request: units && canSubmit ? { pid: order.pid, unit: units } : null,
    onSuccess: (res) => reportSuccess({ action: 'wealth-redeem', pid: order.pid, unit: res.unit }),
  });

  useEffect(() => {
    if (!opened) return;
    setUnits(null);
    clearResult();
  }, [opened, clearResult]);

  return (
    <FormFrame
      opened={opened}
      onClose={onClose}
      title={t('wealth.redeem.title', { name: order.name })}
      testId="wealth-redeem-modal"
      success={
        result && (
          <Success title={t('wealth.redeem.success')} onClose={onClose}>
            <Row
              label={t('wealth.field.units')}
              value={formatAmount(result.unit, 6)}
              testId="wealth-success-units"
            />
            <Row label={t('wealth.field.status')} value={t('wealth.redeem.pending')} />
            <Row
              label={t('arrival.label')}
              value={
                <RedeemArrival query={{ line: 'wealth', pid: order.pid }} testId="wealth-success-arrival" />
              }
            />
          </Success>
        )
      }
    >
      <Stack gap="md">
        <Stack gap={8}>
          <Row
            label={t('wealth.field.heldUnits')}
            value={formatAmount(order.unit, 6)}
            testId="wealth-held-units"
          />
          <Row label={t('wealth.field.nav')} value={`${formatAmount(order.net_value_ratio)} ${order.coin}`} />
        </Stack>
        <AmountInput
          value={units}
          onChange={setUnits}
          precision={UNIT_DECIMALS}
          max={order.unit}
          label={t('wealth.field.redeemUnits')}
          error={violation ? wealthRuleText(t, violation, order.coin) : undefined}
          maxActionName="wealth.redeem.max"
          data-testid="wealth-units"
        />
        <Row
          label={t('wealth.field.estValue')}
          value={
            units ? `≈ ${formatAmount(estimatedValue(units, order.net_value_ratio))} ${order.coin}` : '—'
          }
          testId="wealth-est-value"
        />
        <Row
          label={t('arrival.label')}
          value={<RedeemArrival query={{ line: 'wealth', pid: order.pid }} testId="wealth-arrival" />}
        />
        <Text size="xs" c="dimmed">
          {t('wealth.redeem.note')}
        </Text>
        <MoneySubmitNotice submit={submitter} onRetry={() => void submit()} />
        <SubmitButton
          reason={why}
          loading={isPending}
          onClick={() => void submit()}
          testId="wealth-redeem-submit"
        >
          {t('wealth.redeem.button')}
        </SubmitButton>
      </Stack>
    </FormFrame>
  );
}
