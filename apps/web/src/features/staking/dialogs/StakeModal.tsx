import { accrualStartAt, dec, firstDistributionAt, toFixedDown } from '@earn/domain';
import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  List,
  Radio,
  Stack,
  Table,
  Tabs,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackClick } from '../../../api/analytics';
import { queries } from '../../../api/queries';
import { requireLogin } from '../../../api/session';
import { useApiAction } from '../../../api/useApiAction';
import { closePage, isFramed, openPage, reopen } from '../../../app/embed';
import { AmountInput } from '../../../components/AmountInput';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DisabledReason } from '../../../components/DisabledReason';
import { formatAmount } from '../../../components/format';
import { OfflineNotice, useOnline } from '../../../components/OfflineNotice';
import { StatePanel } from '../../../components/query-state/QueryState';
import { useQueryPhase } from '../../../components/query-state/state';
import { useServerClock } from '../../../components/serverTime';
import { useReturnFocus } from '../../../components/useReturnFocus';
import {
  type Campaign,
  type DefiProtocol,
  isStakeResult,
  STAKING_BASE,
  type StakeResult,
  type StakingProduct,
  stakingQueries,
} from '../api/index';
import {
  AprTrend,
  AprUpToText,
  ButtonPair,
  CenterLoader,
  InfoRow,
  LinkRow,
  ModalFrame,
  SuccessView,
  showActionError,
} from '../components/parts';
import { stakingRequest, useSubmitAction } from '../components/useSubmitAction';
import {
  aprForAmount,
  aprUpToOf,
  campaignFor,
  estimateRewards,
  formatRate,
  formatStamp,
  holdingsUrl,
  initialStakeState,
  needsConfirmation,
  perCoin,
  positiveAmount,
  preselectProtocol,
  ratesOf,
  redeemPeriodText,
  rewardDelayOf,
  rewardPairs,
  ruleText,
  runningCampaign,
  type StakeContext,
  type StakeView,
  stakeMax,
  stakeModalReducer,
  stakeViolation,
  vipDiscountFor,
} from '../rules';

const coinsText = (list: { amount: string; coin: string }[]) =>
  list.map((x) => `${formatAmount(x.amount)} ${x.coin}`).join(' + ');

/** The spec's number of bonus rules. */
export const BONUS_RULES_COUNT = 6;

export interface StakeModalProps {
  coin: string;
  opened: boolean;
  onClose: () => void;
  /** The protocol asked for (?pid=); the first, or the best with `autoSelect`, otherwise. */
  pid?: number;
  autoSelect?: boolean;
  /** Hides the success footer (some embedded contexts). */
  hideSuccessFooter?: boolean;
}

