import { dec } from '@earn/domain';
import { Accordion, Alert, Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MarketAsset, queries } from '../../../api/queries';
import { closePage, openPage } from '../../../app/embed';
import { AmountInput } from '../../../components/AmountInput';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DisabledReason } from '../../../components/DisabledReason';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount } from '../../../components/format';
import { OfflineNotice, useOnline } from '../../../components/OfflineNotice';
import { StatePanel } from '../../../components/query-state/QueryState';
import { useQueryPhase } from '../../../components/query-state/state';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { formatServerTime, useServerClock } from '../../../components/serverTime';
import { useReturnFocus } from '../../../components/useReturnFocus';
import {
  isRedeemResult,
  type RedeemResult,
  STAKING_BASE,
  type StakingProduct,
  stakingQueries,
} from '../api/index';
import { ButtonPair, CenterLoader, InfoRow, LinkRow, SuccessView } from '../components/parts';
import { stakingRequest, useSubmitAction } from '../components/useSubmitAction';
import {
  feePercent,
  positiveAmount,
  quickRedeemState,
  type RedeemType,
  type RedeemView,
  redeemableProtocols,
  redeemConfirmText,
  redeemHistoryUrl,
  redeemPeriodText,
  redeemQuote,
  redeemViolation,
  ruleText,
} from '../rules';

export interface RedeemModalProps {
  coin: string;
  opened: boolean;
  onClose: () => void;
  /** The protocol to redeem from; with one held protocol it is chosen by itself. */
  pid?: number;
}

