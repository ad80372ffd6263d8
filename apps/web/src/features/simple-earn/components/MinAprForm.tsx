import {
  checkMinLendRate,
  DEFAULT_MAX_LEND_RATE_PERCENT,
  dec,
  RATE_DECIMALS,
  rateFromPercent,
} from '@earn/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError, toast } from '../../../api/errors';
import { sanitizeAmountText } from '../../../components/amount';
import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { inlineRule, useSetMinRate } from '../api/actions';
import { pct } from '../format';
import { useRefreshEarn } from '../hooks';

/** Section 9: confirm and edit-APR are debounced 200 ms. */
export const EDIT_APR_DEBOUNCE_MS = 200;

export interface MinAprFormProps {
  asset: string;
  /** The user's current minimum, a fraction. */
  current: string;
  /** Percent; '0' or empty means the default 5. */
  maxPercent: string;
  /** Percent. */
  limitMinPercent: string;
  onDone?: () => void;
  onCancel?: () => void;
}

/**
 * The minimum-lend-APR edit of section 5: typed in percent, refused above the maximum
 * ('finances.simpleEarn.maxAPR') or below the product's limit ('finances.simpleEarn.minAPR'), sent as
 * a fraction with 4 decimals rounded up.
 */
export function MinAprForm({
  asset,
  current,
  maxPercent,
  limitMinPercent,
  onDone,
  onCancel,
}: MinAprFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() =>
    dec(current || 0).isZero() ? '' : dec(current).times(100).toFixed(),
  );
  const [serverError, setServerError] = useState<{ key: string; params: Record<string, unknown> } | null>(
    null,
  );
  const action = useSetMinRate();
  // The dialogs' one submit: one request per action (the server keeps its key), the spec's debounce.
  const submitter = useMoneySubmit({ debounceMs: EDIT_APR_DEBOUNCE_MS });
  const refresh = useRefreshEarn();
  const max = dec(maxPercent || 0).isZero() ? DEFAULT_MAX_LEND_RATE_PERCENT : maxPercent;
  const rate = text && !/\.$/.test(text) ? rateFromPercent(text) : null;
  const failure = rate ? checkMinLendRate(rate, max, limitMinPercent || '0') : null;
  const error = failure
    ? t(failure.key, failure.params)
    : serverError
      ? t(serverError.key, serverError.params)
      : null;

  const submit = async () => {
    if (!rate || failure) return;
    const body = { asset, rateYear: rate.toFixed(RATE_DECIMALS) };
    try {
      const sent = await submitter.run(body, (idempotencyKey) => action.run(body, { idempotencyKey }));
      if (!sent) return;
      toast('success', t('modified'));
      await refresh();
      onDone?.();
    } catch (e) {
      const rule = inlineRule(e);
      if (rule) setServerError(rule);
      else {
        // Section 8: an interest-rate failure shows the server's message and the dialog closes.
        handleApiError(e, { action: 'simpleEarn.interestRate' });
        onCancel?.();
      }
    }
  };

  return (
    <Stack gap="sm" data-testid="min-apr-form">
      <Text size="sm" c="dimmed">
        {t('se.minApr.desc')}
      </Text>
      <TextInput
        label={t('se.minApr.label')}
        value={text}
        inputMode="decimal"
        autoComplete="off"
        onChange={(e) => {
          setServerError(null);
          setText(sanitizeAmountText(e.currentTarget.value, 2));
        }}
        rightSection={
          <Text size="sm" c="dimmed">
            %
          </Text>
        }
        error={error}
        description={t('se.minApr.range', { min: limitMinPercent || '0', max })}
        data-testid="min-apr-input"
      />
      <Text size="xs" c="dimmed">
        {t('se.minApr.current', { rate: pct(current || '0') })}
      </Text>
      {/* Beside the button that sent it, where the user looks. */}
      <MoneySubmitNotice submit={submitter} onRetry={() => void submit()} />
      <Group justify="flex-end" gap="sm">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button
          onClick={() => void submit()}
          disabled={!rate || !!failure}
          loading={submitter.pending}
          data-testid="min-apr-confirm"
        >
          {t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
