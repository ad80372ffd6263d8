import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import '../i18n/register';
import { Alert, Button, Checkbox, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountInput } from '../../../components/AmountInput';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount, formatPercent } from '../../../components/format';
import { CheckCircleIcon } from '../../../components/icons';
import { OfflineNotice } from '../../../components/OfflineNotice';
import { formatDate } from '../../../i18n';
import type { DualOrder, DualProduct } from '../api/index';
import { Outcomes } from '../components/Outcomes';
import { formatClock } from '../components/time';
import { AMOUNT_DECIMALS } from '../rules';
import { type SubscribeFlow, useSubscribeFlow } from './useSubscribeFlow';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function Terms({ product, flow }: { product: DualProduct; flow: SubscribeFlow }) {
  const { t } = useTranslation();
  const coin = product.invest_coin;
  return (
    <Stack gap={6}>
      <Row label={t('dual.sub.apr')} value={formatPercent(flow.quote.apr)} testId="dual-sub-apr" />
      <Row
        label={t('dual.sub.target')}
        value={`${formatAmount(product.target_price)} USDT`}
        testId="dual-sub-target"
      />
      <Row
        label={t('dual.sub.settle')}
        value={formatDate(product.settle_time, true)}
        testId="dual-sub-settle"
      />
      <Row
        label={t('dual.sub.min')}
        value={`${formatAmount(product.min_amount)} ${coin}`}
        testId="dual-sub-min"
      />
      <Row
        label={t('dual.sub.max')}
        value={
          product.max_amount === null ? t('dual.sub.noCap') : `${formatAmount(product.max_amount)} ${coin}`
        }
        testId="dual-sub-max"
      />
      <Row
        label={t('dual.sub.remaining')}
        value={`${formatAmount(product.remaining_quota)} ${coin}`}
        testId="dual-sub-remaining"
      />
      {flow.available !== undefined && (
        <Row
          label={t('dual.sub.available')}
          value={`${formatAmount(flow.available)} ${coin}`}
          testId="dual-sub-available"
        />
      )}
      <Text size="xs" c="dimmed" data-testid="dual-sub-quote">
        {t('dual.sub.quoteValid', { time: formatClock(flow.quote.quote_expire_time) })}
      </Text>
    </Stack>
  );
}

function Success({ order, onClose }: { order: DualOrder; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="stretch" data-testid="dual-success">
      <Group gap="sm">
        <ThemeIcon color="teal" variant="light" radius="xl" size="lg">
          <CheckCircleIcon size={20} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('dual.success.title')}
        </Title>
      </Group>
      <Text size="sm" data-testid="dual-success-text">
        {t('dual.success.text', {
          amount: `${formatAmount(order.amount)} ${order.invest_coin}`,
          apr: formatPercent(order.apr),
          time: formatDate(order.settle_time, true),
        })}
      </Text>
      {order.direction && order.reached_amount !== null && order.not_reached_amount !== null && (
        <Outcomes
          direction={order.direction}
          target={order.target_price}
          priceCoin="USDT"
          reached={{ amount: order.reached_amount, coin: order.exercise_coin }}
          notReached={{ amount: order.not_reached_amount, coin: order.invest_coin }}
          testId="dual-success-outcome"
        />
      )}
      <Group justify="flex-end">
        <Button component={Link} to="/dual/orders" variant="default" onClick={onClose}>
          {t('dual.success.orders')}
        </Button>
        <Button onClick={onClose} data-testid="dual-success-done">
          {t('dual.success.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Subscribe to one product: the amount, both outcomes to the 8th decimal, then Confirm. */
export default function SubscribeDialog({ product, onClose }: { product: DualProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const flow = useSubscribeFlow(product);
  const title = t('dual.sub.title', {
    pair: `${product.base_coin}/USDT`,
    direction: t(`dual.direction.${product.direction}`),
  });
  return (
    <DialogFrame
      opened
      onClose={onClose}
      title={title}
      testId="dual-subscribe"
      view={flow.done ? 'success' : 'form'}
      size={520}
    >
      {flow.done ? (
        <Success order={flow.done} onClose={onClose} />
      ) : (
        <Stack gap="md">
          <MoneySubmitNotice submit={flow.submitter} onRetry={() => void flow.submit()} />
          <Terms product={product} flow={flow} />
          <AmountInput
            value={flow.amount}
            onChange={flow.setAmount}
            precision={AMOUNT_DECIMALS}
            max={flow.isLoggedIn ? flow.max : undefined}
            coin={product.invest_coin}
            label={t('dual.sub.amount', { coin: product.invest_coin })}
            error={flow.problem ? t(flow.problem.key, flow.problem.params) : undefined}
            onEnter={() => void flow.submit()}
            data-autofocus
            data-testid="dual-sub-amount"
          />
          {flow.wasApr !== null && flow.refused && (
            <Alert color="yellow" role="alert" data-testid="dual-sub-moved">
              {t(`${flow.refused.key}.notice`, {
                was: formatPercent(flow.wasApr),
                apr: formatPercent(flow.refused.apr),
              })}
            </Alert>
          )}
          {flow.outcomes ? (
            <Outcomes
              direction={product.direction}
              target={product.target_price}
              priceCoin="USDT"
              reached={flow.outcomes.reached}
              notReached={flow.outcomes.notReached}
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="dual-outcome-hint">
              {t('dual.outcome.hint')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('dual.sub.rule')}
          </Text>
          <Checkbox
            checked={flow.autoRoll}
            onChange={(e) => flow.setAutoRoll(e.currentTarget.checked)}
            label={t('dual.sub.autoRoll')}
            data-testid="dual-sub-autoroll"
          />
          {!flow.online && <OfflineNotice />}
          <Button
            fullWidth
            size="md"
            onClick={() => void flow.submit()}
            loading={flow.pending}
            disabled={flow.isLoggedIn && !flow.canSubmit}
            data-testid="dual-sub-confirm"
          >
            {!flow.isLoggedIn
              ? t('dual.sub.login')
              : flow.wasApr !== null
                ? t('dual.sub.confirmNew', { apr: formatPercent(flow.quote.apr) })
                : t('dual.sub.confirm')}
          </Button>
        </Stack>
      )}
    </DialogFrame>
  );
}