/** The redeem modal: main, redeem type select (standard or quick), success, faq (section 2). */
export function RedeemModal({ coin, opened, onClose, pid }: RedeemModalProps) {
  useReturnFocus();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { now: nowSeconds } = useServerClock();
  const me = useQuery(queries.me());
  const product = useQuery({ ...stakingQueries.product(coin), enabled: opened });
  const holdings = useQuery({ ...stakingQueries.balances(coin), enabled: opened });
  const { phase: loadPhase, retry: retryLoad } = useQueryPhase(opened ? [product, holdings] : []);
  // Only for the estimate of a payout in another coin; the server converts at the redeem-time prices.
  const market = useQuery({ ...queries.assets(), enabled: opened });
  const [view, setView] = useState<RedeemView>('main');
  const [amount, setAmount] = useState<string | null>(null);
  const [type, setType] = useState<RedeemType>('standard');
  const [pendingType, setPendingType] = useState<RedeemType>('standard');
  const [chosenPid, setChosenPid] = useState<number | undefined>(pid);
  const [result, setResult] = useState<RedeemResult | null>(null);
  const action = useSubmitAction({
    name: 'staking.redeem',
    path: `${STAKING_BASE}/coin-redeem`,
    answer: isRedeemResult,
  });
  const { reset: newAction } = action;

  // Opening starts over, as a new action: a redeem that failed before the dialog closed is not retried.
  useEffect(() => {
    if (!opened) return;
    setView('main');
    setAmount(null);
    setType('standard');
    setResult(null);
    setChosenPid(pid);
    newAction();
  }, [opened, pid, newAction]);

  const p = product.data;
  const list = holdings.data ?? [];
  const defi = p ? redeemableProtocols(p.defi, list) : { list: [], auto: undefined };
  const effectivePid = p && p.defi.length > 0 ? (chosenPid ?? defi.auto?.pid) : -1;
  const protocol = p?.defi.find((d) => d.pid === effectivePid);
  const holding = list.find((h) => h.pid === effectivePid);
  const pidArg = effectivePid !== undefined && effectivePid > 0 ? effectivePid : undefined;
  // A receipt-token product redeems what the receipt tokens in spot cover (the server's redeemable_amount).
  const redeemable = holding?.redeemable_amount ?? holding?.mortgage_amount ?? '0';
  const tier = me.data?.vip_tier ?? 0;
  const valid = positiveAmount(amount);
  const violation = valid && p ? redeemViolation(valid, p, redeemable) : null;
  const quick = p ? quickRedeemState(p) : 'hidden';
  const effectiveType: RedeemType = quick === 'selectable' ? type : 'standard';
  const quote = valid && p ? redeemQuote(valid, effectiveType, p, protocol, tier, nowSeconds()) : null;
  const online = useOnline();
  const canRedeem = !!valid && !violation && effectivePid !== undefined && !!holding && online;

  const submit = async () => {
    if (!p || !valid || !canRedeem) return;
    const body = stakingRequest(
      { side: 1, coin: p.coin, amount: valid, quick: effectiveType === 'quick' ? 1 : 0 },
      effectivePid,
      tier,
    );
    await action.send(body, {
      click: { coin: p.coin, quick: effectiveType === 'quick' ? 1 : 0 },
      onSuccess: (res) => {
        setResult(res);
        setView('redeem_success');
      },
      report: (res) => ({
        action: 'redeem',
        coin: p.coin,
        amount: res.amount,
        redeem_stamp: res.redeem_stamp,
      }),
    });
  };

  const titles: Record<RedeemView, string> = {
    main: t('staking.redeem.title', { coin }),
    redeem_type_select: t('staking.redeemType.title'),
    redeem_success: t('staking.redeem.title', { coin }),
    faq: t('staking.faq.title'),
  };

  let body: ReactNode;
  if (loadPhase === 'error' || loadPhase === 'offline') {
    body = <StatePanel phase={loadPhase} onRetry={retryLoad} testId="redeem-load" />;
  } else if (!p || !holdings.data) {
    body = <CenterLoader />;
  } else if (view === 'redeem_type_select') {
    body = (
      <Stack gap="md" data-testid="redeem-type-view">
        <Radio.Group value={pendingType} onChange={(v) => setPendingType(v as RedeemType)}>
          <Stack gap="sm">
            {(['standard', 'quick'] as const).map((kind) => {
              const q = redeemQuote(valid ?? '0', kind, p, protocol, tier, nowSeconds());
              const disabled = kind === 'quick' && quick !== 'selectable';
              const daily = p.redeem_config.redeem_quick_daily;
              return (
                <Radio.Card
                  key={kind}
                  value={kind}
                  disabled={disabled}
                  p="md"
                  radius="md"
                  data-testid={`redeem-type-${kind}`}
                  style={disabled ? { opacity: 0.55 } : undefined}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator disabled={disabled} mt={2} />
                    <Stack gap={4} style={{ flex: 1 }}>
                      <Text fw={600} size="sm">
                        {t(`staking.redeemType.${kind}`)}
                      </Text>
                      <InfoRow label={t('staking.field.feeRate')} value={feePercent(q.feeRate)} />
                      <InfoRow
                        label={t('staking.field.arrival')}
                        value={
                          <RedeemArrival
                            query={{
                              line: 'staking',
                              asset: p.coin,
                              quick: kind === 'quick' ? '1' : '0',
                              pid: pidArg,
                            }}
                            testId={`arrival-${kind}`}
                          />
                        }
                      />
                      {kind === 'quick' && (
                        <InfoRow
                          label={t('staking.redeemType.dailyQuota')}
                          value={daily === '-1' ? t('staking.unlimited') : `${formatAmount(daily)} ${p.coin}`}
                          testId="quick-quota"
                        />
                      )}
                      {disabled && (
                        <Text size="xs" c="orange">
                          {t('staking.redeemType.quickUnavailable')}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Radio.Card>
              );
            })}
          </Stack>
        </Radio.Group>
        <Button
          onClick={() => {
            setType(pendingType);
            setView('main');
          }}
          data-testid="redeem-type-confirm"
        >
          {t('common.confirm')}
        </Button>
      </Stack>
    );
  } else if (view === 'redeem_success' && result) {
    body = (
      <SuccessView
        title={t('redeem.success')}
        footer={
          <ButtonPair
            secondary={{
              label: t('staking.success.history'),
              onClick: () => {
                onClose();
                openPage(redeemHistoryUrl(p.coin), navigate);
              },
              testId: 'redeem-history',
            }}
            primary={{ label: t('result.ok'), onClick: () => closePage(onClose), testId: 'redeem-done' }}
          />
        }
      >
        <InfoRow
          label={t('staking.field.amount')}
          value={`${formatAmount(result.amount)} ${result.coin}`}
          testId="success-amount"
        />
        <InfoRow
          label={t('staking.field.fee')}
          value={`${formatAmount(result.fee)} ${result.coin}`}
          testId="success-fee"
        />
        <InfoRow
          label={t('staking.field.received')}
          value={`${formatAmount(result.payout_amount ?? result.received)} ${result.payout_coin ?? result.coin}`}
          testId="success-received"
        />
        {result.receipt_coin && result.receipt_burned && (
          <InfoRow
            label={t('staking.field.receiptReturned')}
            value={`${formatAmount(result.receipt_burned)} ${result.receipt_coin}`}
            testId="success-receipt"
          />
        )}
        <InfoRow
          label={t('staking.field.redeemType')}
          value={t(`staking.redeemType.${result.quick ? 'quick' : 'standard'}`)}
        />
        <InfoRow
          label={t('staking.field.arrival')}
          value={formatServerTime(result.redeem_stamp)}
          testId="success-arrival"
        />
        {dec(result.reward_paid).gt(0) && (
          <InfoRow
            label={t('staking.field.rewardPaid')}
            value={`${formatAmount(result.reward_paid)} ${result.reward_coin}`}
          />
        )}
      </SuccessView>
    );
  } else if (view === 'faq') {
    body = <RedeemFaq product={p} />;
  } else if (list.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="redeem-empty">
        {t('staking.redeem.nothing', { coin: p.coin })}
      </Text>
    );
  } else {
    const period = redeemPeriodText(p, protocol);
    const confirm = redeemConfirmText(p);
    body = (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={p.coin} size={36} />
          <Stack gap={0}>
            <Text fw={650}>{p.coin}</Text>
            <Text size="xs" c="dimmed">
              {t('staking.redeem.staked')}:{' '}
              <span className="num" data-testid="redeem-held">
                {formatAmount(redeemable)} {p.coin}
              </span>
            </Text>
          </Stack>
        </Group>
        {p.defi.length > 0 && (
          <Radio.Group
            label={t('staking.field.protocol')}
            value={effectivePid !== undefined ? String(effectivePid) : null}
            onChange={(v) => setChosenPid(Number(v))}
          >
            <Group gap="sm" mt={6} data-testid="redeem-protocols">
              {defi.list.map((d) => (
                <Radio
                  key={d.pid}
                  value={String(d.pid)}
                  label={d.protocol_name}
                  data-testid={`redeem-defi-${d.pid}`}
                />
              ))}
            </Group>
          </Radio.Group>
        )}
        <AmountInput
          value={amount}
          onChange={setAmount}
          precision={p.precision}
          coin={p.coin}
          data-autofocus
          autoFocus
          onEnter={() => {
            if (canRedeem && !action.isPending) void submit();
          }}
          max={redeemable}
          label={t('staking.field.redeemAmount')}
          placeholder={t('staking.placeholder.min', {
            amount: formatAmount(p.min_redeem_amount),
            coin: p.coin,
          })}
          error={violation ? ruleText(t, violation, p.coin) : undefined}
          maxActionName="staking.redeem.max"
          data-testid="redeem-amount"
          description={`${t('staking.redeem.redeemable')}: ${formatAmount(redeemable)} ${p.coin}`}
        />
        {quick !== 'hidden' && (
          <LinkRow
            label={t('staking.field.redeemType')}
            value={t(`staking.redeemType.${effectiveType}`)}
            onClick={() => {
              setPendingType(effectiveType);
              setView('redeem_type_select');
            }}
            testId="open-redeem-type"
          />
        )}
        <Stack gap={8}>
          <InfoRow
            label={t('staking.field.feeRate')}
            value={feePercent(effectiveType === 'quick' ? p.extra.redeem_quick_fee : p.extra.redeem_fee)}
          />
          <InfoRow
            label={t('staking.field.fee')}
            value={quote ? `${formatAmount(quote.fee)} ${p.coin}` : '—'}
            testId="redeem-fee"
          />
          <InfoRow
            label={t('staking.field.received')}
            value={quote ? `${formatAmount(quote.received)} ${p.coin}` : '—'}
            testId="redeem-received"
          />
          {p.redeem_config.redeem_coin && p.redeem_config.redeem_coin !== p.coin && (
            <InfoRow
              label={t('staking.field.paidAs', { coin: p.redeem_config.redeem_coin })}
              value={
                quote ? estimatePayout(quote.received, p.coin, p.redeem_config.redeem_coin, market.data) : '—'
              }
              testId="redeem-paid-as"
            />
          )}
          <InfoRow
            label={t('staking.field.arrival')}
            value={
              <RedeemArrival
                query={{
                  line: 'staking',
                  asset: p.coin,
                  quick: effectiveType === 'quick' ? '1' : '0',
                  pid: pidArg,
                }}
                testId="redeem-arrival-server"
              />
            }
            testId="redeem-arrival"
          />
          <InfoRow label={t('staking.field.redeemPeriod')} value={t(period.key, period.params)} />
        </Stack>
        <Alert variant="light" color="blue" py="xs">
          <Text size="xs">
            {effectiveType === 'quick'
              ? t('staking.redeem.quickNote', { minutes: p.extra.redeem_quick_long })
              : t(confirm.key, confirm.params)}
          </Text>
        </Alert>
        <OfflineNotice />
        <DisabledReason
          // The rule broken shows under the amount already; an empty field says nothing by itself.
          reason={!valid && !violation && online ? t('amount.enterFirst') : null}
          testId="redeem-submit-reason"
          block
        >
          <Button
            size="md"
            fullWidth
            disabled={!canRedeem}
            loading={action.isPending}
            onClick={() => void submit()}
            data-testid="redeem-submit"
          >
            {t('staking.redeem.button')}
          </Button>
        </DisabledReason>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          onClick={() => setView('faq')}
          data-testid="redeem-open-faq"
        >
          {t('staking.faq.title')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <DialogFrame
      opened={opened}
      onClose={() => closePage(onClose)}
      title={titles[view]}
      back={
        view === 'redeem_type_select' || view === 'faq'
          ? { onClick: () => setView('main'), label: t('staking.back') }
          : undefined
      }
      testId="redeem-modal"
      view={view}
    >
      {body}
    </DialogFrame>
  );
}

function RedeemFaq({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const items = [1, 2, 3].map((i) => ({
    q: t(`staking.redeemFaq.q${i}`),
    a: t(`staking.redeemFaq.a${i}`, {
      coin: product.coin,
      minutes: product.extra.redeem_quick_long,
      days: product.extra.redeem_maxday,
    }),
  }));
  return (
    <Accordion variant="separated" defaultValue="0" data-testid="redeem-faq">
      {items.map((it, i) => (
        <Accordion.Item key={it.q} value={String(i)}>
          <Accordion.Control>
            <Text size="sm" fw={500}>
              {it.q}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" c="dimmed">
              {it.a}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** "≈ 78.14 USDC": received × price(coin) / price(payout coin), 8 decimals down; '—' without prices. */
function estimatePayout(
  received: string,
  coin: string,
  payoutCoin: string,
  assets: MarketAsset[] | undefined,
): string {
  const from = assets?.find((a) => a.asset === coin)?.price_usdt;
  const to = assets?.find((a) => a.asset === payoutCoin)?.price_usdt;
  if (!from || !to || dec(to).isZero()) return '—';
  const value = dec(received).times(from).div(to).toDecimalPlaces(8, 1);
  return `≈ ${formatAmount(value.toFixed())} ${payoutCoin}`;
}