/** The stake modal: every state of staking-wealth.md section 2 in one dialog. */
export function StakeModal({ coin, opened, onClose, pid, autoSelect, hideSuccessFooter }: StakeModalProps) {
  useReturnFocus();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useQuery(queries.me());
  const loggedIn = !!me.data;
  const product = useQuery({ ...stakingQueries.product(coin), enabled: opened });
  const info = useQuery({ ...stakingQueries.userInfo(coin), enabled: opened && loggedIn });
  const balances = useQuery({ ...stakingQueries.balances(coin), enabled: opened && loggedIn });
  const [state, dispatch] = useReducer(stakeModalReducer, initialStakeState);
  const [amount, setAmount] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [protocolId, setProtocolId] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<StakeResult | null>(null);
  const stakeAction = useSubmitAction({
    name: 'staking.stake',
    path: `${STAKING_BASE}/coin-swap-verify`,
    answer: isStakeResult,
  });
  const { reset: newAction } = stakeAction;
  // Ticking the agreement records the acceptance on the server, which refuses a stake without one.
  const acceptAction = useApiAction({
    name: 'staking.agreement',
    path: `${STAKING_BASE}/agreement`,
    silent: true,
  });
  const p = product.data;
  const ready = !!p && (!loggedIn || (!!info.data && !!balances.data));
  // What the dialog needs before it shows anything (the user's calls only when signed in).
  const { phase: loadPhase, retry: retryLoad } = useQueryPhase(opened ? [product, info, balances] : []);
  const onAgree = async (checked: boolean) => {
    setAgreed(checked);
    if (!checked || !p || !loggedIn) return;
    try {
      await acceptAction.run({ coin: p.coin });
    } catch (e) {
      setAgreed(false);
      showActionError(t, e, 'staking.agreement');
    }
  };

  // Opening starts over: the initial state, no amount, the agreement unticked, a new action (a stake
  // that failed before the dialog closed is not retried with its key).
  useEffect(() => {
    if (!opened) return;
    dispatch({ type: 'reset' });
    setAmount(null);
    setAgreed(false);
    setResult(null);
    setProtocolId(undefined);
    newAction();
  }, [opened, newAction]);

  useEffect(() => {
    if (!opened || !ready || state.view !== 'loading' || !p) return;
    setProtocolId(preselectProtocol(p.defi, { pid, autoSelect })?.pid);
    dispatch({ type: 'loaded' });
  }, [opened, ready, state.view, p, pid, autoSelect]);

  const protocol = p?.defi.find((d) => d.pid === protocolId);
  const ctx: StakeContext | null = p
    ? {
        product: p,
        protocol,
        available: info.data?.available ?? '0',
        heldInProduct: info.data?.hold_amount ?? '0',
        heldInProtocol: balances.data?.find((b) => b.pid === protocolId)?.mortgage_amount ?? '0',
      }
    : null;
  const online = useOnline();
  const valid = positiveAmount(amount);
  const violation = valid && ctx ? stakeViolation(valid, ctx) : null;
  const canStake =
    !!valid &&
    !violation &&
    agreed &&
    !acceptAction.isPending &&
    loggedIn &&
    online &&
    p?.status === 'online';

  // Embedded, the parent closes the frame.
  const close = () => closePage(onClose);

  const submit = async () => {
    if (!p || !valid || !canStake) return;
    const body = stakingRequest({ side: 0, coin: p.coin, amount: valid }, protocolId, me.data?.vip_tier ?? 0);
    await stakeAction.send(body, {
      click: { coin: p.coin, pid: protocolId ?? -1 },
      onSuccess: (res) => {
        setResult(res);
        dispatch({ type: 'succeeded' });
      },
      report: (res) => ({ action: 'stake', coin: p.coin, amount: res.amount }),
    });
  };

  const onStakeClick = () => {
    if (!loggedIn) return requireLogin();
    if (p && needsConfirmation(p)) dispatch({ type: 'open', view: 'confirm' });
    else void submit();
  };

  const titles: Record<StakeView, string> = {
    loading: t('staking.stake.title', { coin }),
    main: t('staking.stake.title', { coin }),
    faq: t('staking.faq.title'),
    rate: t('staking.rate.title'),
    extra_bonus: t('staking.bonus.title'),
    bonus_rules: t('staking.bonusRules.title'),
    stake_success: t('staking.stake.title', { coin }),
    defi: t('staking.defi.title'),
    about: t('staking.about.title'),
    estimated_apr: t('staking.estimate.title'),
    confirm: t('staking.confirm.title'),
  };
  const subView = !['loading', 'main', 'stake_success'].includes(state.view);

  let body: ReactNode;
  if (loadPhase === 'error' || loadPhase === 'offline') {
    body = <StatePanel phase={loadPhase} onRetry={retryLoad} testId="stake-load" />;
  } else if (!p || state.view === 'loading') {
    body = <CenterLoader />;
  } else {
    switch (state.view) {
      case 'main':
        body = (
          <MainView
            product={p}
            protocol={protocol}
            ctx={ctx}
            amount={amount}
            setAmount={setAmount}
            agreed={agreed}
            setAgreed={(v) => void onAgree(v)}
            violationText={violation ? ruleText(t, violation, p.coin) : undefined}
            canStake={canStake}
            loggedIn={loggedIn}
            tier={info.data?.tier ?? me.data?.vip_tier ?? 0}
            loading={stakeAction.isPending}
            onStake={onStakeClick}
            open={(view) => dispatch({ type: 'open', view })}
            onDeposit={() => openPage(`/myaccount/deposit/${encodeURIComponent(p.coin)}`, navigate)}
          />
        );
        break;
      case 'rate':
        body = (
          <RateView
            product={p}
            protocol={protocol}
            onBonus={() => dispatch({ type: 'open', view: 'extra_bonus' })}
          />
        );
        break;
      case 'extra_bonus':
        body = (
          <ExtraBonusView
            campaign={campaignFor(p, protocol)}
            onRules={() => dispatch({ type: 'open', view: 'bonus_rules' })}
          />
        );
        break;
      case 'bonus_rules':
        body = <BonusRulesView campaign={campaignFor(p, protocol)} coin={p.coin} />;
        break;
      case 'faq':
        body = <FaqView product={p} />;
        break;
      case 'about':
        body = <AboutView product={p} />;
        break;
      case 'defi':
        body = (
          <DefiSelector
            protocols={p.defi}
            selected={protocolId}
            onSelect={(id) => {
              setProtocolId(id);
              dispatch({ type: 'back' });
            }}
          />
        );
        break;
      case 'estimated_apr':
        body = <EstimateView product={p} protocol={protocol} amount={valid} />;
        break;
      case 'confirm':
        body = (
          <ConfirmView
            product={p}
            protocol={protocol}
            amount={valid ?? '0'}
            loading={stakeAction.isPending}
            onConfirm={() => void submit()}
            onBack={() => dispatch({ type: 'back' })}
          />
        );
        break;
      case 'stake_success':
        body = result && (
          <SuccessView
            title={t('stake.success')}
            footer={
              hideSuccessFooter ? undefined : (
                <ButtonPair
                  secondary={{
                    label: t('staking.success.continue'),
                    onClick: () => {
                      trackClick('staking.stake.continue', { coin: p.coin });
                      setAmount(null);
                      setAgreed(false);
                      reopen({ action: 'stake', coin: p.coin }, () => dispatch({ type: 'continue' }));
                    },
                    testId: 'stake-continue',
                  }}
                  primary={{
                    label: t('staking.success.holdings'),
                    onClick: () => {
                      trackClick('staking.stake.holdings', { coin: p.coin });
                      onClose();
                      openPage(holdingsUrl(p), navigate);
                    },
                    testId: 'stake-holdings',
                  }}
                />
              )
            }
          >
            <InfoRow
              label={t('staking.field.amount')}
              value={`${formatAmount(result.amount)} ${result.coin}`}
              testId="success-amount"
            />
            {result.receipt_coin && result.receipt_amount && (
              <InfoRow
                label={t('staking.field.receiptCredited')}
                value={`${formatAmount(result.receipt_amount)} ${result.receipt_coin}`}
                testId="success-receipt"
              />
            )}
            {protocol && <InfoRow label={t('staking.field.protocol')} value={protocol.protocol_name} />}
            <InfoRow label={t('staking.field.interestStart')} value={formatStamp(result.interest_start)} />
            <InfoRow
              label={t('staking.field.firstDistribution')}
              value={
                result.first_distribution_time === null
                  ? t('staking.rewards.atRedeem')
                  : formatStamp(result.first_distribution_time)
              }
            />
          </SuccessView>
        );
        break;
    }
  }

  return (
    <ModalFrame
      opened={opened}
      onClose={close}
      title={titles[state.view]}
      onBack={subView ? () => dispatch({ type: 'back' }) : undefined}
      testId="stake-modal"
      view={state.view}
    >
      {body}
    </ModalFrame>
  );
}

