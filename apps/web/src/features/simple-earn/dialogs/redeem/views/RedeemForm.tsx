import { dec, LEND_RATIO_NOTICE } from '@earn/domain';
import { ActionIcon, Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../../../components/AmountInput';
import { DisabledReason } from '../../../../../components/DisabledReason';
import { XCircleIcon } from '../../../../../components/icons';
import { MoneySubmitNotice } from '../../../../../components/money-submit/MoneySubmitNotice';
import { OfflineNotice } from '../../../../../components/OfflineNotice';
import { RedeemArrival } from '../../../../../components/redeem-arrival/RedeemArrival';
import type { FlexHolding } from '../../../api/types';
import { amt } from '../../../format';
import type { RedeemFlow } from '../useRedeemFlow';

/** Up to 8 decimals may be typed. */
const REDEEM_DECIMALS = 8;

/** Screen 3: the amount, what may be redeemed, what waits (with its cancel) and when it arrives. */
export function RedeemForm({
  flow,
  holding,
  lendRatio,
  onCancelWaiting,
}: {
  flow: RedeemFlow;
  holding: FlexHolding;
  /** The asset's lend ratio (0..1); the notice shows from 0.8. */
  lendRatio: string;
  onCancelWaiting: () => void;
}) {
  const { t } = useTranslation();
  const { asset, text, redeemable, failure, amount, zero, online, error, confirm } = flow;
  return (
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
          if (!zero && !failure && !flow.pending) void confirm();
        }}
        value={text || null}
        onChange={flow.changeText}
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
                  onClick={onCancelWaiting}
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
      {/* Beside the confirm button, where the user looks after pressing it. */}
      <MoneySubmitNotice submit={flow.submitter} onRetry={() => void confirm()} />
      <Group justify="flex-end" gap="sm" align="flex-start">
        <Button variant="default" onClick={flow.close}>
          {t('common.cancel')}
        </Button>
        <DisabledReason
          reason={!failure && zero && online ? t('amount.enterFirst') : null}
          testId="redeem-confirm-reason"
        >
          <Button
            onClick={() => void confirm()}
            disabled={zero || !!failure || !online}
            loading={flow.pending}
            data-testid="redeem-confirm"
          >
            {t('common.confirm')}
          </Button>
        </DisabledReason>
      </Group>
    </Stack>
  );
}
