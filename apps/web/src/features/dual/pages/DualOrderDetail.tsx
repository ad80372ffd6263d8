import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount, formatPercent } from '../../../components/format';
import { formatDate } from '../../../i18n';
import { type DualOrder, dualQueries, priceCoin, statusColor } from '../api/index';
import { settledWhy } from '../rules';

/** The settlement an order paid and, for a subscription, why: its fixing price against its target. */
export function WhyText({ order: o }: { order: DualOrder }) {
  const { t } = useTranslation();
  const why = settledWhy(o);
  if (!why || !o.direction || !o.settle_coin || o.settle_price === null) return null;
  const coin = priceCoin(o);
  return (
    <Text size="xs" c="dimmed" data-testid={`dual-why-${o.order_id}`} data-why={why}>
      {t(`dual.why.${why}.${o.direction}`, {
        fixing: `${formatAmount(o.settle_price)} ${coin}`,
        target: `${formatAmount(o.target_price)} ${coin}`,
        coin: o.settle_coin,
      })}
    </Text>
  );
}

/** The list's settlement cell: what was paid, in which coin, and why. */
export function SettledCell({ order: o }: { order: DualOrder }) {
  if (o.settle_amount === null || !o.settle_coin) return <>—</>;
  return (
    <Stack gap={2} align="flex-end">
      <Text size="sm" fw={500} data-testid={`dual-settled-${o.order_id}`}>
        {formatAmount(o.settle_amount)} {o.settle_coin}
      </Text>
      <WhyText order={o} />
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
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

/**
 * One order's detail, read from /apiw/v2/earn/dual/order-detail (a sniper order from
 * /apiw/v2/earn/dual-sniper/order): every field the call answers, the status worded and coloured.
 */
export function DualOrderDetail({
  order,
  onClose,
}: {
  /** The row opened (its id and kind); null when closed. */
  order: Pick<DualOrder, 'order_id' | 'kind'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery({
    ...dualQueries.detail(order?.order_id ?? 0, order?.kind ?? 'dual'),
    enabled: order !== null,
  });
  const o = detail.data;

  let body: ReactNode;
  if (detail.isError) {
    body = (
      <Stack gap="sm">
        <Alert color="red" role="alert">
          {t('request.data.error')}
        </Alert>
        <Button variant="default" onClick={() => void detail.refetch()} data-testid="dual-detail-retry">
          {t('dual.detail.retry')}
        </Button>
      </Stack>
    );
  } else if (!o) {
    body = (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t('dual.detail.loading')} />
      </Group>
    );
  } else {
    body = (
      <Stack gap={10}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={650}>
            {o.invest_coin} → {o.exercise_coin}
          </Text>
          <Badge
            variant="light"
            color={statusColor(o.status)}
            data-testid="dual-detail-status"
            data-status={o.status}
          >
            {t(`dual.status.${o.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" data-testid="dual-detail-status-help">
          {t(`dual.statusHelp.${o.status}`)}
        </Text>
        <Field label={t('dual.detail.orderId')} value={`#${o.order_id}`} testId="dual-detail-id" />
        <Field label={t('dual.detail.kind')} value={t(`dual.kind.${o.kind}`)} testId="dual-detail-kind" />
        <Field label={t('dual.detail.investCoin')} value={o.invest_coin} testId="dual-detail-invest" />
        <Field label={t('dual.detail.exerciseCoin')} value={o.exercise_coin} testId="dual-detail-exercise" />
        <Field
          label={t('dual.col.amount')}
          value={`${formatAmount(o.amount)} ${o.invest_coin}`}
          testId="dual-detail-amount"
        />
        <Field
          label={t('dual.col.target')}
          value={`${formatAmount(o.target_price)} ${priceCoin(o)}`}
          testId="dual-detail-target"
        />
        <Field label={t('dual.col.apr')} value={formatPercent(o.apr)} testId="dual-detail-apr" />
        <Field
          label={t('dual.detail.open')}
          value={o.is_open === 1 ? t('dual.detail.yes') : t('dual.detail.no')}
          testId="dual-detail-open"
        />
        <Field
          label={t('dual.col.settlement')}
          value={
            o.settle_amount !== null && o.settle_coin
              ? `${formatAmount(o.settle_amount)} ${o.settle_coin}`
              : '—'
          }
          testId="dual-detail-settlement"
        />
        {o.direction && (
          <Field
            label={t('dual.detail.direction')}
            value={t(`dual.direction.${o.direction}`)}
            testId="dual-detail-direction"
          />
        )}
        {typeof o.reached_amount === 'string' && o.settle_amount === null && (
          <Field
            label={t('dual.detail.ifReached')}
            value={`${formatAmount(o.reached_amount)} ${o.exercise_coin}`}
            testId="dual-detail-if-reached"
          />
        )}
        {typeof o.not_reached_amount === 'string' && o.settle_amount === null && (
          <Field
            label={t('dual.detail.ifNotReached')}
            value={`${formatAmount(o.not_reached_amount)} ${o.invest_coin}`}
            testId="dual-detail-if-not-reached"
          />
        )}
        {typeof o.settle_price === 'string' && (
          <Field
            label={t('dual.detail.settlePrice')}
            value={`${formatAmount(o.settle_price)} ${priceCoin(o)}`}
            testId="dual-detail-settle-price"
          />
        )}
        <WhyText order={o} />
        <Field
          label={t('dual.detail.created')}
          value={formatDate(o.create_time, true)}
          testId="dual-detail-created"
        />
        <Field
          label={t('dual.col.expire')}
          value={formatDate(o.expire_time, true)}
          testId="dual-detail-expire"
        />
        <Field
          label={t('dual.detail.updated')}
          value={formatDate(o.update_time, true)}
          testId="dual-detail-updated"
        />
      </Stack>
    );
  }

  return (
    <DialogFrame
      opened={order !== null}
      onClose={onClose}
      title={t('dual.detail.title')}
      testId="dual-detail"
      size="md"
    >
      {body}
    </DialogFrame>
  );
}
