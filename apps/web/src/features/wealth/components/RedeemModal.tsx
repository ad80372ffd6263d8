import { Button, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../../api/analytics';
import { useApiAction } from '../../../api/useApiAction';
import { closePage, reportSuccess } from '../../../app/embed';
import { AmountInput } from '../../../components/AmountInput';
import { formatAmount } from '../../../components/format';
import { type RedeemResult, WEALTH_BASE, type WealthOrder, wealthKeys } from '../api';
import { estimatedValue, redeemViolation, wealthRuleText } from '../rules';
import { Frame, Row, Success } from './Frame';
import { WEALTH_DEBOUNCE_MS } from './SubscribeModal';

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
  const client = useQueryClient();
  const [units, setUnits] = useState<string | null>(null);
  const [result, setResult] = useState<RedeemResult | null>(null);
  const action = useApiAction<RedeemResult>({ name: 'wealth.redeem', path: `${WEALTH_BASE}/redeem` });

  useEffect(() => {
    if (!opened) return;
    setUnits(null);
    setResult(null);
  }, [opened]);

  const violation = units ? redeemViolation(units, order.unit) : null;
  const canSubmit = !!units && !violation;

  const submit = useDebouncedCallback(
    async () => {
      if (!units || !canSubmit) return;
      trackClick('wealth.redeem.submit', { pid: order.pid });
      try {
        const res = await action.run({ pid: order.pid, unit: units });
        setResult(res);
        void client.invalidateQueries({ queryKey: wealthKeys.all });
        reportSuccess({ action: 'wealth-redeem', pid: order.pid, unit: res.unit });
      } catch {
        // Shown by the error catalogue.
      }
    },
    { delay: WEALTH_DEBOUNCE_MS, leading: true },
  );

  return (
    <Frame
      opened={opened}
      onClose={() => closePage(onClose)}
      title={t('wealth.redeem.title', { name: order.name })}
      testId="wealth-redeem-modal"
      view={result ? 'success' : 'form'}
    >
      {result ? (
        <Success
          title={t('wealth.redeem.success')}
          footer={
            <Button fullWidth onClick={() => closePage(onClose)} data-testid="wealth-done">
              {t('result.ok')}
            </Button>
          }
        >
          <Row
            label={t('wealth.field.units')}
            value={formatAmount(result.unit, 6)}
            testId="wealth-success-units"
          />
          <Row label={t('wealth.field.status')} value={t('wealth.redeem.pending')} />
        </Success>
      ) : (
        <Stack gap="md">
          <Stack gap={8}>
            <Row
              label={t('wealth.field.heldUnits')}
              value={formatAmount(order.unit, 6)}
              testId="wealth-held-units"
            />
            <Row label={t('wealth.field.nav')} value={formatAmount(order.net_value_ratio)} />
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
          <Text size="xs" c="dimmed">
            {t('wealth.redeem.note')}
          </Text>
          <Button
            size="md"
            fullWidth
            disabled={!canSubmit}
            loading={action.isPending}
            onClick={() => void submit()}
            data-testid="wealth-redeem-submit"
          >
            {t('wealth.redeem.button')}
          </Button>
        </Stack>
      )}
    </Frame>
  );
}