function MainView({
  product: p,
  protocol,
  ctx,
  amount,
  setAmount,
  agreed,
  setAgreed,
  violationText,
  canStake,
  loggedIn,
  tier,
  loading,
  onStake,
  open,
  onDeposit,
}: {
  product: StakingProduct;
  protocol: DefiProtocol | undefined;
  ctx: StakeContext | null;
  amount: string | null;
  setAmount: (a: string | null) => void;
  agreed: boolean;
  setAgreed: (v: boolean) => void;
  violationText?: string;
  canStake: boolean;
  loggedIn: boolean;
  tier: number;
  loading: boolean;
  onStake: () => void;
  open: (view: Exclude<StakeView, 'loading' | 'stake_success'>) => void;
  onDeposit: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const rates = ratesOf(p, protocol);
  const campaign = campaignFor(p, protocol);
  const running = runningCampaign(campaign);
  const [tab, setTab] = useState<string | null>('rules');
  const estimate = amount ? estimateRewards(amount, p, protocol) : null;
  const vip = vipDiscountFor(p, tier);
  const delay = rewardDelayOf(p, protocol);
  const now = useServerClock().now();
  const first = firstDistributionAt(now, delay);
  const period = redeemPeriodText(p, protocol);
  const crowd = p.is_crowd === 1;
  const cap = crowd ? p.crowd_mortgage_limit : p.personal_mortgage_limit;
  const framed = isFramed();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={p.coin} size={40} />
          <Stack gap={0}>
            <Text fw={650} size="lg">
              {p.coin}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`staking.type.${p.type}`)}
              {crowd ? ` · ${t('staking.crowd')}` : ''}
            </Text>
          </Stack>
        </Group>
        <UnstyledButton onClick={() => open('rate')} data-testid="open-rate">
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('staking.field.apr')}
            </Text>
            <AprUpToText up={aprUpToOf(p, protocol)} coin={p.coin} fz={24} stacked testId="stake-apr" />
            {/* The name is the label and figure shown, then what the button opens. */}
            <VisuallyHidden>{t('staking.rate.title')}</VisuallyHidden>
          </Stack>
        </UnstyledButton>
      </Group>

      {running && (
        <Badge
          component="button"
          variant="light"
          color="orange"
          size="lg"
          radius="sm"
          onClick={() => open('extra_bonus')}
          style={{ cursor: 'pointer', alignSelf: 'flex-start' }}
          data-testid="open-bonus"
        >
          {t('staking.bonus.badge', { rate: formatRate(rates.extra), coin: running.reward_coin })}
        </Badge>
      )}

      {p.defi.length > 0 && (
        <LinkRow
          label={t('staking.field.protocol')}
          value={protocol ? `${protocol.protocol_name} · ${formatRate(protocol.apr)}` : '—'}
          onClick={() => open('defi')}
          testId="open-defi"
        />
      )}

      <AmountInput
        value={amount}
        onChange={setAmount}
        precision={p.precision}
        coin={p.coin}
        max={loggedIn && ctx ? stakeMax(ctx) : null}
        maxReason={loggedIn ? undefined : t('staking.loginToStake')}
        label={t('staking.field.stakeAmount')}
        placeholder={t('staking.placeholder.min', {
          amount: formatAmount(p.min_mortgage_amount),
          coin: p.coin,
        })}
        error={violationText}
        maxActionName="staking.stake.max"
        // The dialog opens on its loading view: the field takes the focus when it appears.
        autoFocus
        onEnter={() => {
          if ((canStake || !loggedIn) && !loading) onStake();
        }}
        data-testid="stake-amount"
        description={
          <Group justify="space-between" component="span" gap={4}>
            <span data-testid="stake-available">
              {t('common.labelValue', {
                label: t('staking.field.available'),
                value: loggedIn ? `${formatAmount(ctx?.available ?? '0')} ${p.coin}` : '—',
              })}
            </span>
            {/* The transfer shortcut is not offered inside the embedded assets page (section 6). */}
            {!framed && loggedIn && (
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={onDeposit}
                data-testid="stake-deposit"
              >
                {t('staking.deposit')}
              </Anchor>
            )}
          </Group>
        }
      />

      <LinkRow
        label={t('staking.estimate.daily')}
        value={
          estimate
            ? coinsText(
                perCoin([
                  { amount: estimate.baseDaily, coin: estimate.rewardCoin },
                  { amount: estimate.bonusDaily, coin: estimate.bonusCoin },
                ]),
              )
            : '—'
        }
        onClick={() => open('estimated_apr')}
        testId="open-estimate"
      />

      <Tabs value={tab} onChange={setTab} variant="outline" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rules" data-testid="tab-rules">
            {t('staking.tab.rules')}
          </Tabs.Tab>
          {campaign && (
            <Tabs.Tab value="bonus" data-testid="tab-bonus">
              {t('staking.tab.bonus')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="rules" pt="sm">
          <Stack gap={8}>
            <InfoRow
              label={t('staking.field.minStake')}
              value={`${formatAmount(p.min_mortgage_amount)} ${p.coin}`}
            />
            <InfoRow
              label={crowd ? t('staking.field.crowdLimit') : t('staking.field.personalLimit')}
              value={cap === '-1' ? t('staking.unlimited') : `${formatAmount(cap)} ${p.coin}`}
              testId="stake-cap"
            />
            <InfoRow label={t('staking.field.stakeDate')} value={formatStamp(now)} />
            <InfoRow
              label={t('staking.field.interestStart')}
              value={formatStamp(accrualStartAt(now, delay))}
            />
            <InfoRow
              label={t('staking.field.firstDistribution')}
              value={first === null ? t('staking.rewards.atRedeem') : formatStamp(first)}
            />
            <InfoRow label={t('staking.field.redeemPeriod')} value={t(period.key, period.params)} />
            {vip.kind !== 'hidden' && (
              <InfoRow
                label={t('staking.field.vipDiscount')}
                value={
                  vip.kind === 'none'
                    ? t('staking.vip.none')
                    : t('staking.vip.tier', {
                        min: vip.row.min_tier,
                        max: vip.row.max_tier,
                        sale: vip.row.vip_sale,
                      })
                }
                testId="vip-discount"
              />
            )}
          </Stack>
        </Tabs.Panel>
        {campaign && (
          <Tabs.Panel value="bonus" pt="sm">
            <Stack gap={8}>
              <InfoRow
                label={t('staking.bonus.status')}
                value={t(`staking.bonus.status.${campaign.status}`)}
              />
              <InfoRow label={t('staking.bonus.extraApr')} value={formatRate(campaign.ext_award_rate_year)} />
              <InfoRow
                label={t('staking.bonus.period')}
                value={`${formatStamp(campaign.start_time)} – ${formatStamp(campaign.end_time)}`}
              />
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => open('bonus_rules')}
                data-testid="event-rules"
              >
                {t('staking.bonus.eventRules')}
              </Anchor>
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>

      <Checkbox
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        data-testid="stake-agree"
        label={
          <>
            {t('staking.agree.prefix')}{' '}
            <Anchor href={p.agreement} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
              {t('staking.agree.link')}
            </Anchor>
          </>
        }
      />

      <OfflineNotice />
      <DisabledReason
        // The rule an amount breaks shows under it already; the rest is said here (offline: above).
        reason={
          !loggedIn || canStake || violationText || !online
            ? null
            : !amount || dec(amount).lte(0)
              ? t('amount.enterFirst')
              : p.status !== 'online'
                ? t('staking.product.offline')
                : !agreed
                  ? t('staking.reason.agreeFirst')
                  : null
        }
        testId="stake-submit-reason"
        block
      >
        <Button
          size="md"
          fullWidth
          disabled={!canStake && loggedIn}
          loading={loading}
          onClick={onStake}
          data-testid="stake-submit"
        >
          {loggedIn ? t('staking.stake.button') : t('staking.loginToStake')}
        </Button>
      </DisabledReason>

      <Group justify="center" gap="lg">
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => open('about')}
          data-testid="open-about"
        >
          {t('staking.about.title')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => open('faq')} data-testid="open-faq">
          {t('staking.faq.title')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function RateView({
  product,
  protocol,
  onBonus,
}: {
  product: StakingProduct;
  protocol?: DefiProtocol;
  onBonus: () => void;
}) {
  const { t } = useTranslation();
  const rates = ratesOf(product, protocol);
  const running = runningCampaign(campaignFor(product, protocol));
  return (
    <Stack gap="md" data-testid="rate-view">
      <Stack gap={8}>
        <InfoRow label={t('staking.rate.base')} value={formatRate(rates.base)} testId="rate-base" />
        <InfoRow
          label={t('staking.rate.extra')}
          value={running ? formatRate(rates.extra) : '—'}
          testId="rate-extra"
        />
        <Divider />
        <InfoRow
          label={t('staking.rate.total')}
          value={<span className="apr">{formatRate(rates.total)}</span>}
          testId="rate-total"
        />
        <InfoRow label={t('staking.field.rewardCoin')} value={protocol?.reward_coin ?? product.reward_coin} />
      </Stack>
      {running && (
        <Button variant="light" color="orange" onClick={onBonus}>
          {t('staking.bonus.view')}
        </Button>
      )}
      <Text fw={600} size="sm">
        {t('staking.trend.title')}
      </Text>
      <AprTrend coin={product.coin} pid={protocol?.pid} height={180} />
    </Stack>
  );
}

function ExtraBonusView({ campaign, onRules }: { campaign: Campaign | null; onRules: () => void }) {
  const { t } = useTranslation();
  if (!campaign) return <Text c="dimmed">{t('finances.noData')}</Text>;
  return (
    <Stack gap="md" data-testid="bonus-view">
      <Group justify="space-between">
        <Badge variant="light" color={campaign.status === 1 ? 'teal' : 'gray'} data-testid="bonus-status">
          {t(`staking.bonus.status.${campaign.status}`)}
        </Badge>
        <Text className="apr" fw={700}>
          +{formatRate(campaign.ext_award_rate_year)}
        </Text>
      </Group>
      <Stack gap={8}>
        <InfoRow label={t('staking.field.rewardCoin')} value={campaign.award_asset} />
        <InfoRow
          label={t('staking.bonus.limit')}
          value={
            campaign.ext_award_limit === '-1'
              ? t('staking.unlimited')
              : t('staking.bonus.limitRange', { max: formatAmount(campaign.ext_award_limit) })
          }
        />
        <InfoRow label={t('staking.bonus.start')} value={formatStamp(campaign.start_time)} />
        <InfoRow label={t('staking.bonus.end')} value={formatStamp(campaign.end_time)} />
      </Stack>
      <Table withTableBorder withColumnBorders={false} verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staking.bonus.tier')}</Table.Th>
            <Table.Th ta="right">{t('staking.bonus.tierRate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaign.interest.map((tier) => (
            <Table.Tr key={`${tier.money_min}-${tier.money_max}`}>
              <Table.Td className="num">
                {tier.money_max === '-1'
                  ? t('staking.bonus.tierFrom', { min: formatAmount(tier.money_min) })
                  : `${formatAmount(tier.money_min)} – ${formatAmount(tier.money_max)}`}
              </Table.Td>
              <Table.Td ta="right" className="num">
                {formatRate(dec(tier.money_rate).times(100).toFixed())}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Anchor component="button" type="button" size="sm" onClick={onRules} data-testid="bonus-event-rules">
        {t('staking.bonus.eventRules')}
      </Anchor>
    </Stack>
  );
}

function BonusRulesView({ campaign, coin }: { campaign: Campaign | null; coin: string }) {
  const { t } = useTranslation();
  const params = {
    coin,
    reward: campaign?.award_asset ?? coin,
    start: campaign ? formatStamp(campaign.start_time) : '—',
    end: campaign ? formatStamp(campaign.end_time) : '—',
    limit:
      campaign && campaign.ext_award_limit !== '-1'
        ? formatAmount(campaign.ext_award_limit)
        : t('staking.unlimited'),
  };
  return (
    <List type="ordered" spacing="sm" size="sm" data-testid="bonus-rules">
      {Array.from({ length: BONUS_RULES_COUNT }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, numbered list
        <List.Item key={i}>{t(`staking.bonusRules.${i + 1}`, params)}</List.Item>
      ))}
    </List>
  );
}

function FaqView({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const ask = useQuery(stakingQueries.ask(product.coin));
  const entries = ask.data?.list ?? [];
  const faq = entries.filter((e) => e.cate !== 'sources');
  const sources = entries.filter((e) => e.cate === 'sources');
  const accordion = (list: typeof entries) =>
    list.length === 0 ? (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {ask.isLoading ? t('common.loading') : t('finances.noData')}
      </Text>
    ) : (
      <Accordion
        variant="separated"
        multiple
        defaultValue={list.flatMap((e, i) => (e.unfold ? [String(i)] : []))}
      >
        {list.map((e, i) => (
          <Accordion.Item key={e.ask} value={String(i)}>
            <Accordion.Control>
              <Text size="sm" fw={500}>
                {e.ask}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" c="dimmed">
                {e.answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  return (
    <Tabs defaultValue="overview" data-testid="faq-view">
      <Tabs.List grow>
        <Tabs.Tab value="overview">{t('staking.faq.overview')}</Tabs.Tab>
        <Tabs.Tab value="sources">{t('staking.faq.sources')}</Tabs.Tab>
        <Tabs.Tab value="faq">{t('staking.faq.faq')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="overview" pt="md">
        <Stack gap="sm">
          <Text size="sm">
            {t('staking.faq.overviewText', { coin: product.coin, type: t(`staking.type.${product.type}`) })}
          </Text>
          {product.tips && (
            <Text size="sm" c="dimmed">
              {product.tips}
            </Text>
          )}
          {product.protocol && <InfoRow label={t('staking.field.protocols')} value={product.protocol} />}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="sources" pt="md">
        {accordion(sources)}
      </Tabs.Panel>
      <Tabs.Panel value="faq" pt="md">
        {accordion(faq)}
      </Tabs.Panel>
    </Tabs>
  );
}

function AboutView({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="about-view">
      {[1, 2, 3, 4].map((i) => (
        <Text key={i} size="sm">
          {t(`staking.about.p${i}`, { coin: product.coin })}
        </Text>
      ))}
      <Anchor href={product.agreement} target="_blank" rel="noopener noreferrer" size="sm">
        {t('staking.agree.link')}
      </Anchor>
    </Stack>
  );
}

function DefiSelector({
  protocols,
  selected,
  onSelect,
}: {
  protocols: DefiProtocol[];
  selected?: number;
  onSelect: (pid: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={selected !== undefined ? String(selected) : null}
      onChange={(v) => onSelect(Number(v))}
      label={t('staking.defi.choose')}
    >
      <Stack gap="sm" mt="sm" data-testid="defi-list">
        {protocols.map((d) => (
          <Radio.Card key={d.pid} value={String(d.pid)} p="md" radius="md" data-testid={`defi-${d.pid}`}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Radio.Indicator />
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {d.protocol_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('staking.defi.detail', {
                      coin: d.reward_coin,
                      days: d.income_days,
                      count: d.income_days,
                    })}
                  </Text>
                </Stack>
              </Group>
              <Text className="apr" fw={700}>
                {formatRate(d.apr)}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

function EstimateView({
  product,
  protocol,
  amount,
}: {
  product: StakingProduct;
  protocol?: DefiProtocol;
  amount: string | null;
}) {
  const { t } = useTranslation();
  // Without an amount the estimate is of the minimum stake (or one coin).
  const basis = amount ?? (Number(product.min_mortgage_amount) > 0 ? product.min_mortgage_amount : '1');
  const e = estimateRewards(basis, product, protocol);
  // Market prices of the reward coins against USDT, for the estimate's value (section 7).
  const pairs = rewardPairs([e.rewardCoin, e.bonusCoin]);
  const tickers = useQuery({ ...queries.tickers(pairs), enabled: pairs.length > 0 });
  const price = (coin: string) =>
    coin === 'USDT' ? '1' : tickers.data?.find((tk) => tk.pair === `${coin}_USDT`)?.rate;
  const yearly = perCoin([
    { amount: e.baseYearly, coin: e.rewardCoin },
    { amount: e.bonusYearly, coin: e.bonusCoin },
  ]);
  const prices = yearly.map((y) => price(y.coin));
  const yearlyUsdt = prices.every((x) => x !== undefined)
    ? toFixedDown(
        yearly.reduce((sum, y, i) => sum.plus(dec(y.amount).times(prices[i] ?? '0')), dec(0)),
        2,
      )
    : null;
  return (
    <Stack gap={8} data-testid="estimate-view">
      <InfoRow label={t('staking.field.amount')} value={`${formatAmount(basis)} ${product.coin}`} />
      <InfoRow
        label={t('staking.estimate.apr')}
        value={formatRate(aprForAmount(basis, product, protocol))}
        testId="estimate-apr"
      />
      <Divider />
      <InfoRow
        label={t('staking.estimate.baseDaily')}
        value={`${formatAmount(e.baseDaily)} ${e.rewardCoin}`}
        testId="estimate-base"
      />
      <InfoRow
        label={t('staking.estimate.bonusDaily')}
        value={`${formatAmount(e.bonusDaily)} ${e.bonusCoin}`}
        testId="estimate-bonus"
      />
      <InfoRow label={t('staking.estimate.yearly')} value={coinsText(yearly)} testId="estimate-yearly" />
      {yearlyUsdt !== null && (
        <InfoRow
          label={t('staking.estimate.yearlyValue')}
          value={`≈ ${formatAmount(yearlyUsdt, 2)} USDT`}
          testId="estimate-usdt"
        />
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('staking.estimate.note')}
      </Text>
    </Stack>
  );
}

function ConfirmView({
  product,
  protocol,
  amount,
  loading,
  onConfirm,
  onBack,
}: {
  product: StakingProduct;
  protocol?: DefiProtocol;
  amount: string;
  loading: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const receive = toFixedDown(dec(amount).times(product.exchange_rate), 8);
  const receiptSuffix = product.exchange_coin ? ` ${product.exchange_coin}` : '';
  return (
    <Stack gap="md" data-testid="confirm-view">
      <Stack gap={8}>
        <InfoRow
          label={t('staking.field.amount')}
          value={`${formatAmount(amount)} ${product.coin}`}
          testId="confirm-amount"
        />
        {protocol && <InfoRow label={t('staking.field.protocol')} value={protocol.protocol_name} />}
        <InfoRow
          label={t('staking.field.apr')}
          value={formatRate(aprForAmount(amount, product, protocol))}
          testId="confirm-apr"
        />
        {product.exchange_type === 'asset' && (
          <>
            {/* The receipt token the server credits: amount × exchange_rate, 8 decimals down. */}
            <InfoRow
              label={t('staking.confirm.exchangeRate')}
              value={`1 ${product.coin} ≈ ${formatAmount(product.exchange_rate)}${receiptSuffix}`}
            />
            <InfoRow
              label={t('staking.confirm.receive')}
              value={`≈ ${formatAmount(receive)}${receiptSuffix}`}
              testId="confirm-receipt"
            />
          </>
        )}
        {product.type === 2 && product.debt.length > 0 && (
          <InfoRow label={t('staking.confirm.debt')} value={product.debt.map((d) => d.coin).join(', ')} />
        )}
      </Stack>
      <OfflineNotice />
      <ButtonPair
        secondary={{ label: t('common.cancel'), onClick: onBack }}
        primary={{
          label: t('common.confirm'),
          onClick: onConfirm,
          loading,
          testId: 'confirm-stake',
          disabled: !online,
          // The amount field this view replaced had the focus: the decision asked for takes it.
          autoFocus: true,
        }}
      />
    </Stack>
  );
}
