import { dec, SimpleEarnProductType, SimpleEarnRedeemAccount } from '@earn/domain';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DisabledReason } from '../../../components/DisabledReason';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { WhyButton } from '../../../components/reward-breakdown/WhyButton';
import { formatDate } from '../../../i18n';
import type { FixedOrder, FlexHolding } from '../api/types';
import { amt, pct, pctOf } from '../format';
import { fixedActions } from '../rules';

function Field({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className="num" component="div" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function CoinName({ asset, link }: { asset: string; link?: string }) {
  return link ? (
    <Text fw={650} component={Link} to={link} style={{ color: 'inherit' }} data-testid="holding-detail-link">
      {asset}
    </Text>
  ) : (
    <Text fw={650}>{asset}</Text>
  );
}

export interface FlexActions {
  onSubscribe: (h: FlexHolding) => void;
  onRedeem: (h: FlexHolding) => void;
  onAprDetail: (h: FlexHolding) => void;
  onInterestHistory: (h: FlexHolding) => void;
  onAutoEarn: (h: FlexHolding) => void;
}

/** Screen 7, flexible: principal, amount lent, estimated APR, cumulative return, bonus tag. */
export function FlexHoldingCard({
  h,
  actions,
  detailLink,
}: {
  h: FlexHolding;
  actions: FlexActions;
  detailLink?: string;
}) {
  const { t } = useTranslation();
  const bonus = h.is_open_award_pool === 1;
  return (
    <Card className="surface" data-testid={`flex-holding-${h.asset}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <CoinAvatar coin={h.asset} size={32} />
            <CoinName asset={h.asset} link={detailLink} />
            {bonus && (
              <Badge size="sm" color="orange" variant="light" style={{ flexShrink: 0 }}>
                {t('se.bonusTag', { coin: h.bonus_asset || h.asset })}
              </Badge>
            )}
          </Group>
          <Switch
            size="sm"
            label={t('se.autoEarn')}
            labelPosition="left"
            checked={h.auto_invest_status === 1}
            onChange={() => actions.onAutoEarn(h)}
            data-testid={`auto-earn-${h.asset}`}
            styles={{ label: { whiteSpace: 'nowrap' } }}
          />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Field label={t('se.holding')} value={`${amt(h.curr_amount)} ${h.asset}`} testId="holding-amount" />
          <Field
            label={t('se.lentNow')}
            value={
              // A new subscription lends from the next whole hour: say so rather than a bare 0 beside it.
              dec(h.lend_amount || 0).isZero() && dec(h.pending_amount || 0).gt(0)
                ? t('se.lentNow.fromNextHour', { amount: amt(h.pending_amount), coin: h.asset })
                : `${amt(h.lend_amount)} ${h.asset}`
            }
            testId="lent-amount"
          />
          <Field
            label={t('se.estApr')}
            value={
              <Text
                span
                className="apr"
                fw={600}
                size="sm"
                style={{ cursor: 'pointer' }}
                onClick={() => actions.onAprDetail(h)}
                data-testid="flex-holding-apr"
              >
                {/* The holding's APR by the one rule: what its subscription's success dialog said. */}
                {pct(h.blended_apr ?? h.next_time_rate_year)}
              </Text>
            }
          />
          <Field label={t('se.cumulative')} value={`${amt(h.cumulative)} ${h.asset}`} testId="cumulative" />
        </SimpleGrid>
        {dec(h.frozen_amount || 0).gt(0) && (
          <Text size="xs" c="orange" data-testid="card-redeeming">
            {t('se.redeem.redeemingAmount', { amount: amt(h.frozen_amount), coin: h.asset })} ·{' '}
            {t('arrival.label')}{' '}
            <RedeemArrival query={{ line: 'flexible', asset: h.asset }} testId="card-redeeming-arrival" />
          </Text>
        )}
        {dec(h.bonus_cumulative || 0).gt(0) && (
          <Text size="xs" c="dimmed">
            {t('se.bonusCumulative', { amount: amt(h.bonus_cumulative), coin: h.bonus_asset })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" maw={{ sm: 520 }}>
          <Button size="xs" onClick={() => actions.onSubscribe(h)} data-testid="flex-subscribe">
            {t('se.subscribe')}
          </Button>
          <Button size="xs" variant="default" onClick={() => actions.onRedeem(h)} data-testid="flex-redeem">
            {t('se.redeem')}
          </Button>
          <Button size="xs" variant="light" onClick={() => actions.onAprDetail(h)} data-testid="flex-apr">
            {t('se.aprDetail.button')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => actions.onInterestHistory(h)}
            data-testid="flex-interest"
          >
            {t('se.interestHistory.button')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

export interface FixedCardActions {
  onEarlyRedeem: (o: FixedOrder) => void;
  onReinvest: (o: FixedOrder) => void;
  onRedeemTo: (o: FixedOrder) => void;
  onSubscribeAgain: (o: FixedOrder) => void;
}

function reason(
  t: (k: string) => string,
  a: ReturnType<typeof fixedActions>,
  supported: boolean,
): string | null {
  if (!a.active) return t('simple_earn.order.notActive');
  if (a.redeeming) return t('se.redeemingOrder');
  if (a.nearMaturity) return t('simple_earn.order.nearMaturity');
  if (!supported) return t('se.notSupported');
  return null;
}

/** Screen 7, fixed: term, VIP tag, principal, APR with bonus tag, estimated interest; actions by section 4. */
export function FixedHoldingCard({
  o,
  now,
  actions,
  detailLink,
}: {
  o: FixedOrder;
  now: number;
  actions: FixedCardActions;
  detailLink?: string;
}) {
  const { t } = useTranslation();
  const a = fixedActions(o, now);
  const hasBonus = o.bonus_info.ladder_apr.length > 0 || dec(o.coupon_info.rate_ratio || 0).gt(0);
  const earlyReason = reason(t, a, o.product_info.pre_redeem === 1);
  const reinvestReason = reason(t, a, o.product_info.reinvest === 1);
  const redeemToReason =
    reason(t, a, o.product_info.redeem_account === 1) ??
    (o.reinvest_status === 1 ? t('se.redeemTo.whileReinvest') : null);
  return (
    <Card className="surface" data-testid={`fixed-holding-${o.order_id}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <CoinAvatar coin={o.asset} size={32} />
            <CoinName asset={o.asset} link={detailLink} />
            <Badge size="sm" variant="light">
              {t('se.days', { count: o.lock_up_period })}
            </Badge>
            {o.product_type === SimpleEarnProductType.vip && (
              <Badge size="sm" color="yellow" variant="light">
                VIP
              </Badge>
            )}
          </Group>
          <Badge color={a.redeeming ? 'orange' : 'teal'} variant="dot" data-testid="order-state">
            {a.redeeming ? t('se.state.redeeming') : t('se.state.holding')}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Field label={t('se.principal')} value={`${amt(o.principal)} ${o.asset}`} testId="principal" />
          <Field
            label={t('se.apr')}
            value={
              <Group gap={4} wrap="nowrap">
                <Text span className="apr" fw={600} size="sm" data-testid="fixed-holding-apr">
                  {o.blended_apr ? pct(o.blended_apr) : pctOf(o.total_year_rate_percent)}
                </Text>
                {hasBonus && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('se.bonus')}
                  </Badge>
                )}
              </Group>
            }
          />
          <Field
            label={t('se.estInterest')}
            value={
              <>
                {amt(o.total_interest)} {o.asset}
                <WhyButton
                  target={{ kind: 'fixed_maturity', id: o.order_id }}
                  amount={o.total_interest}
                  coin={o.asset}
                />
              </>
            }
            testId="est-interest"
          />
          <Field label={t('se.maturity')} value={formatDate(o.finish_time, true)} />
          <Field
            label={t('arrival.label')}
            value={<RedeemArrival query={{ line: 'fixed', order_id: o.order_id }} testId="fixed-arrival" />}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {o.reinvest_status === 1
            ? t('se.reinvestOn')
            : t('se.paysTo', {
                account: t(
                  o.redeem_account_type === SimpleEarnRedeemAccount.flexible
                    ? 'se.redeemTo.flexible'
                    : 'se.redeemTo.spot',
                ),
                time: formatDate(o.redeem_time, true),
              })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <DisabledReason reason={a.canEarlyRedeem ? null : earlyReason} testId="early-redeem-reason">
            <Button
              size="xs"
              variant="default"
              disabled={!a.canEarlyRedeem}
              onClick={() => actions.onEarlyRedeem(o)}
              data-testid="early-redeem"
            >
              {t('se.early.button')}
            </Button>
          </DisabledReason>
          <DisabledReason reason={a.canChangeReinvest ? null : reinvestReason} testId="reinvest-reason">
            <Switch
              size="sm"
              label={t('se.autoReinvest')}
              checked={o.reinvest_status === 1}
              disabled={!a.canChangeReinvest}
              onChange={() => actions.onReinvest(o)}
              data-testid="reinvest-toggle"
            />
          </DisabledReason>
          <DisabledReason reason={a.canChangeRedeemTo ? null : redeemToReason} testId="redeem-to-reason">
            <Button
              size="xs"
              variant="subtle"
              disabled={!a.canChangeRedeemTo}
              onClick={() => actions.onRedeemTo(o)}
              data-testid="change-redeem-to"
            >
              {t('se.redeemTo.change')}
            </Button>
          </DisabledReason>
          <Button
            size="xs"
            variant="light"
            onClick={() => actions.onSubscribeAgain(o)}
            data-testid="subscribe-again"
          >
            {t('se.subscribeAgain')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
