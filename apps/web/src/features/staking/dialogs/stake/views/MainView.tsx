import { Anchor, Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinAvatar } from '../../../../../components/CoinAvatar';
import type { DefiProtocol, StakingProduct } from '../../../api/index';
import { AprUpToText, LinkRow } from '../../../components/parts';
import {
  aprUpToOf,
  campaignFor,
  estimateRewards,
  formatRate,
  perCoin,
  ratesOf,
  runningCampaign,
  type StakeContext,
  type StakeView,
} from '../../../rules';
import { coinsText } from '../coinsText';
import { StakeAmountField } from './StakeAmountField';
import { StakeSubmit } from './StakeSubmit';
import { StakeTermsTabs } from './StakeTermsTabs';

/** The coin, its type and the APR it goes up to (a button that opens the rate view). */
function MainHeader({
  product: p,
  protocol,
  onRate,
}: {
  product: StakingProduct;
  protocol: DefiProtocol | undefined;
  onRate: () => void;
}) {
  const { t } = useTranslation();
  const crowd = p.is_crowd === 1;
  return (
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
      <UnstyledButton onClick={onRate} data-testid="open-rate">
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
  );
}

/** The stake dialog's first view: the amount, the terms, the agreement and the stake button. */
export function MainView({
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
  notice,
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
  /** The money submit's retry notice (MoneySubmitNotice), shown right above the button the user pressed. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const rates = ratesOf(p, protocol);
  const campaign = campaignFor(p, protocol);
  const running = runningCampaign(campaign);
  const estimate = amount ? estimateRewards(amount, p, protocol) : null;

  return (
    <Stack gap="md">
      <MainHeader product={p} protocol={protocol} onRate={() => open('rate')} />

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

      <StakeAmountField
        product={p}
        ctx={ctx}
        amount={amount}
        setAmount={setAmount}
        violationText={violationText}
        canStake={canStake}
        loggedIn={loggedIn}
        loading={loading}
        onStake={onStake}
        onDeposit={onDeposit}
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

      <StakeTermsTabs product={p} protocol={protocol} tier={tier} onRules={() => open('bonus_rules')} />

      <StakeSubmit
        product={p}
        amount={amount}
        agreed={agreed}
        setAgreed={setAgreed}
        violationText={violationText}
        canStake={canStake}
        loggedIn={loggedIn}
        loading={loading}
        onStake={onStake}
        notice={notice}
      />

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
