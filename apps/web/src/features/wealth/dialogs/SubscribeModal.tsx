import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queries, queryKeys } from '../../../api/queries';
import { useApiAction } from '../../../api/useApiAction';
import { reportSuccess } from '../../../app/embed';
import { AmountInput } from '../../../components/AmountInput';
import { formatAmount } from '../../../components/format';
import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import { WEALTH_BASE, type WealthProduct } from '../api/index';
import { FormFrame, Row, SubmitButton, Success } from '../components/Frame';
import { useSubmitAction } from '../components/useSubmitAction';
import { estimatedUnits, purchaseViolation, wealthRuleText } from '../rules';

const AMOUNT_DECIMALS = 8;

/**
 * The disclaimer's box: ticking it records the acceptance on the server, which refuses a purchase
 * without one; a failed record unticks the box (the error catalogue shows the toast).
 */
function useDisclaimer(product: WealthProduct) {
  const [agreed, setAgreed] = useState(false);
  const acceptAction = useApiAction({
    name: 'wealth.disclaimer',
    path: `${WEALTH_BASE}/disclaimer`,
  });
  const onAgree = async (checked: boolean) => {
    setAgreed(checked);
    if (!checked) return;
    try {
      await acceptAction.run({ pid: product.pid, project_type: product.project_type });
    } catch {
      setAgreed(false);
    }
  };
  return { agreed, setAgreed, acceptAction, onAgree };
}

/** Subscribe (more) to a wealth product: a form, then a success view once the call succeeds. */
export function SubscribeModal({
  product,
  opened,
  onClose,
}: {
  product: WealthProduct;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const outable = useQuery({ ...queries.outable([product.coin]), enabled: opened });
  const [amount, setAmount] = useState<string | null>(null);
  const { agreed, setAgreed, acceptAction, onAgree } = useDisclaimer(product);

  const available = outable.data?.find((o) => o.asset === product.coin)?.outable ?? '0';
  const violation = amount ? purchaseViolation(amount, product.min_purchase, available) : null;
  const units = amount ? estimatedUnits(amount, product.net_value_ratio) : null;
  const canSubmit = !!amount && !violation && agreed && !acceptAction.isPending && !!outable.data;
  const why = !outable.data
    ? t('wealth.reason.loading')
    : !amount
      ? t('wealth.reason.enterAmount')
      : violation
        ? t('wealth.reason.fix', { problem: wealthRuleText(t, violation, product.coin) })
        : acceptAction.isPending
          ? t('wealth.reason.recording')
          : !agreed
            ? t('wealth.reason.agreeFirst')
            : null;

  const purchaseAction = useApiAction({ name: 'wealth.purchase', path: `${WEALTH_BASE}/purchase` });
  const { result, clearResult, submit, isPending, submitter } = useSubmitAction({
    name: 'wealth.purchase',
    send: (body, idempotencyKey) => purchaseAction.run(body, { idempotencyKey }),
    request: amount && canSubmit ? { pid: product.pid, amount, project_type: product.project_type } : null,
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: queryKeys.balances });
      void outable.refetch();
      reportSuccess({ action: 'wealth-purchase', pid: product.pid, amount: res.amount });
    },
  });

  useEffect(() => {
    if (!opened) return;
    setAmount(null);
    setAgreed(false);
    clearResult();
  }, [opened, clearResult, setAgreed]);

  return (
    <FormFrame
      opened={opened}
      onClose={onClose}
      title={t('wealth.subscribe.title', { name: product.name })}
      testId="wealth-subscribe-modal"
      success={
        result && (
          <Success title={t('wealth.subscribe.success')} onClose={onClose}>
            <Row
              label={t('wealth.field.amount')}
              value={`${formatAmount(result.amount)} ${product.coin}`}
              testId="wealth-success-amount"
            />
            <Row
              label={t('wealth.field.units')}
              value={formatAmount(result.unit, 6)}
              testId="wealth-success-units"
            />
            <Row
              label={t('wealth.field.nav')}
              value={`${formatAmount(result.net_value_ratio)} ${product.coin}`}
            />
            <Row label={t('wealth.field.totalUnits')} value={formatAmount(result.total_unit, 6)} />
          </Success>
        )
      }
    >
      <Stack gap="md">
        <Stack gap={8}>
          <Row
            label={t('wealth.field.nav')}
            value={product.net_value_ratio ? `${formatAmount(product.net_value_ratio)} ${product.coin}` : '—'}
          />
          <Row
            label={t('wealth.field.minPurchase')}
            value={`${formatAmount(product.min_purchase)} ${product.coin}`}
          />
        </Stack>
        <AmountInput
          value={amount}
          onChange={setAmount}
          precision={AMOUNT_DECIMALS}
          coin={product.coin}
          max={available}
          label={t('wealth.field.amount')}
          description={t('common.labelValue', {
            label: t('wealth.field.available'),
            value: `${formatAmount(available)} ${product.coin}`,
          })}
          error={violation ? wealthRuleText(t, violation, product.coin) : undefined}
          maxActionName="wealth.purchase.max"
          data-testid="wealth-amount"
        />
        <Row
          label={t('wealth.field.estUnits')}
          value={units ? formatAmount(units, 6) : '—'}
          testId="wealth-est-units"
        />
        <Checkbox
          checked={agreed}
          onChange={(e) => void onAgree(e.currentTarget.checked)}
          data-testid="wealth-disclaimer"
          label={
            <>
              {t('wealth.disclaimer.prefix')}{' '}
              <Anchor href={product.disclaimer} target="_blank" rel="noopener noreferrer" size="sm">
                {t('wealth.disclaimer.link')}
              </Anchor>
            </>
          }
        />
        <MoneySubmitNotice submit={submitter} onRetry={() => void submit()} />
        <SubmitButton
          reason={why}
          loading={isPending}
          onClick={() => void submit()}
          testId="wealth-subscribe-submit"
        >
          {t('wealth.subscribe.button')}
        </SubmitButton>
        <Text size="xs" c="dimmed">
          {t('wealth.subscribe.note')}
        </Text>
      </Stack>
    </FormFrame>
  );
}
